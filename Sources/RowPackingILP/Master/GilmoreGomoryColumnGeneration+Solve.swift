import RowPacking

extension GilmoreGomoryColumnGeneration {
  /// Runs column generation on the current demands.
  ///
  /// Duals are smoothed (Wentges, 1997): pricing runs first at a convex
  /// combination of the best dual point so far (the one of best Farley bound)
  /// and the master's duals; when that pattern does not price out for the
  /// master's duals (a mis-pricing), pricing runs again at the master's
  /// duals. Every exact pricing gives a Farley bound. This cuts the tailing-off
  /// of column generation on large capacities. P. Wentges, "Weighted
  /// Dantzig-Wolfe decomposition for linear mixed-integer programming",
  /// International Transactions in Operational Research 4(2):151-162, 1997.
  ///
  /// Each round adds up to ``columnsPerPricing`` columns: where pricing
  /// is a dynamic programme (the exact one, or a coarse grid's), the best
  /// row holding each item type comes from the same table at almost no
  /// cost; where it is the branch and bound (no table: capacities of a
  /// million units), the best row it met per last type; those that price
  /// out for the master's duals enter together. Bin packing's LP needs
  /// about one basic row pattern per item type, so with hundreds of types
  /// one column a round costs thousands of master solves; several a round
  /// make each solve longer by far less than they cut the count.
  ///
  /// The bound is safe: pricing runs on the duals scaled to integers and
  /// rounded down (``KnapsackPricing/weights(duals:)``), its maximum is
  /// exact, and the row bound is Farley's in integer arithmetic,
  /// `ceil(sum(d_t w_t) / max_p sum(w_t a_tp))` (``farley(weights:demands:value:)``),
  /// valid for any nonnegative weights: GLPK's floating objective never goes
  /// into it, so round-off can weaken the bound but not make it wrong.
  ///
  /// Under a waste budget (``wasteBudget``; shrinking with the objective
  /// where ``wasteBudgetRows`` is set) pricing and the master hold only the
  /// rows within it, and the row bound is capped at one above the rows the
  /// budget covers (``provenRows(_:)``): it refutes those, it does not
  /// bound the LP over all rows.
  ///
  /// - Parameters:
  ///   - deadline: stop (returning `nil`) when the clock passes it, also
  ///     within pricing.
  ///   - enough: stop as soon as the row bound reaches this value.
  ///   - toConvergence: go on until pricing proves the master optimal,
  ///     even once the row bound can no longer change (for optimal duals).
  ///   - knownBound: a lower bound on the rows already proven for the
  ///     current demands (such as L1). When the master's objective meets
  ///     it, the bound's ceiling is settled and no pricing is needed
  ///     (unless `toConvergence`); where the items fill the bound's rows
  ///     exactly (L1 = total size / capacity), the master is then optimal
  ///     for the full LP. A dive's residual whose rows must be exactly
  ///     full meets L1 at most nodes, and each pricing saved is a whole
  ///     knapsack over the capacity.
  func solve(
    until deadline: ContinuousClock.Instant, enough: Int = .max, toConvergence: Bool = false,
    knownBound: Int = 0
  ) throws(GLPKError) -> Solution? {
    let clock = ContinuousClock()
    var run = SolveRun(deadline: deadline, dual: demandsChanged)
    lastRowBound = 0
    self.center = nil
    var center: [Double]? = nil
    demandsChanged = false
    var stall = 0
    var coarseInARow = 0
    while true {
      guard let lp = try solveMaster(&run) else { return nil }
      let duals = lp.duals.map { max(0, $0) }
      lastDuals = duals
      let weights = KnapsackPricing.weights(duals: duals)
      let objective = lp.objective
      let values = Array(lp.values.dropFirst(exchangeCount))
      let masterCeiling = Int((objective - 1e-6).rounded(.up))
      if knownBound > 0 && !toConvergence && masterCeiling <= knownBound {
        // The master meets a proven row bound (within the 1e-6 of its
        // ceiling): the bound's ceiling cannot change, as when Farley's
        // bound meets it below.
        raise(&run, rows: knownBound)
        return Solution(
          masterObjective: objective, lowerBound: min(run.best, objective), rowBound: run.bestRows, converged: false,
          values: values)
      }
      if retireAbove != nil { try retireColumns(duals: duals, values: values) }
      if let rows = wasteBudgetRows {
        let budget = Self.shrinkingWasteBudget(
          rows: rows, objective: objective, capacity: types.capacity, totalSize: totalSize)
        // A column of the solution left: the master's optimum moved, and
        // a solution over columns no longer in it must not be returned.
        if try shrinkWasteBudget(to: budget, values: values) {
          run.dual = true
          continue
        }
      }
      var newPatterns: [Pattern] = []
      /// The patterns that price out for the master's duals.
      func pricingOut(_ patterns: [Pattern]) -> [Pattern] { patterns.filter { Self.reducedCost($0, duals) < -1e-9 } }
      let tB = clock.now
      if coarseInARow < 30 {
        if try addGridColumns(weights: weights, duals: duals) {
          coarseInARow += 1
          priceTime += clock.now - tB
          continue
        }
      }
      coarseInARow = 0
      if let center, smoothing > 0 {
        let alpha = smoothing
        let separation = duals.indices.map { alpha * center[$0] + (1 - alpha) * duals[$0] }
        let separationWeights = KnapsackPricing.weights(duals: separation)
        guard let (answer, bound) = priceExactly(separationWeights, &run) else {
          priceTime += clock.now - tB
          return nil
        }
        if bound.value > run.best { run.best = bound.value; self.center = separation }
        if Self.reducedCost(answer.pattern, duals) < -1e-9 {
          newPatterns = pricingOut([answer.pattern] + answer.others)
        } else {
          statistics.misPricings += 1
        }
      }
      if newPatterns.isEmpty {
        guard let (answer, bound) = priceExactly(weights, &run) else {
          priceTime += clock.now - tB
          return nil
        }
        if answer.value <= KnapsackPricing.scale + KnapsackPricing.scale / 1_000_000_000
          || Self.reducedCost(answer.pattern, duals) >= -1e-9
        {
          // No pattern prices out: the master is optimal for the full LP.
          priceTime += clock.now - tB
          run.best = max(run.best, min(objective, bound.value))
          return Solution(
            masterObjective: objective, lowerBound: run.best, rowBound: run.bestRows, converged: true, values: values)
        }
        if bound.value > run.best || center == nil { run.best = max(run.best, bound.value); self.center = duals }
        newPatterns = [answer.pattern] + pricingOut(answer.others)
      }
      priceTime += clock.now - tB
      center = self.center
      run.best = min(run.best, objective)
      let solution = Solution(
        masterObjective: objective, lowerBound: run.best, rowBound: run.bestRows, converged: false, values: values)
      if !toConvergence && (run.bestRows >= masterCeiling || run.bestRows >= enough) {
        return solution
      }
      let added = try add(newPatterns)
      record(added: added, objective: objective, best: run.best, weighedWay: run.weighedWay)
      if added == 0 {
        // The pattern is already in the master (round-off): no progress possible.
        stall += 1
        if stall > 2 { return solution }
      }
    }
  }

