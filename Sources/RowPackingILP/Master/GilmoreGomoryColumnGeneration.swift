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
/// The bound reported is never GLPK's objective: it is Farley's bound
/// `sum(d_t pi_t) / max_p(sum(pi_t a_tp))`, valid for any nonnegative duals
/// at every iteration (A. A. Farley, "A note on bounding a class of linear
/// programming problems, including cutting stock problems", Operations
/// Research 38(5), 1990), recomputed in integer arithmetic from the duals
/// scaled and rounded down, with the exact maximum of pricing. Generation
/// stops as soon as its ceiling meets the master's, when the bound's
/// ceiling can no longer change.
///
/// The master also holds exchange columns, one per pair of consecutive
/// types t, t+1 (t larger): cost 0, -1 in row t and +1 in row t+1 ("a slot
/// of a larger item holds a smaller one"). They are the dual-optimal
/// inequalities pi_t >= pi_t+1: they leave the LP optimum unchanged and cut
/// the degenerate, non-monotone duals that make column generation tail off
/// (J. M. Valerio de Carvalho, "Using extra dual cuts to accelerate column
/// generation", INFORMS Journal on Computing 17(2):175-182, 2005). Pattern
/// values (``Solution/values``) leave them out.
///
/// The master is kept between solves: demands can be lowered (diving, see
/// ``LimitedDiscrepancyDiving``) and raised again; patterns that no longer fit the
/// demands are fixed at zero, and the last basis is reused.
///
/// P. C. Gilmore and R. E. Gomory, "A linear programming approach to the
/// cutting-stock problem", Operations Research 9(6):849-859, 1961.
///
/// - Complexity: each round a master LP solve (GLPK's simplex) and an exact
///   pricing (``KnapsackPricing``, exponential in the worst case); the rounds
///   are not polynomially bounded, so every solve runs under a deadline.
final class GilmoreGomoryColumnGeneration {
  let types: ItemTypes
  private(set) var demands: [Int]
  private(set) var patterns: [Pattern] = []
  private var counts: [[(type: Int, count: Int)]] = []
  private var indexOfPattern: [Pattern: Int] = [:]
  private(set) var enabled: [Bool] = []
  /// Columns taken out of the master's simplex (fixed at 0) by
  /// ``retireColumns(duals:values:)``, until pricing finds them again.
  private(set) var retired: [Bool] = []
  /// Patterns retired so far, and brought back by pricing.
  private(set) var retiredCount = 0
  private(set) var revivedCount = 0
  /// Each pattern's waste (capacity minus its load), and whether it is out
  /// of the master's simplex (fixed at 0) for wasting more than
  /// ``wasteBudget``.
  private(set) var wastes: [Int] = []
  private(set) var overBudget: [Bool] = []
  /// The waste budget of the master's patterns and of its pricing (nil:
  /// none): only rows wasting at most this much enter, and the row bound
  /// proves only what rows within it prove
  /// (``provenRows(_:)``). Set by ``shrinkWasteBudget(to:)`` and
  /// ``coverWasteBudget(rows:)``.
  private(set) var wasteBudget: Int? = nil
  /// Where set, each solve shrinks the waste budget with the master's
  /// objective, to refute this many rows
  /// (``shrinkingWasteBudget(rows:objective:capacity:totalSize:)``): the
  /// root LP's rule.
  var wasteBudgetRows: Int? = nil
  /// Columns taken out of the master by the waste budget so far.
  var overBudgetCount = 0
  let problem: GLPKProblem
  var pricing: KnapsackPricing
  /// The exchange columns (dual-optimal inequalities), the master's first columns.
  let exchangeCount: Int
  var demandsChanged = false
  /// GLPK's tolerances on bounds and reduced costs for the master's solves
  /// (nil: its defaults, 1e-7); the dives set it (see
  /// ``LimitedDiscrepancyDiving/simplexTolerance``).
  var simplexTolerance: Double? = nil
  /// The master's duals (clamped at 0) at the last LP solve.
  var lastDuals: [Double] = []
  /// The best row bound of the latest ``solve(until:enough:toConvergence:knownBound:)`` so far, for
  /// its demands: Farley's in integer arithmetic, a proof even when that
  /// solve stopped at its deadline.
  var lastRowBound = 0
  /// LP solves and pricing rounds so far.
  var iterations = 0
  var lpTime = Duration.zero
  var priceTime = Duration.zero
  /// What column generation did so far, for `--verbose`.
  var statistics = Statistics()

