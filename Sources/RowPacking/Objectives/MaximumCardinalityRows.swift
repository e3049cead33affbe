/// The most tags that fit in at most N rows with a "+k more" chip, and which
/// tags are hidden.
///
/// The chip stands at the end of the last row and its width depends on `k`,
/// the number of hidden tags ("+3 more" is narrower than "+12 more"); there
/// is no chip when nothing is hidden. Tags may carry priorities: then the
/// sum of the shown tags' priorities is maximised (all priorities 1: the
/// number of tags shown).
public struct LimitedRows: Sendable, Hashable {
  /// The shown tags, rows top to bottom (item indices of the instance; the
  /// chip is not an item).
  public var packing: Packing
  /// The row the chip ends: the packing's last row, or a row of its own
  /// below them (`packing.rowCount`) when it does not fit there; `nil` when
  /// nothing is hidden.
  public var chipRow: Int?
  /// The hidden tags, in increasing index order.
  public var hiddenItems: [Int]
  /// The chip's width for the hidden count, in points; `nil` when nothing is hidden.
  public var chipWidth: Double?
  /// The row limit N.
  public var maxRows: Int
  /// Whether the shown tags keep their given order (a flow layout).
  public var keepsOrder: Bool
  /// The sum of the shown tags' priorities (their number without priorities).
  public var shownValue: Int
  /// A proven upper bound on ``shownValue``: no layout under the same rule
  /// shows more. Equal to it when the answer is proven.
  public var valueUpperBound: Int
  /// States or search nodes examined.
  public var nodes: Int

  /// The number of hidden tags (the `k` of "+k more").
  public var hiddenCount: Int { hiddenItems.count }
  /// The rows used, the chip's included.
  public var rowCount: Int { Swift.max(packing.rowCount, (chipRow ?? -1) + 1) }
  /// The rows with the chip as item `n` (the instance's count) at the end of its row.
  public var rowsWithChip: [[Int]] {
    var rows = packing.rows
    if let chipRow {
      if chipRow == rows.count { rows.append([]) }
      rows[chipRow].append(packing.itemCount + hiddenCount)
    }
    return rows
  }
  /// Whether no layout under the same rule shows more (by count or priority).
  public var isProven: Bool { shownValue == valueUpperBound }
  /// "optimal" when proven, else what is known.
  public var statusText: String {
    isProven
      ? "optimal (no layout in \(maxRows) row\(maxRows == 1 ? "" : "s") shows more)"
      : "best found within the budget; at most \(valueUpperBound) possible"
  }
}

/// Why a row-limited layout cannot be asked for.
public enum RowLimitError: Error, Hashable, Sendable, CustomStringConvertible {
  case noRows(Int)
  case chipTooWide(hidden: Int, width: Double, rowWidth: Double)
  case invalidChipWidth(hidden: Int, width: Double)
  case priorityCount(priorities: Int, items: Int)
  case invalidPriority(item: Int, priority: Int)

  public var description: String {
    switch self {
    case .noRows(let n): return "the row limit is \(n); it must be at least 1"
    case .chipTooWide(let k, let w, let r):
      return "the chip for \(k) hidden tag\(k == 1 ? "" : "s") is \(w) pt wide, wider than the row (\(r) pt)"
    case .invalidChipWidth(let k, let w): return "the chip width for \(k) hidden is \(w); it must be a finite number >= 0"
    case .priorityCount(let p, let n): return "\(p) priorities for \(n) tags; give one per tag"
    case .invalidPriority(let item, let p): return "tag \(item) has priority \(p); priorities are whole numbers >= 0"
    }
  }
}

