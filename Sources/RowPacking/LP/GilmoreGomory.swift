/// The linear programming relaxation of bin packing by Gilmore and Gomory,
/// solved by column generation.
///
/// `min sum_p x_p` subject to `sum_p a_ip x_p >= demand_i` for every item
/// type `i`, `x >= 0`, over all patterns `p` (the counts `a_ip` of a
/// filling of one row). Rows are item types; the columns start as the
/// homogeneous patterns and surplus columns, and new patterns come from
/// pricing on integer weights (the duals scaled by 2^30): a few hundred
/// nodes of ``KnapsackBranchAndBound``, then the most valuable filling by
/// a dynamic programme over the capacity when it is small
/// (`KnapsackDynamicProgramming`), else by ``KnapsackGridBound`` (exact,
/// work independent of the capacity); when no filling is worth more than
/// the threshold, the LP optimum is reached (or, with a row limit, the
/// bound asked for is proven). Patterns of an earlier
/// solve (``pool``) can be passed in: they are priced first.
///
/// The optimum (``objective``) is approximate (a revised simplex, floating
/// point); the proof is `safeBound`: Farley's bound recomputed from the
/// final duals in integer arithmetic on the sizes given for the bound.
///
/// P. C. Gilmore and R. E. Gomory, "A linear programming approach to the
/// cutting-stock problem", *Operations Research* 9(6), 1961.
///
/// - Complexity: per iteration O(types^2) for the simplex and one knapsack.
public struct GilmoreGomory: Sendable {
  /// The LP optimum found (approximate; not a proof).
  public private(set) var objective: Double
  /// The duals of the item types (`>= 0` at the optimum).
  public private(set) var duals: [Double]
  /// The patterns with a positive value in the final solution, as counts per type.
  public private(set) var patterns: [[Int]]
  /// The values of ``patterns``.
  public private(set) var amounts: [Double]
  /// Every pattern generated (for a warm start of a later solve).
  public private(set) var pool: [[Int]]
  /// Whether pricing proved that no pattern is worth more than its
  /// threshold: the LP optimum (within the tolerance) was reached, or, with
  /// a row limit, Farley's bound from ``duals`` reaches the row count asked.
  public private(set) var isOptimal: Bool
  /// Simplex pivots done.
  public private(set) var iterations: Int

