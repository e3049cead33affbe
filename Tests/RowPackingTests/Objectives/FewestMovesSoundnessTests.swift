@testable import RowPacking
import TestSupport
import XCTest

/// Cases of 7-11 tags, more than `smallFewestMovesCase` draws, where a
/// row sending a larger tag fills its room better and later tags of equal
/// size differ in where they could be kept: the bound and the branch and
/// bound against brute force.
final class FewestMovesSoundnessTests: XCTestCase {
  /// Sending the 9 of (6, 9, 6, 6) leaves room 7, which a 6 fills to
  /// waste 1; sending a 6 leaves room 4, which nothing fills. Brute force
  /// moves 2 (rows [0, 2, 7], [3, 4, 5], [6, 8, 9, 1]).
  func testLargerTagSentCanWasteLess() throws {
    let sizes = [6, 6, 9, 8, 9, 8, 6, 9, 6, 6]
    let bound = try XCTUnwrap(FewestMovesBound(sizes: sizes, capacity: 25, rows: 3, cap: sizes.count))
    XCTAssertLessThanOrEqual(try XCTUnwrap(bound.rootBound), 2)
    var search = FewestMovesBranchAndBound(sizes: sizes, capacity: 25, rows: 3, bound: bound)
    var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
    guard case .some(.some(let layout)) = search.layout(movingAtMost: 2, meter: &meter) else { return XCTFail("no layout moving 2") }
    XCTAssertEqual(layout.moved.count, 2)
  }

  /// The root bound never exceeds brute force, and the branch and bound
  /// asked each count from 0 up first finds a layout at brute force's count.
  func testBoundAndSearchAgreeWithBruteForceOnLongerLists() {
    var compared = 0
    for seed in UInt64(0)..<4_000 where compared < 400 {
      var rng = SplitMix64(seed: 15_000 + seed)
      guard let (sizes, capacity, rows) = tightFewestMovesCase(&rng, tags: 7...11) else { continue }
      let n = sizes.count
      let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: rows)
      guard let expected = brute[rows], let bound = FewestMovesBound(sizes: sizes, capacity: capacity, rows: rows, cap: n) else { continue }
      let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows, \(expected) moves"
      XCTAssertLessThanOrEqual(bound.rootBound ?? Int.max, expected, what)
      var search = FewestMovesBranchAndBound(sizes: sizes, capacity: capacity, rows: rows, bound: bound)
      var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
      let first = (0...n).first { limit in
        if case .some(.some) = search.layout(movingAtMost: limit, meter: &meter) { return true }
        return false
      }
      XCTAssertEqual(first, expected, what)
      compared += 1
    }
    XCTAssertGreaterThan(compared, 300)
  }
}
