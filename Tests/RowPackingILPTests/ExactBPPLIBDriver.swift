import Foundation
import RowPacking
import RowPackingILP
import XCTest

/// A measurement driver, not a unit test: runs only when
/// `PACKBENCH_EXACT_DRIVER` names the algorithms (comma-separated), for
/// scripts/exact-bpplib.sh until `packbench run` knows the exact solvers.
/// It writes one CSV line per instance and algorithm to
/// `PACKBENCH_EXACT_OUT` (default results/exact-driver.csv), and fails when
/// a packing does not verify or claims fewer rows than the known optimum.
///
/// Other variables: `PACKBENCH_EXACT_SETS` (comma-separated set names,
/// default all), `PACKBENCH_EXACT_EVERY` (take every k-th instance of a set,
/// default 1), `PACKBENCH_EXACT_TIME_LIMIT` (seconds, default 10).
final class ExactBPPLIBDriver: XCTestCase {
  func testDriveBPPLIB() throws {
    let env = ProcessInfo.processInfo.environment
    guard let names = env["PACKBENCH_EXACT_DRIVER"], !names.isEmpty else {
      throw XCTSkip("measurement driver: set PACKBENCH_EXACT_DRIVER=exact,... to run it")
    }
    let algorithms = try names.split(separator: ",").map { name in
      try XCTUnwrap(ExactAlgorithm(rawValue: String(name)), "unknown algorithm \(name)")
    }
    let optima = try BPPLIBFixture.optima()
    let every = max(1, Int(env["PACKBENCH_EXACT_EVERY"] ?? "1") ?? 1)
    let limit = Double(env["PACKBENCH_EXACT_TIME_LIMIT"] ?? "10") ?? 10
    let allSets = ["Falkenauer_T", "Falkenauer_U", "Scholl_1", "Scholl_2", "Scholl_3", "Schwerin_1", "Schwerin_2", "Waescher"]
    let sets = env["PACKBENCH_EXACT_SETS"].map { $0.split(separator: ",").map(String.init) } ?? allSets
    let output = env["PACKBENCH_EXACT_OUT"] ?? "results/exact-driver.csv"
    var csv = "dataset,instance,n,capacity,algorithm,rows,lower_bound,bound_source,optimum,status,stage,nodes,time_ms\n"
    for set in sets {
      let files = try BPPLIBFixture.files(set: set)
      for (k, file) in files.enumerated() where k % every == 0 {
        let instance = try BPPLIBFixture.instance(at: file)
        let optimum = optima.optimum(for: instance)?.optimum
        for algorithm in algorithms {
          let result = solveExactly(instance, algorithm: algorithm, options: ExactOptions(timeLimit: .milliseconds(Int(limit * 1000))))
          let ms = Double(result.elapsed.components.seconds) * 1000 + Double(result.elapsed.components.attoseconds) / 1e15
          if let packing = result.packing {
            XCTAssertEqual(verify(packing, for: instance), [], instance.name)
            if let optimum { XCTAssertGreaterThanOrEqual(packing.rowCount, optimum, instance.name) }
          }
          if let optimum { XCTAssertLessThanOrEqual(result.lowerBound.value, optimum, instance.name) }
          let line = [set, instance.name, "\(instance.count)", formatNumber(instance.rowWidth), algorithm.rawValue,
                      result.rowCount.map(String.init) ?? "", "\(result.lowerBound.value)", result.lowerBound.source.rawValue,
                      optimum.map(String.init) ?? "", result.status.name, result.stage ?? "", result.nodes.map(String.init) ?? "",
                      String(format: "%.1f", ms)].joined(separator: ",")
          csv += line + "\n"
          if env["PACKBENCH_EXACT_QUIET"] == nil { print(line) }
        }
      }
    }
    try csv.write(toFile: output, atomically: true, encoding: .utf8)
  }
}
