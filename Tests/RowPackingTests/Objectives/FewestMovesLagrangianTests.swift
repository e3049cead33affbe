@testable import RowPacking
import TestSupport
import XCTest

/// The Lagrangian bound on the tags moved (a price per tag on "sent =
/// received"): valid for any prices, against brute force over every
/// assignment of tags to rows.
final class FewestMovesLagrangianTests: XCTestCase {
  /// At the fewest moves of brute force, the least cost never exceeds the
  /// slack, whatever the prices (zero, random, large), for intervals whose
  /// subsets are tried or bounded; and the counts the ascent refutes stay
  /// below the fewest moves.
  func testNoPricesRefuteTheFewestMoves() {
    var compared = 0
    for seed in UInt64(0)..<160 {
      var rng = SplitMix64(seed: 7000 + seed)
      // Some capacities past the knapsack's buckets, so that sizes are rounded.
      let scale = seed % 5 == 4 ? 997 : 1
      let capacity = Int.random(in: 8...30, using: &rng) * scale
      let n = Int.random(in: 2...6, using: &rng)
      let sizes = (0..<n).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let nextFitRows = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rowCount
      let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: nextFitRows)
      for rows in 1...nextFitRows {
        guard let expected = brute[rows] else { continue }
        let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows, \(expected) moves"
        // Every third seed bounds intervals of more than two tags without trying their subsets.
        let exactLength = seed % 3 == 1 ? 2 : FewestMovesLagrangianBound.exactIntervalLength
        guard let bound = FewestMovesLagrangianBound(sizes: sizes, capacity: capacity, rows: rows, cap: n, exactLength: exactLength) else {
          XCTFail("no relaxation, yet a layout exists: \(what)")
          continue
        }
        for trial in 0..<6 {
          let spread = [0, 1, capacity / 4, capacity, 4 * capacity, 20 * capacity][trial]
          let prices = sizes.map { _ in spread == 0 ? 0 : Int.random(in: -spread...spread, using: &rng) }
          guard let evaluation = bound.evaluate(moves: expected, prices: prices) else {
            XCTFail("no cut sends the fewest moves: \(what)")
            continue
          }
          XCTAssertLessThanOrEqual(evaluation.value, bound.slack, "prices \(prices) refute a layout: \(what)")
        }
        var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
        let refuted = bound.fewestMovesNotRefuted(from: 0, upTo: n, rounds: 30, meter: &meter)
        XCTAssertLessThanOrEqual(refuted.moves, expected, "the ascent refuted a layout: \(what)")
        compared += 1
      }
    }
    XCTAssertGreaterThan(compared, 150)
  }

  /// The least cost equals that of brute force over the relaxation itself
  /// (every cut into rows, every subset sent whose rest fits, every subset
  /// received that fits the room), for random prices; rounded buckets and
  /// bounded long intervals may only lower it.
  func testLeastCostIsTheRelaxationsMinimum() {
    var compared = 0
    for seed in UInt64(0)..<150 {
      var rng = SplitMix64(seed: 9500 + seed)
      let capacity = Int.random(in: 6...25, using: &rng)
      let n = Int.random(in: 1...5, using: &rng)
      let sizes = (0..<n).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let rows = Int.random(in: 1...3, using: &rng)
      let prices = sizes.map { _ in Int.random(in: -capacity...capacity, using: &rng) }
      let exactLength = seed % 4 == 3 ? 1 : FewestMovesLagrangianBound.exactIntervalLength
      guard let bound = FewestMovesLagrangianBound(sizes: sizes, capacity: capacity, rows: rows, cap: n, exactLength: exactLength) else { continue }
      // The most a room gains from any subset received.
      func receipt(_ room: Int) -> Int {
        (0..<(1 << n)).map { q in (0..<n).filter { q & (1 << $0) != 0 } }
          .filter { $0.reduce(0) { $0 + sizes[$1] } <= room }
          .map { $0.reduce(0) { $0 + sizes[$1] + prices[$1] } }.max() ?? 0
      }
      // The least cost of the tags from i on in r rows, by tags sent.
      func least(_ i: Int, _ r: Int) -> [Int: Int] {
        if r == 0 { return i == n ? [0: 0] : [:] }
        var result: [Int: Int] = [:]
        for e in i...n {
          let rest = least(e, r - 1)
          for sent in 0..<(1 << (e - i)) {
            let members = (i..<e).filter { sent & (1 << ($0 - i)) != 0 }
            let kept = (i..<e).reduce(0) { $0 + sizes[$1] } - members.reduce(0) { $0 + sizes[$1] }
            guard kept <= capacity else { continue }
            let cost = capacity - kept - receipt(capacity - kept) + members.reduce(0) { $0 + prices[$1] }
            for (o, value) in rest { result[o + members.count] = min(result[o + members.count] ?? Int.max, cost + value) }
          }
        }
        return result
      }
      let truth = least(0, rows)
      for moves in 0...n {
        let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows, \(moves) sent, prices \(prices)"
        let evaluation = bound.evaluate(moves: moves, prices: prices)
        let value = evaluation?.value
        // Every cell of the table bounds the tags from i on in r rows (the
        // cells the root cannot reach bound nothing).
        if let evaluation {
          for i in 0...n {
            for r in 0...rows {
              for (o, cost) in least(i, r) where o <= moves {
                XCTAssertLessThanOrEqual(evaluation.least(from: i, rows: r, out: o), cost, "cell (\(i), \(r), \(o)): \(what)")
              }
            }
          }
        }
        guard let expected = truth[moves] else {
          XCTAssertNil(value, what)
          continue
        }
        if exactLength < n {
          XCTAssertLessThanOrEqual(value ?? Int.min, expected, what)
        } else {
          XCTAssertEqual(value, expected, what)
        }
        compared += 1
      }
    }
    XCTAssertGreaterThan(compared, 250)
  }

  /// The branch and bound bounded by priced tables too (the ascent's, or
  /// random prices) still refuses each count below the fewest moves of
  /// brute force and finds a layout at the fewest.
  func testPricedSearchDecidesEachCountAsBruteForce() {
    var compared = 0
    for seed in UInt64(0)..<120 {
      var rng = SplitMix64(seed: 9000 + seed)
      let (sizes, capacity) = smallFewestMovesCase(&rng, repeated: !(seed % 2 == 0))
      let n = sizes.count
      let nextFitRows = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rowCount
      let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: nextFitRows)
      for rows in 1...nextFitRows {
        guard let expected = brute[rows], let bound = FewestMovesBound(sizes: sizes, capacity: capacity, rows: rows, cap: n),
          let relaxation = FewestMovesLagrangianBound(sizes: sizes, capacity: capacity, rows: rows, cap: n)
        else { continue }
        let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows, \(expected) moves"
        var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
        let ascent = relaxation.fewestMovesNotRefuted(from: 0, upTo: n, rounds: 20, meter: &meter).best
        // Prices from the ascent, random ones and the ascent's at every count.
        var tables = [ascent, relaxation.evaluate(moves: n, prices: sizes.map { _ in Int.random(in: -capacity...capacity, using: &rng) })]
        if let prices = ascent?.prices { tables += (0...n).map { relaxation.evaluate(moves: $0, prices: prices) } }
        for priced in tables {
          guard let priced else { continue }
          var search = FewestMovesBranchAndBound(sizes: sizes, capacity: capacity, rows: rows, bound: bound)
          search.priced = priced
          if expected > 0 {
            XCTAssertEqual(search.layout(movingAtMost: expected - 1, meter: &meter).map { $0 == nil }, true, "found fewer: \(what)")
          }
          guard case .some(.some(let layout)) = search.layout(movingAtMost: expected, meter: &meter) else {
            XCTFail("priced \(priced.prices) (table to \(priced.moves) moves) cut every layout: \(what)")
            continue
          }
          XCTAssertEqual(layout.moved.count, expected, what)
          compared += 1
        }
      }
    }
    XCTAssertGreaterThan(compared, 200)
  }

  /// The receipt's most value within a room is never below that of any
  /// subset of tags that fits (sizes rounded down to buckets only add), and
  /// equals it when a bucket is one unit; the tags it names fit the buckets.
  func testReceiptIsAtLeastEverySubsetThatFits() {
    for seed in UInt64(0)..<120 {
      var rng = SplitMix64(seed: 8000 + seed)
      let bucket = seed % 3 == 2 ? Int.random(in: 2...9, using: &rng) : 1
      let capacity = Int.random(in: 5...60, using: &rng) * bucket
      let sizes = (0..<Int.random(in: 1...8, using: &rng)).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let prices = sizes.map { _ in Int.random(in: -capacity...capacity, using: &rng) }
      let receipt = FewestMovesLagrangianBound.Receipt(sizes: sizes, prices: prices, capacity: capacity, bucket: bucket)
      for _ in 0..<5 {
        let room = Int.random(in: 0...capacity, using: &rng)
        var truth = 0
        for subset in 0..<(1 << sizes.count) {
          let members = sizes.indices.filter { subset & (1 << $0) != 0 }
          guard members.reduce(0, { $0 + sizes[$1] }) <= room else { continue }
          truth = max(truth, members.reduce(0) { $0 + sizes[$1] + prices[$1] })
        }
        let what = "seed \(seed): \(sizes), prices \(prices), room \(room), bucket \(bucket)"
        let most = receipt.most(room: room)
        XCTAssertGreaterThanOrEqual(most, truth, what)
        if bucket == 1 { XCTAssertEqual(most, truth, what) }
        let chosen = receipt.chosen(room: room)
        XCTAssertEqual(chosen.reduce(0) { $0 + sizes[$1] + prices[$1] }, most, what)
        XCTAssertLessThanOrEqual(chosen.reduce(0) { $0 + sizes[$1] / bucket }, room / bucket, what)
      }
    }
  }
}
