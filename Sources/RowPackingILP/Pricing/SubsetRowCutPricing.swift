import RowPacking

/// Exact pricing with subset-row cuts in the master: a knapsack with floor terms.
///
/// The row pattern of largest value
///
///     maximise sum_t w_t a_t + sum_c s_c floor(sum_{t in S_c} a_t / 2)
///     s.t.  sum_t size_t a_t <= C,  0 <= a_t <= bound_t, integer,
///
/// for integer type weights `w_t` (the covering rows' duals, scaled) and
/// integer cut weights `s_c <= 0` (the cuts' duals, scaled): the floor
/// terms make it no knapsack, so that a dynamic programme over the
/// capacities alone no longer prices exactly.
///
/// Exact by a depth-first branch and bound over the types that appear in a
/// cut of negative weight (the cut types), each node bounded by a dynamic
/// programme over the capacities that ignores the cuts not yet settled:
/// for the cut types from position `k` on together with all the other
/// types, `suffix[k][c]` is the best knapsack value within capacity `c`.
/// As the cut weights are at most 0 and a floor term only grows with the
/// items, the value so far (the cut terms of the counts so far) plus that
/// table is an upper bound; at a leaf it is exact (the other types are in
/// no cut), and the table gives the other types' pattern (Wei, Luo,
/// Baldacci and Lim, 2020, price with subset-row cuts by labelling; this
/// branch and bound is the simpler exact method the few cut types allow).
///
/// - Complexity: the tables take O(cut types x C x log(bound)) time and
///   O(cut types x C) memory; the search is exponential in the cut types
///   in the worst case, O(cuts of the type) per node.
struct SubsetRowCutPricing {
  let sizes: [Int]
  let capacity: Int

  /// The best pattern and its value.
  struct Answer {
    /// The maximum.
    var value: Int
    /// Type indices, increasing.
    var pattern: Pattern
    /// Other patterns found on the way worth more than the threshold, best
    /// last, the best pattern not among them.
    var others: [Pattern] = []
    /// Search nodes.
    var nodes = 0
  }

  /// The value of `pattern` for `weights` and the cuts of `cutWeights`:
  /// the objective above, in integer arithmetic.
  ///
  /// - Complexity: O(pattern length x cuts).
  static func value(of pattern: Pattern, weights: [Int], cuts: [SubsetRowCut], cutWeights: [Int]) -> Int {
    var value = pattern.reduce(0) { $0 + weights[$1] }
    for (c, cut) in cuts.enumerated() where cutWeights[c] != 0 { value += cutWeights[c] * cut.coefficient(of: pattern) }
    return value
  }

