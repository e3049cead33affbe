import RowPacking

extension RyanFosterBranchAndPrice {
  /// The scale of the exact bound's weights: the largest power of two up
  /// to 2^50 at which a weight (a dual of at most 4, as
  /// `integerWeight(dual:scale:)` caps it) times a size stays below 2^62,
  /// as the pricing's order of items multiplies them.
  var exactScale: Int { CertifiedBound.scale(capacity: capacity) }

  /// The safe bound at the duals of the master solved again in exact arithmetic.
  ///
  /// The master is solved from its optimal basis (GLPK's `glp_exact`;
  /// a numerically exact bound as Baldacci, Coniglio, Cordeau and Furini
  /// 2024 ask for): the merged items' duals and the cuts' scaled by
  /// ``exactScale`` and rounded down, the pricing's exact maximum at those
  /// weights, `ceil(sum / maximum)` in integers
  /// (``SubsetRowCutAndPrice/safeBound(weights:demands:cuts:cutWeights:maximum:)``).
  /// Valid for any weights, as the bound at GLPK's floating duals is; the
  /// finer scale and the exact duals keep a rise of the LP above the rows
  /// of about 1e-9 (what item-level cuts can give) that the floating duals
  /// at 2^-36, with their reduced costs of -1e-10, lose. Nil bound: the exact
  /// solve or the pricing did not end by `deadline`.
  ///
  /// - Complexity: one exact simplex run from the optimal basis (few
  ///   pivots, each in rational arithmetic) and one exact pricing.
  func exactBound(
    node: NodeItems, rows: Int, pricing: ConflictKnapsackPricing, cutCounts: [[(cut: Int, count: Int)]],
    until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> (bound: Int?, objective: Double?, solves: Int, excess: Double?) {
    var best: Int? = nil
    var bestExcess: Double? = nil
    var objective: Double? = nil
    var solves = 0
    for _ in 0..<exactPricingRounds {
      solves += 1
      let solution = try problem.solveExactLP(timeLimit: deadline - ContinuousClock().now)
      guard solution.status == .optimal else { break }
      objective = solution.objective
      let duals = solution.duals
      let scale = exactScale
      let (point, _) = budgetPoint(
        node.groups.map { $0.reduce(0.0) { $0 + duals[$1] } } + cuts.indices.map { min(0, duals[sizes.count + $0]) },
        groupSizes: node.groups.map { load(of: $0) })
      let weights = point.prefix(node.groups.count).map { integerWeight(dual: $0, scale: Double(scale)) }
      let cutWeights = point.dropFirst(node.groups.count).map { -integerWeight(dual: -$0, scale: Double(scale)) }
      let priced = cuts.isEmpty
        ? pricing.best(weights: weights, threshold: scale, others: columnsPerPricing - 1, until: deadline)
        : pricing.best(
          weights: weights, cutCounts: cutCounts, cutWeights: cutWeights, threshold: scale,
          others: columnsPerPricing - 1, until: deadline)
      guard let priced else { break }
      // The merged items' demands are 1, as the items' are.
      let bound = nodeBound(weights: weights, cutWeights: cutWeights, maximum: priced.value, target: rows + 1)
      best = max(best ?? 0, bound)
      let demands = Array(repeating: 1, count: weights.count)
      if let total = CertifiedBound.total(weights: weights, demands: demands, cuts: cuts, cutWeights: cutWeights),
        let excess = CertifiedBound.excess(total: total, maximum: priced.value, rows: rows)
      {
        bestExcess = max(bestExcess ?? -.infinity, excess)
      }
      // Rows above 1 at the exact duals (the floating column generation
      // stopped at its tolerance): into the master, and solve again, while
      // the exact LP is still above the rows by the trigger: a bound is at
      // most the LP, so exact solves below it cost much and prove nothing.
      guard priced.value > scale, solution.objective > Double(rows) + exactBoundTrigger else { break }
      let entering = ([priced.items] + priced.others).filter { !$0.isEmpty }
      guard try add(entering.map { row in row.flatMap { node.groups[$0] } }) > 0 else { break }
    }
    return (best, objective, solves, bestExcess)
  }
}
