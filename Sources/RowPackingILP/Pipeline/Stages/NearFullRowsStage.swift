import RowPacking

/// Decides the bound's rows by a MIP over the rows that fit in the LP's gap.
///
/// Either a packing in the bound's rows, or a proof that there is none
/// (the bound rises by one), repeated.
///
/// The rows are those that waste at most the budget and whose reduced cost
/// fits in the gap, for integer weights from optimal duals at several
/// vertices of the optimal dual face
/// (``GilmoreGomoryColumnGeneration/dualRestrictions(vertices:epsilon:seed:until:)``);
/// the set-partitioning MIP over them (``NearFullRowsModel``, GLPK with
/// clique cuts) decides. Without converged duals, a short bin completion
/// first (``BinCompletionDecision``) and the model on waste alone, unless a count of
/// its rows passes its limit. While more rows remain than clique cuts can
/// take, the stages in `whenModelTooBig` run (a dive), then more
/// restrictions from other perturbations are added, each set valid on its
/// own. This settles the instances whose LP bound is below the optimum
/// (non-IRUP), where the gap is tiny and few rows fit in it.
struct NearFullRowsStage: ExactStage {
  /// The stages run where the model is too big for the restrictions so far.
  let weight: Double
  let whenModelTooBig: [any ExactStage]
  var stage: SolveStage { .nearFullRows }

  /// The most sets of dual restrictions.
  static let restrictionSets = 6
  /// The short bin completion's node limit.
  static let binCompletionNodes = 20_000
  /// The most additions the count of near-full rows may take.
  static let rowCountWorkLimit = 100_000_000

  func applies(to state: SolveState) -> Bool { state.hasRootLP }
  func mayApply(to state: SolveState) -> Bool { true }

  func run(_ state: inout SolveState) throws(GLPKError) {
    let budget = state.options.budget
    let end = state.stageDeadline, followers = state.followers
    state.restrictions = try Self.nextRestrictions(&state)
    state.note("dual restrictions (\(state.restrictions.count))")
    while !state.isSettled && !budget.isSpent(until: end, state.setup) {
      var answer = BinCompletionDecision.Answer.unknown
      var decidedBy = SolveStage.binCompletion
      if state.restrictions.isEmpty {
        let until = min(end, budget.deadline(budget.binCompletionBeforeModel, state.setup))
        let n: Int
        (answer, n) = BinCompletionDecision(types: state.types, nodeLimit: Self.binCompletionNodes)
          .decide(rows: state.bound.value, until: until)
        state.count(nodes: n)
        state.note("bin completion before the near-full rows model, \(n) nodes")
      }
      if case .unknown = answer, !state.restrictions.isEmpty || !Self.tooManyRowsToList(state) {
        answer = try decide(&state, until: end, followers: followers)
        decidedBy = .nearFullRows
      }
      if state.isSettled { return }
      switch answer {
      case .packing(let patterns):
        state.offer(patterns, by: decidedBy)
        return
      case .infeasible where state.setup.scaled.isExact:
        state.raiseBound(to: state.bound.value + 1, source: .mip, by: decidedBy)
      default:
        return
      }
    }
  }

  /// The model's answer on the bound's rows; where it is too big for the
  /// restrictions so far, the stages in ``whenModelTooBig`` and then another
  /// set of restrictions, until it answers or no set is left.
  func decide(
    _ state: inout SolveState, until end: ContinuousClock.Instant, followers: [any ExactStage]
  ) throws(GLPKError) -> BinCompletionDecision.Answer {
    while true {
      var model = NearFullRowsModel(types: state.types, rows: state.bound.value, restrictions: state.restrictions)
      let moreSetsLeft = !state.restrictions.isEmpty && state.restrictionSets < Self.restrictionSets
      // A model too big for clique cuts waits for another set of restrictions.
      if moreSetsLeft { model.patternLimit = model.cliqueCutLimit }
      let (answer, n) = try model.decide(session: state.session, until: end)
      state.count(nodes: n)
      state.note("near-full rows model, \(state.restrictions.count) restrictions: \(answer.summary)")
      guard case .unknown = answer, moreSetsLeft, !state.options.budget.isSpent(until: end, state.setup) else {
        return answer
      }
      try ExactPipeline.run(whenModelTooBig, followedBy: followers, on: &state)
      if state.isSettled { return .unknown }
      let more = try Self.nextRestrictions(&state)
      state.note("\(more.count) more restrictions")
      if more.isEmpty { return .unknown }
      state.restrictions += more
    }
  }

  /// Another set of dual restrictions, from other perturbations of the
  /// demands than the sets before.
  static func nextRestrictions(_ state: inout SolveState) throws(GLPKError) -> [NearFullRowsModel.DualRestriction] {
    guard let master = state.master else { return [] }
    let set = state.restrictionSets
    state.restrictionSets += 1
    // Duals optimal over the rows within the root LP's waste budget may
    // price rows beyond it far above a row, and the restriction's maximum
    // is over every row: only the full LP's duals make it tight.
    master.removeWasteBudget()
    return try master.dualRestrictions(
      vertices: 4, epsilon: set % 2 == 0 ? 0.1 : 0.3, seed: UInt64(set + 1),
      until: state.options.budget.deadline(state.options.budget.dualRestrictions, state.setup))
  }

  /// Whether a count of the model's rows on waste alone passes its row
  /// limit: its enumeration would stop there and answer "unknown" anyway.
  static func tooManyRowsToList(_ state: SolveState) -> Bool {
    let model = NearFullRowsModel(types: state.types, rows: state.bound.value)
    let count = NearFullRowsModel.rowCount(
      types: state.types, budget: model.wasteBudget, cap: model.patternLimit + 1, workLimit: rowCountWorkLimit)
    state.note("near-full rows counted: \(count.map(String.init) ?? "not counted")")
    guard let count else { return false }
    return count > model.patternLimit
  }
}
