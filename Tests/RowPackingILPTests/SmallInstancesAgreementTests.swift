import RowPacking
import RowPackingILP
import TestSupport
import XCTest

/// On small seeded random instances, the three exact algorithms and a
/// brute-force enumeration agree on the minimum rows, and every packing verifies.
final class SmallInstancesAgreementTests: XCTestCase {
  func randomInstance(seed: UInt64) throws -> Instance {
    var random = SplitMix64(seed: seed)
    let n = 1 + Int(random.next() % 11)
    let capacity = 12 + Int(random.next() % 90)
    // Three kinds by seed: any width; widths in (C/4, C/2] (rows of two or
    // three, where L2 is often below the optimum); widths in (C/3, C/2)
    // (rows of two at most, so the LP bound is needed).
    let range: ClosedRange<Int>
    switch seed % 3 {
    case 0: range = 1...capacity
    case 1: range = (capacity / 4 + 1)...(capacity / 2)
    default: range = (capacity / 3 + 1)...max(capacity / 3 + 1, (capacity - 1) / 2)
    }
    let widths = (0..<n).map { _ in range.lowerBound + Int(random.next() % UInt64(range.count)) }
    return try Instance(name: "random-\(seed)", widths: widths, rowWidth: capacity)
  }

  func testAllAlgorithmsAgreeWithBruteForce() throws {
    var nonTrivial = 0
    var stages: [SolveStage: Int] = [:]
    for seed in UInt64(1)...150 {
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
        if algorithm == .exact, let stage = result.stage { stages[stage, default: 0] += 1 }
      }
    }
    // The LP and its dives must be exercised, not only the packers.
    XCTAssertGreaterThan(stages[.rootLP, default: 0] + stages[.dive, default: 0], 0, "\(stages)")
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
      if result.stage != .heuristic { beyondHeuristic += 1 }
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
