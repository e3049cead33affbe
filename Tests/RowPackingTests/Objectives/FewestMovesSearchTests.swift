@testable import RowPacking
import TestSupport
import XCTest

/// The parts of the fewest-moves search added for 40-60 tags: the bound's
/// fills by received tags, the transposition table of refused row starts,
/// and the beam and limited discrepancy searches for layouts, each against
/// brute force on small cases.
final class FewestMovesSearchTests: XCTestCase {
  /// `leastWaste` against every subset of at most `q` tags; past the
  /// largest table (single tags matched only) never above it.
  func testReceivedFillIsTheLeastWasteOfAnySubset() {
    for seed in UInt64(0)..<200 {
      var rng = SplitMix64(seed: 3000 + seed)
      let large = seed % 4 == 3
      let capacity = large ? FewestMovesBound.ReceivedFill.largestTable + Int.random(in: 1...1000, using: &rng) : Int.random(in: 5...200, using: &rng)
      let sizes = (0..<Int.random(in: 1...8, using: &rng)).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let fill = FewestMovesBound.ReceivedFill(sizes: sizes, capacity: capacity)
      for _ in 0..<5 {
        let room = Int.random(in: 0...capacity, using: &rng)
        let wastes = fill.leastWaste(room: room, upTo: 5)
        // Brute force: the largest sum of at most q distinct tags within room.
        var best = [Int](repeating: 0, count: sizes.count + 1)
        for subset in 0..<(1 << sizes.count) {
          let sum = sizes.indices.filter { subset & (1 << $0) != 0 }.reduce(0) { $0 + sizes[$1] }
          let q = subset.nonzeroBitCount
          if sum <= room { best[q] = max(best[q], sum) }
        }
        for q in 1..<best.count { best[q] = max(best[q], best[q - 1]) }
        let what = "seed \(seed): \(sizes) in \(capacity), room \(room)"
        XCTAssertEqual(wastes.first, room, what)
        for (q, waste) in wastes.enumerated() {
          let truth = room - best[min(q, sizes.count)]
          XCTAssertLessThanOrEqual(waste, truth, "q \(q), \(what)")
          if (!large && q <= FewestMovesBound.ReceivedFill.depth) || q <= 1 { XCTAssertEqual(waste, truth, "q \(q), \(what)") }
        }
        // The list stops at the first count that may fill the room, or at upTo.
        XCTAssertTrue(wastes.last == 0 || wastes.count == 6, what)
      }
    }
  }

  /// One search asked every count from 0 up (its table of refused row
  /// starts carried from count to count) refuses each count below the
  /// fewest moves and finds a layout at every count from there.
  func testRefusedStartsCarryAcrossCounts() throws {
    var compared = 0
    for seed in UInt64(0)..<300 {
      var rng = SplitMix64(seed: 7000 + seed)
      let (sizes, capacity) = smallFewestMovesCase(&rng, repeated: !(seed % 2 == 0))
      let n = sizes.count
      let nextFitRows = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rowCount
      let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: nextFitRows)
      for rows in 1...nextFitRows {
        guard let expected = brute[rows], let bound = FewestMovesBound(sizes: sizes, capacity: capacity, rows: rows, cap: n) else { continue }
        var search = FewestMovesBranchAndBound(sizes: sizes, capacity: capacity, rows: rows, bound: bound)
        var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
        let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows"
        for limit in 0...n {
          let result = search.layout(movingAtMost: limit, meter: &meter)
          guard case .some(let layout) = result else { return XCTFail("budget ran out: \(what)") }
          if limit < expected {
            XCTAssertNil(layout, "found fewer than \(expected): \(what)")
          } else if let layout {
            XCTAssertLessThanOrEqual(layout.moved.count, limit, what)
            XCTAssertGreaterThanOrEqual(layout.moved.count, expected, what)
            try checkLayout(layout, sizes: sizes, capacity: capacity, rows: rows, what)
          } else {
            XCTFail("no layout with \(limit) moves: \(what)")
          }
        }
        compared += 1
      }
    }
    XCTAssertGreaterThan(compared, 300)
  }

  /// Every layout the beam and the limited discrepancy search return fits,
  /// keeps its other tags in order, moves at most the limit and never fewer
  /// than brute force; with enough width the beam finds the fewest often.
  func testBeamAndDiscrepancyLayoutsAreLayouts() throws {
    var beamFoundFewest = 0, cases = 0
    for seed in UInt64(0)..<200 {
      var rng = SplitMix64(seed: 9000 + seed)
      let capacity = Int.random(in: 8...30, using: &rng)
      let n = Int.random(in: 2...6, using: &rng)
      let sizes = (0..<n).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let nextFitRows = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rowCount
      let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: nextFitRows)
      for rows in 1...nextFitRows {
        guard let expected = brute[rows], let bound = FewestMovesBound(sizes: sizes, capacity: capacity, rows: rows, cap: n) else { continue }
        var search = FewestMovesBranchAndBound(sizes: sizes, capacity: capacity, rows: rows, bound: bound)
        var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
        let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows"
        cases += 1
        for width in [1, 2, 8] {
          for limit in 0...n {
            guard let layout = search.beamLayout(movingAtMost: limit, width: width, meter: &meter) else { continue }
            XCTAssertLessThanOrEqual(layout.moved.count, limit, what)
            XCTAssertGreaterThanOrEqual(layout.moved.count, expected, what)
            try checkLayout(layout, sizes: sizes, capacity: capacity, rows: rows, what)
            if width == 8 && limit == expected { beamFoundFewest += 1 }
          }
        }
        for discrepancies in 0...3 {
          for limit in 0...n {
            guard case .some(.some(let layout)) = search.layout(movingAtMost: limit, discrepancies: discrepancies, meter: &meter) else { continue }
            XCTAssertLessThanOrEqual(layout.moved.count, limit, what)
            XCTAssertGreaterThanOrEqual(layout.moved.count, expected, what)
            try checkLayout(layout, sizes: sizes, capacity: capacity, rows: rows, what)
          }
        }
      }
    }
    XCTAssertGreaterThan(cases, 200)
    XCTAssertGreaterThan(beamFoundFewest, cases / 2, "the beam of width 8 should find most small optima")
  }

  private func checkLayout(_ layout: (packing: Packing, moved: [Int]), sizes: [Int], capacity: Int, rows: Int, _ what: String) throws {
    XCTAssertLessThanOrEqual(layout.packing.rowCount, rows, what)
    XCTAssertEqual(verify(layout.packing, for: try Instance(widths: sizes, rowWidth: capacity)), [], what)
    let reading = layout.packing.rows.flatMap { $0 }.filter { !layout.moved.contains($0) }
    XCTAssertEqual(reading, reading.sorted(), "kept tags out of order: \(what)")
  }
}
