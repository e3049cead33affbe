import RowPacking

/// The minimum number of rows by exhaustive search: items by decreasing
/// size, each into an open row with room or a new one, rows opened in
/// order (no symmetric repeats), pruned by the best found. For tiny
/// instances only (it is exponential).
public func bruteForceMinimumRows(sizes: [Int], capacity: Int) -> Int {
  let items = sizes.sorted(by: >)
  var loads: [Int] = []
  var best = items.count
  func place(_ i: Int) {
    if loads.count >= best { return }
    if i == items.count { best = loads.count; return }
    var tried = Set<Int>()
    for r in loads.indices where loads[r] + items[i] <= capacity && tried.insert(loads[r]).inserted {
      loads[r] += items[i]
      place(i + 1)
      loads[r] -= items[i]
    }
    loads.append(items[i])
    place(i + 1)
    loads.removeLast()
  }
  place(0)
  return items.isEmpty ? 0 : best
}

/// Every pattern (a row as item-type indices, each type at most `bounds[t]`
/// times) whose sizes fit `capacity`: the brute-force column set of the
/// pricing and LP tests.
public func allPatterns(sizes: [Int], bounds: [Int], capacity: Int) -> [[Int]] {
  var result: [[Int]] = []
  var current: [Int] = []
  func extend(_ t: Int, room: Int) {
    if t == sizes.count { result.append(current); return }
    for a in 0...min(bounds[t], room / sizes[t]) {
      current.append(contentsOf: repeatElement(t, count: a))
      extend(t + 1, room: room - a * sizes[t])
      current.removeLast(a)
    }
  }
  extend(0, room: capacity)
  return result
}