  /// Counts and times of the work of column generation, summed over every
  /// ``solve(until:enough:toConvergence:knownBound:)`` (the `--verbose` log shows
  /// them after the root LP).
  struct Statistics {
    /// Exact pricings by the search that settled them
    /// (``KnapsackPricing/Method``), their time and nodes.
    var exactCalls = [Int](repeating: 0, count: KnapsackPricing.Method.allCases.count)
    var exactTime = [Duration](repeating: .zero, count: KnapsackPricing.Method.allCases.count)
    var exactNodes = 0
    /// Exact pricings at smoothed duals whose pattern did not price out
    /// for the master's (mis-pricings).
    var misPricings = 0
    /// Coarse-grid pricings, and those that gave a column.
    var coarseCalls = 0
    var coarseHits = 0
    var coarseTime = Duration.zero
    /// Columns entered into the master.
    var columns = 0
    /// GLPK's simplex iterations over the master solves, and the work
    /// counted for the solves (``masterWork(iterations:rows:nonzeros:)``),
    /// for exact pricing (per method) and for coarse pricing
    /// (``KnapsackPricing/Work``).
    var masterIterations = 0
    var masterWork = 0
    var exactWork = [Int](repeating: 0, count: KnapsackPricing.Method.allCases.count)
    var coarseWork = 0
    /// (seconds since the first solve, master objective, best Farley bound),
    /// at most one a second.
    var trace: [(seconds: Double, objective: Double, bound: Double)] = []
  }
  var traceStart: ContinuousClock.Instant? = nil
  /// The work of each coarse grid's pricing and of exact pricing, per call.
  var coarseCost: [PricingCost]
  var exactCost = PricingCost()
  /// The work counted for the master's solves so far (``masterWork(iterations:rows:nonzeros:)``).
  var masterWorkTotal = 0

  /// What each way of exact pricing costs per column, where both are open
  /// (``KnapsackPricing/Answer/tableWasOptional``): the large table, or
  /// the single pattern (see ``prefersTable(table:single:weighedPricings:)``).
  var tableCost = ColumnCost()
  var singleCost = ColumnCost()
  /// Exact pricings so far where both ways were open.
  var weighedPricings = 0

  /// The recent cost of a way of pricing per column that prices out.
  ///
  /// The pricings and the master solves their columns force, in counted work
  /// (``KnapsackPricing/Work``, ``masterWork(iterations:rows:nonzeros:)``),
  /// over the columns, each earlier pricing counting half as much as the
  /// next. A pricing whose columns are not needed (the bound is reached)
  /// costs its work for none.
  struct ColumnCost {
    var work = 0.0
    var columns = 0.0
    var pricings = 0
    /// The columns entered in all, not discounted.
    var entered = 0
    var perColumn: Double { work / max(columns, 1) }
    /// A pricing of `work`.
    mutating func charge(_ work: Int) {
      self.work = self.work / 2 + Double(work)
      columns /= 2
      pricings += 1
    }
    /// Its `added` columns, entered by a master solve of about `solve` work.
    mutating func credit(_ added: Int, solve: Int) {
      work += Double(solve)
      columns += Double(added)
      entered += added
    }
  }

  /// Whether exact pricing takes the large table for several columns.
  ///
  /// Where the table is open (``KnapsackPricing/columnsTableCells``) and
  /// the single-pattern searches too: the way of lower cost per column that prices
  /// out, each way's cost being its pricing and the master solve that its
  /// columns force (``ColumnCost``). A table of tens of millions of cells
  /// gives up to ``columnsPerPricing`` columns for one master solve; the
  /// grid-bounded search or branch and bound gives one, often in a
  /// millisecond, but each column costs a master solve. Which is cheaper
  /// depends on the instance: with large capacities and small masters (tag
  /// clouds) the single pattern, with masters of hundreds of rows the
  /// table (docs/experiments/). The single way is
  /// taken first, the table tried once exact pricing has gone on for
  /// ``probeTableAfter`` columns, then the cheaper taken and the other
  /// tried again every ``reprobeEvery``-th time, since the costs move as
  /// the duals settle.
  ///
  /// Weighed in counted work, not wall time (``KnapsackPricing/Work``,
  /// ``masterWork(iterations:rows:nonzeros:)``): the choice changes the
  /// columns and so the LP's final solution (the LP is degenerate), and
  /// the cuts separated from it later; with counts the same instance
  /// gives the same columns on every run, whatever the machine's load.
  /// Both ways price exactly, so the LP converges to the same bound
  /// either way.
  ///
  /// - Parameters:
  ///   - table: the table's recent cost per column.
  ///   - single: the single pattern's.
  ///   - weighedPricings: the exact pricings so far where both were open.
  /// - Complexity: O(1).
  static func prefersTable(table: ColumnCost, single: ColumnCost, weighedPricings: Int) -> Bool {
    if table.pricings == 0 { return single.entered >= probeTableAfter }
    let cheaper = table.perColumn <= single.perColumn
    return weighedPricings % reprobeEvery == 0 ? !cheaper : cheaper
  }
  /// How often the way of exact pricing not preferred is tried again.
  static let reprobeEvery = 32
  /// The columns the single pattern enters before the table is first tried.
  ///
  /// A table pays back its tens of milliseconds only over many
  /// rounds that go on, and where exact pricing mostly ends a solve (tag
  /// clouds: coarse grids give the columns, exact pricing the bound), it
  /// is never built.
  static let probeTableAfter = 4