  /// Solves the relaxation.
  ///
  /// - Parameters:
  ///   - sizes: item type sizes, each in `1...capacity`.
  ///   - demands: items of each type, `>= 0`.
  ///   - capacity: the row capacity.
  ///   - pool: patterns from an earlier solve (counts per type; counts above
  ///     a demand are lowered to it).
  ///   - iterationLimit: the most pivots (`nil`: 50 per type plus 500).
  ///   - rowLimit: the most rows worth proving: pricing stops as soon as
  ///     Farley's bound from the current duals proves min(`rowLimit`,
  ///     ceil(objective)) rows (a bound of `rowLimit` is all a caller with a
  ///     packing in `rowLimit` rows needs, and no bound can pass the
  ///     objective's ceiling), which spares the last, hardest pricing
  ///     steps; `nil` solves the LP to optimality.
  ///   - knownBound: a lower bound the caller has already proven: while
  ///     the row count to prove is no more than it, patterns worth at most
  ///     1.001 do not enter (the LP then only guides a dive, and proving
  ///     such a count from an objective just above an integer would take
  ///     the hardest pricing steps of all).
  ///   - tolerance: patterns worth at most 1 + `tolerance` do not enter.
  ///   - exchanges: add the dual-optimal inequalities `y_i >= y_(i+1)` as
  ///     exchange columns (sizes must then be in decreasing order): far
  ///     fewer pivots, the same optimum and duals valid for Farley's bound,
  ///     but ``patterns`` then cover the demands only with a larger item's
  ///     place taken by a smaller item.
  ///   - shouldStop: asked once per pivot; `true` stops early (not optimal).
  public init(
    sizes: [Int], demands: [Int], capacity: Int, pool: [[Int]] = [], iterationLimit: Int? = nil,
    rowLimit: Int? = nil, knownBound: Int = 0, tolerance: Double = 1e-7, exchanges: Bool = false,
    shouldStop: () -> Bool = { false }
  ) {
    let m = sizes.count
    precondition(demands.count == m && sizes.allSatisfy { $0 >= 1 && $0 <= capacity })
    precondition(!exchanges || zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 })
    let homogeneous = (0..<m).map { max(1, min(demands[$0], capacity / sizes[$0])) }
    var columns: [[Int]] = homogeneous.enumerated().map { i, a in
      var p = [Int](repeating: 0, count: m)
      p[i] = a
      return p
    }
    var simplex = RevisedSimplex(
      diagonal: homogeneous.map(Double.init), rhs: demands.map(Double.init),
      costs: [Double](repeating: 1, count: m), identifiers: Array(0..<m))
    var candidates = pool.map { p in (0..<m).map { min(p[$0], demands[$0]) } }
    // The types in each candidate: patterns hold a few items among many types.
    var supports = candidates.map { p in p.indices.filter { p[$0] != 0 } }
    let scale = 1_073_741_824.0
    let limit = iterationLimit ?? 50 * m + 500
    var iterations = 0
    var optimal = false
    var y = simplex.duals()
    var gridKnapsack: KnapsackGridBound? = nil
    // The value a pattern must exceed to be priced in: 1 + tolerance, or,
    // with a row limit k' = min(rowLimit, ceil(objective)), the value
    // below which Farley's bound from these duals already proves k' rows
    // ((total - 1) / (k' - 1)): the LP need not be solved further.
    func pricingThreshold(weights: [Int], demands: [Int], objective: Double) -> Int {
      var threshold = Int(scale) + Int(scale * tolerance)
      if let rowLimit, objective.isFinite {
        var total = 0
        for i in 0..<m { total += weights[i] * demands[i] }
        let k = min(rowLimit, Int((objective - 1e-9).rounded(.up)))
        if k >= 2 { threshold = max(threshold, (total - 1) / (k - 1)) }
        if k <= knownBound { threshold = max(threshold, Int(scale * 1.001)) }
      }
      return threshold
    }
    pricing: while iterations < limit && !shouldStop() {
      // 1. Surplus columns -e_i price out when a dual is negative.
      if let i = (0..<m).min(by: { y[$0] < y[$1] }), y[i] < -1e-9 {
        guard simplex.enter(column: [(row: i, value: -1)], cost: 0, identifier: -1 - i) else { break }
        iterations += 1
        y = simplex.duals()
        continue
      }
      // Dual-optimal inequalities y_i >= y_(i+1) for sizes in decreasing
      // order (a larger item's place can always hold a smaller one):
      // exchange columns e_(i+1) - e_i of cost 0 enter when violated, which
      // cuts the degenerate pivots of column generation (H. Ben Amor,
      // J. Desrosiers and J. M. Valerio de Carvalho, "Dual-optimal
      // inequalities for stabilized column generation", Operations Research
      // 54(3), 2006).
      var violated = -1
      var violation = 1e-9
      if exchanges {
        for i in 0..<max(0, m - 1) where y[i + 1] - y[i] > violation {
          violation = y[i + 1] - y[i]
          violated = i
        }
      }
      if violated >= 0 {
        let i = violated
        guard simplex.enter(column: [(row: i, value: -1), (row: i + 1, value: 1)], cost: 0, identifier: -1 - m - i)
        else { break }
        iterations += 1
        y = simplex.duals()
        continue
      }
      // 2. Patterns of the pool, then 3. the exact knapsack.
      var entering: [Int]? = nil
      var bestValue = 1 + 1e-9
      var poolIndex = -1
      for k in candidates.indices {
        var v = 0.0
        for i in supports[k] { v += Double(candidates[k][i]) * y[i] }
        if v > bestValue {
          bestValue = v
          poolIndex = k
        }
      }
      if poolIndex >= 0 {
        entering = candidates[poolIndex]
        candidates.swapAt(poolIndex, candidates.count - 1)
        candidates.removeLast()
        supports.swapAt(poolIndex, supports.count - 1)
        supports.removeLast()
      } else {
        let weights = y.map { integerWeight(dual: $0, scale: scale) }
        let threshold = pricingThreshold(weights: weights, demands: demands, objective: simplex.objective)
        // The most valuable pattern (Dantzig's rule: far fewer degenerate
        // pivots than any improving one) when the capacity is small; else
        // the best by branch and bound with a bound from rounded sizes
        // (``KnapsackGridBound``), whose work does not grow with the capacity.
        if let table = KnapsackDynamicProgramming.solve(
          sizes: sizes, values: weights, multiplicities: demands, capacity: capacity)
        {
          if table.value > threshold {
            entering = table.counts
          } else {
            optimal = true
            break pricing
          }
        } else {
          // A few hundred nodes of the linear-bound search often find an
          // improving pattern far from the optimum; the exact search settles
          // the rest.
          let quick = KnapsackBranchAndBound(
            sizes: sizes, values: weights, multiplicities: demands, capacity: capacity, nodeLimit: 300,
            threshold: threshold, improvementNodeLimit: 300)
          if quick.value > threshold {
            entering = quick.counts
          }
          if entering == nil && gridKnapsack == nil {
            gridKnapsack = KnapsackGridBound(sizes: sizes, multiplicities: demands, capacity: capacity)
          }
          if entering == nil {
            let knapsack = gridKnapsack!.solve(values: weights, threshold: threshold, nodeLimit: 100_000)
            if knapsack.value > threshold {
              entering = knapsack.counts
              // The other patterns above the threshold join the pool: the
              // next pivots may take them without a new table.
              for p in knapsack.runnersUp {
                candidates.append(p)
                supports.append(p.indices.filter { p[$0] != 0 })
              }
            } else {
              optimal = knapsack.upperBound <= threshold
              break pricing
            }
          }
        }
      }
      guard let column = entering else { break }
      let sparse = (0..<m).compactMap { column[$0] != 0 ? (row: $0, value: Double(column[$0])) : nil }
      guard simplex.enter(column: sparse, cost: 1, identifier: columns.count) else { break }
      columns.append(column)
      iterations += 1
      y = simplex.duals()
    }
    var patterns: [[Int]] = []
    var amounts: [Double] = []
    for (i, id) in simplex.basis.enumerated() where id >= 0 && simplex.values[i] > 1e-9 {
      patterns.append(columns[id])
      amounts.append(simplex.values[i])
    }
    self.objective = simplex.objective
    self.duals = y
    self.patterns = patterns
    self.amounts = amounts
    self.pool = columns
    self.isOptimal = optimal
    self.iterations = iterations
  }
}
