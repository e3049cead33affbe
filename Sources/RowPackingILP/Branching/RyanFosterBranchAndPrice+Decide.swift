import RowPacking

extension RyanFosterBranchAndPrice {
  /// What the nodes of one ``decide(rows:until:)`` share: its clock, its
  /// deadlines and what it has counted.
  struct TreeRun {
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    let fullDeadline: ContinuousClock.Instant
    /// The rows asked for; a node is pruned at a bound of one more.
    let rows: Int
    var outcome = Outcome(answer: .unknown)
    /// Where (from the start) the tree gives up; nil: never.
    var giveUpPoint: Effort?
    /// Where the give-up counts from (time and work from the start): the
    /// start, or the root's end (``giveUpCountsFromRoot``; nil until then).
    var giveUpBase: (time: Duration, work: Int)?

    var target: Int { rows + 1 }
    /// The deadline of the solves and searches: the give-up point when that is a time.
    var deadline: ContinuousClock.Instant {
      guard case .time(let after)? = giveUpPoint else { return fullDeadline }
      return min(fullDeadline, start + after)
    }
    /// Whether the work counted has reached the give-up point.
    var hasGivenUp: Bool { giveUpPoint?.isReached(work: outcome.work) ?? false }
  }

  /// How a node ended.
  enum NodeEnd { case pruned, packing([[Int]]), unknown }

  /// What one node's column generation and cut rounds share.
  struct NodeLP {
    let node: NodeItems
    let decisions: [Decision]
    let pricing: ConflictKnapsackPricing
    let groupSizes: [Int]
    /// For each merged item, the cuts holding its items and how many.
    var cutCounts: [[(cut: Int, count: Int)]]
    /// The dual point of best Lagrangian value so far: the smoothing's centre.
    var center: (point: [Double], value: Double)? = nil
    /// The node's best Lagrangian bound (in rows, fractional): its
    /// parent's, then the best of its pricings; the gap of its cleaning.
    var lowerBound: Double
    var cutRounds = 0
    var exactTried = false
    var isRoot: Bool { decisions.isEmpty }
  }

  /// Whether the items fit in `rows` rows: a packing, a proof that they do
  /// not, or neither when `deadline` passes first.
  ///
  /// - Complexity: exponential in the worst case (see the type).
  func decide(rows: Int, until deadline: ContinuousClock.Instant) throws(GLPKError) -> Outcome {
    precondition(
      wasteBudget.map { $0 >= rows * capacity - sizes.reduce(0, +) } ?? true,
      "a waste budget below the empty room of \(rows) rows would cut off their packings")
    let base: (time: Duration, work: Int)? = giveUpCountsFromRoot ? nil : (.zero, 0)
    var run = TreeRun(
      start: ContinuousClock().now, fullDeadline: deadline, rows: rows,
      giveUpPoint: giveUpCountsFromRoot ? nil : giveUpWithoutPruningAfter, giveUpBase: base)
    switch try explore([], &run) {
    case .pruned: run.outcome.answer = .infeasible
    case .packing(let packing): run.outcome.answer = .packing(packing)
    case .unknown: run.outcome.answer = .unknown
    }
    run.outcome.columns = columns.count
    run.outcome.cuts = cuts.count
    run.outcome.elapsed = run.clock.now - run.start
    return run.outcome
  }

  /// The node of `decisions`: its LP to convergence (with cuts), then a
  /// packing, a pruned node, or its two children.
  private func explore(
    _ decisions: [Decision], _ run: inout TreeRun, lowerBound: Double = -.infinity
  ) throws(GLPKError) -> NodeEnd {
    run.outcome.nodes += 1
    run.outcome.depth = max(run.outcome.depth, decisions.count)
    let node = NodeItems(itemCount: sizes.count, decisions: decisions)
    try restrict(to: node)
    let groupSizes = node.groups.map { load(of: $0) }
    var pricing = ConflictKnapsackPricing(
      sizes: groupSizes, capacity: capacity, conflicts: node.conflicts, wasteBudget: wasteBudget)
    pricing.othersPerType = othersPerType
    var lp = NodeLP(
      node: node, decisions: decisions, pricing: pricing,
      groupSizes: groupSizes, cutCounts: cutCounts(of: node), lowerBound: lowerBound)
    let solution: ProgramSolution
    switch try solve(&lp, &run) {
    case .ended(let end): return end
    case .converged(let converged): solution = converged
    }
    if decisions.isEmpty {
      let rootTime = run.clock.now - run.start
      run.outcome.rootTime = rootTime
      if run.giveUpBase == nil {
        run.giveUpBase = (rootTime, run.outcome.work)
        run.giveUpPoint = giveUpWithoutPruningAfter?.past(time: rootTime, work: run.outcome.work)
      }
    }
    if let packing = try relaxAndFix(lp, solution, &run) { return .packing(packing) }
    return try branch(lp, solution, &run)
  }

