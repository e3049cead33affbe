import RowPacking

/// The most even packing by exhaustive search, for tiny instances: every
/// partition of the items into rows (restricted growth strings), or with
/// `keepingOrder` every choice of break points; among those that fit, the
/// fewest rows, then the least cost of `measure` (primary, secondary).
public func bruteForceBalancedCost(
  sizes: [Int], capacity: Int, measure: RowEvenness, keepingOrder: Bool
) -> (rows: Int, primary: Int, secondary: Int) {
  let n = sizes.count
  var best: (rows: Int, primary: Int, secondary: Int) = (Int.max, Int.max, Int.max)
  func consider(_ loads: [Int]) {
    guard loads.allSatisfy({ $0 <= capacity }) else { return }
    let c = measure.cost(emptySpaces: loads.map { capacity - $0 })
    let candidate = (loads.count, c.primary, c.secondary)
    if candidate < best { best = candidate }
  }
  if keepingOrder {
    for mask in 0..<(1 << max(n - 1, 0)) {
      var loads = [sizes[0]]
      for i in 1..<max(n, 1) {
        if mask & (1 << (i - 1)) != 0 { loads.append(sizes[i]) } else { loads[loads.count - 1] += sizes[i] }
      }
      consider(loads)
    }
  } else {
    var loads: [Int] = []
    func place(_ i: Int) {
      if i == n { consider(loads); return }
      for r in loads.indices where loads[r] + sizes[i] <= capacity {
        loads[r] += sizes[i]; place(i + 1); loads[r] -= sizes[i]
      }
      loads.append(sizes[i]); place(i + 1); loads.removeLast()
    }
    place(0)
  }
  return best
}
