@testable import RowPacking
import TestSupport
import XCTest

/// The search inside ``tradeoffRowsAndMoves(_:budget:resolution:)`` alone
/// (no greedy upper bound to hide a miss): for each row count, the fewest
/// moved tags it decides equals brute force over every set of moved tags.
final class FewestMovesSearchTests: XCTestCase {
  /// Widths from two or three values, so that neighbours of equal width
  /// (where only how many of them move matters) are common.
  func testSmallestSetsAgreeWithBruteForce() {
    for seed in UInt64(0)..<200 {
      var rng = SplitMix64(seed: seed)
      let capacity = Int.random(in: 8...24, using: &rng)
      let n = Int.random(in: 2...6, using: &rng)
      let choices = (0..<Int.random(in: 2...3, using: &rng)).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let sizes = (0..<n).map { _ in choices.randomElement(using: &rng)! }
      var search = FewestMovesSearch(sizes: sizes, capacity: capacity)
      let nextFitRows = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rowCount
      for rows in 1...nextFitRows {
        let expected = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: rows)[rows]
        var meter = BudgetMeter(SearchBudget(timeLimit: nil, nodeLimit: nil), start: ContinuousClock().now)
        var found: Int? = nil
        for size in 0...n {
          guard let result = search.smallestMoves(rows: rows, size: size, meter: &meter) else {
            return XCTFail("an unlimited budget ran out, seed \(seed)")
          }
          if let layout = result {
            found = size
            XCTAssertEqual(layout.moved.count, size)
            XCTAssertEqual(layout.packing.rowCount <= rows, true, "seed \(seed)")
            break
          }
        }
        XCTAssertEqual(found, expected, "seed \(seed): \(sizes) in \(capacity), \(rows) rows")
      }
    }
  }
}