  /// For each merged item of `node`, the cuts holding its items and how many.
  private func cutCounts(of node: NodeItems) -> [[(cut: Int, count: Int)]] {
    node.groups.map { group in
      var counts: [Int: Int] = [:]
      for i in group { for c in cutsOfItem[i] { counts[c, default: 0] += 1 } }
      return counts.sorted { $0.key < $1.key }.map { (cut: $0.key, count: $0.value) }
    }
  }

  private enum NodeSolve { case ended(NodeEnd), converged(ProgramSolution) }

  /// Column generation at the node, then its cut rounds and its exact
  /// bound, until it converges, its bound prunes it, or time runs out.
  private func solve(_ lp: inout NodeLP, _ run: inout TreeRun) throws(GLPKError) -> NodeSolve {
    while true {
      guard run.clock.now < run.deadline, !run.hasGivenUp else { return .ended(.unknown) }
      guard let solution = try solveMaster(&run) else { return .ended(.unknown) }
      if !laterColumns.isEmpty {
        let later = laterColumns
        laterColumns = []
        if try add(later.filter { lp.node.mergedItems(of: $0.sorted()) != nil }) > 0 { continue }
      }
      let duals = solution.duals
      let groupDuals = lp.node.groups.map { $0.reduce(0.0) { $0 + duals[$1] } }
      // The cuts' duals (rows `<= 1` of a minimisation: at most 0).
      let cutDuals = cuts.indices.map { min(0, duals[sizes.count + $0]) }
      let masterPoint = groupDuals + cutDuals
      // Pooled columns that price out come back before the knapsack runs;
      // the master is cleaned only on the way to a re-solve (the solution
      // at hand indexes its columns).
      if columnCleaning != .off {
        let poolStart = run.clock.now
        let fromPool = pricedFromPool(node: lp.node, duals: duals)
        run.outcome.poolTime += run.clock.now - poolStart
        let added = try add(fromPool)
        run.outcome.fromPool += added
        if added > 0 {
          if columnCleaning == .everySolve { try clean(lp, duals, &run) }
          continue
        }
      }
      var entering: [[Int]] = []
      var converged = false
      // Wentges smoothing: first at a point between the centre and the
      // master's duals; at the master's duals when that misprices.
      if let c = lp.center, smoothing > 0, c.point.count == masterPoint.count {
        let point = masterPoint.indices.map { smoothing * c.point[$0] + (1 - smoothing) * masterPoint[$0] }
        guard let (answer, bound) = price(at: point, &lp, &run) else { return .ended(.unknown) }
        if bound >= run.target { return .ended(prunedByBound(lp.decisions, &run)) }
        entering = ([answer.items] + answer.others).filter { pricesOut($0, groupDuals, cutDuals, lp.cutCounts) }
      }
      if entering.isEmpty {
        guard let (answer, bound) = price(at: masterPoint, &lp, &run) else { return .ended(.unknown) }
        if bound >= run.target { return .ended(prunedByBound(lp.decisions, &run)) }
        entering = ([answer.items] + answer.others).filter { pricesOut($0, groupDuals, cutDuals, lp.cutCounts) }
        converged = !precision.improves(answer.value) || entering.isEmpty
      }
      if !converged, try add(entering.map { row in row.flatMap { lp.node.groups[$0] } }) > 0 {
        if columnCleaning == .everySolve { try clean(lp, duals, &run) }
        continue
      }
      if lp.isRoot { run.outcome.rootTrace.append((cuts.count, solution.objective)) }
      if try addCuts(&lp, solution, &run) {
        if columnCleaning != .off { try clean(lp, duals, &run) }
        continue
      }
      switch try exactBoundStep(&lp, solution, &run) {
      case .pruned:
        run.outcome.exactPrunes += 1
        return .ended(prunedByBound(lp.decisions, &run))
      case .again: continue
      case .done: return .converged(solution)
      }
    }
  }

