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
    try forEachSmallFewestMovesCase(seedBase: 13_000) { _, sizes, capacity, rows, expected, what in
      let n = sizes.count
      guard let relaxation = FewestMovesLagrangianBound(sizes: sizes, capacity: capacity, rows: rows, cap: n) else { return }
      var evaluations = (0...n).compactMap { relaxation.evaluate(moves: $0, prices: [Int](repeating: 0, count: n)) }
      var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
      _ = relaxation.fewestMovesNotRefuted(from: 0, upTo: n, meter: &meter) { evaluations.append($0) }
      var best = Int.max
      for evaluation in evaluations {
        guard let layout = relaxation.repairedLayout(evaluation) else { continue }
        repaired += 1
        best = min(best, layout.moved.count)
        try checkFewestMovesLayout(layout, sizes: sizes, capacity: capacity, rows: rows, fewest: expected, what)
      }
      if best == expected { optimal += 1 }
    }
    XCTAssertGreaterThan(repaired, 300)
    XCTAssertGreaterThan(optimal, 150)
  }

  /// With every interval on the long-interval bound (`exactLength` 0),
  /// whose sends need not make the rest fit, the repair sends more tags
  /// and ejects kept ones where the tags sent do not pack: every layout
  /// still fits, holds every tag once, keeps its other tags in order and
  /// never moves fewer than brute force; many evaluations repair.
  func testLongIntervalSolutionsRepairIntoLayouts() throws {
    var repaired = 0, evaluated = 0
    try forEachSmallFewestMovesCase(seedBase: 14_000) { seed, sizes, capacity, rows, expected, what in
      let n = sizes.count
      guard let relaxation = FewestMovesLagrangianBound(sizes: sizes, capacity: capacity, rows: rows, cap: n, exactLength: 0)
      else { return }
      var prng = SplitMix64(seed: 15_000 + seed)
      for moves in 0...n {
        let prices = (0..<n).map { _ in Int.random(in: -capacity...capacity, using: &prng) }
        guard let evaluation = relaxation.evaluate(moves: moves, prices: prices) else { continue }
        evaluated += 1
        guard let layout = relaxation.repairedLayout(evaluation) else { continue }
        repaired += 1
        try checkFewestMovesLayout(layout, sizes: sizes, capacity: capacity, rows: rows, fewest: expected, what)
      }
    }
    XCTAssertGreaterThan(repaired, evaluated * 9 / 10, "\(repaired) of \(evaluated) repaired")
  }

  /// The ejection chain on seeded rows: when it answers, every row fits,
  /// every tag is placed once and no row is added; it answers where a
  /// narrower kept tag can make way (a case the plain packing refuses).
  func testEjectionChainPlacesEveryTagOrNone() {
    // Rooms 4 and 2, the 5 sent fits neither: it takes the place of the
    // kept 2 of the first row (leaving 1), and that 2 fills the second.
    let sizes = [5, 4, 2, 6, 2]
    let relaxation = FewestMovesLagrangianBound(sizes: sizes, capacity: 10, rows: 2, cap: 5)!
    XCTAssertEqual(relaxation.ejectionRepair(rows: [[1, 2], [3, 4]], rooms: [4, 2], sent: [0]), [[1, 0], [3, 4, 2]])
    var answered = 0
    for seed in UInt64(0)..<300 {
      var rng = SplitMix64(seed: 16_000 + seed)
      let capacity = Int.random(in: 10...30, using: &rng)
      let n = Int.random(in: 3...12, using: &rng)
      let sizes = (0..<n).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let rowCount = Int.random(in: 1...4, using: &rng)
      guard let relaxation = FewestMovesLagrangianBound(sizes: sizes, capacity: capacity, rows: rowCount, cap: n) else { continue }
      // Kept tags by next fit into the rows while they fit; the rest sent.
      var rows = [[Int]](repeating: [], count: rowCount), rooms = [Int](repeating: capacity, count: rowCount), sent: [Int] = []
      for t in 0..<n {
        if let r = rooms.indices.first(where: { rooms[$0] >= sizes[t] }), Bool.random(using: &rng) {
          rows[r].append(t)
          rooms[r] -= sizes[t]
        } else {
          sent.append(t)
        }
      }
      guard let result = relaxation.ejectionRepair(rows: rows, rooms: rooms, sent: sent) else { continue }
      answered += 1
      let what = "seed \(seed): \(sizes) in \(capacity), \(rowCount) rows"
      XCTAssertEqual(result.count, rowCount, what)
      XCTAssertEqual(result.flatMap { $0 }.sorted(), Array(0..<n), what)
      for row in result { XCTAssertLessThanOrEqual(row.reduce(0) { $0 + sizes[$1] }, capacity, what) }
    }
    XCTAssertGreaterThan(answered, 50)
  }
}