  /// The pattern of largest value (exact), or `nil` when `deadline` passed
  /// first.
  ///
  /// - Parameters:
  ///   - weights: the types' integer weights (those at most 0 never enter
  ///     a best pattern: dropping an item never lowers a floor term).
  ///   - bounds: the most copies of each type.
  ///   - cuts: the cuts; `cutWeights` their weights, each at most 0.
  ///   - threshold: patterns found worth more than this go into
  ///     ``Answer/others``, at most `others` of them.
  ///   - wasteBudget: nil, every pattern; else only patterns that leave
  ///     at most this much of the capacity empty (0: exactly full), types
  ///     of weight 0 included as they may fill the row. The maximum is then
  ///     over those patterns, or 0 with the empty pattern when none is
  ///     worth more (an upper bound all the same).
  func best(
    weights: [Int], bounds: [Int], cuts: [SubsetRowCut], cutWeights: [Int], threshold: Int = .max, others: Int = 0,
    wasteBudget: Int? = nil, until deadline: ContinuousClock.Instant
  ) -> Answer? {
    precondition(cutWeights.allSatisfy { $0 <= 0 }, "subset-row cut weights must be at most 0")
    let least = wasteBudget == nil ? 1 : 0
    let candidates = sizes.indices.filter { weights[$0] >= least && bounds[$0] > 0 && sizes[$0] <= capacity }
    let active = cuts.indices.filter { cutWeights[$0] < 0 }
    // The cuts of each candidate type.
    var cutsOfType = [[Int]](repeating: [], count: sizes.count)
    for c in active { for t in cuts[c].types { cutsOfType[t].append(c) } }
    // Cut types first, best weight per size first (good leaves early).
    let cutTypes = candidates.filter { !cutsOfType[$0].isEmpty }.sorted {
      weights[$0] * sizes[$1] > weights[$1] * sizes[$0]
    }
    let rest = candidates.filter { cutsOfType[$0].isEmpty }
    let restTable = KnapsackPricing.Table(
      weights: weights, bounds: bounds, candidates: rest, sizes: sizes, capacity: capacity, wasteBudget: wasteBudget)
    // suffix[k]: the cut types from k on and the rest, cuts ignored.
    var suffix = [[Int]](repeating: [], count: cutTypes.count + 1)
    suffix[cutTypes.count] = restTable.best
    for k in stride(from: cutTypes.count - 1, through: 0, by: -1) {
      suffix[k] = Self.adding(type: cutTypes[k], to: suffix[k + 1], weight: weights[cutTypes[k]],
        size: sizes[cutTypes[k]], copies: min(bounds[cutTypes[k]], capacity / sizes[cutTypes[k]]))
    }

    // The empty row is worth 0: a lower bound to start from.
    var best = Answer(value: 0, pattern: [])
    if cutTypes.isEmpty {
      // No cut in play: a knapsack, and the table gives the best row
      // holding each type besides (as ``KnapsackPricing`` does), so that
      // the master converges in far fewer solves.
      guard restTable.best[capacity] > 0 else { return Answer(value: 0, pattern: []) }
      let pattern = restTable.pattern(room: capacity)
      let more = others == 0 ? [] : KnapsackPricing.patternsPerType(
        table: restTable, weights: weights, bounds: bounds, candidates: rest, sizes: sizes, capacity: capacity,
        threshold: threshold, limit: others)
      return Answer(value: restTable.best[capacity], pattern: pattern, others: more.filter { $0 != pattern })
    }
    var found: [Pattern] = []
    var counts = [Int](repeating: 0, count: cutTypes.count)
    var cutSums = [Int](repeating: 0, count: cuts.count)
    var nodes = 0
    var outOfTime = false
    let clock = ContinuousClock()

    func leafPattern(room: Int) -> Pattern {
      var pattern = restTable.pattern(room: room)
      for (k, t) in cutTypes.enumerated() { pattern.append(contentsOf: repeatElement(t, count: counts[k])) }
      pattern.sort()
      return pattern
    }
    func search(_ k: Int, room: Int, value: Int) {
      nodes += 1
      if nodes & 1023 == 0 && clock.now >= deadline { outOfTime = true }
      if outOfTime { return }
      if k == cutTypes.count {
        let total = value + restTable.best[room]
        if total > best.value {
          if best.value > threshold && !best.pattern.isEmpty && found.count < others { found.append(best.pattern) }
          best = Answer(value: total, pattern: leafPattern(room: room))
        } else if total > threshold && found.count < others {
          found.append(leafPattern(room: room))
        }
        return
      }
      let t = cutTypes[k]
      let most = min(bounds[t], room / sizes[t])
      for a in stride(from: most, through: 0, by: -1) {
        var gained = a * weights[t]
        for c in cutsOfType[t] {
          gained += cutWeights[c] * ((cutSums[c] + a) / 2 - cutSums[c] / 2)
        }
        let left = room - a * sizes[t]
        if value + gained + suffix[k + 1][left] <= best.value { continue }
        counts[k] = a
        for c in cutsOfType[t] { cutSums[c] += a }
        search(k + 1, room: left, value: value + gained)
        for c in cutsOfType[t] { cutSums[c] -= a }
        counts[k] = 0
        if outOfTime { return }
      }
    }
    search(0, room: capacity, value: 0)
    if outOfTime { return nil }
    // Without repeats, in the order found (a Set's order is seeded anew
    // in every process, and the master's columns must not differ from
    // run to run).
    var seen: Set<Pattern> = [best.pattern, []]
    best.others = found.filter { seen.insert($0).inserted }
    best.nodes = nodes
    return best
  }

  /// The knapsack table `table` (best value per capacity) with up to
  /// `copies` items of one more type, by binary splitting.
  ///
  /// - Complexity: O(C x log(copies)).
  static func adding(type: Int, to table: [Int], weight: Int, size: Int, copies: Int) -> [Int] {
    var result = table
    var left = copies
    var chunk = 1
    result.withUnsafeMutableBufferPointer { dp in
      while left > 0 {
        let take = min(chunk, left)
        let w = take * size, v = take * weight
        left -= take
        chunk *= 2
        if w >= dp.count { continue }
        var cap = dp.count - 1
        while cap >= w {
          let candidate = dp[cap - w] &+ v
          if candidate > dp[cap] { dp[cap] = candidate }
          cap -= 1
        }
      }
    }
    return result
  }
}
