/// The LP relaxation of the Gilmore–Gomory set-covering model of bin
/// packing, solved by column generation:
///
///     minimise sum(x_p)  s.t.  sum(a_tp x_p) >= d_t for every item type t,  x_p >= 0,
///
/// over all row patterns p (`a_tp` items of type t, total size <= C). GLPK
/// solves the restricted master LP over the patterns generated so far; the
/// pricing problem (a bounded knapsack, ``KnapsackPricing``, in Swift) finds
/// a pattern of reduced cost `1 - sum(pi_t a_tp) < 0`, until there is none.
/// Its ceiling is a lower bound on the rows; it equals the arc-flow LP
/// bound (Valerio de Carvalho, 1999).
///
/// Farley's bound `sum(d_t pi_t) / max_p(sum(pi_t a_tp))` is a valid lower
/// bound at every iteration (A. A. Farley, "A note on bounding a class of
/// linear programming problems, including cutting stock problems",
/// Operations Research 38(5), 1990): generation stops as soon as its
/// ceiling meets the master's, when the bound's ceiling can no longer change.
///
/// The master is kept between solves: demands can be lowered (diving, see
/// ``LimitedDiscrepancyDiving``) and raised again; patterns that no longer fit the
/// demands are fixed at zero, and the last basis is reused.
///
/// P. C. Gilmore and R. E. Gomory, "A linear programming approach to the
/// cutting-stock problem", Operations Research 9(6):849-859, 1961.
final class GilmoreGomoryColumnGeneration {
  let types: ItemTypes
  private(set) var demands: [Int]
  private(set) var patterns: [Pattern] = []
  private var counts: [[(type: Int, count: Int)]] = []
  private var indexOfPattern: [Pattern: Int] = [:]
  private(set) var enabled: [Bool] = []
  private let problem: GLPKProblem
  private let pricing: KnapsackPricing
  private var demandsChanged = false
  /// LP solves and pricing rounds so far.
  private(set) var iterations = 0
  var lpTime = Duration.zero
  var priceTime = Duration.zero

  /// The outcome of one column generation.
  struct Solution {
    /// The restricted master's optimum (an upper bound on the LP optimum).
    var masterObjective: Double
    /// A proven lower bound on the LP optimum (Farley's, or the master's at convergence).
    var lowerBound: Double
    /// Whether pricing proved the master optimal for the full LP.
    var converged: Bool
    /// The value of each pattern (indexed as ``patterns``).
    var values: [Double]
    /// The ceiling of ``lowerBound``: a lower bound on the rows.
    var rowBound: Int { Int((lowerBound - 1e-6).rounded(.up)) }
  }

  init(session: GLPKSession, types: ItemTypes, initialPatterns: [Pattern]) throws(GLPKError) {
    self.types = types
    self.demands = types.demands
    self.pricing = KnapsackPricing(sizes: types.sizes, capacity: types.capacity)
    let rows = types.demands.map { LinearModel.Bounds.atLeast(Double($0)) }
    problem = try GLPKProblem(session: session, model: LinearModel(rows: rows))
    var start: [Pattern] = []
    // One pattern per type, as many copies as fit: the master is always feasible.
    for t in 0..<types.count {
      start.append(Array(repeating: t, count: max(1, min(types.demands[t], types.capacity / types.sizes[t]))))
    }
    start.append(contentsOf: initialPatterns)
    try add(start)
  }

  private func fits(_ k: Int) -> Bool { counts[k].allSatisfy { $0.count <= demands[$0.type] } }

  /// Adds patterns not yet in the master; returns how many were new.
  @discardableResult
  func add(_ newPatterns: [Pattern]) throws(GLPKError) -> Int {
    var columns: [LinearModel.Column] = []
    for p in newPatterns where !p.isEmpty && indexOfPattern[p] == nil {
      indexOfPattern[p] = patterns.count
      patterns.append(p)
      var c: [(type: Int, count: Int)] = []
      for t in p {
        if let last = c.last, last.type == t { c[c.count - 1].count += 1 } else { c.append((t, 1)) }
      }
      counts.append(c)
      let ok = fits(counts.count - 1)
      enabled.append(ok)
      columns.append(LinearModel.Column(
        objective: 1, bounds: ok ? .atLeast(0) : .fixed(0),
        entries: c.map { (row: $0.type, value: Double($0.count)) }))
    }
    try problem.addColumns(columns)
    return columns.count
  }

  /// Sets the demand of every type (for a residual problem); patterns that
  /// ask for more than a demand are fixed at zero, the others freed.
  func setDemands(_ newDemands: [Int]) throws(GLPKError) {
    var rowChanges: [(index: Int, bounds: LinearModel.Bounds)] = []
    for t in 0..<types.count where newDemands[t] != demands[t] {
      rowChanges.append((t, .atLeast(Double(newDemands[t]))))
    }
    guard !rowChanges.isEmpty else { return }
    demands = newDemands
    try problem.setRowBounds(rowChanges)
    var columnChanges: [(index: Int, bounds: LinearModel.Bounds)] = []
    for k in patterns.indices {
      let ok = fits(k)
      if ok != enabled[k] {
        enabled[k] = ok
        columnChanges.append((k, ok ? .atLeast(0) : .fixed(0)))
      }
    }
    try problem.setColumnBounds(columnChanges)
    // Keep the master feasible: a single-type pattern that fits each demand.
    var singles: [Pattern] = []
    for t in 0..<types.count where demands[t] > 0 {
      singles.append(Array(repeating: t, count: min(demands[t], types.capacity / types.sizes[t])))
    }
    try add(singles)
    demandsChanged = true
  }

