@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The dives' least-constraining order of candidate rows
/// (``LimitedDiscrepancyDiving/orderedByLeastConstraining(_:residual:sizes:capacity:lookahead:)``),
/// against brute force on seeded residuals: the completions of each large
/// item are the subsets of the other items that fill its row exactly,
/// counted by enumeration; the order is a permutation that keeps the
/// candidates past the lookahead in place and sorts the first by the
/// brute-force key. Dives with the order on seeded perfect packings return
/// only verified packings, in no fewer rows than were cut.
final class CompletionLookaheadTests: XCTestCase {
  /// A seeded residual: types of decreasing sizes, some above half the
  /// capacity, demands 0 to 2, at most 14 items.
  func residual(_ random: inout SplitMix64) -> (sizes: [Int], demands: [Int], capacity: Int) {
    let capacity = 20 + Int(random.next() % 40)
    var sizes = Set<Int>()
    let count = 4 + Int(random.next() % 6)
    while sizes.count < count { sizes.insert(1 + Int(random.next() % UInt64(capacity))) }
    let sorted = sizes.sorted(by: >)
    var demands = sorted.map { _ in Int(random.next() % 3) }
    while demands.reduce(0, +) > 14 { demands[Int(random.next() % UInt64(demands.count))] = 0 }
    return (sorted, demands, capacity)
  }

  /// Subsets of the items of `demands` other than one item of type `t`
  /// (copies told apart) whose sizes total `total`, by enumeration.
  func bruteForceCompletions(of t: Int, sizes: [Int], demands: [Int], total: Int) -> UInt64 {
    var items: [Int] = []
    for (u, d) in demands.enumerated() {
      items += repeatElement(sizes[u], count: u == t ? d - 1 : d)
    }
    var count: UInt64 = 0
    for mask in 0..<(1 << items.count) {
      var sum = 0
      for (i, s) in items.enumerated() where mask & (1 << i) != 0 { sum += s }
      if sum == total { count += 1 }
    }
    return count
  }

  func testLargeItemCompletionsMatchEnumeration() {
    var random = SplitMix64(seed: 2026)
    var large = 0, nonzero = 0
    for k in 0..<200 {
      let (sizes, demands, capacity) = residual(&random)
      let counted = LimitedDiscrepancyDiving.largeItemCompletions(residual: demands, sizes: sizes, capacity: capacity)
      let expectedTypes = demands.indices.filter { demands[$0] > 0 && 2 * sizes[$0] > capacity }
      XCTAssertEqual(counted.map(\.type), expectedTypes, "residual \(k)")
      for (t, completions) in counted {
        let expected = bruteForceCompletions(of: t, sizes: sizes, demands: demands, total: capacity - sizes[t])
        XCTAssertEqual(completions, expected, "residual \(k): sizes \(sizes), demands \(demands), capacity \(capacity), type \(t)")
        large += 1
        if expected > 0 { nonzero += 1 }
      }
    }
    XCTAssertGreaterThan(large, 50, "too few large items drawn")
    XCTAssertGreaterThan(nonzero, 10, "too few large items with a completion")
  }

