/// An upper bound on the tags moved for a packing's row count: hill
/// climbing over the packing's rows, moving one tag to another row or
/// swapping two tags of different rows whenever the rows still fit and more
/// tags can stay in reading order.
///
/// A packing's tags kept are read off by ``bestReadingOrder(_:)``. Sideways
/// steps (as many kept) are taken at random, a bounded number of times, to
/// cross plateaus. The row count never changes (no row is emptied).
///
/// - Complexity: O(*n*^2) neighbours per pass, each read in
///   O(*n* log *n*); passes bounded by `meter`.
func improveReadingOrder(
  _ packing: Packing, sizes: [Int], capacity: Int, meter: inout BudgetMeter, sidewaysSteps: Int = 200
) -> (packing: Packing, moved: [Int]) {
  var rows = packing.rows.filter { !$0.isEmpty }
  var loads = rows.map { $0.reduce(0) { $0 + sizes[$1] } }
  var best = bestReadingOrder(Packing(rows: rows))
  var rng = SplitMix64(seed: UInt64(sizes.count))
  var sideways = sidewaysSteps
  func kept(_ candidate: [[Int]]) -> Int { sizes.count - bestReadingOrder(Packing(rows: candidate)).moved.count }
  var current = sizes.count - best.moved.count
  while meter.tick(), meter.checkClock() {
    var improved = false
    var plateau: [([[Int]], [Int])] = []
    for a in rows.indices {
      for b in rows.indices where a != b {
        for (x, item) in rows[a].enumerated() {
          // Move `item` from row a to row b.
          if rows[a].count > 1, loads[b] + sizes[item] <= capacity {
            var candidate = rows
            candidate[a].remove(at: x)
            candidate[b].append(item)
            let k = kept(candidate)
            if k > current {
              rows = candidate; loads[a] -= sizes[item]; loads[b] += sizes[item]; current = k; improved = true
              break
            } else if k == current {
              plateau.append((candidate, [a, b]))
            }
          }
          // Swap `item` with a tag of row b (each pair once: a < b).
          guard a < b else { continue }
          for (y, other) in rows[b].enumerated() {
            let delta = sizes[other] - sizes[item]
            guard loads[a] + delta <= capacity, loads[b] - delta <= capacity else { continue }
            var candidate = rows
            candidate[a][x] = other
            candidate[b][y] = item
            let k = kept(candidate)
            if k > current {
              rows = candidate; loads[a] += delta; loads[b] -= delta; current = k; improved = true
              break
            } else if k == current, delta != 0 {
              plateau.append((candidate, [a, b]))
            }
          }
          if improved { break }
        }
        if improved { break }
      }
      if improved { break }
    }
    if improved { continue }
    guard sideways > 0, !plateau.isEmpty else { break }
    sideways -= 1
    let step = plateau[Int(rng.next() % UInt64(plateau.count))]
    rows = step.0
    loads = rows.map { $0.reduce(0) { $0 + sizes[$1] } }
  }
  best = bestReadingOrder(Packing(rows: rows))
  return best
}

/// The packing's rows in the order that keeps the most tags in reading
/// order, among rows sorted by their first, middle or last tag (each row's
/// tags sorted), with the kept tags first in each row and the moved ones
/// (outside a longest increasing run of that reading order) at its end.
///
/// - Complexity: O(*n* log *n*).
func bestReadingOrder(_ packing: Packing) -> (packing: Packing, moved: [Int]) {
  let sortedRows = packing.rows.filter { !$0.isEmpty }.map { $0.sorted() }
  var best: (packing: Packing, moved: [Int])? = nil
  let keys: [([Int]) -> Int] = [{ $0[0] }, { $0[$0.count / 2] }, { $0[$0.count - 1] }]
  for key in keys {
    let rows = sortedRows.sorted { key($0) < key($1) }
    let reading = rows.flatMap { $0 }
    let keptItems = Set(longestIncreasingSubsequence(reading))
    let moved = reading.filter { !keptItems.contains($0) }
    if best.map({ moved.count < $0.moved.count }) ?? true {
      let arranged = rows.map { row in row.filter { keptItems.contains($0) } + row.filter { !keptItems.contains($0) } }
      best = (Packing(rows: arranged), moved)
    }
  }
  return best ?? (packing, [])
}