  /// What the rounds of one ``solve(until:enough:toConvergence:knownBound:)`` share.
  struct SolveRun {
    let deadline: ContinuousClock.Instant
    /// Whether the next master solve starts by the dual simplex.
    var dual: Bool
    /// The best Lagrangian bound (in rows, fractional) and its row bound.
    var best = 0.0
    var bestRows = 0
    /// The way of this round's exact pricing, when both were open.
    var weighedWay: Bool? = nil
  }

  /// Raises the run's row bound (and ``lastRowBound``) to `rows`.
  private func raise(_ run: inout SolveRun, rows: Int) {
    run.bestRows = max(run.bestRows, rows)
    lastRowBound = run.bestRows
  }

  /// One solve of the restricted master, counted; nil when out of time.
  private func solveMaster(_ run: inout SolveRun) throws(GLPKError) -> ProgramSolution? {
    let clock = ContinuousClock()
    let left = run.deadline - clock.now
    if left <= .zero { return nil }
    let tA = clock.now
    let iterationsBefore = try problem.iterationCount()
    // A basis GLPK cannot factorise (a restored one should not be: its
    // matrix was factorised when saved) is replaced by the standard basis
    // within solveLP.
    let lp = try problem.solveLP(
      timeLimit: left, dual: run.dual, dualTolerance: simplexTolerance, primalTolerance: simplexTolerance)
    lpTime += clock.now - tA
    iterations += 1
    let pivots = max(0, try problem.iterationCount() - iterationsBefore)
    let work = Self.masterWork(iterations: pivots, rows: types.count, nonzeros: activeNonzeros)
    masterWorkTotal += work
    statistics.masterIterations += pivots
    statistics.masterWork += work
    run.dual = false
    run.weighedWay = nil
    guard lp.status == .optimal else {
      if lp.status == .timeLimit { return nil }
      throw .solverFailed(routine: "glp_simplex", code: 0, meaning: "restricted master LP not optimal (\(lp.status))")
    }
    return lp
  }

