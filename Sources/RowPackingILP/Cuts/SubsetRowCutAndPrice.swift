import RowPacking

/// Cut-and-price at the root: a safe row bound from the LP with subset-row cuts.
///
/// The Gilmore–Gomory master strengthened by
/// subset-row cuts (``SubsetRowCut``), column generation with the cuts'
/// duals in the pricing (``SubsetRowCutPricing``), rounds of separation
/// (``SubsetRowCutSeparation``, its exhaustive form before the run says
/// that none is left) until no cut is violated, the bound is reached or
/// the deadline passes.
///
/// The master is a model of its own (the covering rows `>= d_t`, then one
/// row `<= floor(sum_S d / 2)` per cut), started from the converged plain
/// master's patterns, without its exchange columns (a cut is not linear in
/// an exchange). The covering rows stay valid with cuts: a packing in `K`
/// rows gives patterns that hold the items exactly, feasible for both.
///
/// The bound is never GLPK's objective. For any weights `pi >= 0` of the
/// types and `sigma <= 0` of the cuts, and `kappa` the largest value of
/// `pi . a + sum_c sigma_c floor(u_c . a)` over the row patterns `a`, every
/// packing in `K` rows satisfies
///
///     K kappa  >=  sum_rows (pi . a + sigma . floor(U a))  >=  pi . d + sigma . floor(U d),
///
/// since the rows' floor terms sum to at most the floor of their sum and
/// `sigma <= 0` (a Lagrangian, Farley-style bound). It is computed from the
/// duals scaled to integers, with the exact maximum of the pricing, in
/// integer arithmetic (``safeBound(weights:demands:cuts:cutWeights:maximum:)``).
///
/// M. Jepsen, B. Petersen, S. Spoorendonk and D. Pisinger, Operations
/// Research 56(2), 2008; L. Wei, Z. Luo, R. Baldacci and A. Lim, INFORMS
/// Journal on Computing 32(2), 2020.
///
/// - Complexity: each round a master solve and an exact pricing
///   (``SubsetRowCutPricing``, exponential in the cut types in the worst
///   case), a separation after each convergence; bounded by the deadline.
final class SubsetRowCutAndPrice {
  let types: ItemTypes
  let problem: GLPKProblem
  let pricing: SubsetRowCutPricing
  /// Nil: every row pattern; else the most capacity a pattern of the
  /// master may leave empty (``init(session:types:initialPatterns:wasteBudget:)``).
  let wasteBudget: Int?
  private(set) var patterns: [Pattern] = []
  private var known: Set<Pattern> = []
  private(set) var cuts: [SubsetRowCut] = []
  private var cutSet: Set<SubsetRowCut> = []
  /// The most cuts added per separation round, and in all.
  var cutsPerRound = 40
  var cutLimit = 400
  /// The most columns one pricing adds.
  var columnsPerPricing = 30
  /// The most item types for the exhaustive separation
  /// (``SubsetRowCutSeparation/separateExhaustively(patterns:values:demands:existing:limit:minimumViolation:)``).
  var exhaustiveTypeLimit = 700
  /// How finely the master is priced and its bound certified
  /// (``CertifiedBound/Precision``).
  var precision = CertifiedBound.Precision.standard
  /// GLPK's tolerance on reduced costs for the master (nil: its default,
  /// 1e-7). The duals' restrictions (``Outcome/restrictions``) fit in a
  /// gap about `K x` this tolerance wide: the rows within it are far fewer
  /// with a tighter one.
  var dualTolerance: Double? {
    get { precision.dualTolerance }
    set { precision.dualTolerance = newValue }
  }
  /// Whether cuts on five types (``SubsetRowCutSeparation/separateFiveRows(patterns:values:demands:existing:limit:minimumViolation:until:)``)
  /// are separated where no 3-type cut is violated.
  var fiveRowCuts = false
  /// The least violation of a cut separated.
  var minimumViolation = 1e-4

