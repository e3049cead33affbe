@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// ``AlgorithmX`` against brute force on small seeded instances: over every
/// pattern that fits, the optimum's rows give a packing and one row fewer
/// is infeasible; on instances whose sizes sum to exactly K rows (half of
/// them cut from K full rows, so feasible; half filled up at random), over
/// the exactly-full patterns only, it finds a packing exactly when brute
/// force needs K rows, and claims infeasibility exactly when it needs more.
final class AlgorithmXTests: XCTestCase {
  func testEveryPatternAgreesWithBruteForce() throws {
    var random = SplitMix64(seed: 1010)
    let far = ContinuousClock().now + .seconds(60)
    for k in 0..<60 {
      let (sizes, capacity) = SmallInstance.draw(&random, itemCounts: 3...10, capacities: 20...60) { c in
        (k % 2 == 0 ? 1 : c / 4 + 1)...c
      }.pair
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let every = try XCTUnwrap(NearFullRowsModel(types: types, rows: optimum).patterns(budget: capacity))
      let search = AlgorithmX(types: types, candidates: every)
      assertDecides(types, optimum: optimum, "instance \(k)") { search.decide(rows: $0, until: far).answer }
    }
  }

  func testExactlyFullRowsAgreeWithBruteForce() throws {
    var random = SplitMix64(seed: 2020)
    let far = ContinuousClock().now + .seconds(60)
    var feasible = 0, infeasible = 0
    for k in 0..<120 {
      let capacity = 12 + Int(random.next() % 30)
      let rows = 2 + Int(random.next() % 3)
      var sizes: [Int] = []
      if k % 2 == 0 {
        // Cut from `rows` full rows: a packing in `rows` rows exists.
        sizes = sizesCutFromFullRows(&random, capacity: capacity, rows: rows)
      } else {
        // At random, then filled up to exactly `rows` rows.
        var total = 0
        for _ in 0..<(2 * rows) {
          let s = capacity / 5 + Int(random.next() % UInt64(capacity * 3 / 5))
          if total + s > rows * capacity { break }
          sizes.append(s)
          total += s
        }
        while total < rows * capacity {
          let s = min(rows * capacity - total, capacity / 4 + Int(random.next() % UInt64(capacity / 2)))
          sizes.append(s)
          total += s
        }
      }
      if sizes.count > 11 { continue }  // keep brute force fast
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let full = try XCTUnwrap(NearFullRowsModel(types: types, rows: rows).patterns(budget: 0))
      let answer = AlgorithmX(types: types, candidates: full).decide(rows: rows, until: far).answer
      let message = "instance \(k): sizes \(sizes), capacity \(capacity), \(rows) rows, optimum \(optimum)"
      switch answer {
      case .packing(let patterns):
        XCTAssertEqual(optimum, rows, message)
        assertPacks(patterns, types, rows: rows, message)
        feasible += 1
      case .infeasible:
        XCTAssertGreaterThan(optimum, rows, message)
        infeasible += 1
      case .unknown:
        XCTFail(message + ": no limit was set")
      }
    }
    XCTAssertGreaterThan(feasible, 20)
    XCTAssertGreaterThan(infeasible, 5)
  }

  /// The exact pipeline with the exact-cover stage on, on seeded instances
  /// whose sizes sum to exactly K rows: its bound never passes the brute
  /// force optimum, and "optimal" means rows equal to it.
  func testPipelineWithExactCoverStageNeverOverstatesTheBound() throws {
    try assertPipelineProvesExactlyFullOptima(
      seed: 3030,
      sizes: { random, _, capacity, rows in
        var sizes: [Int] = []
        var total = 0
        while total < rows * capacity {
          let s = min(rows * capacity - total, capacity / 4 + 1 + Int(random.next() % UInt64(capacity / 2)))
          sizes.append(s)
          total += s
        }
        return sizes
      },
      configure: { pipeline, _ in pipeline.exactCoverStage = true })
  }
}
