import RowPacking

/// A packing in K rows from the patterns column generation has met so far:
/// the restricted master heuristic ("price-and-branch"), a set-partitioning
/// MIP over the pattern pool solved by GLPK's branch and bound.
///
///     find x_p integer >= 0  s.t.  sum(a_tp x_p) = d_t for every type t,
///                                  sum(x_p) <= K,
///
/// over the pool's patterns that a packing in K rows can use at all: those
/// that fit the demands, waste at most the budget `K x C - S` (where the
/// items fill the K rows exactly, the exactly-full rows only) and, under
/// each ``NearFullRowsModel/DualRestriction``, have a weight within the
/// gap (reduced cost about 0 where the LP bound is K). Those filters lose
/// no packing the pool holds (see ``NearFullRowsModel``); an integer
/// solution is a packing in at most K rows (the caller verifies it). An
/// infeasible model says only that the pool holds no such packing, never
/// that none exists: the pool is not every pattern.
///
/// GLPK's feasibility pump (``feasibilityPump``), proximity search
/// (``proximitySearchShare``) and clique cuts (``cliqueCutLimit``) may
/// run at the root; they apply only to binary columns, so a pattern that a
/// packing may use m times enters as m binary copies. With ``relaxAndFix``
/// the columns at 1 in the model's LP optimum are first fixed and the MIP
/// solved on the residual for ``relaxAndFixShare`` of the time; when that
/// finds nothing, the whole model with the rest.
///
/// C. Joncour, S. Michel, R. Sadykov, D. Sverdlov and F. Vanderbeck,
/// "Column generation based primal heuristics", Electronic Notes in
/// Discrete Mathematics 36:695-702, 2010 (the restricted master
/// heuristic among them); R. Sadykov, F. Vanderbeck, A. Pessoa, I. Tahiri
/// and E. Uchoa, "Primal heuristics for branch and price: the assets of
/// diving methods", INFORMS Journal on Computing 31(2):251-267, 2019 (the
/// restricted master heuristic as a baseline for the dives).
///
/// - Complexity: filtering O(pool x (pattern length + restrictions x
///   types)), then GLPK's simplex and branch and bound on at most the
///   pool's columns and types + 1 rows (exponential in the worst case,
///   bounded by the deadline).
struct RestrictedMasterHeuristic {
  let types: ItemTypes
  let rows: Int
  /// Dual restrictions every row of a packing in ``rows`` rows meets.
  var restrictions: [NearFullRowsModel.DualRestriction] = []
  /// Whether GLPK's feasibility pump runs at the root.
  var feasibilityPump = true
  /// The share of the time for GLPK's proximity search at the root (nil: none).
  var proximitySearchShare: Double? = nil
  /// The most columns for which GLPK also separates clique cuts (their
  /// conflict graph grows fast: see ``NearFullRowsModel/cliqueCutLimit``).
  var cliqueCutLimit = 20_000
  /// Whether the columns at 1 in the LP optimum are fixed first
  /// (relax-and-fix), and that residual MIP's share of the time.
  var relaxAndFix = false
  var relaxAndFixShare = 0.5
  /// Whether GLPK's branch and bound backtracks depth first (every node
  /// has the bound K where the rows must be exactly full).
  var depthFirst = true

  init(types: ItemTypes, rows: Int, restrictions: [NearFullRowsModel.DualRestriction] = []) {
    self.types = types
    self.rows = rows
    self.restrictions = restrictions
  }

  /// What one run did.
  struct Outcome {
    /// A packing in at most ``rows`` rows (unverified), if found.
    var patterns: [Pattern]?
    /// The pool's patterns, and those left after the filters.
    var poolSize = 0
    var candidates = 0
    /// Whether the model's LP was feasible (nil: not solved in time).
    var lpFeasible: Bool? = nil
    /// Rows (binary columns) fixed at 1 by relax-and-fix.
    var fixedRows = 0
    /// Whether a MIP proved the pool (or the fixed residual) holds no packing.
    var poolInfeasible = false
    var residualInfeasible = false
    /// GLPK's branch-and-bound nodes in all.
    var nodes = 0

    /// One line for `--verbose`.
    var summary: String {
      let lp = lpFeasible.map { $0 ? "LP feasible" : "LP infeasible" } ?? "LP not solved"
      let fixed = fixedRows > 0 ? ", \(fixedRows) rows fixed\(residualInfeasible ? ", residual infeasible" : "")" : ""
      let found = patterns != nil ? "packing found" : poolInfeasible ? "no packing in the pool" : "no packing found"
      return "restricted master: \(candidates) of \(poolSize) pool rows, \(lp)\(fixed), \(nodes) nodes, \(found)"
    }
  }

