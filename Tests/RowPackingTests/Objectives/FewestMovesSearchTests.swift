@testable import RowPacking
import TestSupport
import XCTest

/// The search inside ``tradeoffRowsAndMoves(_:budget:resolution:)`` alone
/// (no greedy upper bound to hide a miss): for each row count, the fewest
/// moved tags it decides equals brute force over every set of moved tags.
final class FewestMovesSearchTests: XCTestCase {
  /// Whether some layout in `rows` rows keeps every tag outside `moved` in
  /// reading order: the kept tags' next-fit gives their fewest rows, and the
  /// moved ones must fit around them. Decided by brute force over the rows
  /// of the moved tags and the kept tags' row breaks.
  private func fewestMovesByBruteForce(sizes: [Int], capacity: Int, rows: Int) -> Int? {
    let n = sizes.count
    var best: Int? = nil
    var assignment = [Int](repeating: 0, count: n)
    func visit(_ i: Int) {
      if i == n {
        var loads = [Int](repeating: 0, count: rows)
        for (item, r) in assignment.enumerated() { loads[r] += sizes[item] }
        guard loads.allSatisfy({ $0 <= capacity }) else { return }
        var length = [Int](repeating: 1, count: n)
        for a in 0..<n { for b in 0..<a where assignment[b] <= assignment[a] { length[a] = max(length[a], length[b] + 1) } }
        let moves = n - (length.max() ?? 0)
        best = min(best ?? Int.max, moves)
        return
      }
      for r in 0..<rows {
        assignment[i] = r
        visit(i + 1)
      }
    }
    visit(0)
    return best
  }

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
        let expected = fewestMovesByBruteForce(sizes: sizes, capacity: capacity, rows: rows)
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
