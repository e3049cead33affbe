import RowPacking

extension GilmoreGomoryColumnGeneration {
  /// Integer weights from the LP's optimal duals at several vertices of the
  /// optimal dual face, and from their mean, each with its exact pricing
  /// maximum: the restrictions of ``NearFullRowsModel`` to rows whose
  /// reduced cost fits in the gap.
  ///
  /// Bin packing's LP is highly dual degenerate: at one optimal dual vertex
  /// (such as the master's) a great many rows have reduced cost 0 (for
  /// duals proportional to the sizes, every full row), so the enumeration
  /// within the gap would find them all. Optimal duals of demands perturbed
  /// up by less than `epsilon` each are optimal dual vertices of the original
  /// demands too (for a small enough perturbation); a row meeting every
  /// vertex's restriction has reduced cost about 0 at each of them, and at
  /// their mean, inside the optimal face: usually far fewer rows. Each
  /// restriction is valid whatever its duals (it only needs the exact
  /// maximum), so a perturbation that is not small enough costs strength,
  /// never correctness.
  ///
  /// The master's demands are restored afterwards; its added patterns stay.
  ///
  /// - Parameters:
  ///   - vertices: how many perturbed solves, besides the unperturbed one.
  ///   - epsilon: the largest perturbation of a demand.
  ///   - seed: the perturbations' seed (SplitMix64).
  ///   - deadline: give up (nil) when the clock passes it.
  /// - Returns: no restriction when column generation does not end in time.
  /// - Complexity: `vertices + 1` column generations and `vertices + 2`
  ///   exact pricings.
  func dualRestrictions(
    vertices: Int = 4, epsilon: Double = 0.1, seed: UInt64 = 1, until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> [NearFullRowsModel.DualRestriction] {
    // Solved to convergence, or to a stall (the priced row already in the
    // master: optimal within GLPK's tolerances). Any duals give valid
    // restrictions; near-optimal ones give strong ones.
    guard try solve(until: deadline, toConvergence: true) != nil else { return [] }
    var restrictions: [NearFullRowsModel.DualRestriction] = []
    func restriction(_ duals: [Double]) -> NearFullRowsModel.DualRestriction? {
      let weights = KnapsackPricing.weights(duals: duals)
      guard let best = pricing.best(weights: weights, bounds: demands, until: deadline) else { return nil }
      return NearFullRowsModel.DualRestriction(weights: weights, maxWeight: best.value)
    }
    if let first = restriction(lastDuals) { restrictions.append(first) }
    var sum = lastDuals
    var averaged = 1
    var random = SplitMix64(seed: seed)
    defer {
      // The true demands again, whatever happened.
      try? problem.setRowBounds((0..<types.count).map { t in (index: t, bounds: .atLeast(Double(demands[t]))) })
      demandsChanged = true
    }
    for _ in 0..<vertices {
      let perturbed = (0..<types.count).map { t in
        (index: t, bounds: LinearModel.Bounds.atLeast(Double(demands[t]) + epsilon * Double(random.next() % 1024) / 1024))
      }
      try problem.setRowBounds(perturbed)
      demandsChanged = true
      let solved = try solve(until: deadline, toConvergence: true)
      guard solved != nil else { break }
      for t in sum.indices { sum[t] += lastDuals[t] }
      averaged += 1
      if let vertex = restriction(lastDuals) { restrictions.append(vertex) }
    }
    if averaged > 1, let mean = restriction(sum.map { $0 / Double(averaged) }) { restrictions.append(mean) }
    return restrictions
  }
}