  /// Before a re-solve: the master's columns that cannot help at the
  /// node go to the pool (``cleanColumns(node:duals:rows:lowerBound:)``).
  private func clean(_ lp: NodeLP, _ duals: [Double], _ run: inout TreeRun) throws(GLPKError) {
    let start = run.clock.now
    run.outcome.cleaned += try cleanColumns(node: lp.node, duals: duals, rows: run.rows, lowerBound: lp.lowerBound)
    run.outcome.poolTime += run.clock.now - start
  }

  /// One master solve, counted; nil when it ran out of time.
  private func solveMaster(_ run: inout TreeRun) throws(GLPKError) -> ProgramSolution? {
    // The primal simplex throughout: after the bounds changed, the dual
    // simplex was slower on the tree's masters (docs/experiments/).
    let solveStart = run.clock.now
    let iterationsBefore = try problem.iterationCount()
    run.outcome.peakColumns = max(run.outcome.peakColumns, columns.count)
    var solution = try problem.solveLP(
      timeLimit: run.deadline - run.clock.now, dualTolerance: dualTolerance, primalTolerance: precision.primalTolerance)
    if solution.status != .optimal && solution.status != .timeLimit {
      // The artificial columns keep every node's master feasible: another
      // status is the simplex lost on a near-singular basis (seen once in
      // 2 277 solves, ANI 1 002 items). Once more from the slack basis.
      try problem.setStandardBasis()
      solution = try problem.solveLP(
        timeLimit: run.deadline - run.clock.now, dualTolerance: dualTolerance, primalTolerance: precision.primalTolerance)
    }
    run.outcome.masterTime += run.clock.now - solveStart
    let pivots = try problem.iterationCount() - iterationsBefore
    run.outcome.iterations += pivots
    run.outcome.solves += 1
    run.outcome.work += Self.work(
      pivots: pivots, rows: sizes.count + cuts.count,
      nonzeros: entryCounts.indices.reduce(0) { free[$1] ? $0 + entryCounts[$1] : $0 },
      allNonzeros: entryCounts.reduce(0, +))
    guard solution.status == .optimal else {
      if solution.status == .timeLimit { return nil }
      throw .solverFailed(
        routine: "glp_simplex", code: 0, meaning: "branch-and-price master not optimal (\(solution.status))")
    }
    return solution
  }

  /// Whether a row of merged items prices out for the master's duals.
  private func pricesOut(
    _ row: [Int], _ groupDuals: [Double], _ cutDuals: [Double], _ cutCounts: [[(cut: Int, count: Int)]]
  ) -> Bool {
    guard !row.isEmpty else { return false }
    var cost = 1 - row.reduce(0.0) { $0 + groupDuals[$1] }
    if !cuts.isEmpty {
      var sums: [Int: Int] = [:]
      for g in row { for (c, m) in cutCounts[g] where cutDuals[c] != 0 { sums[c, default: 0] += m } }
      // In the cuts' order, not the dictionary's (seeded anew in every
      // process): the sum's rounding decides a column near the threshold.
      for (c, m) in sums.sorted(by: { $0.key < $1.key }) { cost -= cutDuals[c] * Double(m / 2) }
    }
    return cost < -Double(precision.improvingMargin) / Double(precision.scale)
  }