  /// Running mean of the counted work of a pricing method.
  struct PricingCost {
    var total = 0
    var calls = 0
    /// The mean work per call (zero before the first call, so that every method is tried).
    var mean: Int { calls == 0 ? 0 : total / calls }
    mutating func add(_ work: Int) {
      total += work
      calls += 1
    }
  }

  /// The work counted for a master solve, in the units of ``KnapsackPricing/Work``.
  ///
  /// For `iterations` simplex iterations over `rows` rows and `nonzeros`
  /// nonzeros in the columns that take part (a unit is about a
  /// nanosecond): GLPK copies the problem into its working form at every
  /// solve and factorises the basis (per nonzero and per row), and each
  /// iteration computes a row of the simplex table over the non-basic
  /// columns and updates the basis factors (per nonzero and per row).
  /// Calibrated against GLPK's measured solve times, scaled to the
  /// pricing's cells (docs/experiments/): the rows weigh as much as the
  /// nonzeros, since with the nonzeros alone the coarse grids' columns
  /// (each a master solve) looked cheap on masters of few nonzeros a row
  /// and cost far more master solves. A pivot is still overcounted up to
  /// twice on small masters, where it weighs little.
  ///
  /// - Complexity: O(1).
  static func masterWork(iterations: Int, rows: Int, nonzeros: Int) -> Int {
    let perIteration = MasterWork.iterationNonzero * nonzeros + MasterWork.iterationRow * rows
    return iterations * perIteration + MasterWork.solveNonzero * nonzeros + MasterWork.solveRow * rows
  }
  /// The coefficients of ``masterWork(iterations:rows:nonzeros:)``.
  enum MasterWork {
    static let iterationNonzero = 5
    static let iterationRow = 200
    static let solveNonzero = 100
    static let solveRow = 100
  }

  /// Nonzeros in the master's columns that take part in its simplex
  /// (exchange columns, and patterns that fit and are not retired).
  ///
  /// - Complexity: O(columns).
  var activeNonzeros: Int {
    var n = 2 * exchangeCount
    for k in patterns.indices where isFree(k) { n += counts[k].count }
    return n
  }

  /// The outcome of one column generation.
  struct Solution {
    /// The restricted master's optimum (an upper bound on the LP optimum).
    var masterObjective: Double
    /// Farley's bound on the LP optimum, in floating point (to compare and
    /// show; ``rowBound`` is the proof).
    var lowerBound: Double
    /// A proven lower bound on the rows: the best Farley bound of the
    /// solve, computed in integer arithmetic (see ``farley(weights:value:)``).
    var rowBound: Int
    /// Whether pricing proved the master optimal for the full LP.
    var converged: Bool
    /// The value of each pattern (indexed as ``patterns``).
    var values: [Double]
  }