  /// The patterns of `pool` a packing in ``rows`` rows can use: they fit
  /// the demands, waste at most the budget and meet every restriction;
  /// each once, in the pool's order.
  ///
  /// - Complexity: O(pool x (pattern length + restrictions x types)).
  func candidates(from pool: [Pattern]) -> [Pattern] {
    let total = zip(types.sizes, types.demands).reduce(0) { $0 + $1.0 * $1.1 }
    let budget = rows * types.capacity - total
    guard budget >= 0 else { return [] }
    var least: [Int] = []
    for restriction in restrictions {
      let gap = restriction.gap(rows: rows, demands: types.demands)
      if gap < 0 { return [] }
      least.append(restriction.maxWeight - gap)
    }
    var seen = Set<Pattern>()
    var result: [Pattern] = []
    var count = [Int](repeating: 0, count: types.count)
    pool: for p in pool where !p.isEmpty {
      let load = types.load(of: p)
      guard load <= types.capacity && load >= types.capacity - budget else { continue }
      var fits = true
      for t in p {
        count[t] += 1
        if count[t] > types.demands[t] { fits = false }
      }
      for t in p { count[t] = 0 }
      guard fits else { continue }
      for (i, restriction) in restrictions.enumerated() {
        var weight = 0
        for t in p { weight += restriction.weights[t] }
        if weight < least[i] { continue pool }
      }
      if seen.insert(p).inserted { result.append(p) }
    }
    return result
  }

  /// A packing in at most ``rows`` rows from `pool`, within the deadline.
  func run(session: GLPKSession, pool: [Pattern], until deadline: ContinuousClock.Instant) throws(GLPKError) -> Outcome {
    let clock = ContinuousClock()
    var outcome = Outcome()
    outcome.poolSize = pool.count
    let columns = candidates(from: pool)
    outcome.candidates = columns.count
    guard !columns.isEmpty else {
      outcome.lpFeasible = false
      outcome.poolInfeasible = true
      return outcome
    }
    // Binary columns (a pattern that a packing may use m times enters as
    // m copies): GLPK's feasibility pump and proximity search apply only
    // where every integer column is binary.
    var model = LinearModel(rows: types.demands.map { .fixed(Double($0)) } + [.atMost(Double(rows))])
    var columnPattern: [Pattern] = []
    for p in columns {
      let (entries, copies) = NearFullRowsModel.partitioningColumn(of: p, types: types)
      for _ in 0..<min(copies, rows) {
        columnPattern.append(p)
        model.columns.append(.init(objective: 1, bounds: .between(0, 1), isInteger: true, entries: entries))
      }
    }
    let problem = try GLPKProblem(session: session, model: model)
    guard deadline - clock.now > .milliseconds(5) else { return outcome }
    let lp = try problem.solveLP(timeLimit: deadline - clock.now)
    switch lp.status {
    case .infeasible:
      outcome.lpFeasible = false
      outcome.poolInfeasible = true
      return outcome
    case .optimal: outcome.lpFeasible = true
    default: return outcome
    }
    func packing(_ values: [Double]) -> [Pattern] {
      var chosen: [Pattern] = []
      for (k, x) in values.enumerated() {
        if x > 0.5 { chosen.append(columnPattern[k]) }
      }
      return chosen
    }
    func mip(until end: ContinuousClock.Instant) throws(GLPKError) -> ProgramSolution? {
      let left = end - clock.now
      guard left > .milliseconds(5) else { return nil }
      let solution = try problem.solveMIP(
        timeLimit: left, incumbent: nil, cliqueCuts: columnPattern.count <= cliqueCutLimit,
        feasibilityPump: feasibilityPump, proximitySearch: proximitySearchShare.map { left * $0 },
        depthFirst: depthFirst)
      outcome.nodes += solution.nodes
      return solution
    }
    // An integral LP optimum is a packing already.
    if lp.values.allSatisfy({ abs($0 - $0.rounded()) < 1e-6 }) {
      outcome.patterns = packing(lp.values)
      return outcome
    }
    if relaxAndFix {
      var fixes: [(index: Int, bounds: LinearModel.Bounds)] = []
      for (k, x) in lp.values.enumerated() where x >= 1 - 1e-6 {
        fixes.append((k, .fixed(1)))
        outcome.fixedRows += 1
      }
      if !fixes.isEmpty {
        try problem.setColumnBounds(fixes)
        let end = clock.now + (deadline - clock.now) * relaxAndFixShare
        // GLPK's branch and bound starts from an optimal LP of the model it is given.
        let residual = try problem.solveLP(timeLimit: max(.milliseconds(1), end - clock.now))
        if residual.status == .infeasible {
          outcome.residualInfeasible = true
        } else if residual.status == .optimal, let solution = try mip(until: end) {
          if solution.status == .optimal || solution.status == .feasible {
            outcome.patterns = packing(solution.values)
            return outcome
          }
          outcome.residualInfeasible = solution.status == .infeasible
        }
        try problem.setColumnBounds(fixes.map { ($0.index, .between(0, 1)) })
        let again = try problem.solveLP(timeLimit: max(.milliseconds(1), deadline - clock.now))
        guard again.status == .optimal else { return outcome }
      }
    }
    guard let solution = try mip(until: deadline) else { return outcome }
    switch solution.status {
    case .optimal, .feasible: outcome.patterns = packing(solution.values)
    case .infeasible: outcome.poolInfeasible = true
    default: break
    }
    return outcome
  }
}
