@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The weight bound that prunes the enumeration of restricted rows
/// (``NearFullRowsModel/WeightBound``), against the brute-force maximum
/// weight of the types `t..<m` in every room: equal with the exact table,
/// never below it on a grid (a table too big for every room) or with
/// Dantzig's bound (more types than table entries).
final class WeightBoundTests: XCTestCase {
  /// The most weight of types `t..<m` within `room`, by trying every count.
  func bruteForce(sizes: [Int], demands: [Int], weights: [Int], from t: Int, room: Int) -> Int {
    if t == sizes.count { return 0 }
    var best = 0
    var k = 0
    while k <= demands[t] && k * sizes[t] <= room {
      best = max(best, k * weights[t] + bruteForce(sizes: sizes, demands: demands, weights: weights, from: t + 1, room: room - k * sizes[t]))
      k += 1
    }
    return best
  }

  func testBoundIsExactOnTheFullTableAndNeverBelowOtherwise() {
    var grids = 0
    for seed in UInt64(1)...150 {
      var random = SplitMix64(seed: seed)
      let m = 1 + Int(random.next() % 6)
      let capacity = 10 + Int(random.next() % 190)
      let sizes = (0..<m).map { _ in Int(random.next() % UInt64(capacity / 2 + 1)) }
      let demands = (0..<m).map { _ in 1 + Int(random.next() % 3) }
      let weights = (0..<m).map { _ in Int(random.next() % 1000) - 100 }.map { max($0, 0) }
      // The full table, a grid of about 12 cells per type row, Dantzig's bound.
      for (kind, limit) in [("exact", (m + 1) * (capacity + 1)), ("grid", (m + 1) * 12), ("Dantzig", m)] {
        let bound = NearFullRowsModel.WeightBound(
          sizes: sizes, demands: demands, weights: weights, capacity: capacity, tableLimit: limit)
        if kind == "grid" && capacity >= 12 { grids += 1 }
        for t in 0...m {
          for room in stride(from: 0, through: capacity, by: 1 + capacity / 17) {
            let most = bruteForce(sizes: sizes, demands: demands, weights: weights, from: t, room: room)
            let label = "seed \(seed), \(kind), t \(t), room \(room): sizes \(sizes), demands \(demands), weights \(weights)"
            if kind == "exact" {
              XCTAssertEqual(bound.most(from: t, room: room), most, label)
            } else {
              XCTAssertGreaterThanOrEqual(bound.most(from: t, room: room), most, label)
            }
          }
        }
      }
    }
    XCTAssertGreaterThan(grids, 100, "the grid must be exercised")
  }
}
