import RowPacking
import RowPackingILP
import XCTest

/// On small seeded random instances, the three exact algorithms and a
/// brute-force enumeration agree on the minimum rows, and every packing verifies.
final class SmallInstancesAgreementTests: XCTestCase {
  func randomInstance(seed: UInt64) throws -> Instance {
    var random = SplitMix64(seed: seed)
    let n = 1 + Int(random.next() % 10)
    let capacity = 10 + Int(random.next() % 60)
    // Mix small and large items so that packers are sometimes not optimal.
    let widths = (0..<n).map { _ in 1 + Int(random.next() % UInt64(capacity)) }
    return try Instance(name: "random-\(seed)", widths: widths, rowWidth: capacity)
  }

  func testAllAlgorithmsAgreeWithBruteForce() throws {
    var nonTrivial = 0
    for seed in UInt64(1)...120 {
      let instance = try randomInstance(seed: seed)
      let scaled = try instance.scaled()
      let optimum = bruteForceMinimumRows(sizes: scaled.sizes, capacity: scaled.capacity)
      if optimum > scaled.simpleLowerBound.value { nonTrivial += 1 }
      for algorithm in ExactAlgorithm.allCases {
        let result = solveExactly(instance, algorithm: algorithm, options: ExactOptions(timeLimit: .seconds(30)))
        let packing = try XCTUnwrap(result.packing, "\(algorithm.rawValue) seed \(seed): no packing")
        XCTAssertEqual(verify(packing, for: instance), [], "\(algorithm.rawValue) seed \(seed)")
        XCTAssertEqual(result.status, .optimal, "\(algorithm.rawValue) seed \(seed): \(result.status)")
        XCTAssertEqual(packing.rowCount, optimum, "\(algorithm.rawValue) seed \(seed)")
        XCTAssertEqual(result.lowerBound.value, optimum, "\(algorithm.rawValue) seed \(seed)")
      }
    }
    // The sample must exercise the bound beyond L2 on some instances.
    XCTAssertGreaterThan(nonTrivial, 0)
  }

  func testHarderInstancesNeedTheLPOrMIP() throws {
    // Instances where first fit decreasing is not optimal: the pipeline
    // must go past the heuristic stage and still prove the optimum.
    var random = SplitMix64(seed: 2026)
    var checked = 0
    var beyondHeuristic = 0
    while checked < 30 {
      let n = 8 + Int(random.next() % 5)
      let capacity = 100
      let widths = (0..<n).map { _ in 20 + Int(random.next() % 50) }
      let instance = try Instance(name: "h\(checked)", widths: widths, rowWidth: capacity)
      let optimum = bruteForceMinimumRows(sizes: widths, capacity: capacity)
      checked += 1
      let result = solveExactly(instance, algorithm: .exact)
      XCTAssertEqual(result.status, .optimal, "\(widths)")
      XCTAssertEqual(result.rowCount, optimum, "\(widths)")
      if result.stage != "heuristic" { beyondHeuristic += 1 }
      let arcflow = solveExactly(instance, algorithm: .ilpArcFlow)
      XCTAssertEqual(arcflow.rowCount, optimum, "arc-flow \(widths)")
      XCTAssertEqual(arcflow.status, .optimal, "arc-flow \(widths)")
    }
    XCTAssertGreaterThan(beyondHeuristic, 0)
  }

  func testEmptyInstance() throws {
    let instance = try Instance(widths: [Double](), rowWidth: 10)
    for algorithm in ExactAlgorithm.allCases {
      let result = solveExactly(instance, algorithm: algorithm)
      XCTAssertEqual(result.rowCount, 0)
      XCTAssertEqual(result.status, .optimal)
    }
  }
}