/// Shows as many tags as possible (or the most valuable) in at most
/// `maxRows` rows, keeping room on the last row for a "+k more" chip.
///
/// - With the order kept, the shown tags are a subsequence of the input laid
///   out by flow (next-fit), the chip after them. Hidden tags may be any, not
///   only the last ones: skipping one wide tag can show several narrow ones.
///   A dynamic programme over the items keeps, for each number of shown
///   tags, the Pareto set of (value, flow state): next-fit's state (rows,
///   load) is monotone, so a state with fewer rows, or as many and less
///   load, is never worse. Exact.
/// - Reordered, without priorities, this is *maximum cardinality bin
///   packing* (Labbé, Laporte and Martello, 2003): if any `m` tags fit, the
///   `m` narrowest fit too (swap each for a narrower one), so the answer is
///   the largest `m` such that the `m` narrowest tags and the chip for
///   `n - m` fit in N rows, each decided by ``solveOptimally(_:budget:)``.
///   With priorities it is a multiple knapsack problem (Martello and Toth,
///   1990), solved by a depth-first branch and bound over the tags by
///   priority whose leaves are decided the same way.
///
/// Fractional widths are scaled as everywhere (packings on sizes rounded
/// up); the upper bound comes from the same search on sizes rounded down
/// (order kept) or from solver bounds (reordered), so "proven" holds for
/// the true widths. The layout, chip included, is verified before it is
/// returned.
///
/// - Parameters:
///   - instance: the tags' widths, the row width and the spacing.
///   - maxRows: N, at least 1.
///   - chipWidth: the chip's width in points for `k` hidden tags, `k` in `1...n`.
///   - priorities: one whole number >= 0 per tag, or `nil` to count tags.
///   - keepingOrder: whether the shown tags keep their order (a flow layout).
///   - budget: how long the reordered searches may run.
///   - resolution: units per point for fractional widths; `nil` chooses.
/// - Throws: ``RowLimitError`` for bad options, ``InstanceError`` for bad
///   widths, ``PackingFailure`` if the layout does not verify (a bug).
/// - Complexity: order kept, O(*n*^2 *P*) with *P* the largest Pareto set
///   (1 without priorities); reordered, at most *n* + 1 exact solves, or
///   exponential with priorities, bounded by `budget`.
public func limitRows(
  _ instance: Instance, maxRows: Int, chipWidth: (Int) -> Double, priorities: [Int]? = nil,
  keepingOrder: Bool = true, budget: SearchBudget = SearchBudget(), resolution: Int? = nil
) throws -> LimitedRows {
  let n = instance.count
  guard maxRows >= 1 else { throw RowLimitError.noRows(maxRows) }
  if let priorities {
    guard priorities.count == n else { throw RowLimitError.priorityCount(priorities: priorities.count, items: n) }
    if let bad = priorities.firstIndex(where: { $0 < 0 }) { throw RowLimitError.invalidPriority(item: bad, priority: priorities[bad]) }
  }
  let chips = n == 0 ? [] : (1...n).map(chipWidth)
  for (i, w) in chips.enumerated() {
    guard w.isFinite, w >= 0 else { throw RowLimitError.invalidChipWidth(hidden: i + 1, width: w) }
    guard w <= instance.rowWidth else { throw RowLimitError.chipTooWide(hidden: i + 1, width: w, rowWidth: instance.rowWidth) }
  }
  // Items and chips scaled together, so that both round the same way.
  let combined = try Instance(
    name: instance.name, widths: instance.widths + chips, rowWidth: instance.rowWidth, spacing: instance.spacing)
  let q = resolution ?? combined.automaticResolution()
  let scaled = try combined.scaled(resolution: q)
  let values = priorities ?? [Int](repeating: 1, count: n)

  var limited: LimitedRows
  if keepingOrder {
    let search = OrderKeptRowLimit(
      sizes: Array(scaled.sizes[0..<n]), chips: Array(scaled.sizes[n...]), capacity: scaled.capacity,
      maxRows: maxRows, values: values)
    let found = search.run()
    var upper = found.value
    var nodes = found.nodes
    if !scaled.isExact {
      let relaxed = OrderKeptRowLimit(
        sizes: Array(scaled.boundSizes[0..<n]), chips: Array(scaled.boundSizes[n...]),
        capacity: scaled.boundCapacity, maxRows: maxRows, values: values
      ).run()
      upper = relaxed.value
      nodes += relaxed.nodes
    }
    // The shown tags by flow, the chip after them.
    let shownSizes = found.shown.map { scaled.sizes[$0] }
    let flow = NextFit.rowStarts(sizes: shownSizes, capacity: scaled.capacity)
    var rows: [[Int]] = []
    for r in 0..<(flow.count - 1) { rows.append(Array(found.shown[flow[r]..<flow[r + 1]])) }
    let k = n - found.shown.count
    var chipRow: Int? = nil
    if k > 0 {
      let lastLoad = rows.last.map { $0.reduce(0) { $0 + scaled.sizes[$1] } } ?? scaled.capacity
      chipRow = lastLoad + scaled.sizes[n + k - 1] <= scaled.capacity ? rows.count - 1 : rows.count
    }
    limited = LimitedRows(
      packing: Packing(rows: rows), chipRow: chipRow, hiddenItems: complement(found.shown, n), chipWidth: nil, maxRows: maxRows,
      keepsOrder: true, shownValue: found.value, valueUpperBound: Swift.max(upper, found.value), nodes: nodes)
  } else {
    let search = ReorderedRowLimit(instance: instance, chips: chips, resolution: q, maxRows: maxRows, values: values, budget: budget)
    limited = search.run(countOnly: priorities == nil)
  }
  let k = limited.hiddenItems.count
  limited.chipWidth = k > 0 ? chips[k - 1] : nil
  // Verify the layout with the chip as an item at the end of its row.
  let rows = limited.rowsWithChip
  guard rows.count <= maxRows else {
    throw PackingFailure(status: .wrong("\(rows.count) rows exceed the limit of \(maxRows)"))
  }
  let withChip = try Instance(widths: instance.widths + [k > 0 ? chips[k - 1] : 0], rowWidth: instance.rowWidth, spacing: instance.spacing)
  let violations = verify(Packing(rows: rows), for: withChip).filter {
    // The chip stands for the hidden tags, which are in no row; without a chip, item n is unused.
    if case .missingItem(let item) = $0 { return !(limited.hiddenItems.contains(item) || (k == 0 && item == n)) }
    return true
  }
  if !violations.isEmpty {
    throw PackingFailure(status: .wrong("row-limited layout does not verify: \(violations.prefix(3).map(\.description).joined(separator: "; "))"))
  }
  return limited
}

