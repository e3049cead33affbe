extension FewestMovesColumnGeneration {
  /// The share of the time for the root's relaxation.
  static var rootShare: Double { 0.5 }

  /// A layout and the tags it moves.
  typealias Layout = (packing: Packing, moved: [Int])

  /// A lower bound on the moves for ``rows`` rows and a layout with fewer
  /// moves than `upper` (any number without it) if one is found: the
  /// root's bound, dives over it, then branch and price on whether each
  /// tag is kept. A bound of 0 if `meter` runs out before the first bound.
  mutating func fewestMoves(upper: Layout?, meter: inout BudgetMeter) -> (lowerBound: Int, layout: Layout?) {
    let n = sizes.count
    if let upper { addRows(of: upper) }
    let start = Subproblem(tags: n, rows: rows)
    // The root within half the time: where it does not converge (rows of
    // many tags make pricing slow), the rest goes back to the caller's
    // searches.
    var rootMeter = meter.share(Self.rootShare)
    let solved = solve(start, meter: &rootMeter)
    meter.absorb(rootMeter)
    guard let root = solved else { return (0, nil) }
    var lowerBound = min(n - root.keptUpperBound, n)
    var best: Layout? = nil
    var mostKept = upper.map { n - $0.moved.count } ?? -1
    if n - lowerBound <= mostKept || !root.converged { return (lowerBound, nil) }
    // Dives with 0 and 1 discrepancies (Harvey and Ginsberg 1995): a
    // discrepancy fixes another row of the solution than the largest.
    // (More took the tree's time and found nothing better; 060.)
    for discrepancies in 0...1 {
      if let layout = dive(start, relaxation: root, discrepancies: discrepancies, mostKept: mostKept, meter: &meter) {
        best = layout
        mostKept = n - layout.moved.count
        if n - lowerBound <= mostKept { return (lowerBound, best) }
      }
      if !meter.checkClock() { return (lowerBound, best) }
    }
    // No dive met the bound: the tree decides whether more than
    // `mostKept` tags can be kept.
    if let proven = branchAndPrice(start, root: root, mostKept: &mostKept, best: &best, meter: &meter) {
      lowerBound = max(lowerBound, proven)
    }
    return (lowerBound, best)
  }

  /// A layout keeping more than `mostKept` tags below `state`, fixing the
  /// rows `relaxation` uses; `nil` if none is found.
  mutating func dive(
    _ state: Subproblem, relaxation: Relaxation, discrepancies: Int, mostKept: Int, meter: inout BudgetMeter
  ) -> Layout? {
    guard relaxation.feasible, relaxation.converged, !relaxation.solution.isEmpty,
      state.keptFixed + relaxation.keptUpperBound > mostKept
    else { return nil }
    let ranked = relaxation.solution.sorted { $0.value > $1.value }
    for choice in 0...min(discrepancies, ranked.count - 1) {
      var child = state
      if choice == 0 && ranked[0].value > 1 - 1e-6 {
        for entry in ranked where entry.value > 1 - 1e-6 { child.fix(pool[entry.row]) }
      } else {
        child.fix(pool[ranked[choice].row])
      }
      if !child.active.contains(true) { return layout(child.fixed, mostKept: mostKept) }
      guard child.rowsLeft > 0, meter.checkClock() else { continue }
      guard let next = solve(child, meter: &meter) else { return nil }
      if let found = dive(child, relaxation: next, discrepancies: discrepancies - choice, mostKept: mostKept, meter: &meter) {
        return found
      }
    }
    return nil
  }

  /// Branch and price on whether a tag is kept (its kept share in the LP
  /// is fractional): one branch moves it, the other keeps it. A node whose
  /// bound keeps at most `mostKept` tags is cut; a node whose tags are all
  /// kept or moved whole is dived, and if that finds no better layout the
  /// tree cannot decide (it returns `nil`). Returns the fewest moves proven
  /// when every node is cut, also after layouts found on the way raised
  /// `mostKept`.
  mutating func branchAndPrice(
    _ start: Subproblem, root: Relaxation, mostKept: inout Int, best: inout Layout?, meter: inout BudgetMeter
  ) -> Int? {
    let n = sizes.count
    var open: [(Subproblem, Relaxation?)] = [(start, root)]
    while let (node, known) = open.popLast() {
      guard meter.checkClock(), let relaxation = known ?? solve(node, meter: &meter), relaxation.converged else { return nil }
      // Only the bound cuts: artificials left in the LP prove nothing (its
      // duals may need more than their cost where the rows are tight).
      if relaxation.keptUpperBound <= mostKept { continue }
      var keptShare = [Double](repeating: 0, count: n)
      for (row, value) in relaxation.solution { for i in pool[row].kept { keptShare[i] += value } }
      let fractional = (0..<n).filter { keptShare[$0] > 1e-6 && keptShare[$0] < 1 - 1e-6 }
      guard let tag = fractional.min(by: { abs(keptShare[$0] - 0.5) < abs(keptShare[$1] - 0.5) }) else {
        guard let layout = dive(node, relaxation: relaxation, discrepancies: 1, mostKept: mostKept, meter: &meter) else { return nil }
        best = layout
        mostKept = n - layout.moved.count
        open.append((node, relaxation))  // decided again against the new layout
        continue
      }
      var moved = node, kept = node
      moved.mayKeep[tag] = false
      kept.mustKeep[tag] = true
      open.append((moved, nil))
      open.append((kept, nil))
    }
    return n - mostKept
  }

  /// The layout of `fixed`: rows with kept tags in the order of their
  /// spans, then the others; `nil` unless it keeps more than `mostKept`.
  func layout(_ fixed: [FewestMovesRow], mostKept: Int) -> Layout? {
    let n = sizes.count
    let ordered = fixed.sorted { ($0.span?.lowerBound ?? n) < ($1.span?.lowerBound ?? n) }
    let reading = ordered.flatMap { $0.kept + $0.moved }
    let kept = Set(longestIncreasingSubsequence(reading))
    guard kept.count > mostKept else { return nil }
    let moved = reading.filter { !kept.contains($0) }.sorted()
    return (packing: Packing(rows: ordered.map { $0.kept + $0.moved }), moved: moved)
  }
}
