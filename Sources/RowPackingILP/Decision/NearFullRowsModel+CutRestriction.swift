import RowPacking

extension NearFullRowsModel {
  /// A restriction of the rows by the duals of a master with subset-row
  /// cuts (``SubsetRowCutAndPrice``): reduced-cost fixing where the cuts'
  /// term raises the rows' reduced costs.
  ///
  /// With integer weights `w_t >= 0` of the types, `s_c <= 0` of the cuts
  /// (``SubsetRowCut``, coefficient `floor(sum_{S_c} a / 2)`) and `kappa`
  /// the exact maximum over every pattern that fits (at most `d_t` of each
  /// type) of
  ///
  ///     v(a) = sum_t w_t a_t + sum_c s_c floor(sum_{t in S_c} a_t / 2),
  ///
  /// take any packing in K rows (empty rows allowed) with patterns
  /// `a_1..a_K`. They hold every item once, so `sum_k w . a_k = w . d`, and
  /// they satisfy every cut, `sum_k floor(a_k(S_c) / 2) <= floor(d(S_c) / 2)`,
  /// whose weight `s_c <= 0` turns it into `>=`; hence
  ///
  ///     sum_k (kappa - v(a_k))  <=  K kappa - w . d - sum_c s_c floor(d(S_c) / 2)  =  G.
  ///
  /// Each term is at least 0 (kappa is the maximum), so every row used has
  /// `v(a) >= kappa - G`, and `G < 0` proves that K rows are not enough
  /// (the Lagrangian bound of ``SubsetRowCutAndPrice/safeBound(weights:demands:cuts:cutWeights:maximum:)``
  /// is K + 1). Integer arithmetic throughout, so no packing is lost to
  /// the duals' round-off. It is the pattern enumeration "within the gap"
  /// of R. Baldacci, S. Coniglio, J.-F. Cordeau and F. Furini, "A
  /// numerically exact algorithm for the bin packing problem", INFORMS
  /// Journal on Computing, 2024, with the subset-row cuts of M. Jepsen, B.
  /// Petersen, S. Spoorendonk and D. Pisinger, "Subset-row inequalities
  /// applied to the vehicle-routing problem with time windows", Operations
  /// Research 56(2):497-511, 2008, in the reduced costs.
  ///
  /// The enumeration (``NearFullRowsModel/patterns(budget:leastWeights:leastCutValues:until:)``)
  /// bounds a branch by the value so far (its cut terms from the counts so
  /// far: a floor term only grows with more items and `s_c <= 0`) plus the
  /// ``WeightBound`` of the weights `w` alone over the types left.
  ///
  /// - Complexity: ``value(of:)`` O(pattern length x cuts).
  struct CutRestriction {
    /// `w_t >= 0`, indexed as the types.
    var weights: [Int]
    /// The cuts and their weights `s_c <= 0`.
    var cuts: [SubsetRowCut]
    var cutWeights: [Int]
    /// `max_a v(a)` over every pattern that fits within the demands (exact).
    var maxValue: Int

    /// `v(pattern)`, in integer arithmetic.
    func value(of pattern: Pattern) -> Int {
      SubsetRowCutPricing.value(of: pattern, weights: weights, cuts: cuts, cutWeights: cutWeights)
    }

    /// The gap `G = rows x maxValue - w . d - sum_c s_c rhs_c` (negative:
    /// no packing in `rows` rows); `Int.max` (no restriction) on overflow.
    func gap(rows: Int, demands: [Int]) -> Int {
      var (total, overflow) = rows.multipliedReportingOverflow(by: maxValue)
      func subtract(_ a: Int, _ b: Int) {
        let (product, o1) = a.multipliedReportingOverflow(by: b)
        let (difference, o2) = total.subtractingReportingOverflow(product)
        overflow = overflow || o1 || o2
        total = difference
      }
      for t in weights.indices { subtract(weights[t], demands[t]) }
      for c in cuts.indices { subtract(cutWeights[c], cuts[c].rightHandSide) }
      return overflow ? .max : total
    }
  }

  /// The least value a row of a K-row packing can have under each cut
  /// restriction (`kappa - G`), or nil when some G < 0.
  func leastCutValues() -> [Int]? {
    var least: [Int] = []
    for restriction in cutRestrictions {
      let gap = restriction.gap(rows: rows, demands: types.demands)
      if gap < 0 { return nil }
      least.append(restriction.maxValue - gap)
    }
    return least
  }
}
