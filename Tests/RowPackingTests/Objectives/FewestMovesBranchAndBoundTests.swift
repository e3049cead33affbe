@testable import RowPacking
import TestSupport
import XCTest

/// The bound and the branch and bound inside
/// ``tradeoffRowsAndMoves(_:budget:resolution:)`` alone (no upper bound to
/// hide a miss), against brute force over every assignment of tags to rows.
final class FewestMovesBranchAndBoundTests: XCTestCase {
  /// Sizes from two or three values from seed 100 on, so that neighbours
  /// of equal size (where only the later ones move) are common.
  func testDecidesEachCountAsBruteForce() {
    var compared = 0
    for seed in UInt64(0)..<220 {
      var rng = SplitMix64(seed: seed)
      let (sizes, capacity) = smallFewestMovesCase(&rng, repeated: !(seed < 100))
      let n = sizes.count
      let nextFitRows = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rowCount
      let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: nextFitRows)
      for rows in 1...nextFitRows {
        let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows"
        guard let bound = FewestMovesBound(sizes: sizes, capacity: capacity, rows: rows, cap: n) else {
          XCTAssertNil(brute[rows], "no table, yet a layout exists: \(what)")
          continue
        }
        let root = bound.rootBound
        guard let expected = brute[rows] else {
          // No layout at all: the search must refuse every count the bound allows.
          var search = FewestMovesBranchAndBound(sizes: sizes, capacity: capacity, rows: rows, bound: bound)
          var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
          if root != nil { XCTAssertEqual(search.layout(movingAtMost: n, meter: &meter).map { $0 == nil }, true, what) }
          continue
        }
        XCTAssertLessThanOrEqual(root ?? Int.max, expected, "the bound is above the fewest moves: \(what)")
        var search = FewestMovesBranchAndBound(sizes: sizes, capacity: capacity, rows: rows, bound: bound)
        var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
        if expected > 0 {
          XCTAssertEqual(search.layout(movingAtMost: expected - 1, meter: &meter).map { $0 == nil }, true, "found fewer: \(what)")
        }
        guard case .some(.some(let layout)) = search.layout(movingAtMost: expected, meter: &meter) else {
          XCTFail("no layout at the fewest moves: \(what)")
          continue
        }
        XCTAssertEqual(layout.moved.count, expected, what)
        XCTAssertLessThanOrEqual(layout.packing.rowCount, rows, what)
        XCTAssertEqual(verify(layout.packing, for: try! Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))), [], what)
        let reading = layout.packing.rows.flatMap { $0 }.filter { !layout.moved.contains($0) }
        XCTAssertEqual(reading, reading.sorted(), "kept tags out of order: \(what)")
        compared += 1
      }
    }
    XCTAssertGreaterThan(compared, 200)
  }

  /// The local search's upper bound: a valid packing with the same rows,
  /// its kept tags in order, never fewer moves than brute force.
  func testLocalSearchIsAnUpperBound() throws {
    for seed in UInt64(0)..<60 {
      var rng = SplitMix64(seed: 500 + seed)
      let capacity = Int.random(in: 10...30, using: &rng)
      let sizes = (0..<Int.random(in: 3...7, using: &rng)).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let scaled = ScaledInstance(sizes: sizes, capacity: capacity)
      let packing = FirstFitDecreasing().packInfallibly(scaled)
      var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
      let improved = improveReadingOrder(packing, sizes: sizes, capacity: capacity, meter: &meter, sidewaysSteps: 5)
      let what = "seed \(seed): \(sizes) in \(capacity)"
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))
      XCTAssertEqual(verify(improved.packing, for: instance), [], what)
      XCTAssertEqual(improved.packing.rowCount, packing.rowCount, what)
      let reading = improved.packing.rows.flatMap { $0 }.filter { !improved.moved.contains($0) }
      XCTAssertEqual(reading, reading.sorted(), what)
      XCTAssertLessThanOrEqual(improved.moved.count, bestReadingOrder(packing).moved.count, "worse than its start: \(what)")
      let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: packing.rowCount)
      XCTAssertGreaterThanOrEqual(improved.moved.count, brute[packing.rowCount] ?? 0, what)
    }
  }
}