/// Shows as many tags as possible in at most `maxRows` rows with a chip
/// "+k more": the app entry point of ``limitRows(_:maxRows:chipWidth:priorities:keepingOrder:budget:resolution:)``.
///
/// ```swift
/// let limited = try packRowsLimited(widths: [96.5, 120, 64, 150, 88], rowWidth: 358, spacing: 8,
///                                   maxRows: 1, chipWidth: { k in k < 10 ? 62 : 70 })
/// let rows = limited.packing.rows     // shown tags; the chip goes at the end of the last row
/// let hidden = limited.hiddenItems    // the tags behind "+\(hidden.count) more"
/// ```
public func packRowsLimited(
  widths: [Double], rowWidth: Double, spacing: Double = 0, maxRows: Int, chipWidth: (Int) -> Double,
  priorities: [Int]? = nil, keepingOrder: Bool = true, budget: SearchBudget = SearchBudget()
) throws -> LimitedRows {
  try limitRows(
    try Instance(widths: widths, rowWidth: rowWidth, spacing: spacing), maxRows: maxRows, chipWidth: chipWidth,
    priorities: priorities, keepingOrder: keepingOrder, budget: budget)
}

private func complement(_ shown: [Int], _ n: Int) -> [Int] {
  var isShown = [Bool](repeating: false, count: n)
  for i in shown { isShown[i] = true }
  return (0..<n).filter { !isShown[$0] }
}

/// The order-kept row limit: a dynamic programme over the items with, for
/// each number of shown tags, the Pareto set of (value, rows, load).
struct OrderKeptRowLimit {
  let sizes: [Int]
  /// The chip's size for k hidden at `chips[k - 1]`.
  let chips: [Int]
  let capacity: Int
  let maxRows: Int
  let values: [Int]

  private struct State {
    var value: Int
    var rows: Int
    var load: Int
    /// The state this one extends (-1 for the start) and the item it adds.
    var parent: Int
    var item: Int
  }

