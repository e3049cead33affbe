import RowPacking
import XCTest

/// Brute force for the layout objective "fewest tags moved".

/// The fewest moves for each row count up to `maxRows`: over all
/// assignments that fit, n minus the longest non-decreasing run of row
/// indices in input order (those tags can stay in reading order).
public func bruteForceFewestMoves(sizes: [Int], capacity: Int, maxRows: Int) -> [Int: Int] {
  let n = sizes.count
  var best: [Int: Int] = [:]
  var assignment = [Int](repeating: 0, count: n)
  var loads = [Int](repeating: 0, count: maxRows)
  func visit(_ i: Int) {
    if i == n {
      let rows = loads.filter { $0 > 0 }.count
      // Longest non-decreasing subsequence of the row indices: `run[v]` is
      // the longest one so far ending at a value of at most `v`.
      var run = [Int](repeating: 0, count: maxRows)
      for r in assignment {
        run[r] = run[r] + 1
        for v in (r + 1)..<maxRows { run[v] = max(run[v], run[r]) }
      }
      let moves = n - (run.last ?? 0)
      for r in rows...maxRows { best[r] = min(best[r] ?? Int.max, moves) }
      return
    }
    // Loads checked as tags arrive: an overfull row ends the branch.
    for r in 0..<maxRows where loads[r] + sizes[i] <= capacity {
      assignment[i] = r
      loads[r] += sizes[i]
      visit(i + 1)
      loads[r] -= sizes[i]
    }
  }
  visit(0)
  return best
}

/// A small seeded tag list for the comparisons with brute force: a row of
/// 8 to 30 units and 2 to 6 sizes, drawn at random, or, where `repeated`,
/// from three sizes, so that neighbours of equal size are common.
public func smallFewestMovesCase(_ rng: inout SplitMix64, repeated: Bool) -> (sizes: [Int], capacity: Int) {
  let capacity = Int.random(in: 8...30, using: &rng)
  let n = Int.random(in: 2...6, using: &rng)
  let choices = (0..<3).map { _ in Int.random(in: 1...capacity, using: &rng) }
  let sizes = (0..<n).map { _ in repeated ? choices.randomElement(using: &rng)! : Int.random(in: 1...capacity, using: &rng) }
  return (sizes, capacity)
}

/// Calls `body` for each of 150 seeded small cases (from `seedBase`) and
/// each row count up to next fit's that brute force can reach, with the
/// fewest moves there and a label.
public func forEachSmallFewestMovesCase(
  seedBase: UInt64,
  _ body: (_ seed: UInt64, _ sizes: [Int], _ capacity: Int, _ rows: Int, _ fewest: Int, _ what: String) throws -> Void
) rethrows {
  for seed in UInt64(0)..<150 {
    var rng = SplitMix64(seed: seedBase + seed)
    let (sizes, capacity) = smallFewestMovesCase(&rng, repeated: seed % 2 == 1)
    let nextFitRows = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rowCount
    let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: nextFitRows)
    for rows in 1...nextFitRows {
      guard let expected = brute[rows] else { continue }
      try body(seed, sizes, capacity, rows, expected, "seed \(seed): \(sizes) in \(capacity), \(rows) rows, \(expected) moves")
    }
  }
}

/// A repaired layout fits at most `rows` rows (by the verifier), holds
/// every tag once, keeps its other tags in reading order and moves at
/// least the `fewest` tags brute force allows.
public func checkFewestMovesLayout(
  _ layout: (packing: Packing, moved: [Int]), sizes: [Int], capacity: Int, rows: Int, fewest: Int, _ what: String
) throws {
  XCTAssertLessThanOrEqual(layout.packing.rowCount, rows, what)
  XCTAssertEqual(verify(layout.packing, for: try Instance(widths: sizes, rowWidth: capacity)), [], what)
  XCTAssertEqual(layout.packing.rows.flatMap { $0 }.sorted(), Array(sizes.indices), what)
  let reading = layout.packing.rows.flatMap { $0 }.filter { !layout.moved.contains($0) }
  XCTAssertEqual(reading, reading.sorted(), "kept tags out of order: \(what)")
  XCTAssertGreaterThanOrEqual(layout.moved.count, fewest, what)
}

/// A seeded list of `tags` tags from 2 to 4 sizes at its fewest rows by
/// area, or `nil` unless the rows have little room to spare (at most a
/// quarter row) and are at most 4 (brute force tries rows^n assignments):
/// where the bounds' mistakes showed.
public func tightFewestMovesCase(
  _ rng: inout SplitMix64, tags: ClosedRange<Int>
) -> (sizes: [Int], capacity: Int, rows: Int)? {
  let capacity = Int.random(in: 10...30, using: &rng)
  let n = Int.random(in: tags, using: &rng)
  let choices = (0..<Int.random(in: 2...4, using: &rng)).map { _ in Int.random(in: 2...capacity / 2, using: &rng) }
  let sizes = (0..<n).map { _ in choices.randomElement(using: &rng)! }
  let rows = (sizes.reduce(0, +) + capacity - 1) / capacity
  guard rows <= 4, rows * capacity - sizes.reduce(0, +) <= capacity / 4 else { return nil }
  return (sizes, capacity, rows)
}