  /// Cheap columns first, coarsest grid first; whether one entered.
  ///
  /// A grid that costs on average more than half an exact pricing is
  /// skipped: the exact one also gives a bound, and its column (the best)
  /// makes more progress. A grid's column also costs a master solve, and it
  /// is not the best: where a master solve costs more than a grid's
  /// pricing, a grid is tried only while three of its rounds (its pricing
  /// and a master solve each) cost less than one exact round.
  private func addGridColumns(weights: [Int], duals: [Double]) throws(GLPKError) -> Bool {
    let clock = ContinuousClock()
    let solveMean = iterations == 0 ? 0 : masterWorkTotal / iterations
    for grid in 0..<pricing.coarseGridCount
    where coarseCost[grid].mean * 2 <= exactCost.mean
      && (solveMean <= coarseCost[grid].mean || coarseCost[grid].calls == 0
        || (coarseCost[grid].mean + solveMean) * 3 <= exactCost.mean + solveMean)
    {
      let tG = clock.now
      let (patterns, work) = pricing.coarseColumnsAndWork(
        grid: grid, weights: weights, bounds: demands, others: columnsPerPricing - 1)
      coarseCost[grid].add(work)
      statistics.coarseCalls += 1
      statistics.coarseTime += clock.now - tG
      statistics.coarseWork += work
      let entered = try add(patterns.filter { Self.reducedCost($0, duals) < -1e-9 })
      statistics.columns += entered
      if entered > 0 {
        statistics.coarseHits += 1
        return true
      }
    }
    return false
  }

  /// Exact pricing at integer weights `w`: the best pattern and its Farley
  /// bound (the row bound takes it), or nil past the deadline.
  private func priceExactly(
    _ w: [Int], _ run: inout SolveRun
  ) -> (answer: KnapsackPricing.Answer, bound: (rows: Int, value: Double))? {
    let clock = ContinuousClock()
    let start = clock.now
    let table = Self.prefersTable(table: tableCost, single: singleCost, weighedPricings: weighedPricings)
    let priced = pricing.best(
      weights: w, bounds: demands, until: run.deadline, others: columnsPerPricing - 1, columnsTable: table,
      wasteBudget: wasteBudget)
    guard let answer = priced else { return nil }
    exactCost.add(answer.work)
    statistics.exactCalls[answer.method.rawValue] += 1
    statistics.exactTime[answer.method.rawValue] += clock.now - start
    statistics.exactWork[answer.method.rawValue] += answer.work
    statistics.exactNodes += answer.nodes
    if answer.tableWasOptional {
      if table { tableCost.charge(answer.work) } else { singleCost.charge(answer.work) }
      weighedPricings += 1
      run.weighedWay = table
    }
    // Under a waste budget the maximum is over the rows within it: its
    // bound proves no more rows than the budget covers, plus one.
    let bound = farley(weights: w, value: answer.value)
    raise(&run, rows: provenRows(bound.rows))
    return (answer, bound)
  }

  /// The statistics of a round that added `added` columns: the trace of the
  /// objective and bound each second, and the credit of the pricing way.
  private func record(added: Int, objective: Double, best: Double, weighedWay: Bool?) {
    statistics.columns += added
    let clock = ContinuousClock()
    let start = traceStart ?? clock.now
    traceStart = start
    let seconds = (clock.now - start) / .seconds(1)
    if seconds >= (statistics.trace.last?.seconds ?? -1) + 1 {
      statistics.trace.append((seconds, objective, best))
    }
    if let table = weighedWay {
      let solve = masterWorkTotal / iterations
      if table { tableCost.credit(added, solve: solve) } else { singleCost.credit(added, solve: solve) }
    }
  }
}