  /// The best value, the shown items in order, and the states made.
  func run() -> (value: Int, shown: [Int], nodes: Int) {
    let n = sizes.count
    var states = [State(value: 0, rows: 1, load: 0, parent: -1, item: -1)]
    // frontier[m]: indices of the non-dominated states with m tags shown.
    var frontier: [[Int]] = [[0]] + [[Int]](repeating: [], count: n)
    for item in 0..<n {
      let size = sizes[item]
      for m in stride(from: item, through: 0, by: -1) where !frontier[m].isEmpty {
        for index in frontier[m] {
          let s = states[index]
          var next = State(value: s.value + values[item], rows: s.rows, load: s.load + size, parent: index, item: item)
          if next.load > capacity { next.rows += 1; next.load = size }
          guard next.rows <= maxRows else { continue }
          Self.insert(next, into: &frontier[m + 1], states: &states)
        }
      }
    }
    // Close with the chip for the hidden count.
    var best = -1, bestValue = -1
    for m in 0...n {
      let k = n - m
      for index in frontier[m] {
        let s = states[index]
        if k > 0 {
          let rows = s.load + chips[k - 1] > capacity ? s.rows + 1 : s.rows
          guard rows <= maxRows else { continue }
        }
        if s.value > bestValue || (s.value == bestValue && m > (best < 0 ? -1 : shownCount(best, states))) {
          best = index
          bestValue = s.value
        }
      }
    }
    var shown: [Int] = []
    var index = best
    while index > 0 {
      shown.append(states[index].item)
      index = states[index].parent
    }
    return (Swift.max(bestValue, 0), shown.reversed(), states.count)
  }

  private func shownCount(_ index: Int, _ states: [State]) -> Int {
    var count = 0, i = index
    while i > 0 { count += 1; i = states[i].parent }
    return count
  }

  /// Adds `state` unless a state of the set is at least as good in value
  /// and flow (fewer rows, or as many and no more load); removes those it beats.
  private static func insert(_ state: State, into set: inout [Int], states: inout [State]) {
    func flowAtMost(_ a: State, _ b: State) -> Bool { a.rows < b.rows || (a.rows == b.rows && a.load <= b.load) }
    for i in set {
      let other = states[i]
      if other.value >= state.value && flowAtMost(other, state) { return }
    }
    set.removeAll { i in
      let other = states[i]
      return state.value >= other.value && flowAtMost(state, other)
    }
    states.append(state)
    set.append(states.count - 1)
  }
}

/// The reordered row limit: exact decisions "do these tags and this chip
/// fit in N rows?" by the exact solver.
struct ReorderedRowLimit {
  let instance: Instance
  let chips: [Double]
  let resolution: Int
  let maxRows: Int
  let values: [Int]
  let budget: SearchBudget

  private enum Decision { case fits(Packing, chipRow: Int?), doesNotFit, unknown }

  private let clock = ContinuousClock()

  /// Whether `items` and the chip for `hidden` fit in `maxRows` rows; the
  /// packing (item indices of the instance) with the chip's row last.
  private func decide(_ items: [Int], hidden: Int, deadline: ContinuousClock.Instant?, nodes: inout Int) -> Decision {
    let widths = items.map { instance.widths[$0] } + (hidden > 0 ? [chips[hidden - 1]] : [])
    if widths.isEmpty { return .fits(Packing(rows: []), chipRow: nil) }
    guard let sub = try? Instance(widths: widths, rowWidth: instance.rowWidth, spacing: instance.spacing),
      let scaled = try? sub.scaled(resolution: resolution)
    else { return .unknown }
    // L1 on the bound sizes: no search needed when the area is too large.
    let area = scaled.boundSizes.reduce(0, +)
    if area > maxRows * scaled.boundCapacity { return .doesNotFit }
    var left = budget
    if let deadline { left.timeLimit = Swift.max(deadline - clock.now, .zero) }
    let outcome = solveOptimally(scaled, budget: left)
    nodes += outcome.nodes
    if outcome.packing.rowCount <= maxRows {
      var rows = outcome.packing.rows
      var chipRow: Int? = nil
      if hidden > 0 {
        // The chip's row goes last, the chip at its end.
        let chip = widths.count - 1
        let r = rows.firstIndex { $0.contains(chip) }!
        var withChip = rows.remove(at: r)
        withChip.removeAll { $0 == chip }
        if withChip.isEmpty { chipRow = rows.count } else { rows.append(withChip); chipRow = rows.count - 1 }
      }
      return .fits(Packing(rows: rows.map { $0.map { items[$0] } }), chipRow: chipRow)
    }
    return outcome.lowerBound.value > maxRows ? .doesNotFit : .unknown
  }

