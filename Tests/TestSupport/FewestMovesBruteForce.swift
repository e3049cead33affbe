import RowPacking

/// Brute force for the layout objective "fewest tags moved".

/// The fewest moves for each row count up to `maxRows`: over all
/// assignments that fit, n minus the longest non-decreasing run of row
/// indices in input order (those tags can stay in reading order).
public func bruteForceFewestMoves(sizes: [Int], capacity: Int, maxRows: Int) -> [Int: Int] {
  let n = sizes.count
  var best: [Int: Int] = [:]
  var assignment = [Int](repeating: 0, count: n)
  func visit(_ i: Int) {
    if i == n {
      var loads = [Int](repeating: 0, count: maxRows)
      for (item, r) in assignment.enumerated() { loads[r] += sizes[item] }
      guard loads.allSatisfy({ $0 <= capacity }) else { return }
      let rows = loads.filter { $0 > 0 }.count
      // Longest non-decreasing subsequence of the row indices.
      var length = [Int](repeating: 1, count: n)
      for a in 0..<n { for b in 0..<a where assignment[b] <= assignment[a] { length[a] = max(length[a], length[b] + 1) } }
      let moves = n - (length.max() ?? 0)
      for r in rows...maxRows { best[r] = min(best[r] ?? Int.max, moves) }
      return
    }
    for r in 0..<maxRows {
      assignment[i] = r
      visit(i + 1)
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
