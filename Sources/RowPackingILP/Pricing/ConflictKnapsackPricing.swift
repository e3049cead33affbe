import RowPacking

/// Exact pricing at a branch-and-price node: a 0-1 knapsack with conflicts.
///
/// The pricing problem of branch-and-price with Ryan–Foster branching:
///
///     maximise sum_g w_g a_g  s.t.  sum_g size_g a_g <= C,  a_g + a_h <= 1 for each conflict {g, h},  a_g in {0, 1},
///
/// over the items of a node (items that must share a row are merged into
/// one, see ``RyanFosterBranchAndPrice``), for integer weights (the duals
/// scaled), so that the maximum is exact and the node's bound from it a
/// proof. The conflicts make it no plain knapsack: a dynamic programme over
/// the capacities alone no longer prices exactly.
///
/// Exact by a depth-first branch and bound over the items in a conflict
/// (the conflict items), each node bounded by a dynamic programme over the
/// capacities that ignores the conflicts not yet settled: `suffix[k][c]`
/// is the best knapsack value within capacity `c` of the conflict items
/// from position `k` on together with all the other items. The value so far
/// plus that table is an upper bound; at a leaf it is exact (the other
/// items are in no conflict), and the other items' table gives their part
/// of the row (the same scheme as ``SubsetRowCutPricing``; Vance, Barnhart,
/// Johnson and Nemhauser, Computational Optimization and Applications 3,
/// 1994, price the "apart" branches of binary cutting stock the same way:
/// a knapsack whose conflicts are settled by branching).
///
/// - Complexity: the tables take O(conflict items x C) time and memory (the
///   other items' table O(items x C) time and bits); the search is
///   exponential in the conflict items in the worst case, O(conflicts of
///   the item) per node.
struct ConflictKnapsackPricing {
  let sizes: [Int]
  let capacity: Int
  /// The items each item may not share a row with (symmetric).
  let conflicts: [[Int]]
  /// Nil: every row; else only rows that leave at most this much of the
  /// capacity empty (0: exactly full), items of weight 0 included as they
  /// may fill the row (``KnapsackPricing/Table/init(weights:bounds:candidates:sizes:capacity:wasteBudget:)``).
  /// The maximum is then over those rows, or 0 with the empty row when
  /// none is worth more (an upper bound all the same).
  let wasteBudget: Int?
  /// Where set, the other rows are diversified (``KnapsackPricing/othersPerType``),
  /// and where the search leaves room among them, the best rows of the
  /// items in no conflict or cut, read from its table, fill it.
  var othersPerType: Int? = nil

  /// The best row and its value.
  struct Answer {
    /// The maximum.
    var value: Int
    /// Item indices, increasing.
    var items: [Int]
    /// Other rows found on the way worth more than the threshold, the best
    /// not among them.
    var others: [[Int]] = []
    /// Search nodes.
    var nodes = 0
  }

  /// - Parameters:
  ///   - sizes: the items' sizes (positive).
  ///   - capacity: the row capacity.
  ///   - conflicts: pairs of items that may not share a row.
  ///   - wasteBudget: the most capacity a row may leave empty (nil: any).
  init(sizes: [Int], capacity: Int, conflicts: [(Int, Int)], wasteBudget: Int? = nil) {
    self.sizes = sizes
    self.capacity = capacity
    self.wasteBudget = wasteBudget
    var lists = [[Int]](repeating: [], count: sizes.count)
    for (g, h) in conflicts where g != h {
      lists[g].append(h)
      lists[h].append(g)
    }
    self.conflicts = lists
  }

  /// Whether `items` (distinct) fit in a row and hold no conflict.
  ///
  /// - Complexity: O(items x conflicts per item).
  func allows(_ items: [Int]) -> Bool {
    guard items.reduce(0, { $0 + sizes[$1] }) <= capacity else { return false }
    let set = Set(items)
    return items.allSatisfy { g in conflicts[g].allSatisfy { !set.contains($0) } }
  }

  /// The row of largest weight (exact), or `nil` when `deadline` passed
  /// first.
  ///
  /// - Parameters:
  ///   - weights: the items' integer weights (those at most 0 never enter
  ///     a best row).
  ///   - threshold: rows worth more than this go into ``Answer/others``,
  ///     at most `others` of them (the table's best row per item without
  ///     conflicts, else the best rows the search replaced).
  func best(weights: [Int], threshold: Int = .max, others: Int = 0, until deadline: ContinuousClock.Instant) -> Answer? {
    let candidates = sizes.indices.filter { weights[$0] >= leastWeight && sizes[$0] <= capacity }
    let isCandidate = Set(candidates)
    let conflictItems = candidates.filter { g in conflicts[g].contains { isCandidate.contains($0) } }
      .sorted { weights[$0] * sizes[$1] > weights[$1] * sizes[$0] }
    let inConflict = Set(conflictItems)
    let rest = candidates.filter { !inConflict.contains($0) }
    let ones = [Int](repeating: 1, count: sizes.count)
    let restTable = KnapsackPricing.Table(
      weights: weights, bounds: ones, candidates: rest, sizes: sizes, capacity: capacity, wasteBudget: wasteBudget)
    if conflictItems.isEmpty {
      // A knapsack: its table gives the best row holding each item besides.
      guard restTable.best[capacity] > 0 else { return Answer(value: 0, items: []) }
      let row = restTable.pattern(room: capacity)
      let more = others == 0 ? [] : KnapsackPricing.patternsPerType(
        table: restTable, weights: weights, bounds: ones, candidates: rest, sizes: sizes, capacity: capacity,
        threshold: threshold, limit: others, perType: othersPerType)
      return Answer(value: restTable.best[capacity], items: row.sorted(), others: more.map { $0.sorted() }.filter { $0 != row.sorted() })
    }
    return branchAndBound(
      special: conflictItems, rest: rest, weights: weights, restTable: restTable, cutCounts: [], cutWeights: [],
      threshold: threshold, others: others, until: deadline)
  }