  init(session: GLPKSession, types: ItemTypes, initialPatterns: [Pattern]) throws(GLPKError) {
    self.types = types
    self.demands = types.demands
    self.pricing = KnapsackPricing(sizes: types.sizes, capacity: types.capacity)
    self.coarseCost = Array(repeating: PricingCost(), count: pricing.coarseGridCount)
    let rows = types.demands.map { LinearModel.Bounds.atLeast(Double($0)) }
    problem = try GLPKProblem(session: session, model: LinearModel(rows: rows))
    // Dual-optimal inequalities pi_t >= pi_t+1 (types by decreasing size):
    // the columns "a type-t slot holds a type-(t+1) item" of cost 0.
    exchangeCount = max(0, types.count - 1)
    try problem.addColumns((0..<exchangeCount).map { t in
      LinearModel.Column(objective: 0, entries: [(row: t, value: -1), (row: t + 1, value: 1)])
    })
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
    var revived: [(index: Int, bounds: LinearModel.Bounds)] = []
    for p in newPatterns where !p.isEmpty {
      let waste = types.capacity - types.load(of: p)
      if isOverBudget(p, waste: waste) { continue }
      if let k = indexOfPattern[p] {
        // A retired column that prices out again comes back, and one
        // within a budget widened since it left.
        if retired[k] || overBudget[k] {
          if retired[k] { revivedCount += 1 }
          retired[k] = false
          overBudget[k] = false
          if enabled[k] { revived.append((exchangeCount + k, .atLeast(0))) }
        }
        continue
      }
      indexOfPattern[p] = patterns.count
      patterns.append(p)
      var c: [(type: Int, count: Int)] = []
      for t in p {
        if let last = c.last, last.type == t { c[c.count - 1].count += 1 } else { c.append((t, 1)) }
      }
      counts.append(c)
      let ok = fits(counts.count - 1)
      enabled.append(ok)
      retired.append(false)
      wastes.append(waste)
      overBudget.append(false)
      columns.append(LinearModel.Column(
        objective: 1, bounds: ok ? .atLeast(0) : .fixed(0),
        entries: c.map { (row: $0.type, value: Double($0.count)) }))
    }
    try problem.addColumns(columns)
    if !revived.isEmpty { try problem.setColumnBounds(revived) }
    return columns.count + revived.count
  }

  /// The columns of the master's simplex (patterns that fit the demands
  /// and are not retired).
  var activeColumnCount: Int {
    var n = 0
    for k in patterns.indices where isFree(k) { n += 1 }
    return n
  }

  /// Whether pattern `k` takes part in the master's simplex: it fits the
  /// demands, is not retired and is within the waste budget.
  func isFree(_ k: Int) -> Bool { enabled[k] && !retired[k] && !overBudget[k] }

  /// Column deletion: fixes surplus non-basic columns at 0, so that pivots cost less.
  ///
  /// When more than ``retireAbove`` x types columns take
  /// part in the master's simplex, the non-basic ones of largest reduced
  /// cost at `duals` (above ``retireReducedCost``) are fixed at 0 until
  /// only half that many take part. GLPK's simplex leaves fixed
  /// non-basic columns out of its working problem, so each master solve
  /// pivots over fewer columns; a retired column that prices out again
  /// enters again (``add(_:)``). The bound is unaffected: Farley's bound
  /// is from pricing over all patterns.
  ///
  /// - Complexity: O(columns x pattern length + columns log columns).
  func retireColumns(duals: [Double], values: [Double]) throws(GLPKError) {
    guard let factor = retireAbove else { return }
    let active = activeColumnCount
    guard active > factor * types.count else { return }
    var candidates: [(reduced: Double, index: Int)] = []
    for k in patterns.indices where isFree(k) && values[k] <= 0 {
      let reduced = Self.reducedCost(patterns[k], duals)
      if reduced > retireReducedCost { candidates.append((reduced, k)) }
    }
    candidates.sort { $0.reduced > $1.reduced }
    let excess = active - factor * types.count / 2
    var changes: [(index: Int, bounds: LinearModel.Bounds)] = []
    for (_, k) in candidates.prefix(excess) {
      retired[k] = true
      changes.append((exchangeCount + k, .fixed(0)))
    }
    retiredCount += changes.count
    try problem.setColumnBounds(changes)
  }

  /// Puts every retired column back into the master's simplex, ending column deletion.
  ///
  /// A column is free again where it fits the demands, and ``retireAbove``
  /// is nil: what the pipeline does once the root LP of a
  /// large master has ended, so that the dives and later stages see every
  /// pattern, as without deletion. A retired column is non-basic at 0, so
  /// the basis and the solution stay; where the root LP converged, pricing
  /// proved that no pattern (retired or not) prices out, so the basis stays
  /// optimal too.
  ///
  /// - Complexity: O(columns).
  func restoreRetiredColumns() throws(GLPKError) {
    retireAbove = nil
    var changes: [(index: Int, bounds: LinearModel.Bounds)] = []
    for k in patterns.indices where retired[k] {
      retired[k] = false
      if isFree(k) { changes.append((exchangeCount + k, .atLeast(0))) }
    }
    try problem.setColumnBounds(changes)
  }

