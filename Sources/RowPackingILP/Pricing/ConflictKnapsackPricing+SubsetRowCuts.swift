import RowPacking

extension ConflictKnapsackPricing {
  /// The value of `row` for item weights and cut weights, in integer arithmetic.
  ///
  /// For merged items, distinct: `sum_g w_g + sum_c s_c floor(m_c / 2)` with
  /// `m_c` the row's items in cut `c` (`cutCounts[g]`: cut and count of
  /// each merged item), in integer arithmetic.
  ///
  /// - Complexity: O(row x cuts of its items + cuts).
  static func value(of row: [Int], weights: [Int], cutCounts: [[(cut: Int, count: Int)]], cutWeights: [Int]) -> Int {
    var sums = [Int](repeating: 0, count: cutWeights.count)
    var value = 0
    for g in row {
      value += weights[g]
      for (c, m) in cutCounts[g] { sums[c] += m }
    }
    for c in cutWeights.indices where cutWeights[c] != 0 { value += cutWeights[c] * (sums[c] / 2) }
    return value
  }

  /// The row of largest value with subset-row cuts (exact), nil past `deadline`.
  ///
  /// The knapsack with conflicts of
  /// ``best(weights:threshold:others:until:)`` whose objective has, besides,
  /// one term `s_c floor(m_c / 2)` per cut of weight `s_c <= 0` (the
  /// branch-and-price-and-cut pricing of Wei, Luo, Baldacci and Lim, 2020,
  /// here for Ryan–Foster nodes as in da Silva and Schouery, 2025).
  ///
  /// The same branch and bound, over the items in a conflict or in a cut
  /// of negative weight: as those weights are at most 0 and a floor term
  /// only grows with the items, the value so far (its floor terms
  /// included) plus the knapsack table of the items left, cuts and
  /// conflicts ignored, bounds every completion; at a leaf the other items
  /// are in no cut and no conflict, and their table is exact.
  ///
  /// - Parameters:
  ///   - weights: the merged items' integer weights.
  ///   - cutCounts: for each merged item, the cuts holding some of its
  ///     items and how many.
  ///   - cutWeights: each cut's weight, at most 0.
  ///   - threshold, others: as in ``best(weights:threshold:others:until:)``.
  ///
  /// - Complexity: the tables as there; the search exponential in the
  ///   items in a conflict or a cut in the worst case, O(conflicts and cuts
  ///   of the item) per node.
  func best(
    weights: [Int], cutCounts: [[(cut: Int, count: Int)]], cutWeights: [Int], threshold: Int = .max,
    others: Int = 0, until deadline: ContinuousClock.Instant
  ) -> Answer? {
    precondition(cutWeights.allSatisfy { $0 <= 0 }, "subset-row cut weights must be at most 0")
    let activeCuts = sizes.indices.map { g in cutCounts[g].filter { cutWeights[$0.cut] < 0 && $0.count > 0 } }
    let candidates = sizes.indices.filter { weights[$0] >= leastWeight && sizes[$0] <= capacity }
    let isCandidate = Set(candidates)
    let special = candidates.filter { g in !activeCuts[g].isEmpty || conflicts[g].contains { isCandidate.contains($0) } }
      .sorted { weights[$0] * sizes[$1] > weights[$1] * sizes[$0] }
    // No cut in play: the knapsack with conflicts.
    if special.allSatisfy({ activeCuts[$0].isEmpty }) {
      return best(weights: weights, threshold: threshold, others: others, until: deadline)
    }
    let isSpecial = Set(special)
    let rest = candidates.filter { !isSpecial.contains($0) }
    let ones = [Int](repeating: 1, count: sizes.count)
    let restTable = KnapsackPricing.Table(
      weights: weights, bounds: ones, candidates: rest, sizes: sizes, capacity: capacity, wasteBudget: wasteBudget)
    return branchAndBound(
      special: special, rest: rest, weights: weights, restTable: restTable, cutCounts: activeCuts, cutWeights: cutWeights,
      threshold: threshold, others: others, until: deadline)
  }
}