  /// Exact pricing at `point` (merged items' duals, then the cuts'): its
  /// answer and the safe bound it gives (nil: out of time).
  private func price(
    at point: [Double], _ lp: inout NodeLP, _ run: inout TreeRun
  ) -> (answer: ConflictKnapsackPricing.Answer, bound: Int)? {
    let scale = precision.scale
    let groups = lp.node.groups.count
    let (pricingPoint, rowCost) = budgetPoint(point, groupSizes: lp.groupSizes)
    let weights = pricingPoint.prefix(groups).map { integerWeight(dual: $0, scale: Double(scale)) }
    let cutWeights = pricingPoint.dropFirst(groups).map { -integerWeight(dual: -$0, scale: Double(scale)) }
    // Rows worth more than a row's cost (at the point's scale) are columns.
    let threshold = Int(rowCost * Double(scale))
    let priceStart = run.clock.now
    let priced = cuts.isEmpty
      ? lp.pricing.best(weights: weights, threshold: threshold, others: columnsPerPricing - 1, until: run.deadline)
      : lp.pricing.best(
        weights: weights, cutCounts: lp.cutCounts, cutWeights: cutWeights, threshold: threshold,
        others: columnsPerPricing - 1, until: run.deadline)
    run.outcome.pricingTime += run.clock.now - priceStart
    guard let answer = priced else { return nil }
    run.outcome.pricingNodes += answer.nodes
    run.outcome.work += answer.nodes * Self.pricingNodeWork * (1 + groups / 64)
      + groups * KnapsackPricing.Work.perTypeCells
    let bound = nodeBound(weights: weights, cutWeights: cutWeights, maximum: answer.value, target: run.target)
    if lp.isRoot {
      run.outcome.rootBound = max(run.outcome.rootBound, bound)
      run.outcome.noteRootCertified(
        weights: weights, demands: itemDemands, cuts: cuts, cutWeights: cutWeights, maximum: answer.value,
        rows: run.rows)
    }
    // The point of best Lagrangian value is the smoothing's centre.
    let total = weights.reduce(0.0) { $0 + Double($1) }
      + zip(cuts, cutWeights).reduce(0.0) { $0 + Double($1.1 * $1.0.rightHandSide) }
    let value = total / Double(max(answer.value, 1))
    if lp.center == nil || value > lp.center!.value { lp.center = (point, value) }
    lp.lowerBound = max(lp.lowerBound, value)
    return (answer, bound)
  }

  /// The node at `decisions` is pruned by its bound: its share of the tree
  /// is refuted, and the give-up point follows the share.
  private func prunedByBound(_ decisions: [Decision], _ run: inout TreeRun) -> NodeEnd {
    run.outcome.closed += Double(sign: .plus, exponent: -decisions.count, significand: 1)
    if run.outcome.firstPruned == nil { run.outcome.firstPruned = run.clock.now - run.start }
    while let share = Self.closedMarks.first(where: { $0 > (run.outcome.closedTrace.last?.share ?? 0) }),
      run.outcome.closed >= share
    {
      run.outcome.closedTrace.append((share, run.clock.now - run.start, run.outcome.work))
    }
    // Without a give-up the tree has its whole time already.
    // Past the root (a pruned root ends the tree), so the base is known.
    if let after = giveUpWithoutPruningAfter, let base = run.giveUpBase {
      run.giveUpPoint = Self.giveUpPoint(
        after: after, closed: run.outcome.closed, share: giveUpRefutedShare,
        lastMark: run.outcome.closedTrace.last.map { (time: $0.time - base.time, work: $0.work - base.work) },
        stallBelow: giveUpOnStallBelow)?.past(time: base.time, work: base.work)
    }
    return .pruned
  }

  /// At a converged node, a round of subset-row cuts on items that the LP
  /// solution violates (branch-and-price-and-cut); whether any was added.
  private func addCuts(_ lp: inout NodeLP, _ solution: ProgramSolution, _ run: inout TreeRun) throws(GLPKError) -> Bool {
    guard lp.cutRounds < (lp.isRoot ? rootCutRounds ?? cutRoundsPerNode : cutRoundsPerNode) && cuts.count < cutLimit else { return false }
    lp.cutRounds += 1
    let limit = min(cutsPerRound, cutLimit - cuts.count)
    let found = SubsetRowCutSeparation.separate(
      patterns: columns, values: solution.values, demands: itemDemands, existing: cutSet, limit: limit,
      minimumViolation: minimumViolation
    ).map(\.cut)
    guard try add(cuts: found) > 0 else { return false }
    run.outcome.cutRounds += 1
    lp.cutCounts = cutCounts(of: lp.node)
    lp.center = nil
    return true
  }

  private enum ExactStep { case pruned, again, done }

  /// Converged with no cut added: the safe bound once more at the duals of
  /// the master solved in exact arithmetic, at a finer scale, where the
  /// floating LP is far enough above the rows.
  private func exactBoundStep(
    _ lp: inout NodeLP, _ solution: ProgramSolution, _ run: inout TreeRun
  ) throws(GLPKError) -> ExactStep {
    guard lp.isRoot ? exactBoundAtRoot : exactBoundAtNodes, !lp.exactTried,
      solution.objective > Double(run.rows) + exactBoundTrigger
    else { return .done }
    lp.exactTried = true
    let exactStart = run.clock.now
    let columnsBefore = columns.count
    let exact = try exactBound(
      node: lp.node, rows: run.rows, pricing: lp.pricing, cutCounts: lp.cutCounts, until: run.deadline)
    run.outcome.exactSolves += exact.solves
    run.outcome.exactTime += run.clock.now - exactStart
    if lp.isRoot {
      run.outcome.exactRootObjective = exact.objective
      if let e = exact.excess { run.outcome.rootCertifiedExcess = max(run.outcome.rootCertifiedExcess ?? -.infinity, e) }
    }
    if let bound = exact.bound {
      if lp.isRoot { run.outcome.rootBound = max(run.outcome.rootBound, capped(bound, target: run.target)) }
      if bound >= run.target { return .pruned }
    }
    // Rows the exact duals priced in: the floating master again (its
    // solution must cover every column before branching).
    return columns.count > columnsBefore ? .again : .done
  }