  func run(countOnly: Bool) -> LimitedRows {
    let n = instance.count
    let deadline = budget.timeLimit.map { clock.now + $0 }
    var nodes = 0
    // Narrowest first (ties by index): the m narrowest are the best m to show.
    let narrowest = (0..<n).sorted { (instance.widths[$0], $0) < (instance.widths[$1], $1) }
    if countOnly {
      var upper: Int? = nil
      for m in stride(from: n, through: 0, by: -1) {
        switch decide(Array(narrowest[0..<m]), hidden: n - m, deadline: deadline, nodes: &nodes) {
        case .fits(let packing, let chipRow):
          return LimitedRows(
            packing: packing, chipRow: chipRow, hiddenItems: complement(Array(narrowest[0..<m]), n), chipWidth: nil, maxRows: maxRows,
            keepsOrder: false, shownValue: m, valueUpperBound: upper ?? m, nodes: nodes)
        case .doesNotFit: continue
        case .unknown: if upper == nil { upper = m }
        }
      }
      return LimitedRows(
        packing: Packing(rows: []), chipRow: n > 0 ? 0 : nil, hiddenItems: Array(0..<n), chipWidth: nil, maxRows: maxRows, keepsOrder: false,
        shownValue: 0, valueUpperBound: upper ?? 0, nodes: nodes)
    }
    // Priorities: depth-first over the tags by priority (then narrowest),
    // include before exclude; a set is decided only when its value could
    // beat the best, and a set that does not fit is not extended.
    let order = (0..<n).sorted { (-values[$0], instance.widths[$0], $0) < (-values[$1], instance.widths[$1], $1) }
    var best: (value: Int, shown: [Int], packing: Packing, chipRow: Int?) = (0, [], Packing(rows: []), n > 0 ? 0 : nil)
    var suffixValue = [Int](repeating: 0, count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) { suffixValue[i] = suffixValue[i + 1] + values[order[i]] }
    // One node per decision: the budget's node limit bounds the decisions,
    // its time limit the whole search.
    var meter = BudgetMeter(budget, start: clock.now)
    var unknownUpper = 0
    var chosen: [Int] = []
    func search(_ depth: Int, _ value: Int) {
      if meter.isExhausted { return }
      if value + suffixValue[depth] <= best.value { return }
      if depth == n { return }
      guard meter.tick(), meter.checkClock() else { return }
      let item = order[depth]
      chosen.append(item)
      let hidden = n - chosen.count
      // Deciding with the chip for the hidden count now; showing more later
      // changes the chip, so each extension is decided again.
      switch decide(chosen, hidden: hidden, deadline: deadline, nodes: &nodes) {
      case .fits(let packing, let chipRow):
        if value + values[item] > best.value { best = (value + values[item], chosen, packing, chipRow) }
        search(depth + 1, value + values[item])
      case .doesNotFit:
        // A chip for fewer hidden tags may be narrower: keep extending.
        search(depth + 1, value + values[item])
      case .unknown:
        unknownUpper = Swift.max(unknownUpper, value + suffixValue[depth])
      }
      chosen.removeLast()
      search(depth + 1, value)
    }
    search(0, 0)
    let upper = meter.isExhausted ? Swift.max(best.value, values.reduce(0, +)) : Swift.max(best.value, unknownUpper)
    return LimitedRows(
      packing: best.packing, chipRow: best.chipRow, hiddenItems: complement(best.shown, n), chipWidth: nil, maxRows: maxRows,
      keepsOrder: false, shownValue: best.value, valueUpperBound: upper, nodes: nodes)
  }
}