  func testOrderIsAPermutationSortedByTheBruteForceKey() {
    var random = SplitMix64(seed: 3131)
    var reordered = 0
    for k in 0..<100 {
      let (sizes, demands, capacity) = residual(&random)
      // Candidate rows: random sub-multisets of the residual that fit.
      var candidates: [(pattern: Pattern, value: Double, score: Int)] = []
      for c in 0..<(2 + Int(random.next() % 8)) {
        var pattern: Pattern = []
        var load = 0
        for (t, d) in demands.enumerated() {
          for _ in 0..<d where random.next() % 3 == 0 && load + sizes[t] <= capacity {
            pattern.append(t)
            load += sizes[t]
          }
        }
        if !pattern.isEmpty { candidates.append((pattern, 1, c)) }
      }
      let lookahead = 1 + Int(random.next() % 6)
      let ordered = LimitedDiscrepancyDiving.orderedByLeastConstraining(
        candidates, residual: demands, sizes: sizes, capacity: capacity, lookahead: lookahead)
      let message = "residual \(k): sizes \(sizes), demands \(demands), capacity \(capacity), lookahead \(lookahead)"
      XCTAssertEqual(ordered.map(\.score).sorted(), candidates.map(\.score), message)
      let head = min(lookahead, candidates.count)
      XCTAssertEqual(Array(ordered.map(\.score)[head...]), Array(candidates.map(\.score)[head...]), message)
      if head < 2 { XCTAssertEqual(ordered.map(\.score), candidates.map(\.score), message); continue }
      // The brute-force key of each candidate: large items left without
      // a completion, then the sum of 1 / completions.
      func key(_ pattern: Pattern) -> (dead: Int, pressure: Double) {
        var left = demands
        for t in pattern { left[t] -= 1 }
        var dead = 0
        var pressure = 0.0
        for t in left.indices where left[t] > 0 && 2 * sizes[t] > capacity {
          let n = bruteForceCompletions(of: t, sizes: sizes, demands: left, total: capacity - sizes[t])
          if n == 0 { dead += 1 } else { pressure += 1 / Double(n) }
        }
        return (dead, pressure)
      }
      let keys = ordered.prefix(head).map { key($0.pattern) }
      for i in 1..<keys.count {
        let (a, b) = (keys[i - 1], keys[i])
        XCTAssertTrue(
          a.dead < b.dead || (a.dead == b.dead && a.pressure <= b.pressure + 1e-12),
          "\(message): \(keys) not least constraining first")
      }
      if ordered.map(\.score) != candidates.map(\.score) { reordered += 1 }
    }
    XCTAssertGreaterThan(reordered, 10, "the order never changed anything")
  }

  func testDivesWithTheOrderReturnVerifiedPackings() throws {
    // Seeded perfect packings (rows cut into 3 to 5 pieces, so most rows
    // hold an item above half the capacity or none): with the order on,
    // every packing found verifies and has at least the rows cut, and
    // the dives still find the rows cut on most.
    var random = SplitMix64(seed: 7373)
    var found = 0
    let count = 25
    for k in 0..<count {
      let rows = 8 + Int(random.next() % 14)
      let capacity = 200 + Int(random.next() % 800)
      var sizes: [Int] = []
      for _ in 0..<rows {
        // One piece above half the row, the rest cut into 2 to 4 pieces.
        let big = capacity / 2 + 1 + Int(random.next() % UInt64(capacity / 3))
        sizes.append(big)
        var left = capacity - big
        let pieces = 2 + Int(random.next() % 3)
        for p in 0..<pieces where left > 0 {
          let piece = p == pieces - 1 ? left : min(left, 1 + Int(random.next() % UInt64(left)))
          sizes.append(piece)
          left -= piece
        }
      }
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))
      let message = "instance \(k): \(rows) rows of \(capacity), sizes \(sizes)"
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      var diving = LimitedDiscrepancyDiving(master: master, target: rows)
      diving.exactItems = 0
      diving.maxRestarts = 5
      diving.completionLookahead = 8
      let outcome = try diving.run(until: ContinuousClock().now + .seconds(30), incumbentRows: sizes.count + 1)
      XCTAssertFalse(outcome.timedOut, message)
      if let patterns = outcome.patterns {
        XCTAssertGreaterThanOrEqual(patterns.count, rows, message)
        XCTAssertTrue(verify(types.packing(patterns: patterns), for: instance).isEmpty, message)
        if patterns.count == rows { found += 1 }
      }
      XCTAssertEqual(master.demands, types.demands, message)
    }
    XCTAssertGreaterThanOrEqual(found, count * 7 / 10, "found the rows cut on \(found) of \(count)")
  }
}
