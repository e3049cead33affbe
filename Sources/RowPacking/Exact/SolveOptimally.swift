/// What an exact search on a ``ScaledInstance`` found: always a valid
/// packing, the best lower bound proven, and the nodes searched.
public struct ExactSearchOutcome: Sendable, Hashable {
  /// A packing of ``ScaledInstance/sizes`` into rows of ``ScaledInstance/capacity``.
  public var packing: Packing
  /// A lower bound valid for ``ScaledInstance/boundSizes`` and
  /// ``ScaledInstance/boundCapacity`` (so for the true widths).
  public var lowerBound: LowerBound
  /// Search nodes (row extensions) used.
  public var nodes: Int
  /// Whether the budget ran out before the optimum was proven.
  public var budgetExhausted: Bool
  /// Which part settled it: ``SolveStage/heuristic`` (a packer met the
  /// bound), ``SolveStage/binCompletion``, ``SolveStage/localSearch``
  /// (`FalkenauerLocalSearch`) or ``SolveStage/rootLP`` (the Gilmore-Gomory
  /// bound or its dives).
  public var stage: SolveStage

  /// Whether the rows equal the lower bound: a proof of optimality.
  public var isProvenOptimal: Bool { packing.rowCount == lowerBound.value }
}

/// The fewest rows, by bin completion in pure Swift, proven when the budget allows.
///
/// First-fit decreasing, best-fit decreasing, minimum bin slack
/// (MBS': each row chosen as a whole) and knapsack rows (when
/// the capacity allows its dynamic programme) give a packing, L1, L2 and
/// the dual feasible function bound of Fekete and Schepers a lower bound;
/// when they differ, a brief bin completion (2000 nodes) tries the bound's
/// rows, and Falkenauer's local search (`FalkenauerLocalSearch`) tries
/// to save rows down to the bound; then the Gilmore-Gomory LP (``GilmoreGomory``) gives
/// Farley's bound from its duals (for fractional widths, from a second LP on
/// the rounded-down sizes when the first one's duals fall short) and, by
/// diving, a packing; when those still differ, bin completion (Korf 2003,
/// Schreiber and Korf 2013) decides the row counts from the bound upward: a
/// count it proves infeasible raises the bound (source `search`), the first
/// count it packs is the optimum.
///
/// For fractional widths the packing is searched on the rounded-up sizes,
/// and a count is only proven infeasible on the rounded-down sizes: when the
/// two disagree the result is not proven, never falsely optimal.
///
/// Deterministic; it never runs longer than the budget (plus the packers
/// and bounds, O(*n* log *n*)).
///
/// - Parameters:
///   - scaled: the integer instance.
///   - budget: how long the solve may run.
/// - Complexity: exponential in the worst case; O(item types) per node.
public func solveOptimally(_ scaled: ScaledInstance, budget: SearchBudget = SearchBudget()) -> ExactSearchOutcome {
  solveOptimally(scaled, budget: budget, stages: ExactSearchStages())
}

/// Which stages of ``solveOptimally(_:budget:)`` run: all of them, except
/// in tests that leave one out to exercise the stages after it.
struct ExactSearchStages {
  /// The Gilmore-Gomory LP and its dives (off: bin completion proves alone).
  var linearProgramming = true
  /// The brief bin completion before the LP.
  var briefSearch = true
  /// `FalkenauerLocalSearch` before the LP.
  var localSearch = true
}