  /// What a cut-and-price run reached.
  struct Outcome {
    /// The best safe row bound of the run.
    var rowBound: Int
    /// The master's last LP optimum (floating point, to show).
    var objective: Double
    /// The LP optimum without cuts (the first converged master).
    var objectiveWithoutCuts: Double?
    /// Cuts added, separation rounds, master solves, pricing nodes.
    var cuts: Int
    var rounds: Int
    var solves: Int
    var nodes: Int
    /// Whether the last master was optimal with no violated cut found.
    var converged: Bool
    /// The time it took, and the master's columns at the end.
    var elapsed = Duration.zero
    var columns = 0
    /// Exact re-solves (``CertifiedBound/Precision/exactRounds``), their time and their best bound.
    var exactSolves = 0
    var exactTime = Duration.zero
    var exactBound = 0
    /// The last exact re-solve's objective (floating, to show).
    var exactObjective = 0.0
    /// How far the best certified value (``CertifiedBound/excess(total:maximum:rows:)``)
    /// lies above the rows one below the target (negative: below them).
    var certifiedExcess: Double? = nil
    /// The integer duals of every master found optimal for its cuts (the
    /// first without cuts), each a restriction of the rows of a packing in
    /// fewer rows (``NearFullRowsModel/CutRestriction``), last one last;
    /// none under a waste budget.
    var restrictions: [NearFullRowsModel.CutRestriction] = []

    /// One line for the verbose log.
    var summary: String {
      /// Four decimals: the LP bound can move by less than a hundredth.
      func fixed(_ x: Double) -> String {
        let units = Int((x * 10_000).rounded())
        let decimals = String(units % 10_000)
        return "\(units / 10_000)." + String(repeating: "0", count: 4 - decimals.count) + decimals
      }
      let lp = objectiveWithoutCuts.map { "LP \(fixed($0)) -> " } ?? "LP "
      return "cuts: \(lp)\(fixed(objective)) with \(cuts) subset-row cuts in \(rounds) rounds "
        + "(\(solves) master solves, \(nodes) pricing nodes, \(columns) columns, \(elapsed)), safe bound \(rowBound)"
        + (converged ? ", no violated cut left" : "")
        + (exactSolves > 0 ? "; \(exactSolves) exact re-solves (\(exactTime)), last objective \(exactObjective), their bound \(exactBound)" : "")
        + (certifiedExcess.map { "; certified value minus the rows \($0)" } ?? "")
    }
  }

  /// - Parameters:
  ///   - types: the item types (their demands are the covering rows).
  ///   - initialPatterns: columns to start from (those that ask for more
  ///     than a demand are left out); per type the row of that type alone
  ///     and the row of as many of its items as fit are added, so that the
  ///     master is feasible with any cuts.
  ///   - wasteBudget: nil, or `R x C - sum w d` for the question whether
  ///     the items fit in `R` rows (0 where they fill them exactly): every
  ///     row of such a packing leaves at most that much empty, so that the
  ///     master holds and prices only those patterns (da Silva and
  ///     Schouery's waste budget) and its bound answers that question
  ///     alone (``run(target:until:extendedDeadline:)`` with target
  ///     `R + 1` caps it there). The rows of one type alone stay, at
  ///     ``artificialCost``, so that the master stays feasible.
  init(session: GLPKSession, types: ItemTypes, initialPatterns: [Pattern], wasteBudget: Int? = nil) throws(GLPKError) {
    self.types = types
    self.wasteBudget = wasteBudget
    pricing = SubsetRowCutPricing(sizes: types.sizes, capacity: types.capacity)
    problem = try GLPKProblem(
      session: session, model: LinearModel(rows: types.demands.map { .atLeast(Double($0)) }))
    // One item of each type alone too: those rows are in no cut (a
    // coefficient floor(1/2) = 0), so that the master stays feasible
    // whatever cuts are added (without them, a cut on a type whose only
    // row holds it twice would make the master infeasible).
    var start: [Pattern] = []
    for t in 0..<types.count {
      start.append([t])
      start.append(Array(repeating: t, count: max(1, min(types.demands[t], types.capacity / types.sizes[t]))))
    }
    try add(start + initialPatterns)
    if wasteBudget != nil { try add((0..<types.count).map { [$0] }, artificial: true) }
  }

  /// The cost of the rows of one type alone under a waste budget: above
  /// any dual a type takes in the master of the patterns within it (about
  /// its size's share of a row), so that the LP uses them only where those
  /// patterns cannot cover the demands; the bound does not depend on it.
  static let artificialCost = 4.0

  /// The capacity `rows` rows leave empty when they hold every item:
  /// the waste budget for the question whether the items fit in them
  /// (0 where the sizes fill them exactly; negative: they do not fit;
  /// `Int.max` for more rows than an `Int` measures).
  ///
  /// - Complexity: O(types).
  static func emptyRoom(types: ItemTypes, rows: Int) -> Int {
    let (room, overflow) = rows.multipliedReportingOverflow(by: types.capacity)
    return overflow ? .max : room - zip(types.sizes, types.demands).reduce(0) { $0 + $1.0 * $1.1 }
  }

