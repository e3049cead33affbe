import RowPacking
import TestSupport
import XCTest

/// Rows against tags moved, against brute force over every assignment of
/// tags to rows.
final class FewestMovesTests: XCTestCase {
  /// From seed 150 on, the widths take two values only, so that runs of
  /// neighbouring tags of equal width (where only how many move matters)
  /// are common.
  func testTradeoffAgreesWithBruteForce() throws {
    for seed in 0..<260 {
      var rng = SplitMix64(seed: UInt64(seed))
      let capacity = Int.random(in: 10...30, using: &rng)
      let n = Int.random(in: 1...6, using: &rng)
      let spacing = Int.random(in: 0...2, using: &rng)
      let choices = [Int.random(in: 1...capacity, using: &rng), Int.random(in: 1...capacity, using: &rng)]
      let widths = (0..<n).map { _ in seed < 150 ? Int.random(in: 1...capacity, using: &rng) : choices.randomElement(using: &rng)! }
      let instance = try Instance(widths: widths, rowWidth: capacity, spacing: spacing)
      let scaled = try instance.scaled()
      let tradeoff = try tradeoffRowsAndMoves(instance, budget: .unlimited)
      let nextFitRows = NextFit().pack(scaled).rowCount
      let expected = bruteForceFewestMoves(sizes: scaled.sizes, capacity: scaled.capacity, maxRows: nextFitRows)
      let what = "seed \(seed): \(widths) in \(capacity), spacing \(spacing)"
      XCTAssertTrue(tradeoff.isProven, what)
      XCTAssertEqual(tradeoff.points.first?.rows, nextFitRows, what)
      XCTAssertEqual(tradeoff.points.first?.moves, 0, what)
      XCTAssertEqual(tradeoff.points.last?.rows, expected.keys.min(), "the fewest rows, \(what)")
      for point in tradeoff.points {
        XCTAssertEqual(point.moves, expected[point.rows], "rows \(point.rows), \(what)")
        XCTAssertEqual(verify(point.packing, for: instance), [], what)
        // The reading order keeps every tag but the moved ones in order.
        let reading = point.packing.rows.flatMap { $0 }.filter { !point.movedItems.contains($0) }
        XCTAssertEqual(reading, reading.sorted(), what)
      }
      XCTAssertEqual(tradeoff.points.map(\.rows), Array((tradeoff.points.last!.rows...nextFitRows).reversed()), what)
      for k in 0...n {
        let bounded = tradeoff.fewestRows(movingAtMost: k)
        let best = expected.filter { $0.value <= k }.keys.min()
        XCTAssertEqual(bounded?.rows, best, "at most \(k) moves, \(what)")
      }
    }
  }

  func testEachRowSavedCostsMoves() throws {
    // Next-fit: 60 | 50 | 60 | 50 30 | 30. Moving the last 30 after the
    // first 60 saves a row; moving the other 30 too saves another.
    let instance = try Instance(widths: [60, 50, 60, 50, 30, 30], rowWidth: 100)
    let tradeoff = try tradeoffRowsAndMoves(instance, budget: .unlimited)
    XCTAssertEqual(tradeoff.points.map(\.rows), [5, 4, 3])
    XCTAssertEqual(tradeoff.points.map(\.moves), [0, 1, 2])
    XCTAssertEqual(tradeoff.fewestRows(movingAtMost: 1)?.rows, 4)
    XCTAssertTrue(tradeoff.isProven)
  }

  func testExhaustedBudgetIsHonest() throws {
    var rng = SplitMix64(seed: 9)
    let widths = (0..<60).map { _ in Double(Int.random(in: 20...90, using: &rng)) }
    let instance = try Instance(widths: widths, rowWidth: 150, spacing: 4)
    let tradeoff = try tradeoffRowsAndMoves(instance, budget: SearchBudget(timeLimit: nil, nodeLimit: 50))
    for point in tradeoff.points {
      XCTAssertLessThanOrEqual(point.movesLowerBound, point.moves)
      XCTAssertEqual(verify(point.packing, for: instance), [])
    }
  }
}