  /// The least weight of an item that may enter a row: 1, or 0 with a
  /// waste budget (an item worth nothing may fill the row).
  var leastWeight: Int { wasteBudget == nil ? 1 : 0 }

  /// The exact search over the items in a conflict or a cut, bounded by knapsack tables.
  ///
  /// A depth-first branch and bound over the `special` items (those in
  /// a conflict, and with subset-row cuts those in a cut of negative
  /// weight), in their order, the other items' (`rest`) knapsack `restTable` at the
  /// leaves: each node is bounded by its value so far (the cuts' floor
  /// terms for the items chosen included) plus the best of the special
  /// items from there on with the other items, cuts and conflicts ignored;
  /// at a leaf the other items are in no conflict and no cut, and their
  /// table is exact. `cutCounts[g]` lists the cuts of weight below 0
  /// holding item `g` and how many of its items (empty without cuts).
  /// Nil when `deadline` passed first.
  ///
  /// - Complexity: O(special items x C) for the tables; the search
  ///   exponential in the special items in the worst case, O(conflicts and
  ///   cuts of the item) per node.
  func branchAndBound(
    special: [Int], rest: [Int], weights: [Int], restTable: KnapsackPricing.Table,
    cutCounts: [[(cut: Int, count: Int)]], cutWeights: [Int], threshold: Int, others: Int,
    until deadline: ContinuousClock.Instant
  ) -> Answer? {
    var suffix = [[Int]](repeating: [], count: special.count + 1)
    suffix[special.count] = restTable.best
    for k in stride(from: special.count - 1, through: 0, by: -1) {
      let g = special[k]
      suffix[k] = SubsetRowCutPricing.adding(type: g, to: suffix[k + 1], weight: weights[g], size: sizes[g], copies: 1)
    }
    let noCuts: [(cut: Int, count: Int)] = []
    var best = Answer(value: 0, items: [])
    var found: [[Int]] = []
    var chosen: [Int] = []
    // How many chosen items forbid each item.
    var blocked = [Int](repeating: 0, count: sizes.count)
    var cutSums = [Int](repeating: 0, count: cutWeights.count)
    var nodes = 0
    var outOfTime = false
    let clock = ContinuousClock()

    func leafRow(room: Int) -> [Int] { (restTable.pattern(room: room) + chosen).sorted() }
    func search(_ k: Int, room: Int, value: Int) {
      nodes += 1
      if nodes & 1023 == 0 && clock.now >= deadline { outOfTime = true }
      if outOfTime { return }
      if value + suffix[k][room] <= best.value { return }
      if k == special.count {
        // Past the bound test, the leaf is better than the best so far;
        // the best it replaces becomes another column.
        if best.value > threshold && !best.items.isEmpty && found.count < others { found.append(best.items) }
        best = Answer(value: value + restTable.best[room], items: leafRow(room: room))
        return
      }
      let g = special[k]
      if blocked[g] == 0 && sizes[g] <= room {
        let cuts = cutCounts.isEmpty ? noCuts : cutCounts[g]
        var gained = weights[g]
        for (c, m) in cuts { gained += cutWeights[c] * ((cutSums[c] + m) / 2 - cutSums[c] / 2) }
        chosen.append(g)
        for h in conflicts[g] { blocked[h] += 1 }
        for (c, m) in cuts { cutSums[c] += m }
        search(k + 1, room: room - sizes[g], value: value + gained)
        for (c, m) in cuts { cutSums[c] -= m }
        for h in conflicts[g] { blocked[h] -= 1 }
        chosen.removeLast()
      }
      search(k + 1, room: room, value: value)
    }
    search(0, room: capacity, value: 0)
    if outOfTime { return nil }
    // Without repeats, in the order found (a Set's order is seeded anew
    // in every process: the tree's columns must not differ from run to run).
    var seen: Set<[Int]> = [best.items, []]
    best.others = found.filter { seen.insert($0).inserted }
    if let othersPerType, best.others.count < others {
      // Rows of the unconstrained items alone: each valid whatever the conflicts and cuts.
      let more = KnapsackPricing.patternsPerType(
        table: restTable, weights: weights, bounds: [Int](repeating: 1, count: sizes.count), candidates: rest,
        sizes: sizes, capacity: capacity, threshold: threshold, limit: others - best.others.count,
        perType: othersPerType)
      best.others += more.map { $0.sorted() }.filter { seen.insert($0).inserted }
    }
    best.nodes = nodes
    return best
  }
}