  /// Whether `pattern` is within the waste budget (always without one).
  func isWithinBudget(_ pattern: Pattern) -> Bool {
    guard let wasteBudget else { return true }
    return types.capacity - types.load(of: pattern) <= wasteBudget
  }

  /// Adds the patterns not yet in the master that fit the demands and
  /// the waste budget (`artificial`: any, those over the budget at
  /// ``artificialCost``), with their cut coefficients; returns how many.
  @discardableResult
  func add(_ newPatterns: [Pattern], artificial: Bool = false) throws(GLPKError) -> Int {
    var columns: [LinearModel.Column] = []
    for p in newPatterns where !p.isEmpty && !known.contains(p) && (artificial || isWithinBudget(p)) {
      let cost = isWithinBudget(p) ? 1 : Self.artificialCost
      var count = [Int: Int]()
      for t in p { count[t, default: 0] += 1 }
      guard count.allSatisfy({ $0.value <= types.demands[$0.key] }) else { continue }
      known.insert(p)
      patterns.append(p)
      var entries = count.sorted { $0.key < $1.key }.map { (row: $0.key, value: Double($0.value)) }
      for (c, cut) in cuts.enumerated() {
        let coefficient = cut.coefficient(of: p)
        if coefficient > 0 { entries.append((row: types.count + c, value: Double(coefficient))) }
      }
      columns.append(LinearModel.Column(objective: cost, entries: entries))
    }
    try problem.addColumns(columns)
    return columns.count
  }

  /// Starts the next solve from the basis of another master over the same
  /// covering rows, before any cut: the rows marked and the patterns of
  /// `basicPatterns` basic, the others non-basic at 0.
  ///
  /// A basis that does not fit (a wrong count, singular) costs nothing:
  /// ``GLPKProblem/solveLP(timeLimit:dual:dualTolerance:primalTolerance:)``
  /// then starts again from the standard basis.
  func start(basicRows: [Bool], basicPatterns: Set<Pattern>) throws(GLPKError) {
    guard cuts.isEmpty, basicRows.count == types.count else { return }
    try problem.setBasis(.init(basicRows: basicRows, basicColumns: patterns.map { basicPatterns.contains($0) }))
  }

  /// Adds cuts as rows, with their coefficients on the patterns so far.
  func add(cuts newCuts: [SubsetRowCut]) throws(GLPKError) {
    var rows: [(bounds: LinearModel.Bounds, entries: [(column: Int, value: Double)])] = []
    for cut in newCuts where cutSet.insert(cut).inserted {
      cuts.append(cut)
      var entries: [(column: Int, value: Double)] = []
      for (k, p) in patterns.enumerated() {
        let coefficient = cut.coefficient(of: p)
        if coefficient > 0 { entries.append((column: k, value: Double(coefficient))) }
      }
      rows.append((bounds: .atMost(Double(cut.rightHandSide)), entries: entries))
    }
    try problem.addRows(rows)
  }

  /// The safe row bound at integer duals, in exact integer arithmetic.
  ///
  /// `ceil((sum_t w_t d_t + sum_c s_c rhs_c) / maximum)` for type weights
  /// `weights >= 0`, cut weights `cutWeights <= 0` and `maximum` the exact
  /// largest value of a pattern
  /// (``SubsetRowCutPricing/value(of:weights:cuts:cutWeights:)``); 0 when
  /// the maximum or the numerator is not positive, or on overflow.
  ///
  /// - Complexity: O(types + cuts).
  static func safeBound(weights: [Int], demands: [Int], cuts: [SubsetRowCut], cutWeights: [Int], maximum: Int) -> Int {
    guard maximum > 0, let total = CertifiedBound.total(
      weights: weights, demands: demands, cuts: cuts, cutWeights: cutWeights), total > 0
    else { return 0 }
    return total / maximum + (total % maximum == 0 ? 0 : 1)
  }