/// ``solveOptimally(_:budget:)`` with some of its stages left out.
func solveOptimally(_ scaled: ScaledInstance, budget: SearchBudget = SearchBudget(), stages: ExactSearchStages)
  -> ExactSearchOutcome
{
  let start = ContinuousClock().now
  let meter = BudgetMeter(budget, start: start)
  var best = FirstFitDecreasing().packInfallibly(scaled)
  let bestFit = BestFitDecreasing().packInfallibly(scaled)
  if bestFit.rowCount < best.rowCount { best = bestFit }
  // L1 and L2 first: when a packer meets them (the common case), no bound
  // can be higher, and the dual feasible functions (100 passes) are skipped.
  var bound = scaled.simpleLowerBound
  // Minimum bin slack chooses each row as a whole, at a cost that does not
  // grow with the capacity; before the dual feasible functions, which it
  // often makes unnecessary. The LP's dives start from the other packers'
  // best (`diving`): minimum bin slack's start makes them miss more often.
  var diving = best
  if best.rowCount > bound.value {
    let slack = MinimumBinSlack().pack(scaled)
    if slack.rowCount < best.rowCount { best = slack }
  }
  if best.rowCount > bound.value {
    bound = bound.strongest(LowerBound(value: scaled.dualFeasibleFunctionBound(), source: .dff))
  }
  // Knapsack rows often meets the bound where the decreasing packers do not;
  // its work grows with the capacity (rows x items x capacity / 64 word
  // operations), so it is skipped where the LP is cheaper.
  let knapsackRowsWork = diving.rowCount * scaled.count * (scaled.capacity / 64 + 1)
  if best.rowCount > bound.value, knapsackRowsWork <= 2_000_000, let filled = try? KnapsackRows().pack(scaled) {
    if filled.rowCount < diving.rowCount { diving = filled }
    if filled.rowCount < best.rowCount { best = filled }
  }
  if best.rowCount <= bound.value {
    return ExactSearchOutcome(packing: best, lowerBound: bound, nodes: 0, budgetExhausted: false, stage: .heuristic)
  }
  // A brief bin completion first (2000 nodes): it often packs the bound's
  // rows, or proves them too few, long before the LP would.
  var decisions = RowCountDecisions(scaled, meter: meter)
  let briefMeter = BudgetMeter(
    SearchBudget(timeLimit: budget.timeLimit, nodeLimit: min(budget.nodeLimit ?? Int.max, 2000)), start: start)
  var nodes = 0
  if stages.briefSearch {
    _ = decisions.run(bound: &bound, best: &best, meter: briefMeter)
    nodes = decisions.nodes
  }
  if best.rowCount <= bound.value {
    return ExactSearchOutcome(packing: best, lowerBound: bound, nodes: nodes, budgetExhausted: false, stage: .binCompletion)
  }
  // Falkenauer's local search: a counted few exchanges between the rows and
  // the items of the emptiest rows, which often save the row the LP would
  // otherwise be solved for; four times as many where the rows at L1 must
  // be nearly full and hold few items (`hasTightRows(at:)`).
  var exchanges = FalkenauerLocalSearch()
  if scaled.hasTightRows(at: bound.value) { exchanges.evaluationLimit *= 4 }
  if stages.localSearch, let fewer = exchanges.improve(
    best, sizes: scaled.sizes, capacity: scaled.capacity, target: bound.value)
  {
    best = fewer
    if best.rowCount <= bound.value {
      return ExactSearchOutcome(
        packing: best, lowerBound: bound, nodes: nodes, budgetExhausted: false, stage: .localSearch)
    }
  }
  // The Gilmore-Gomory LP: Farley's safe bound from its duals, and dives
  // that round it to a packing: a bold one first (several patterns per LP
  // solve), then the same from the parent's basis (a warm dive: dual
  // simplex pivots instead of a cold solve per step, another rounding),
  // then a careful one (one pattern per solve) if both miss the bound,
  // then a careful one whose residual LPs have no exchange columns (other
  // patterns, another rounding), then one that also solves the root LP
  // again without them (it settles clouds of a few item types with many
  // items each). The warm dive only adds a chance: it never changes the
  // row limit of the cold dives after it, so they find what they found
  // without it. The dives get half of the time limit and count their
  // pivots against the node limit; bin completion gets the rest.
  if stages.linearProgramming {
    var lpMeter = BudgetMeter(
      SearchBudget(timeLimit: budget.timeLimit.map { $0 / 2 }, nodeLimit: budget.nodeLimit), start: ContinuousClock().now)
    let relaxation = LPRelaxation(
      scaled, rowLimit: diving.rowCount, knownBound: bound.value, seeds: [diving], meter: &lpMeter)
    bound = bound.strongest(LowerBound(value: relaxation.bound, source: .lp))
    let dives: [(boldness: Double?, exchanges: Bool, plainRoot: Bool, warm: Bool)] = [
      (0.5, true, false, false), (0.5, true, false, true), (nil, true, false, false), (nil, false, false, false),
      (nil, false, true, false),
    ]
    // (`diving` never has fewer rows than `best`.)
    for dive in dives where best.rowCount > bound.value {
      if let dived = relaxation.dive(
        rowLimit: dive.warm ? best.rowCount : diving.rowCount, boldness: dive.boldness, exchanges: dive.exchanges,
        plainRoot: dive.plainRoot, warm: dive.warm, meter: &lpMeter)
      {
        if !dive.warm { diving = dived }
        if dived.rowCount < best.rowCount { best = dived }
      }
    }
  }
  if best.rowCount <= bound.value {
    return ExactSearchOutcome(packing: best, lowerBound: bound, nodes: nodes, budgetExhausted: false, stage: .rootLP)
  }
  let exhausted = decisions.run(bound: &bound, best: &best, meter: meter)
  nodes += decisions.nodes
  return ExactSearchOutcome(packing: best, lowerBound: bound, nodes: nodes, budgetExhausted: exhausted, stage: .binCompletion)
}

/// Bin completion on the row counts from the bound upward: the packing is
/// searched on the rounded-up sizes, and a count found infeasible is
/// proven infeasible on the rounded-down sizes too before the bound rises.
private struct RowCountDecisions {
  var search: BinCompletion
  var proof: BinCompletion?

  init(_ scaled: ScaledInstance, meter: BudgetMeter) {
    search = BinCompletion(sizes: scaled.sizes, capacity: scaled.capacity, meter: meter)
    proof = scaled.isExact ? nil : BinCompletion(sizes: scaled.boundSizes, capacity: scaled.boundCapacity, meter: meter)
  }

