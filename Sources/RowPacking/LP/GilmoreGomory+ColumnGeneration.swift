extension GilmoreGomory {
  /// Column generation from a basis: the state of one solve and its steps
  /// (restore feasibility, price, stabilise, add a column, bound).
  ///
  /// Identifier `k >= 0` names `columns[k]`, `-1 - i` the surplus column of
  /// type `i`, `-1 - m - i` the exchange column `e_(i+1) - e_i`.
  struct ColumnGeneration {
    let m: Int
    let sizes: [Int]
    let demands: [Int]
    let capacity: Int
    /// Whether the basis may be infeasible (a warm start): dual pivots restore feasibility first.
    let warm: Bool
    let exchanges: Bool
    let smoothing: Double
    let tolerance: Double
    let rowLimit: Int?
    let knownBound: Int
    /// The most pivots.
    let limit: Int
    /// The duals' scale for integer knapsack weights (2^30).
    let scale = 1_073_741_824.0

    var simplex: RevisedSimplex
    /// Every pattern known; identifiers of basic patterns index it.
    var columns: [[Int]]
    /// ``GilmoreGomory/pool``: the known columns, then the others in the order they enter.
    var pool: [Int]
    var pooled: [Bool]
    /// Indices into `columns` of the patterns that fit the demands, each with its types.
    var fitting: [Int]
    var supports: [[Int]]
    /// The same supports flat, with their counts, for the pool pricing (a
    /// scan of every unpriced pattern at every pivot): `entryStart[c]..<
    /// entryStart[c + 1]` index `entryType` and `entryCount`.
    var entryStart = [0]
    var entryType: [Int] = []
    var entryCount: [Double] = []
    /// Indices into `fitting` of the patterns the pool pricing has not yet entered.
    var unpriced: [Int]
    var iterations = 0
    var dualPivots = 0
    var mispricings = 0
    var optimal = false
    /// The master's duals.
    var y: [Double]
    var gridKnapsack: KnapsackGridBound? = nil
    /// Wentges smoothing: the dual point of best Farley bound so far, that
    /// bound (0: none yet), and the smoothed point priced.
    var center: [Double]
    var centerBound = 0.0
    var point: [Double]

    /// The initial columns: the first `known` of `columns` are in the pool
    /// from the start, and `candidates` (indices into `columns` of the
    /// patterns that fit the demands) are priced first and are the dual
    /// pivots' choices.
    init(
      simplex: consuming RevisedSimplex, warm: Bool, columns: consuming [[Int]], known: Int, candidates: [Int],
      sizes: [Int], demands: [Int], capacity: Int, iterationLimit: Int?, rowLimit: Int?, knownBound: Int,
      tolerance: Double, exchanges: Bool, smoothing: Double
    ) {
      m = sizes.count
      (self.sizes, self.demands, self.capacity) = (sizes, demands, capacity)
      (self.warm, self.exchanges, self.smoothing, self.tolerance) = (warm, exchanges, smoothing, tolerance)
      (self.rowLimit, self.knownBound) = (rowLimit, knownBound)
      limit = iterationLimit ?? 50 * m + 500
      pool = Array(0..<known)
      pooled = [Bool](repeating: false, count: columns.count)
      for k in pool { pooled[k] = true }
      supports = candidates.map { k in columns[k].indices.filter { columns[k][$0] != 0 } }
      fitting = candidates
      unpriced = Array(candidates.indices)
      y = simplex.duals()
      center = [Double](repeating: 0, count: m)
      point = [Double](repeating: 0, count: m)
      self.simplex = simplex
      self.columns = columns
      for (c, k) in fitting.enumerated() { addEntries(self.columns[k], supports[c]) }
    }

    /// Pivots until the LP is optimal, the bound asked is proven, the
    /// iteration limit is reached or `shouldStop` says so.
    mutating func run(shouldStop: () -> Bool) {
      while iterations < limit && !shouldStop() {
        if warm, let leaving = mostNegativeBasicValue() {
          guard dualPivot(leaving: leaving) else { break }
          continue
        }
        // Surplus columns -e_i price out when a dual is negative.
        if let i = (0..<m).min(by: { y[$0] < y[$1] }), y[i] < -1e-9 {
          guard enter(column: [(row: i, value: -1)], cost: 0, identifier: -1 - i) else { break }
          continue
        }
        // (Surplus, then exchange, then priced columns, in that order: see
        // docs/ARCHITECTURE.md, "Decisions", for the rule measured against it.)
        if let i = violatedExchange() {
          guard enter(column: [(row: i, value: -1), (row: i + 1, value: 1)], cost: 0, identifier: -1 - m - i)
          else { break }
          continue
        }
        guard let entering = price(),
          enter(column: sparse(columns[entering]), cost: 1, identifier: entering)
        else { break }
      }
    }

    /// Enters a column into the basis and takes the new duals; a pattern
    /// joins the pool when it first enters.
    mutating func enter(column: [(row: Int, value: Double)], cost: Double, identifier: Int) -> Bool {
      guard simplex.enter(column: column, cost: cost, identifier: identifier) else { return false }
      joinPool(identifier)
      iterations += 1
      simplex.copyDuals(into: &y)
      return true
    }

    mutating func joinPool(_ identifier: Int) {
      if identifier >= 0 && !pooled[identifier] {
        pooled[identifier] = true
        pool.append(identifier)
      }
    }

    /// After a warm start, the row of the most negative basic value (below
    /// the drift of the primal pivots' updates), if any.
    func mostNegativeBasicValue() -> Int? {
      var leaving = -1
      var mostNegative = -1e-6
      for i in 0..<m where simplex.values[i] < mostNegative {
        mostNegative = simplex.values[i]
        leaving = i
      }
      return leaving >= 0 ? leaving : nil
    }

    /// One dual simplex pivot (Lemke 1954): row `r` leaves, and the column
    /// with the least reduced cost per unit of its (negative) entry in that
    /// row of B^-1 enters (the dual ratio test), so the duals stay feasible.
    mutating func dualPivot(leaving r: Int) -> Bool {
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
      if choice == nil, let p = homogeneousPattern(negativeIn: r) {
        choice = (sparse(p), 1, fitting[addFitting(p)])
      }
      guard let entering = choice,
        simplex.enter(column: entering.column, cost: entering.cost, identifier: entering.identifier, leaving: r)
      else { return false }
      joinPool(entering.identifier)
      iterations += 1
      dualPivots += 1
      simplex.copyDuals(into: &y)
      return true
    }

    /// The homogeneous pattern of the type with items left and the most
    /// negative entry in row `r` of B^-1.
    func homogeneousPattern(negativeIn r: Int) -> [Int]? {
      var best = -1
      for i in 0..<m where demands[i] > 0 && simplex.inverse(row: r, column: i) < -1e-9 {
        if best < 0 || simplex.inverse(row: r, column: i) < simplex.inverse(row: r, column: best) { best = i }
      }
      guard best >= 0 else { return nil }
      var p = [Int](repeating: 0, count: m)
      p[best] = max(1, min(demands[best], capacity / sizes[best]))
      return p
    }

    /// The most violated dual-optimal inequality `y_i >= y_(i+1)` (sizes in
    /// decreasing order: a larger item's place can always hold a smaller
    /// one), whose exchange column `e_(i+1) - e_i` of cost 0 then enters;
    /// it cuts the degenerate pivots of column generation (H. Ben Amor,
    /// J. Desrosiers and J. M. Valerio de Carvalho, "Dual-optimal
    /// inequalities for stabilized column generation", Operations Research
    /// 54(3), 2006).
    func violatedExchange() -> Int? {
      guard exchanges else { return nil }
      var violated = -1
      var violation = 1e-9
      for i in 0..<max(0, m - 1) where y[i + 1] - y[i] > violation {
        violation = y[i + 1] - y[i]
        violated = i
      }
      return violated >= 0 ? violated : nil
    }

    /// The pattern to enter (an index into `columns`): the most valuable of
    /// the pool's unpriced patterns, else the knapsack's; `nil` when pricing
    /// is done (``optimal`` says whether it proved the LP or the rows).
    mutating func price() -> Int? {
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
      guard poolIndex >= 0 else { return priceByKnapsack() }
      let entering = fitting[unpriced[poolIndex]]
      unpriced.swapAt(poolIndex, unpriced.count - 1)
      unpriced.removeLast()
      return entering
    }

    /// Prices by the knapsack, first at the stabilised point when Wentges
    /// smoothing is on (unless the LP only guides a dive): `smoothing` x the
    /// best dual point so far plus the rest x the master's duals. A pattern
    /// that does not price out for the master's duals (a mispricing) joins
    /// the pool, and the knapsack prices again at the master's duals.
    mutating func priceByKnapsack() -> Int? {
      var smoothed = smoothing > 0 && centerBound > 0 && !guides(objective: simplex.objective)
      while true {
        if smoothed {
          for i in 0..<m { point[i] = smoothing * center[i] + (1 - smoothing) * y[i] }
        } else {
          for i in 0..<m { point[i] = y[i] }
        }
        let weights = point.map { integerWeight(dual: $0, scale: scale) }
        // Their total (weights x demands), for Farley's bound: where a row
        // limit or the smoothing asks for it.
        var total = 0
        if rowLimit != nil || smoothing > 0 { for i in 0..<m { total += weights[i] * demands[i] } }
        let threshold = pricingThreshold(total: total, objective: simplex.objective)
        let (found, others, maximum) = knapsack(weights: weights, threshold: threshold)
        if smoothing > 0, let maximum, maximum > 0 { stabilise(weights: weights, total: total, maximum: maximum) }
        if let pattern = found {
          var value = 0.0
          for i in 0..<m where pattern[i] != 0 { value += Double(pattern[i]) * y[i] }
          if !smoothed || value > 1 + 1e-9 {
            let entering = fitting[addFitting(pattern)]
            for p in others { unpriced.append(addFitting(p)) }
            return entering
          }
          mispricings += 1
          unpriced.append(addFitting(pattern))
          for p in others { unpriced.append(addFitting(p)) }
          smoothed = false
          continue
        }
        if !smoothed {
          optimal = maximum.map { $0 <= threshold } ?? false
          return nil
        }
        // Nothing above the threshold at the smoothed point: when the
        // threshold is Farley's for k' rows, these duals prove them.
        if let maximum, let proof = proofThreshold(total: total, objective: simplex.objective), maximum <= proof {
          for i in 0..<m { y[i] = point[i] }
          optimal = true
          return nil
        }
        mispricings += 1
        smoothed = false
      }
    }

    /// A pattern worth more than `threshold` at `weights`, others above it
    /// (for the pool), and an upper bound on the most valuable pattern.
    ///
    /// The most valuable pattern (Dantzig's rule: far fewer degenerate
    /// pivots than any improving one) when the capacity is small; else a
    /// few hundred nodes of the linear-bound search, which often find an
    /// improving pattern far from the optimum, then branch and bound with a
    /// bound from rounded sizes (``KnapsackGridBound``), whose work does not
    /// grow with the capacity.
    mutating func knapsack(weights: [Int], threshold: Int) -> (found: [Int]?, others: [[Int]], maximum: Int?) {
      if let table = KnapsackDynamicProgramming.solve(
        sizes: sizes, values: weights, multiplicities: demands, capacity: capacity)
      {
        return (table.value > threshold ? table.counts : nil, [], table.value)
      }
      let quick = KnapsackBranchAndBound(
        sizes: sizes, values: weights, multiplicities: demands, capacity: capacity, nodeLimit: 300,
        threshold: threshold, improvementNodeLimit: 300)
      if quick.value > threshold { return (quick.counts, [], nil) }
      if gridKnapsack == nil {
        gridKnapsack = KnapsackGridBound(sizes: sizes, multiplicities: demands, capacity: capacity)
      }
      let knapsack = gridKnapsack!.solve(values: weights, threshold: threshold, nodeLimit: 100_000)
      // The other patterns above the threshold join the pool: the next
      // pivots may take them without a new table.
      guard knapsack.value > threshold else { return (nil, [], knapsack.upperBound) }
      return (knapsack.counts, knapsack.runnersUp, knapsack.upperBound)
    }

    /// Moves the stability center: the point scaled by 1 / (its best
    /// pattern's value) is dual feasible, with Farley's bound as its
    /// objective; the center is the best such point (the Lagrangian bound's
    /// maximiser so far).
    mutating func stabilise(weights: [Int], total: Int, maximum: Int) {
      let farley = Double(total) / Double(maximum)
      if farley > centerBound {
        centerBound = farley
        let inverse = 1 / Double(maximum)
        for i in 0..<m { center[i] = Double(weights[i]) * inverse }
      }
    }

    /// Adds a pattern that fits the demands as a column; returns its index in `fitting`.
    mutating func addFitting(_ pattern: [Int]) -> Int {
      columns.append(pattern)
      pooled.append(false)
      fitting.append(columns.count - 1)
      supports.append(pattern.indices.filter { pattern[$0] != 0 })
      addEntries(pattern, supports[supports.count - 1])
      return fitting.count - 1
    }

    mutating func addEntries(_ pattern: [Int], _ support: [Int]) {
      for i in support {
        entryType.append(i)
        entryCount.append(Double(pattern[i]))
      }
      entryStart.append(entryType.count)
    }

    func sparse(_ column: [Int]) -> [(row: Int, value: Double)] {
      (0..<m).compactMap { column[$0] != 0 ? (row: $0, value: Double(column[$0])) : nil }
    }

    /// The value a pattern must exceed to be priced in: 1 + tolerance, or,
    /// with a row limit k' = min(rowLimit, ceil(objective)), the value
    /// below which Farley's bound from these duals already proves k' rows
    /// ((total - 1) / (k' - 1)): the LP need not be solved further.
    func pricingThreshold(total: Int, objective: Double) -> Int {
      var threshold = Int(scale) + Int(scale * tolerance)
      if let k = rowsToProve(objective: objective) {
        if k >= 2 { threshold = max(threshold, (total - 1) / (k - 1)) }
        if k <= knownBound { threshold = max(threshold, Int(scale * GilmoreGomory.guidingTolerance)) }
      }
      return threshold
    }

    /// With a row limit, the row count k' = min(rowLimit, ceil(objective))
    /// that Farley's bound is to prove.
    func rowsToProve(objective: Double) -> Int? {
      guard let rowLimit, objective.isFinite else { return nil }
      return min(rowLimit, Int((objective - 1e-9).rounded(.up)))
    }

    /// Whether the LP only guides a dive: k' is no more than `knownBound`.
    func guides(objective: Double) -> Bool {
      rowsToProve(objective: objective).map { $0 <= knownBound } ?? false
    }

    /// With k' >= 2 rows to prove (and more than `knownBound`), the value
    /// that no pattern may exceed for Farley's bound from weights of this
    /// `total` (weights x demands) to prove them.
    func proofThreshold(total: Int, objective: Double) -> Int? {
      guard let k = rowsToProve(objective: objective), k > knownBound, k >= 2 else { return nil }
      return (total - 1) / (k - 1)
    }

    /// The basic patterns with a positive value and their values.
    func solution() -> (patterns: [[Int]], amounts: [Double]) {
      var patterns: [[Int]] = []
      var amounts: [Double] = []
      for (i, id) in simplex.basis.enumerated() where id >= 0 && simplex.values[i] > 1e-9 {
        patterns.append(columns[id])
        amounts.append(simplex.values[i])
      }
      return (patterns, amounts)
    }

    /// The final basis with identifiers that index the pool, for a warm start.
    func basisOverPool() -> RevisedSimplex {
      var renumber = [Int](repeating: -1, count: columns.count)
      for (position, k) in pool.enumerated() { renumber[k] = position }
      var basis = simplex.basis
      for i in basis.indices where basis[i] >= 0 { basis[i] = renumber[basis[i]] }
      var renamed = simplex
      renamed.renameBasis(basis)
      return renamed
    }
  }
}
