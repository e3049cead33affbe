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
/// solve (``pool``) can be passed in: they are priced first; or a solve
/// can start from an earlier solve's basis for new demands (a warm start,
/// ``init(resolving:demands:iterationLimit:rowLimit:knownBound:tolerance:shouldStop:)``).
///
/// With `smoothing` (Wentges 1997), the knapsack prices first at a convex
/// combination of the dual point of best Farley bound so far and the
/// master's duals: the duals oscillate less, and fewer patterns and pivots
/// reach the same LP; a pattern that does not price out for the master's
/// duals (a mispricing) joins the pool and the knapsack prices again at
/// the master's duals, so the LP optimum is the same (Pessoa, Sadykov,
/// Uchoa and Vanderbeck 2018 survey the variants; a fixed weight is
/// their simplest). With a row limit, pricing stops as soon as either
/// point's Farley bound proves the rows, and ``duals`` are that point.
///
/// P. Wentges, "Weighted Dantzig-Wolfe decomposition for linear
/// mixed-integer programming", *International Transactions in Operational
/// Research* 4(2), 1997. A. Pessoa, R. Sadykov, E. Uchoa and F.
/// Vanderbeck, "Automation and combination of linear-programming based
/// stabilization techniques in column generation", *INFORMS Journal on
/// Computing* 30(2), 2018.
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
  /// The duals of the item types (`>= 0` at the optimum); with smoothing
  /// and a row limit, perhaps the smoothed point whose Farley bound proved
  /// the rows.
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
  /// The value up to which patterns do not enter while the LP only guides
  /// a dive (see `knownBound`): on the 130 generated tag clouds that reach
  /// the LP, 1.05 took 51 000 root pivots where 1.02 took 60 000 and 1.001
  /// 80 000, and their dives still meet the bound (the tail of column
  /// generation improves the objective by a few percent at most, and the
  /// dives round anyway); 1.1 saved little more.
  static let guidingTolerance = 1.05
  /// Simplex pivots done.
  public private(set) var iterations: Int
  /// Whether the exchange columns were used (see ``init(sizes:demands:capacity:pool:iterationLimit:rowLimit:knownBound:tolerance:exchanges:smoothing:shouldStop:)``).
  public let exchanges: Bool
  /// The item type sizes, their demands and the capacity.
  let sizes: [Int]
  let demands: [Int]
  let capacity: Int
  /// Of ``iterations``, the dual simplex pivots (after a warm start).
  public private(set) var dualPivots: Int
  /// Knapsack solves at smoothed duals that gave no entering pattern (see
  /// `smoothing` in ``init(sizes:demands:capacity:pool:iterationLimit:rowLimit:knownBound:tolerance:exchanges:smoothing:shouldStop:)``).
  public private(set) var mispricings: Int
  /// The final basis, for a warm start (``init(resolving:demands:iterationLimit:rowLimit:knownBound:tolerance:shouldStop:)``).
  let simplex: RevisedSimplex

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
  ///     1.05 (`guidingTolerance`) do not enter (the LP then only guides
  ///     a dive, and proving such a count from an objective just above an
  ///     integer would take the hardest pricing steps of all).
  ///   - tolerance: patterns worth at most 1 + `tolerance` do not enter.
  ///   - exchanges: add the dual-optimal inequalities `y_i >= y_(i+1)` as
  ///     exchange columns (sizes must then be in decreasing order): far
  ///     fewer pivots, the same optimum and duals valid for Farley's bound,
  ///     but ``patterns`` then cover the demands only with a larger item's
  ///     place taken by a smaller item.
  ///   - smoothing: the weight (in `0..<1`) of the best dual point so far
  ///     in the duals the knapsack prices at (Wentges smoothing), except
  ///     while the LP only guides a dive; 0 prices at the master's duals.
  ///   - shouldStop: asked once per pivot; `true` stops early (not optimal).
  public init(
    sizes: [Int], demands: [Int], capacity: Int, pool: [[Int]] = [], iterationLimit: Int? = nil,
    rowLimit: Int? = nil, knownBound: Int = 0, tolerance: Double = 1e-7, exchanges: Bool = false,
    smoothing: Double = 0, shouldStop: () -> Bool = { false }
  ) {
    let m = sizes.count
    precondition(demands.count == m && sizes.allSatisfy { $0 >= 1 && $0 <= capacity })
    precondition(smoothing >= 0 && smoothing < 1)
    precondition(!exchanges || zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 })
    let homogeneous = (0..<m).map { max(1, min(demands[$0], capacity / sizes[$0])) }
    var columns: [[Int]] = homogeneous.enumerated().map { i, a in
      var p = [Int](repeating: 0, count: m)
      p[i] = a
      return p
    }
    columns += pool.map { p in (0..<m).map { min(p[$0], demands[$0]) } }
    let simplex = RevisedSimplex(
      diagonal: homogeneous.map(Double.init), rhs: demands.map(Double.init),
      costs: [Double](repeating: 1, count: m), identifiers: Array(0..<m))
    self.init(
      simplex: simplex, warm: false, columns: columns, known: m, candidates: Array(m..<columns.count), sizes: sizes,
      demands: demands, capacity: capacity, iterationLimit: iterationLimit, rowLimit: rowLimit,
      knownBound: knownBound, tolerance: tolerance, exchanges: exchanges, smoothing: smoothing,
      shouldStop: shouldStop)
  }

  /// Solves the relaxation again for other demands, from the final basis
  /// of `parent` (a warm start, as a dive needs after taking patterns).
  ///
  /// The basis stays; its values for the new demands may be negative, and
  /// dual simplex pivots (Lemke 1954) make them feasible again, choosing
  /// among the surplus and exchange columns and `parent`'s patterns that fit
  /// the new demands; then column generation goes on as in the cold
  /// solve. Types whose demand is now 0 keep their row (it asks for
  /// nothing). Taking whole copies of basic patterns leaves the basis
  /// optimal: no pivot at all.
  ///
  /// - Parameters:
  ///   - parent: an earlier solve on the same sizes and capacity.
  ///   - demands: the new demands, `>= 0`, one per type of `parent`.
  ///   - iterationLimit: the most pivots, as for the cold solve.
  ///   - rowLimit: the most rows worth proving, as for the cold solve.
  ///   - knownBound: a lower bound already proven, as for the cold solve.
  ///   - tolerance: patterns worth at most 1 + `tolerance` do not enter.
  ///   - shouldStop: asked once per pivot; `true` stops early.
  ///
  /// The exchange columns are `parent`'s choice.
  /// - Complexity: O(types^2) per pivot, plus O(patterns) per dual pivot.
  public init(
    resolving parent: GilmoreGomory, demands: [Int], iterationLimit: Int? = nil, rowLimit: Int? = nil,
    knownBound: Int = 0, tolerance: Double = 1e-7, shouldStop: () -> Bool = { false }
  ) {
    precondition(demands.count == parent.sizes.count && demands.allSatisfy { $0 >= 0 })
    var simplex = parent.simplex
    simplex.setRightHandSide(demands.map(Double.init))
    // A basic pattern that no longer fits (more items of a type than are
    // left) costs 2: one that fits is always at least as good (the same
    // row with fewer items), so the pivots drive it out, and the solution
    // is that of a cold solve on the items left.
    simplex.setCosts(
      simplex.basis.indices.compactMap { position in
        let k = simplex.basis[position]
        return k >= 0 && parent.pool[k].indices.contains(where: { parent.pool[k][$0] > demands[$0] })
          ? (position, 2) : nil
      })
    let candidates = parent.pool.indices.filter { k in
      parent.pool[k].indices.allSatisfy { parent.pool[k][$0] <= demands[$0] }
    }
    self.init(
      simplex: simplex, warm: true, columns: parent.pool, known: parent.pool.count, candidates: candidates, sizes: parent.sizes,
      demands: demands, capacity: parent.capacity, iterationLimit: iterationLimit, rowLimit: rowLimit,
      knownBound: knownBound, tolerance: tolerance, exchanges: parent.exchanges, shouldStop: shouldStop)
  }

  /// Solves the relaxation again for other sizes and capacity of the same
  /// item types and demands, from the final basis of `parent`: its
  /// patterns stay columns and its basis stays feasible (the demands have
  /// not changed), so column generation goes on from `parent`'s duals with
  /// the new sizes' knapsack, where a cold solve would start again from the
  /// homogeneous patterns. Meant for sizes rounded the other way (a
  /// fractional instance's bound sizes, each at most its packing size, in
  /// a capacity at least as large): then every pattern of `parent` still
  /// fits, the LP changes little, and a few pivots replace a full solve
  /// (one generated tag cloud: 1452 pivots cold). Whatever the columns,
  /// Farley's bound from the final duals stays a proof.
  ///
  /// - Parameters:
  ///   - parent: an earlier solve on the same item types and demands.
  ///   - sizes: the new size of each type, in `1...capacity`, in
  ///     decreasing order when `parent` used exchange columns.
  ///   - capacity: the new row capacity.
  ///   - iterationLimit: the most pivots, as for the cold solve.
  ///   - rowLimit: the most rows worth proving, as for the cold solve.
  ///   - knownBound: a lower bound already proven, as for the cold solve.
  ///   - tolerance: patterns worth at most 1 + `tolerance` do not enter.
  ///   - shouldStop: asked once per pivot; `true` stops early.
  /// - Complexity: O(types^2) per pivot, as for the cold solve.
  public init(
    resizing parent: GilmoreGomory, sizes: [Int], capacity: Int, iterationLimit: Int? = nil, rowLimit: Int? = nil,
    knownBound: Int = 0, tolerance: Double = 1e-7, shouldStop: () -> Bool = { false }
  ) {
    precondition(sizes.count == parent.sizes.count && sizes.allSatisfy { $0 >= 1 && $0 <= capacity })
    precondition(!parent.exchanges || zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 })
    // A pattern that no longer fits is no column of the new LP: a basic
    // one costs one more than its items (each alone in a row costs less,
    // so the pivots drive it out and it ends at 0), and the others are not
    // priced.
    var basicCosts: [(position: Int, cost: Double)] = []
    func fits(_ pattern: [Int]) -> Bool {
      var load = 0
      for i in pattern.indices where pattern[i] != 0 { load += pattern[i] * sizes[i] }
      return load <= capacity
    }
    for (position, k) in parent.simplex.basis.enumerated() where k >= 0 && !fits(parent.pool[k]) {
      basicCosts.append((position, Double(parent.pool[k].reduce(0, +) + 1)))
    }
    var simplex = parent.simplex
    simplex.setCosts(basicCosts)
    self.init(
      simplex: simplex, warm: false, columns: parent.pool, known: parent.pool.count,
      candidates: parent.pool.indices.filter { fits(parent.pool[$0]) }, sizes: sizes, demands: parent.demands,
      capacity: capacity, iterationLimit: iterationLimit, rowLimit: rowLimit, knownBound: knownBound,
      tolerance: tolerance, exchanges: parent.exchanges, shouldStop: shouldStop)
  }

  /// Column generation from a basis (feasible, or made so by dual pivots).
  ///
  /// - Parameters:
  ///   - simplex: the basis; identifier `k >= 0` names `columns[k]`, `-1 - i`
  ///     the surplus column of type `i`, `-1 - m - i` the exchange column
  ///     `e_(i+1) - e_i`.
  ///   - columns: the patterns known (those in the basis among them).
  ///   - warm: whether the basis may be infeasible (a warm start): dual
  ///     pivots restore feasibility first.
  ///   - known: the first `known` columns are in ``pool`` from the start
  ///     (the others join it when they enter the basis).
  ///   - candidates: indices into `columns` of the patterns that fit the
  ///     demands: priced first, and the dual pivots' choices.
  private init(
    simplex: consuming RevisedSimplex, warm: Bool, columns: consuming [[Int]], known: Int, candidates: [Int], sizes: [Int], demands: [Int],
    capacity: Int,
    iterationLimit: Int?, rowLimit: Int?, knownBound: Int, tolerance: Double, exchanges: Bool,
    smoothing: Double = 0, shouldStop: () -> Bool
  ) {
    let m = sizes.count
    // ``pool``: the known columns, then the others in the order they enter.
    var pool = Array(0..<known)
    var pooled = [Bool](repeating: false, count: columns.count)
    for k in pool { pooled[k] = true }
    // Patterns that fit the demands, each with its types (patterns hold a
    // few items among many types); `unpriced` are those the pool pricing
    // has not yet entered.
    var supports = candidates.map { k in columns[k].indices.filter { columns[k][$0] != 0 } }
    var fitting = candidates
    // The same supports flat, with their counts, for the pool pricing (a
    // scan of every unpriced pattern at every pivot): `entryStart[c]..<
    // entryStart[c + 1]` index `entryType` and `entryCount`.
    var entryStart = [0]
    var entryType: [Int] = []
    var entryCount: [Double] = []
    func addEntries(_ pattern: [Int], _ support: [Int]) {
      for i in support {
        entryType.append(i)
        entryCount.append(Double(pattern[i]))
      }
      entryStart.append(entryType.count)
    }
    for (c, k) in fitting.enumerated() { addEntries(columns[k], supports[c]) }
    var unpriced = Array(candidates.indices)
    let scale = 1_073_741_824.0
    let limit = iterationLimit ?? 50 * m + 500
    var iterations = 0
    var dualPivots = 0
    var optimal = false
    var y = simplex.duals()
    var gridKnapsack: KnapsackGridBound? = nil
    func sparse(_ column: [Int]) -> [(row: Int, value: Double)] {
      (0..<m).compactMap { column[$0] != 0 ? (row: $0, value: Double(column[$0])) : nil }
    }
    func addFitting(_ pattern: [Int]) -> Int {
      columns.append(pattern)
      pooled.append(false)
      fitting.append(columns.count - 1)
      supports.append(pattern.indices.filter { pattern[$0] != 0 })
      addEntries(pattern, supports[supports.count - 1])
      return fitting.count - 1
    }
    // The value a pattern must exceed to be priced in: 1 + tolerance, or,
    // with a row limit k' = min(rowLimit, ceil(objective)), the value
    // below which Farley's bound from these duals already proves k' rows
    // ((total - 1) / (k' - 1)): the LP need not be solved further.
    func pricingThreshold(total: Int, objective: Double) -> Int {
      var threshold = Int(scale) + Int(scale * tolerance)
      if let k = rowsToProve(objective: objective) {
        if k >= 2 { threshold = max(threshold, (total - 1) / (k - 1)) }
        if k <= knownBound { threshold = max(threshold, Int(scale * Self.guidingTolerance)) }
      }
      return threshold
    }
    // With a row limit, the row count k' = min(rowLimit, ceil(objective))
    // that Farley's bound is to prove.
    func rowsToProve(objective: Double) -> Int? {
      guard let rowLimit, objective.isFinite else { return nil }
      return min(rowLimit, Int((objective - 1e-9).rounded(.up)))
    }
    // Whether the LP only guides a dive: k' is no more than `knownBound`.
    func guides(objective: Double) -> Bool {
      rowsToProve(objective: objective).map { $0 <= knownBound } ?? false
    }
    // With k' >= 2 rows to prove (and more than `knownBound`), the value
    // that no pattern may exceed for Farley's bound from weights of this
    // `total` (weights x demands) to prove them.
    func proofThreshold(total: Int, objective: Double) -> Int? {
      guard let k = rowsToProve(objective: objective), k > knownBound, k >= 2 else { return nil }
      return (total - 1) / (k - 1)
    }
    // Wentges smoothing: the dual point of best Farley bound so far, that
    // bound (0: none yet), and the smoothed point priced.
    var center = [Double](repeating: 0, count: m)
    var centerBound = 0.0
    var point = [Double](repeating: 0, count: m)
    var mispricings = 0
    pricing: while iterations < limit && !shouldStop() {
      // 0. Dual simplex pivots while a basic value is negative (after a
      // warm start): the most negative one leaves, and the column with the
      // least reduced cost per unit of its (negative) entry in that row of
      // B^-1 enters (the dual ratio test), so the duals stay feasible.
      var leaving = -1
      var mostNegative = -1e-6  // below the drift of the primal pivots' updates
      for i in 0..<m where warm && simplex.values[i] < mostNegative {
        mostNegative = simplex.values[i]
        leaving = i
      }
      if warm && leaving >= 0 {
        let r = leaving
        var bestRatio = Double.infinity
        var bestAlpha = 0.0
        var choice: (column: [(row: Int, value: Double)], cost: Double, identifier: Int)? = nil
        func consider(_ alpha: Double, _ reducedCost: Double, _ make: () -> ([(row: Int, value: Double)], Double, Int)) {
          guard alpha < -1e-9 else { return }
          let ratio = max(reducedCost, 0) / -alpha
          if ratio < bestRatio - 1e-12 || (ratio <= bestRatio + 1e-12 && -alpha > bestAlpha) {
            bestRatio = ratio
            bestAlpha = -alpha
            choice = make()
          }
        }
        for i in 0..<m {
          consider(-simplex.inverse(row: r, column: i), y[i]) { ([(row: i, value: -1)], 0, -1 - i) }
        }
        if exchanges {
          for i in 0..<max(0, m - 1) {
            consider(simplex.inverse(row: r, column: i + 1) - simplex.inverse(row: r, column: i), y[i] - y[i + 1]) {
              ([(row: i, value: -1), (row: i + 1, value: 1)], 0, -1 - m - i)
            }
          }
        }
        for (c, k) in fitting.enumerated() {
          var alpha = 0.0
          var value = 0.0
          for i in supports[c] {
            alpha += simplex.inverse(row: r, column: i) * Double(columns[k][i])
            value += y[i] * Double(columns[k][i])
          }
          consider(alpha, 1 - value) { (sparse(columns[k]), 1, k) }
        }
        // A type with a negative entry and items left: its homogeneous
        // pattern always qualifies (b >= 0 and (B^-1 b)_r < 0 ensure one).
        if choice == nil {
          var best = -1
          for i in 0..<m where demands[i] > 0 && simplex.inverse(row: r, column: i) < -1e-9 {
            if best < 0 || simplex.inverse(row: r, column: i) < simplex.inverse(row: r, column: best) { best = i }
          }
          if best >= 0 {
            var p = [Int](repeating: 0, count: m)
            p[best] = max(1, min(demands[best], capacity / sizes[best]))
            choice = (sparse(p), 1, fitting[addFitting(p)])
          }
        }
        guard let entering = choice,
          simplex.enter(column: entering.column, cost: entering.cost, identifier: entering.identifier, leaving: r)
        else { break }
        if entering.identifier >= 0 && !pooled[entering.identifier] {
          pooled[entering.identifier] = true
          pool.append(entering.identifier)
        }
        iterations += 1
        dualPivots += 1
        simplex.copyDuals(into: &y)
        continue
      }
      // 1. Surplus columns -e_i price out when a dual is negative.
      if let i = (0..<m).min(by: { y[$0] < y[$1] }), y[i] < -1e-9 {
        guard simplex.enter(column: [(row: i, value: -1)], cost: 0, identifier: -1 - i) else { break }
        iterations += 1
        simplex.copyDuals(into: &y)
        continue
      }
      // Dual-optimal inequalities y_i >= y_(i+1) for sizes in decreasing
      // order (a larger item's place can always hold a smaller one):
      // exchange columns e_(i+1) - e_i of cost 0 enter when violated, which
      // cuts the degenerate pivots of column generation (H. Ben Amor,
      // J. Desrosiers and J. M. Valerio de Carvalho, "Dual-optimal
      // inequalities for stabilized column generation", Operations Research
      // 54(3), 2006).
      // (Surplus, then exchange, then priced columns, in that order: see
      // docs/ARCHITECTURE.md, "Decisions", for the least-reduced-cost rule
      // measured against it and not kept.)
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
        simplex.copyDuals(into: &y)
        continue
      }
      // 2. Patterns of the pool, then 3. the exact knapsack.
      var entering = -1
      var bestValue = 1 + 1e-9
      var poolIndex = -1
      for (u, c) in unpriced.enumerated() {
        var v = 0.0
        for e in entryStart[c]..<entryStart[c + 1] { v += entryCount[e] * y[entryType[e]] }
        if v > bestValue {
          bestValue = v
          poolIndex = u
        }
      }
      if poolIndex >= 0 {
        entering = fitting[unpriced[poolIndex]]
        unpriced.swapAt(poolIndex, unpriced.count - 1)
        unpriced.removeLast()
      } else {
        // Wentges smoothing (unless the LP only guides a dive): the
        // knapsack prices first at `smoothing` x the best dual point so far
        // (the one of best Farley bound, `center`) plus the rest x the
        // master's duals; a pattern that does not price out for the
        // master's duals (a mispricing) joins the pool, and the knapsack
        // prices again at the master's duals.
        var smoothed = smoothing > 0 && centerBound > 0 && !guides(objective: simplex.objective)
        while true {
          if smoothed {
            for i in 0..<m { point[i] = smoothing * center[i] + (1 - smoothing) * y[i] }
          } else {
            for i in 0..<m { point[i] = y[i] }
          }
          let weights = point.map { integerWeight(dual: $0, scale: scale) }
          // Their total (weights x demands), for Farley's bound: where
          // a row limit or the smoothing asks for it.
          var total = 0
          if rowLimit != nil || smoothing > 0 { for i in 0..<m { total += weights[i] * demands[i] } }
          let threshold = pricingThreshold(total: total, objective: simplex.objective)
          var found: [Int]? = nil
          var others: [[Int]] = []
          var maximum: Int? = nil  // an upper bound on the most valuable pattern at `weights`
          // The most valuable pattern (Dantzig's rule: far fewer degenerate
          // pivots than any improving one) when the capacity is small; else
          // the best by branch and bound with a bound from rounded sizes
          // (``KnapsackGridBound``), whose work does not grow with the capacity.
          if let table = KnapsackDynamicProgramming.solve(
            sizes: sizes, values: weights, multiplicities: demands, capacity: capacity)
          {
            maximum = table.value
            if table.value > threshold { found = table.counts }
          } else {
            // A few hundred nodes of the linear-bound search often find an
            // improving pattern far from the optimum; the exact search settles
            // the rest.
            let quick = KnapsackBranchAndBound(
              sizes: sizes, values: weights, multiplicities: demands, capacity: capacity, nodeLimit: 300,
              threshold: threshold, improvementNodeLimit: 300)
            if quick.value > threshold {
              found = quick.counts
            } else {
              if gridKnapsack == nil {
                gridKnapsack = KnapsackGridBound(sizes: sizes, multiplicities: demands, capacity: capacity)
              }
              let knapsack = gridKnapsack!.solve(values: weights, threshold: threshold, nodeLimit: 100_000)
              maximum = knapsack.upperBound
              if knapsack.value > threshold {
                found = knapsack.counts
                // The other patterns above the threshold join the pool: the
                // next pivots may take them without a new table.
                others = knapsack.runnersUp
              }
            }
          }
          // The point scaled by 1 / (its best pattern's value) is dual
          // feasible, with Farley's bound as its objective: the center is
          // the best such point (the Lagrangian bound's maximiser so far).
          if smoothing > 0, let maximum, maximum > 0 {
            let farley = Double(total) / Double(maximum)
            if farley > centerBound {
              centerBound = farley
              let inverse = 1 / Double(maximum)
              for i in 0..<m { center[i] = Double(weights[i]) * inverse }
            }
          }
          if let pattern = found {
            var value = 0.0
            for i in 0..<m where pattern[i] != 0 { value += Double(pattern[i]) * y[i] }
            if !smoothed || value > 1 + 1e-9 {
              entering = fitting[addFitting(pattern)]
              for p in others { unpriced.append(addFitting(p)) }
              break
            }
            mispricings += 1
            unpriced.append(addFitting(pattern))
            for p in others { unpriced.append(addFitting(p)) }
            smoothed = false
            continue
          }
          if !smoothed {
            optimal = maximum.map { $0 <= threshold } ?? false
            break pricing
          }
          // Nothing above the threshold at the smoothed point: when the
          // threshold is Farley's for k' rows, these duals prove them.
          if let maximum, let proof = proofThreshold(total: total, objective: simplex.objective),
            maximum <= proof
          {
            for i in 0..<m { y[i] = point[i] }
            optimal = true
            break pricing
          }
          mispricings += 1
          smoothed = false
        }
      }
      guard simplex.enter(column: sparse(columns[entering]), cost: 1, identifier: entering) else { break }
      if !pooled[entering] {
        pooled[entering] = true
        pool.append(entering)
      }
      iterations += 1
      simplex.copyDuals(into: &y)
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
    // Identifiers index ``pool`` from here on.
    var renumber = [Int](repeating: -1, count: columns.count)
    for (position, k) in pool.enumerated() { renumber[k] = position }
    var basis = simplex.basis
    for i in basis.indices where basis[i] >= 0 { basis[i] = renumber[basis[i]] }
    simplex.renameBasis(basis)
    self.pool = pool.map { columns[$0] }
    self.isOptimal = optimal
    self.iterations = iterations
    self.dualPivots = dualPivots
    self.mispricings = mispricings
    self.exchanges = exchanges
    self.sizes = sizes
    self.demands = demands
    self.capacity = capacity
    self.simplex = simplex
  }
}