  /// Cut-and-price until the safe bound reaches `target`, no cut is
  /// violated (or ``cutLimit`` is reached) at a converged master, or the
  /// deadline passes; the bound is valid whenever it stops. Where cuts
  /// were added and the run has not converged by `deadline`, it goes on
  /// until `extendedDeadline` (nil: no extension): a separation that still
  /// finds cuts may yet raise the bound, while a run that finds none has
  /// stopped before. Where the first master solve has not ended by
  /// `deadline`, it goes on until `firstSolveDeadline` (nil: no extension),
  /// and so does the run: without one solved master the stage's time gives
  /// no bound at all.
  ///
  /// - Complexity: each round a master solve and an exact pricing
  ///   (``SubsetRowCutPricing``); separation after each convergence.
  func run(
    target: Int, until firstDeadline: ContinuousClock.Instant, extendedDeadline: ContinuousClock.Instant? = nil,
    firstSolveDeadline: ContinuousClock.Instant? = nil
  ) throws(GLPKError) -> Outcome {
    precondition(
      wasteBudget.map { target < .max && $0 >= Self.emptyRoom(types: types, rows: target - 1) } ?? true,
      "a waste budget answers one number of rows, and must hold every row of their packings")
    let clock = ContinuousClock()
    var deadline = firstDeadline
    /// Whether the run goes on past the first deadline (cuts were added).
    func extends() -> Bool {
      guard let extendedDeadline, deadline < extendedDeadline, clock.now < extendedDeadline, !cuts.isEmpty else {
        return false
      }
      deadline = extendedDeadline
      return true
    }
    var solvedOnce = false
    /// Whether the run goes on past the first deadline (no master solved yet).
    func extendsFirstSolve() -> Bool {
      guard !solvedOnce, let firstSolveDeadline, deadline < firstSolveDeadline, clock.now < firstSolveDeadline else {
        return false
      }
      deadline = firstSolveDeadline
      return true
    }
    var outcome = Outcome(
      rowBound: 0, objective: 0, objectiveWithoutCuts: nil, cuts: 0, rounds: 0, solves: 0, nodes: 0, converged: false)
    // Exact re-solves left before the next separation.
    var exactLeft = precision.exactRounds
    let start = clock.now
    while clock.now < deadline || extendsFirstSolve() || extends() {
      // The primal simplex throughout: with cut rows on large degenerate
      // masters GLPK's dual simplex meets numerical instability
      // (docs/experiments/).
      let lp = try problem.solveLP(
        timeLimit: deadline - clock.now, dualTolerance: precision.dualTolerance,
        primalTolerance: precision.primalTolerance)
      outcome.solves += 1
      guard lp.status == .optimal else {
        if lp.status == .timeLimit { if extendsFirstSolve() || extends() { continue } else { break } }
        throw .solverFailed(routine: "glp_simplex", code: 0, meaning: "cut master LP not optimal (\(lp.status))")
      }
      solvedOnce = true
      outcome.objective = lp.objective
      guard let priced = price(lp.duals, target: target, outcome: &outcome, until: deadline)
      else { if extends() { continue } else { break } }
      if outcome.rowBound >= target { break }
      // Rows that price in at the integer weights (exact): a row GLPK's
      // tolerance left at a negative reduced cost is in the master already.
      if precision.improves(priced.answer.value), try add(priced.entering) > 0 { continue }
      // The master is optimal for the full LP with these cuts, up to the
      // floating simplex: certify it exactly where the LP is near the rows.
      if outcome.objectiveWithoutCuts == nil { outcome.objectiveWithoutCuts = lp.objective }
      var solution = lp
      var weights = priced.weights
      if exactLeft > 0 && (target == .max || lp.objective > Double(target - 1) - 1e-6) {
        exactLeft -= 1
        let exactStart = clock.now
        // At most half the time left: on large masters one exact solve can
        // outlast the stage, and a floating round may still lift the bound.
        let exact = try problem.solveExactLP(timeLimit: (deadline - clock.now) / 2)
        outcome.exactSolves += 1
        outcome.exactTime += clock.now - exactStart
        if exact.status == .optimal {
          outcome.exactObjective = exact.objective
          guard let exactPriced = price(exact.duals, target: target, outcome: &outcome, until: deadline) else { break }
          let w = exactPriced.weights
          outcome.exactBound = max(
            outcome.exactBound, bound(weights: w.types, cutWeights: w.cuts, maximum: w.maximum, target: target))
          if outcome.rowBound >= target { break }
          // Rows improving at the exact duals: in, and the master again.
          if precision.improves(exactPriced.answer.value), try add(exactPriced.entering) > 0 { continue }
          solution = exact
          weights = exactPriced.weights
        }
      }
      exactLeft = precision.exactRounds
      // Not under a waste budget: its maximum, over the rows within it
      // alone, leaves the near-full-rows enumeration too little to prune
      // (docs/experiments/053-exactly-full-columns.md); the tree decides.
      if wasteBudget == nil {
        outcome.restrictions.append(
          .init(weights: weights.types, cuts: cuts, cutWeights: weights.cuts, maxValue: weights.maximum))
      }
      guard cuts.count < cutLimit else { outcome.converged = true; break }
      let limit = min(cutsPerRound, cutLimit - cuts.count)
      let found = separate(values: solution.values, limit: limit, until: deadline)
      if found.isEmpty { outcome.converged = true; break }
      try add(cuts: found.map(\.cut))
      outcome.rounds += 1
      outcome.cuts = cuts.count
    }
    outcome.elapsed = clock.now - start
    outcome.columns = patterns.count
    return outcome
  }
  /// The safe bound as far as it is valid: under a waste budget it answers
  /// only whether `target - 1` rows suffice, so that it is at most
  /// `target`, and it is `target` where no pattern within the budget is
  /// worth more than 0 while the total is positive (the rows of a packing
  /// would sum to at most 0).
  private func bound(weights: [Int], cutWeights: [Int], maximum: Int, target: Int) -> Int {
    let safe = Self.safeBound(
      weights: weights, demands: types.demands, cuts: cuts, cutWeights: cutWeights, maximum: maximum)
    guard wasteBudget != nil else { return safe }
    if maximum <= 0, let total = CertifiedBound.total(
      weights: weights, demands: types.demands, cuts: cuts, cutWeights: cutWeights), total > 0
    {
      return target
    }
    return min(safe, target)
  }