  /// A converged node: a packing when its solution is one, else its two
  /// children on a fractional pair of merged items.
  private func branch(_ lp: NodeLP, _ solution: ProgramSolution, _ run: inout TreeRun) throws(GLPKError) -> NodeEnd {
    let node = lp.node
    let active = columns.indices.filter { solution.values[$0] > 1e-9 }
    if active.allSatisfy({ solution.values[$0] > 1 - 1e-6 }), active.count <= run.rows,
      let packing = Self.partition(active.map { columns[$0] }, itemCount: sizes.count)
    {
      return .packing(packing)
    }
    var together: [Int: Double] = [:]
    let count = node.groups.count
    for c in active {
      guard let merged = node.mergedItems(of: columns[c]) else { continue }
      for a in merged.indices {
        for b in merged.indices where b > a { together[merged[a] * count + merged[b], default: 0] += solution.values[c] }
      }
    }
    guard let (g, h) = Self.branchingPair(together, count: count, groupSizes: lp.groupSizes) else {
      return packingFromTogetherClasses(together, node: node, rows: run.rows)
    }
    let (first, second) = (node.groups[g][0], node.groups[h][0])
    // The children start from the parent's master: cleaned at its optimal duals.
    if columnCleaning != .off { try clean(lp, solution.duals, &run) }
    for isTogether in [true, false] {
      let end = try explore(
        lp.decisions + [Decision(first: first, second: second, together: isTogether)], &run, lowerBound: lp.lowerBound)
      if case .pruned = end { continue }
      return end
    }
    run.outcome.failedPairs += 1
    return .pruned
  }

  /// The fractional pair to branch on, the same on every run; nil: none.
  ///
  /// The largest pair, then the one whose
  /// together-value is nearest 0.5, ties to the first (by merged items: the
  /// dictionary's own order is seeded anew in every process, and the tree
  /// must not differ from run to run). Nil: no fractional pair.
  static func branchingPair(_ together: [Int: Double], count: Int, groupSizes: [Int]) -> (Int, Int)? {
    var pick: (g: Int, h: Int, score: Double, size: Int)? = nil
    for (key, value) in together where value > 1e-6 && value < 1 - 1e-6 {
      let (g, h) = (key / count, key % count)
      let score = min(value, 1 - value), size = groupSizes[g] + groupSizes[h]
      if let p = pick {
        guard size > p.size || (size == p.size && (score > p.score || (score == p.score && key < p.g * count + p.h)))
        else { continue }
      }
      pick = (g, h, score, size)
    }
    return pick.map { ($0.g, $0.h) }
  }

  /// With no fractional pair, the together-relation's classes are rows: a
  /// packing when they are few enough and fit.
  private func packingFromTogetherClasses(_ together: [Int: Double], node: NodeItems, rows: Int) -> NodeEnd {
    let count = node.groups.count
    var classOf = Array(0..<count)
    func find(_ g: Int) -> Int { classOf[g] == g ? g : find(classOf[g]) }
    for (key, value) in together where value >= 1 - 1e-6 {
      let (a, b) = (find(key / count), find(key % count))
      if a != b { classOf[max(a, b)] = min(a, b) }
    }
    var rowsOfClass: [Int: [Int]] = [:]
    for g in 0..<count { rowsOfClass[find(g), default: []] += node.groups[g] }
    // Rows by their first merged item, not in the dictionary's order.
    let packing = rowsOfClass.sorted(by: { $0.key < $1.key }).map { $0.value.sorted() }
    if packing.count <= rows, packing.allSatisfy({ load(of: $0) <= capacity }) {
      return .packing(packing)
    }
    return .unknown
  }
}