  /// Runs column generation on the current demands.
  ///
  /// Duals are smoothed (Wentges, 1997): pricing runs first at a convex
  /// combination of the best dual point so far (the one of best Farley bound)
  /// and the master's duals; when that pattern does not price out for the
  /// master's duals (a mis-pricing), pricing runs again at the master's
  /// duals. Every pricing gives a Farley bound. This cuts the tailing-off
  /// of column generation on large capacities. P. Wentges, "Weighted
  /// Dantzig-Wolfe decomposition for linear mixed-integer programming",
  /// International Transactions in Operational Research 4(2):151-162, 1997.
  ///
  /// - Parameters:
  ///   - deadline: stop (returning `nil`) when the clock passes it.
  ///   - enough: stop as soon as the row bound reaches this value.
  func solve(until deadline: ContinuousClock.Instant, enough: Int = .max) throws(GLPKError) -> Solution? {
    let clock = ContinuousClock()
    var best = 0.0
    self.center = nil
    var center: [Double]? = nil
    var dual = demandsChanged
    demandsChanged = false
    var stall = 0
    var coarseInARow = 0
    let demand = demands.map(Double.init)
    func dualValue(_ pi: [Double]) -> Double { pi.indices.reduce(0.0) { $0 + pi[$1] * demand[$1] } }
    /// Farley's bound of a dual point with pricing value `value`.
    func farley(_ pi: [Double], _ value: Double) -> Double { value > 1e-12 ? dualValue(pi) / value : 0 }
    while true {
      let left = deadline - clock.now
      if left <= .zero { return nil }
      let tA = clock.now
      let lp = try problem.solveLP(timeLimit: left, dual: dual)
      lpTime += clock.now - tA
      iterations += 1
      dual = false
      guard lp.status == .optimal else {
        if lp.status == .timeLimit { return nil }
        throw .solverFailed(routine: "glp_simplex", code: 0, meaning: "restricted master LP not optimal (\(lp.status))")
      }
      let duals = lp.duals.map { max(0, $0) }
      let objective = lp.objective
      let masterCeiling = Int((objective - 1e-6).rounded(.up))
      var newPattern: Pattern? = nil
      let tB = clock.now
      if coarseInARow < 30 {
        // Cheap columns first, coarsest grid first; exact pricing (and a
        // bound) when no grid finds one, or every 30th time.
        var found = false
        for grid in 0..<pricing.coarseGridCount {
          let (_, pattern) = pricing.coarseBest(grid: grid, values: duals, bounds: demands)
          var reduced = 1.0
          for t in pattern { reduced -= duals[t] }
          if reduced < -1e-9, try add([pattern]) > 0 { found = true; break }
        }
        if found {
          coarseInARow += 1
          priceTime += clock.now - tB
          continue
        }
      }
      coarseInARow = 0
      if let center {
        let alpha = smoothing
        let separation = duals.indices.map { alpha * center[$0] + (1 - alpha) * duals[$0] }
        let (value, pattern) = pricing.best(values: separation, bounds: demands)
        let bound = farley(separation, value)
        if bound > best { best = bound; self.center = separation }
        var reduced = 1.0
        for t in pattern { reduced -= duals[t] }
        if reduced < -1e-9 { newPattern = pattern }
      }
      if newPattern == nil {
        let (value, pattern) = pricing.best(values: duals, bounds: demands)
        if value <= 1 + 1e-9 {
          priceTime += clock.now - tB
          // Farley's bound again (not the master's objective), so that the
          // bound holds exactly for these duals, round-off included.
          best = max(best, min(objective, dualValue(duals) / max(value, 1)))
          return Solution(masterObjective: objective, lowerBound: best, converged: true, values: lp.values)
        }
        let bound = farley(duals, value)
        if bound > best || center == nil { best = max(best, bound); self.center = duals }
        newPattern = pattern
      }
      priceTime += clock.now - tB
      center = self.center
      best = min(best, objective)
      let solution = Solution(masterObjective: objective, lowerBound: best, converged: false, values: lp.values)
      if solution.rowBound >= masterCeiling || solution.rowBound >= enough {
        return solution
      }
      if try add([newPattern!]) == 0 {
        // The pattern is already in the master (round-off): no progress possible.
        stall += 1
        if stall > 2 { return solution }
      }
    }
  }

  /// The weight of the best dual point in the smoothed duals (0 turns smoothing off).
  var smoothing = 0.7
  private var center: [Double]? = nil
}