  /// The nodes of the last ``run(bound:best:meter:)``.
  var nodes: Int { search.meter.nodes }

  /// Decides the counts from `bound` upward under `meter`: a count proven
  /// infeasible raises `bound`, a count packed replaces `best`. Stops at
  /// the first count packed (on either sizes) or when the meter runs out.
  ///
  /// - Returns: whether the meter ran out.
  mutating func run(bound: inout LowerBound, best: inout Packing, meter: BudgetMeter) -> Bool {
    search.meter = meter
    while bound.value < best.rowCount {
      let rows = bound.value
      switch search.decide(rows: rows) {
      case .packed:
        if let packing = search.lastPacking, packing.rowCount < best.rowCount { best = packing }
        return false
      case .exhausted:
        return true
      case .infeasible:
        guard var check = proof else {
          bound = LowerBound(value: rows + 1, source: .search)
          continue
        }
        // Rounded-up sizes do not fit: prove it for the rounded-down sizes too.
        check.meter = search.meter
        let outcome = check.decide(rows: rows)
        search.meter = check.meter
        proof = check
        switch outcome {
        case .infeasible: bound = LowerBound(value: rows + 1, source: .search)
        case .exhausted: return true
        case .packed: return false  // feasible for the true widths, perhaps: not proven
        }
      }
    }
    return false
  }
}

/// The fewest rows for an instance, by bin completion in pure Swift
/// on its ``ScaledInstance``, verified and judged.
///
/// The status is `optimal` when the rows equal the proven bound, `timelimit`
/// when the budget ran out first (the packing is the best found, the bound
/// the best proven), `feasible` when the optimum could not be proven for
/// fractional widths at this resolution, and `wrong` if the packing failed
/// verification (a bug, never silent).
///
/// - Parameters:
///   - instance: the items, row width and spacing.
///   - budget: how long the search may run (one second by default).
///   - resolution: units per point for fractional widths; `nil` chooses.
public func solveOptimally(
  _ instance: Instance, budget: SearchBudget = SearchBudget(), resolution: Int? = nil
) -> PackingResult {
  let scaled: ScaledInstance
  do { scaled = try instance.scaled(resolution: resolution) } catch { return .unscalable(error) }
  let clock = ContinuousClock()
  let start = clock.now
  let outcome = solveOptimally(scaled, budget: budget)
  let elapsed = clock.now - start
  var status = judge(outcome.packing, for: instance, bound: outcome.lowerBound)
  if status == .feasible && outcome.budgetExhausted { status = .timeLimit }
  return PackingResult(
    packing: outcome.packing, lowerBound: outcome.lowerBound, status: status, elapsed: elapsed,
    nodes: outcome.nodes, stage: outcome.stage)
}

/// Packs tags into the fewest rows, proven when the budget allows: the app
/// entry point of the exact solver.
///
/// ```swift
/// import RowPacking
///
/// let result = try packRowsOptimally(widths: [96.5, 120, 64, 150, 88], rowWidth: 358, spacing: 8,
///                                    budget: SearchBudget(timeLimit: .milliseconds(20)))
/// let rows = result.packing!.rows          // item indices, top row first
/// let proven = result.isProvenOptimal      // rows equal a proven lower bound
/// ```
///
/// It never runs much longer than `budget`; when the budget runs out it
/// returns the best packing found with status ``SolveStatus/timeLimit``.
///
/// - Throws: ``InstanceError`` for invalid widths, and ``PackingFailure``
///   when the packing does not verify (a bug, never silent).
public func packRowsOptimally(
  widths: [Double], rowWidth: Double, spacing: Double = 0, budget: SearchBudget = SearchBudget()
) throws -> PackingResult {
  let instance = try Instance(widths: widths, rowWidth: rowWidth, spacing: spacing)
  let result = solveOptimally(instance, budget: budget)
  switch result.status {
  case .optimal, .feasible, .timeLimit:
    if result.packing != nil { return result }
  default: break
  }
  throw PackingFailure(status: result.status)
}

extension RowPacker {
  /// Packs an instance with a packer that cannot fail (every packer but
  /// the capacity-bounded knapsack).
  func packInfallibly(_ instance: ScaledInstance) -> Packing {
    do {
      return try pack(instance)
    } catch {
      preconditionFailure("\(name) failed: \(error)")
    }
  }
}

extension ScaledInstance {
  /// Whether `rows` rows at L1 must each be nearly full and hold few items:
  /// `rows` is the continuous bound (L1), the waste budget, `rows` x
  /// capacity - total size, is under 1 % of the capacity per row, and the
  /// rows hold at most four items each on average.
  ///
  /// Falkenauer's local search gets four times its evaluations there, where
  /// its exchanges are likely to meet L1 before the LP would; elsewhere the
  /// extra evaluations only delay the LP.
  func hasTightRows(at rows: Int) -> Bool {
    guard rows == continuousBound, count <= 4 * rows else { return false }
    let total = sizes.reduce(0, +)
    return (rows * capacity - total) * 100 < rows * capacity
  }
}
