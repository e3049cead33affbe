import RowPacking

/// `exact`: the minimum number of rows, proven, by stages that stop as soon
/// as a packing meets a lower bound.
///
/// The stages (``ExactPipeline/stages``) run in a fixed order, each where it
/// applies to the solve so far (``SolveState``) and with the share of the
/// time left that its weight gives it (``BudgetPolicy``): searches for packings in the
/// bound's rows, the Gilmore–Gomory LP bound by column generation (equal
/// to the arc-flow LP bound of Valerio de Carvalho, 1999) and dives on it,
/// decisions of whether the items fit in the bound's rows (the near-full-rows
/// MIP, subset-row cuts, branch-and-price), and the arc-flow MIP as the last
/// resort. docs/ARCHITECTURE.md ("The exact solver's stages") has the table:
/// what each finds or proves, when it applies, its weight and its file.
///
/// For fractional widths the bound is computed on the bound sizes (a second
/// column generation when they differ from the packing sizes). Every stage
/// runs under the one deadline.
///
/// - Complexity: exponential in the worst case (deciding the rows is
///   NP-hard); the deadline bounds every stage.
struct ExactPipeline {
  let setup: SolveSetup
  let verbose: Bool
  var options = Options()

  /// The few numbers that shape the stages, beside the budget policy.
  struct Options: Sendable {
    /// The steps inside the stages (the stages' own weights are in the table).
    var budget = BudgetPolicy()
    /// The largest arc-flow graph the last resort builds.
    var arcLimit = 400_000
    /// Column deletion in the root LP of large masters (``RootLPStage``).
    var rootLP = RootLPStage.Options()
    /// Cut-and-price and its restricted model (``SubsetRowCutsStage``).
    var cuts = SubsetRowCutsStage.Options()
    /// Rounds of subset-row cuts at each node of branch-and-price (0:
    /// plain branch-and-price).
    var branchAndPriceCutRounds = 3
    /// When branch-and-price cleans its node masters into a pool that
    /// pricing reads first (``RyanFosterBranchAndPrice/columnCleaning``).
    var branchAndPriceColumnCleaning = RyanFosterBranchAndPrice.ColumnCleaning.converged
    /// Where set, branch-and-price's pricing diversifies its other rows
    /// (``RyanFosterBranchAndPrice/othersPerType``).
    var branchAndPriceOthersPerType: Int? = 3
  }

  init(setup: SolveSetup, verbose: Bool, options: Options = Options()) {
    self.setup = setup
    self.verbose = verbose
    self.options = options
  }

  /// Runs the stages that apply until the best packing meets the bound or
  /// no stage is left.
  func run() -> PackingResult { solve().result }

  /// The result and the stages that ran, in order.
  func solve() -> (result: PackingResult, stagesRun: [SolveStage]) {
    if setup.bestHeuristic.rowCount <= setup.simpleBound.value {
      return (setup.result(packing: setup.bestHeuristic, bound: setup.simpleBound, stage: .heuristic), [])
    }
    let session = GLPKSession(verbose: verbose)
    defer { session.close() }
    var state = SolveState(setup: setup, options: options, session: session, verbose: verbose)
    do {
      try Self.run(Self.stages, on: &state)
    } catch {
      return (state.result(error: error.description), state.stagesRun)
    }
    return (state.result(), state.stagesRun)
  }

  /// Runs `stages` in order on `state`, each where it applies and until its
  /// share of the time left, until the best packing meets the bound;
  /// `followers` run after them and share the time.
  static func run(
    _ stages: [any ExactStage], followedBy followers: [any ExactStage] = [], on state: inout SolveState
  ) throws(GLPKError) {
    for (index, stage) in stages.enumerated() {
      guard !state.isSettled else { return }
      guard stage.applies(to: state) else { continue }
      // The last resort's graph, once the LP converged: whether it follows.
      if state.hasRootLP { _ = state.arcFlowGraphIfSmall() }
      state.followers = Array(stages[(index + 1)...]) + followers
      let inside = (stage as? NearFullRowsStage)?.whenModelTooBig ?? []
      state.stageDeadline = state.options.budget.deadline(
        of: stage, inside: inside, followers: state.followers, state)
      state.stagesRun.append(stage.stage)
      try stage.run(&state)
      state.note("stage \(stage.stage.rawValue): \(state.setup.elapsed) elapsed, \(state.best.rowCount) rows, bound \(state.bound.value)")
    }
  }
}
