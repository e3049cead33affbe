@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The count of near-full rows (``NearFullRowsModel/rowCount(types:budget:cap:workLimit:)``)
/// against a brute-force count of every row (each type at most its
/// demand, load within the budget of the capacity) and against the
/// model's own enumeration, on seeded small instances with repeated sizes;
/// with a cap below the count it answers the cap, and over its work limit
/// nothing.
final class NearFullRowsCountTests: XCTestCase {
  /// Every non-empty row of load in `[C - budget, C]`, by recursion over the types.
  func bruteForceCount(_ types: ItemTypes, budget: Int) -> Int {
    func rows(from t: Int, load: Int, empty: Bool) -> Int {
      if t == types.count { return !empty && load >= types.capacity - budget ? 1 : 0 }
      var n = 0
      var k = 0
      while k <= types.demands[t] && load + k * types.sizes[t] <= types.capacity {
        n += rows(from: t + 1, load: load + k * types.sizes[t], empty: empty && k == 0)
        k += 1
      }
      return n
    }
    return rows(from: 0, load: 0, empty: true)
  }

  func testCountMatchesBruteForceAndTheEnumeration() throws {
    var capped = 0
    for seed in UInt64(1)...60 {
      var random = SplitMix64(seed: seed &+ 7_177)
      // Small sizes every third seed (many copies a row), else rows of a few items.
      let (drawn, capacity) = SmallInstance.draw(&random, itemCounts: 4...14, capacities: 12...80) { c in
        (seed % 3 == 0 ? 1 : c / 5 + 1)...(c / 2)
      }.pair
      // Repeated sizes, so that demands above 1 occur.
      let sizes = drawn + drawn.prefix(Int(random.next() % 4))
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      for budget in [0, 1, capacity / 7, capacity / 3, capacity] {
        let expected = bruteForceCount(types, budget: budget)
        let counted = NearFullRowsModel.rowCount(types: types, budget: budget, cap: .max / 4, workLimit: .max / 4)
        XCTAssertEqual(counted, expected, "budget \(budget): \(label)")
        let enumerated = try XCTUnwrap(NearFullRowsModel(types: types, rows: 1).patterns(budget: budget), label)
        XCTAssertEqual(enumerated.count, expected, "enumeration, budget \(budget): \(label)")
        if expected > 1 {
          let cap = 1 + Int(random.next() % UInt64(expected - 1))
          XCTAssertEqual(
            NearFullRowsModel.rowCount(types: types, budget: budget, cap: cap, workLimit: .max / 4), min(expected, cap),
            "cap \(cap), budget \(budget): \(label)")
          capped += 1
        }
      }
      XCTAssertNil(NearFullRowsModel.rowCount(types: types, budget: 0, cap: 100, workLimit: capacity - 1), label)
      XCTAssertEqual(NearFullRowsModel.rowCount(types: types, budget: -1, cap: 100, workLimit: .max / 4), 0, label)
    }
    XCTAssertGreaterThan(capped, 100)
  }
}
