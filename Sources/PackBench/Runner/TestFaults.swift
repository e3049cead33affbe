import Foundation
import RowPacking

#if canImport(Glibc)
  import Glibc
#endif

/// Algorithm lookup for the harness: the registry's algorithms, plus the
/// fault-injection solvers when `PACKBENCH_TEST_FAULTS=1`.
public enum BenchAlgorithms {
  public static func named(
    _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> BenchAlgorithm? {
    AlgorithmRegistry.named(name) ?? FaultInjection.algorithms(environment: environment).first { $0.name == name }
  }
}

/// Solvers that misbehave on purpose, for the tests of child-process
/// isolation. Never listed; available only when the environment has
/// `PACKBENCH_TEST_FAULTS=1`. Each is of kind `exact`, so it runs in a child.
public enum FaultInjection {
  public static let variable = "PACKBENCH_TEST_FAULTS"

  public static func algorithms(environment: [String: String]) -> [BenchAlgorithm] {
    guard environment[variable] == "1" else { return [] }
    return [
      BenchAlgorithm(
        name: "test-sleep", summary: "test only: sleeps for an hour", kind: .exact,
        implementation: .solver { _, _ in
          sleep(3600)
          return PackingResult(packing: nil, lowerBound: LowerBound(value: 0, source: .none), status: .error("woke up"))
        }),
      BenchAlgorithm(
        name: "test-allocate", summary: "test only: allocates and touches memory without bound", kind: .exact,
        implementation: .solver { _, _ in
          var blocks: [UnsafeMutableRawPointer] = []
          while true {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 16 << 20, alignment: 64)
            block.initializeMemory(as: UInt8.self, repeating: 1, count: 16 << 20)
            blocks.append(block)
          }
        }),
      BenchAlgorithm(
        name: "test-crash", summary: "test only: dies of SIGSEGV", kind: .exact,
        implementation: .solver { _, _ in
          signal(SIGSEGV, SIG_DFL)
          raise(SIGSEGV)
          return PackingResult(packing: nil, lowerBound: LowerBound(value: 0, source: .none), status: .error("survived"))
        }),
      BenchAlgorithm(
        name: "test-claim", summary: "test only: claims one row, optimal", kind: .exact,
        implementation: .solver { instance, _ in
          PackingResult(
            packing: Packing(rows: [Array(0..<instance.count)]), lowerBound: LowerBound(value: 1, source: .lp),
            status: .optimal)
        }),
    ]
  }
}
