import RowPacking

/// What the stages of one exact solve share: best packing, bound, and their sources.
///
/// Besides the best packing, the lower bound and the stage that last
/// improved either, what earlier stages leave for later ones (the root
/// LP's master, its dual restrictions).
///
/// Every packing enters through ``offer(_:by:)``, which verifies it
/// independently before it can replace the best one.
struct SolveState {
  let setup: SolveSetup
  let options: ExactPipeline.Options
  let types: ItemTypes
  let session: GLPKSession
  let verbose: Bool
  /// The best verified packing so far.
  var best: Packing
  /// The best lower bound so far.
  var bound: LowerBound
  /// The stage whose packing or bound was the last to improve.
  var settledBy: SolveStage = .heuristic
  /// Branch-and-bound nodes of the stages that count them.
  var nodes: Int? = nil
  /// The stages run so far, in order (each when it started).
  var stagesRun: [SolveStage] = []
  /// The end of the running stage's share of the time, and the stages that
  /// may follow it (the near-full-rows stage's own stages follow them).
  var stageDeadline: ContinuousClock.Instant
  var followers: [any ExactStage] = []

  /// Whether the LP-free search runs before the LP (pricing without a
  /// dynamic programme).
  let lpFreeSearchFirst: Bool
  /// Whether the root LP stage ran (converged or not).
  var rootLPRan = false
  /// The root LP's master and solution, once it converged.
  var master: GilmoreGomoryColumnGeneration? = nil
  var root: GilmoreGomoryColumnGeneration.Solution? = nil
  /// When the root LP converged, from the solve's start (nil: it did not).
  var rootLPTime: Duration? = nil
  /// How long the root LP's column generation took (nil: it did not converge).
  var rootLPDuration: Duration? = nil
  /// The root basis the first dive saved, for later dives to start from.
  var diveRootBasis: GilmoreGomoryColumnGeneration.SavedBasis? = nil
  /// Dual restrictions for the near-full-rows model, and the sets drawn.
  var restrictions: [NearFullRowsModel.DualRestriction] = []
  var restrictionSets = 0
  /// Where a subset-row cut stage ran (it runs once), and whether it left
  /// the bound one row below the best, converged with no violated cut or
  /// out of its time: what branch-and-price then decides.
  var cutsRan: SubsetRowCutsStage.Place? = nil
  var cutStageRan: Bool { cutsRan != nil }
  var cutsLeftOneRowOpen = false
  /// Whether the dive between sets of restrictions ran.
  var divedBetweenRestrictions = false
  /// The arc-flow graph of the last resort, once built (nil inside: too
  /// large for ``ExactPipeline/Options/arcLimit``).
  var arcFlowGraph: ArcFlowGraph?? = nil

  init(setup: SolveSetup, options: ExactPipeline.Options, session: GLPKSession, verbose: Bool) {
    self.setup = setup
    self.options = options
    self.session = session
    self.verbose = verbose
    types = ItemTypes(sizes: setup.scaled.sizes, capacity: setup.scaled.capacity)
    best = setup.bestHeuristic
    bound = setup.simpleBound
    stageDeadline = setup.deadline
    lpFreeSearchFirst = ConsistentNeighbourhoodSearch.precedesLP(types)
  }

  /// Whether the best packing meets the bound: proven optimal.
  var isSettled: Bool { best.rowCount <= bound.value }

  /// Whether the root LP converged (the stages after it need its master).
  var hasRootLP: Bool { master != nil && root != nil }

  /// Whether every row of a packing in the bound's rows must be exactly
  /// full: the items' total fills them.
  var rowsMustBeFull: Bool { rowsMustBeFull(rows: bound.value) }

  func rowsMustBeFull(rows: Int) -> Bool {
    rows * setup.scaled.capacity - setup.scaled.sizes.reduce(0, +) <= 0
  }

  /// Whether the best packing is one row above the bound (the case of the
  /// cuts and branch-and-price, which decide that one row).
  var isOneRowAbove: Bool { best.rowCount == bound.value + 1 }

  /// The best packing's rows as type patterns.
  var bestPatterns: [Pattern] { types.patterns(of: best, itemSizes: setup.scaled.sizes) }

  /// Offers the packing of `patterns`, found by `stage`: it becomes the best
  /// when it has fewer rows and passes the independent verifier.
  mutating func offer(_ patterns: [Pattern], by stage: SolveStage) {
    let packing = types.packing(patterns: patterns)
    guard packing.rowCount < best.rowCount && verify(packing, for: setup.instance).isEmpty else { return }
    best = packing
    settledBy = stage
  }

  /// Raises the bound to `value` rows, proven by `stage` (from `source`),
  /// where that is higher. A bound computed on the packing sizes holds for
  /// the true widths only when the scaling is exact; one computed on the
  /// bound sizes (`onBoundSizes`) always does.
  mutating func raiseBound(to value: Int, source: BoundSource, by stage: SolveStage, onBoundSizes: Bool = false) {
    guard value > bound.value, onBoundSizes || setup.scaled.isExact else { return }
    bound = LowerBound(value: value, source: source)
    settledBy = stage
  }

  /// Adds `count` branch-and-bound nodes.
  mutating func count(nodes count: Int) { nodes = (nodes ?? 0) + count }

  /// The arc-flow graph of the last resort, built on first use.
  mutating func arcFlowGraphIfSmall() -> ArcFlowGraph? {
    if let built = arcFlowGraph { return built }
    let graph = ArcFlowGraph(types: types, arcLimit: options.arcLimit)
    arcFlowGraph = .some(graph)
    return graph
  }

  /// A line in the `--verbose` log.
  func note(_ line: @autoclosure () -> String) {
    guard verbose else { return }
    try? session.log(line())
  }

  /// The solve's result: verified and judged; a result that is not settled
  /// ended at a limit.
  func result(error: String? = nil) -> PackingResult {
    var result = setup.result(
      packing: best, bound: bound, stage: settledBy, nodes: nodes, limited: !isSettled, error: error)
    result.rootLPTime = rootLPTime
    return result
  }
}