  /// Lowers the waste budget to `budget`: the columns wasting more leave
  /// the master's simplex (fixed at 0), and pricing no longer finds them.
  ///
  /// A single type's patterns stay (``isOverBudget(_:waste:)``): they keep
  /// the master feasible whatever the budget. Returns whether a column
  /// with a positive value left (the next solve then starts by the dual
  /// simplex). A budget at or above the capacity is none.
  ///
  /// - Complexity: O(columns).
  @discardableResult
  func shrinkWasteBudget(to budget: Int, values: [Double] = []) throws(GLPKError) -> Bool {
    guard budget < types.capacity, budget < (wasteBudget ?? .max) else { return false }
    wasteBudget = budget
    var changes: [(index: Int, bounds: LinearModel.Bounds)] = []
    var positive = false
    for k in patterns.indices where !overBudget[k] && isOverBudget(patterns[k], waste: wastes[k]) {
      overBudget[k] = true
      if k < values.count && values[k] > 0 { positive = true }
      if enabled[k] && !retired[k] { changes.append((exchangeCount + k, .fixed(0))) }
    }
    overBudgetCount += changes.count
    try problem.setColumnBounds(changes)
    return positive
  }

  /// Widens the waste budget so that it covers every row of a packing of
  /// the types' full demands in `rows` rows (``rowsCovered(byWasteBudget:capacity:totalSize:)``),
  /// for a stage that looks for one or bounds them; pricing then finds the
  /// columns that left, and they come back (``add(_:)``). The master is no
  /// longer optimal for the wider domain until it is solved again.
  ///
  /// - Complexity: O(types).
  func coverWasteBudget(rows: Int) {
    guard let budget = wasteBudget else { return }
    let total = zip(types.demands, types.sizes).reduce(0) { $0 + $1.0 * $1.1 }
    let needed = rows * types.capacity - total
    if needed > budget { wasteBudget = needed >= types.capacity ? nil : needed }
  }

  /// Ends the waste budget: pricing finds every row again, and the columns
  /// that left come back as it finds them. The master is no longer optimal
  /// for the wider domain until it is solved again.
  func removeWasteBudget() {
    wasteBudget = nil
    wasteBudgetRows = nil
  }

  /// The pattern's reduced cost for the master's duals.
  ///
  /// - Complexity: O(pattern length).
  static func reducedCost(_ pattern: Pattern, _ duals: [Double]) -> Double {
    var reduced = 1.0
    for t in pattern { reduced -= duals[t] }
    return reduced
  }

  /// Column deletion (``retireColumns(duals:values:)``) starts when more
  /// than this many columns per type take part in the simplex (nil: no
  /// column deletion).
  var retireAbove: Int? = nil
  /// Only columns whose reduced cost exceeds this retire.
  var retireReducedCost = 1e-3

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
        if !retired[k] && !overBudget[k] { columnChanges.append((exchangeCount + k, ok ? .atLeast(0) : .fixed(0))) }
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

  /// Farley's bound for integer `weights` whose best pattern is worth
  /// `value`, on the current demands (see ``farley(weights:demands:value:)``).
  func farley(weights: [Int], value: Int) -> (rows: Int, value: Double) {
    Self.farley(weights: weights, demands: demands, value: value)
  }

  /// Farley's bound for integer `weights` whose best pattern is worth `value`.
  ///
  /// The rows `ceil(sum(d_t w_t) / value)` in exact integer
  /// arithmetic (0 when the value is 0 or the sum overflows), and the
  /// fraction as a `Double` (only to compare dual points: near 2^53 and
  /// beyond, its rounding can put it above the next integer).
  ///
  /// - Complexity: O(types).
  static func farley(weights: [Int], demands: [Int], value: Int) -> (rows: Int, value: Double) {
    guard value > 0 else { return (0, 0) }
    var total = 0
    for t in weights.indices where weights[t] > 0 {
      let (product, o1) = weights[t].multipliedReportingOverflow(by: demands[t])
      let (sum, o2) = total.addingReportingOverflow(product)
      if o1 || o2 { return (0, 0) }
      total = sum
    }
    return (total / value + (total % value == 0 ? 0 : 1), Double(total) / Double(value))
  }

  /// The most columns one pricing adds: its best pattern and other good
  /// ones (``KnapsackPricing/Answer/others``).
  var columnsPerPricing = 30
  /// The weight of the best dual point in the smoothed duals (0 turns smoothing off).
  var smoothing = 0.7
  var center: [Double]? = nil
}
