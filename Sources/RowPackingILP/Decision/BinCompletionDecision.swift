/// Whether the items fit in a given number of rows, decided by bin
/// completion with a waste budget: a depth-first branch and bound that
/// fills one row at a time, each row holding the largest item left and one
/// of its feasible completions (subsets of the other items that fit),
/// fullest first.
///
/// With `rows` rows of capacity C and items of total size S, the rows can
/// leave at most `rows x C - S` unused in all (the waste budget): a
/// completion that wastes more than what is left of it is never tried. The
/// budget is tiny exactly where the LP bound is not the optimum (the
/// non-IRUP instances of BPPLIB have a few units of waste in all), so the
/// search proves them infeasible quickly. Remaining item sets that failed
/// are remembered (a failed set fails again, whatever row order led to it).
///
/// R. E. Korf, "An improved algorithm for optimal bin packing", IJCAI 2003,
/// pp. 1252-1258; E. Falkenauer, "A hybrid grouping genetic algorithm for
/// bin packing", Journal of Heuristics 2:5-30, 1996 (the dominance idea).
///
/// - Complexity: exponential in the worst case; bounded by ``nodeLimit``
///   and the deadline, checked on rows and on the completions tried within a
///   row (the answer is then unknown).
struct BinCompletionDecision {
  let types: ItemTypes
  /// Search nodes (rows tried) before giving up.
  var nodeLimit = 5_000_000

  enum Answer {
    /// A packing in at most the given rows (row patterns).
    case packing([Pattern])
    /// No packing in the given rows exists: rows + 1 is a lower bound.
    case infeasible
    /// Gave up (node limit or deadline).
    case unknown
  }

  /// Decides whether the items fit in `rows` rows.
  func decide(rows: Int, until deadline: ContinuousClock.Instant) -> (answer: Answer, nodes: Int) {
    let capacity = types.capacity
    let sizes = types.sizes
    let m = types.count
    var demand = types.demands
    let total = zip(sizes, demand).reduce(0) { $0 + $1.0 * $1.1 }
    let budget = rows * capacity - total
    if budget < 0 { return (.infeasible, 0) }
    if total == 0 { return (.packing([]), 0) }
    var nodes = 0
    var steps = 0  // completions tried: the deadline is checked on them too
    var aborted = false
    var failed = Set<[Int]>()
    var chosen: [Pattern] = []
    let clock = ContinuousClock()

    /// Completions of a row already holding `load`, from types >= `from`,
    /// with waste <= `wasteLeft`: calls `body` with each (fullest first by
    /// trying larger items first). Returns true when body succeeded.
    func complete(_ row: inout Pattern, load: Int, from: Int, wasteLeft: Int, rowsLeft: Int) -> Bool {
      steps += 1
      if steps & 4095 == 0 && clock.now >= deadline { aborted = true }
      if aborted { return false }
      // Prune: even all the items left from `from` on cannot fill the row
      // to within the waste budget.
      var most = load
      var v = from
      while v < m && most < capacity {
        most += demand[v] * sizes[v]
        v += 1
      }
      if most < capacity - wasteLeft { return false }
      // Try to add more items (larger types first).
      var t = from
      while t < m {
        if demand[t] > 0 && load + sizes[t] <= capacity {
          demand[t] -= 1
          row.append(t)
          if complete(&row, load: load + sizes[t], from: t, wasteLeft: wasteLeft, rowsLeft: rowsLeft) {
            return true
          }
          row.removeLast()
          demand[t] += 1
          if aborted { return false }
        }
        t += 1
      }
      // Close the row here if its waste fits the budget and no item left
      // fits in it (a row that could take one more item is dominated: moving
      // that item into it keeps any packing valid).
      let waste = capacity - load
      var smallest = Int.max
      var u = m - 1
      while u >= 0 { if demand[u] > 0 { smallest = sizes[u]; break }; u -= 1 }
      if waste <= wasteLeft && smallest > waste {
        chosen.append(row)
        if search(rowsLeft: rowsLeft - 1, wasteLeft: wasteLeft - waste) { return true }
        chosen.removeLast()
      }
      return false
    }

    func search(rowsLeft: Int, wasteLeft: Int) -> Bool {
      guard let first = demand.firstIndex(where: { $0 > 0 }) else { return true }
      if rowsLeft == 0 { return false }
      nodes += 1
      if nodes > nodeLimit || (nodes & 1023 == 0 && clock.now >= deadline) { aborted = true }
      if aborted { return false }
      if failed.contains(demand) { return false }
      demand[first] -= 1
      var row: Pattern = [first]
      let found = complete(&row, load: sizes[first], from: first, wasteLeft: wasteLeft, rowsLeft: rowsLeft)
      demand[first] += 1
      if found { return true }
      if !aborted && failed.count < 2_000_000 { failed.insert(demand) }
      return false
    }

    if search(rowsLeft: rows, wasteLeft: budget) { return (.packing(chosen), nodes) }
    return (aborted ? .unknown : .infeasible, nodes)
  }
}

extension BinCompletionDecision.Answer {
  /// One word for logs: "packing", "infeasible" or "unknown".
  var summary: String {
    switch self {
    case .packing: "packing"
    case .infeasible: "infeasible"
    case .unknown: "unknown"
    }
  }
}
