@testable import RowPacking
import TestSupport
import XCTest

/// The tables' cells the root never reaches (left unfilled, bounding
/// nothing) and the layouts repaired from the Lagrangian relaxation's
/// least-cost solutions, against the full table and brute force.
final class FewestMovesRepairTests: XCTestCase {
  /// The interval table filled only where the root reaches equals the
  /// full table there and reads 0 (no bound) elsewhere; some cases leave
  /// cells unfilled, so the comparison means something.
  func testUnreachedCellsBoundNothingAndReachedOnesAreExact() {
    var unreached = 0
    for seed in UInt64(0)..<120 {
      var rng = SplitMix64(seed: 12_000 + seed)
      let capacity = Int.random(in: 10...40, using: &rng)
      let n = Int.random(in: 4...14, using: &rng)
      let sizes = (0..<n).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let total = sizes.reduce(0, +)
      let rows = (total + capacity - 1) / capacity + Int.random(in: 0...2, using: &rng)
      let cap = Int.random(in: 0...4, using: &rng)
      guard let pruned = FewestMovesBound(sizes: sizes, capacity: capacity, rows: rows, cap: cap),
        let full = FewestMovesBound(sizes: sizes, capacity: capacity, rows: rows, cap: cap, fillsEveryCell: true)
      else { continue }
      let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows, cap \(cap)"
      XCTAssertEqual(pruned.rootBound, full.rootBound, what)
      for i in 0...n {
        for r in 0...rows {
          let reached = pruned.fewestRowsBefore[i] <= rows - r
          if !reached { unreached += 1 }
          for o in 0...pruned.cap {
            for g in 0...pruned.cap {
              let value = pruned.waste(from: i, rows: r, out: o, guestRows: g)
              XCTAssertEqual(value, reached ? full.waste(from: i, rows: r, out: o, guestRows: g) : 0, "(\(i), \(r), \(o), \(g)): \(what)")
            }
          }
        }
      }
    }
    XCTAssertGreaterThan(unreached, 100)
  }

  /// Every layout repaired from an evaluation (zero prices at every count,
  /// and each evaluation of the ascent) fits its rows, keeps its other
  /// tags in reading order and never moves fewer tags than brute force
  /// allows; the repair reaches the fewest moves on many cases.
  func testRepairedLayoutsAreLayouts() throws {
    var repaired = 0, optimal = 0
    for seed in UInt64(0)..<150 {
      var rng = SplitMix64(seed: 13_000 + seed)
      let (sizes, capacity) = smallFewestMovesCase(&rng, repeated: seed % 2 == 1)
      let n = sizes.count
      let nextFitRows = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rowCount
      let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: nextFitRows)
      for rows in 1...nextFitRows {
        guard let expected = brute[rows], let relaxation = FewestMovesLagrangianBound(sizes: sizes, capacity: capacity, rows: rows, cap: n) else { continue }
        let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows, \(expected) moves"
        var evaluations = (0...n).compactMap { relaxation.evaluate(moves: $0, prices: [Int](repeating: 0, count: n)) }
        var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
        _ = relaxation.fewestMovesNotRefuted(from: 0, upTo: n, meter: &meter) { evaluations.append($0) }
        var best = Int.max
        for evaluation in evaluations {
          guard let layout = relaxation.repairedLayout(evaluation) else { continue }
          repaired += 1
          best = min(best, layout.moved.count)
          XCTAssertLessThanOrEqual(layout.packing.rowCount, rows, what)
          XCTAssertEqual(verify(layout.packing, for: try Instance(widths: sizes, rowWidth: capacity)), [], what)
          XCTAssertEqual(layout.packing.rows.flatMap { $0 }.sorted(), Array(0..<n), what)
          let reading = layout.packing.rows.flatMap { $0 }.filter { !layout.moved.contains($0) }
          XCTAssertEqual(reading, reading.sorted(), "kept tags out of order: \(what)")
          XCTAssertGreaterThanOrEqual(layout.moved.count, expected, what)
        }
        if best == expected { optimal += 1 }
      }
    }
    XCTAssertGreaterThan(repaired, 300)
    XCTAssertGreaterThan(optimal, 150)
  }
}