  /// Integer weights at the precision's scale, the pricing's exact
  /// maximum at them, and the rows that improve.
  private struct Priced {
    var weights: (types: [Int], cuts: [Int], maximum: Int)
    var answer: SubsetRowCutPricing.Answer
    var entering: [Pattern]
  }

  /// Prices exactly at `duals` (the types' clipped at 0, the cuts' at or
  /// below 0, both scaled to integers and rounded down), raising the
  /// outcome's safe bound and certified value; nil when `deadline` passed.
  private func price(
    _ duals: [Double], target: Int, outcome: inout Outcome, until deadline: ContinuousClock.Instant
  ) -> Priced? {
    let scale = Double(precision.scale)
    let weights = duals.prefix(types.count).map { integerWeight(dual: $0, scale: scale) }
    let cutWeights = duals.dropFirst(types.count).map { -integerWeight(dual: -min(0, $0), scale: scale) }
    guard let answer = pricing.best(
      weights: weights, bounds: types.demands, cuts: cuts, cutWeights: cutWeights, threshold: precision.scale,
      others: columnsPerPricing - 1, wasteBudget: wasteBudget, until: deadline)
    else { return nil }
    outcome.nodes += answer.nodes
    let bound = bound(weights: weights, cutWeights: cutWeights, maximum: answer.value, target: target)
    outcome.rowBound = max(outcome.rowBound, bound)
    if let total = CertifiedBound.total(weights: weights, demands: types.demands, cuts: cuts, cutWeights: cutWeights),
      let excess = CertifiedBound.excess(total: total, maximum: answer.value, rows: target - 1)
    {
      outcome.certifiedExcess = max(outcome.certifiedExcess ?? -.infinity, excess)
    }
    let entering = ([answer.pattern] + answer.others).filter {
      !$0.isEmpty
        && precision.improves(SubsetRowCutPricing.value(of: $0, weights: weights, cuts: cuts, cutWeights: cutWeights))
    }
    return Priced(weights: (weights, cutWeights, answer.value), answer: answer, entering: entering)
  }

  /// The most violated cuts of the master's solution `values`, at most
  /// `limit`: the heuristic separation, then every triple up to
  /// ``exhaustiveTypeLimit`` types, then five-type cuts if on.
  private func separate(values: [Double], limit: Int, until deadline: ContinuousClock.Instant) -> [(cut: SubsetRowCut, violation: Double)] {
    var found = SubsetRowCutSeparation.separate(
      patterns: patterns, values: values, demands: types.demands, existing: cutSet, limit: limit,
      minimumViolation: minimumViolation)
    // "No violated cut left" is exact up to ``exhaustiveTypeLimit``
    // types: every triple is checked before the run says so (cubic in
    // the types, hence the limit).
    if found.isEmpty && types.count <= exhaustiveTypeLimit {
      found = SubsetRowCutSeparation.separateExhaustively(
        patterns: patterns, values: values, demands: types.demands, existing: cutSet, limit: limit,
        minimumViolation: minimumViolation)
    }
    if found.isEmpty && fiveRowCuts {
      found = SubsetRowCutSeparation.separateFiveRows(
        patterns: patterns, values: values, demands: types.demands, existing: cutSet, limit: limit,
        minimumViolation: minimumViolation, until: deadline)
    }
    return found
  }
}
