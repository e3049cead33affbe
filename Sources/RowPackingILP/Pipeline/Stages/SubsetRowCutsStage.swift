import RowPacking

/// Decides the last open row with subset-row cuts and their restricted model.
///
/// Cut-and-price at the root (``SubsetRowCutAndPrice``), where the bound
/// is one row below the best
/// packing: its safe bound may reach the packing; where it does not, the
/// near-full-rows model restricted by its masters' duals
/// (``NearFullRowsModel/CutRestriction``) decides that row.
///
/// Early, right after the short dive, where the bound's rows must be
/// exactly full: there the LP bound is the items' total, which only cuts
/// or branching can raise (docs/experiments/054-ani-first-order.md); late,
/// before the arc-flow MIP.
/// Its master is priced and certified at a fine precision
/// (``CertifiedBound``): at GLPK's default tolerance the safe bound can
/// lose more than the cuts gain (docs/experiments/ has the measurements).
///
/// Jepsen, M., Petersen, B., Spoorendonk, S. and Pisinger, D. (2008).
/// Subset-row inequalities applied to the vehicle-routing problem with time
/// windows. Operations Research 56(2).
struct SubsetRowCutsStage: ExactStage {
  enum Place: Sendable { case early, late }
  let place: Place
  let weight: Double
  var stage: SolveStage { .subsetRowCuts }

  struct Options: Sendable {
    /// Whether the cut master and the tree price and certify at da Silva
    /// and Schouery's precision (``CertifiedBound/Precision/certified(capacity:)``)
    /// rather than the standard one (duals at 2^36, rows improving by 1e-9).
    var certifiedPrecision = true
    /// The least violation of a cut separated, here and in the tree: near
    /// the bound the violations worth cutting are as small as the leaks.
    var minimumViolation = 5e-9
    /// The most cuts a separation round adds, here and in the tree.
    var cutsPerRound = 20
    /// Cut rounds at the tree's root (at its other nodes
    /// ``ExactPipeline/Options/branchAndPriceCutRounds``).
    var treeRootCutRounds = 10
    /// The cut master starts, besides the root LP's basic patterns, from
    /// the plain master's patterns whose reduced cost at the first dual
    /// restriction's weights is at most this share of a row (0: none).
    var masterFaceShare = 0.001
    /// The most rows of the restricted model in the early place.
    var earlyModelPatternLimit = 40_000
    /// Whether the cut master and the tree hold and price only exactly-full
    /// rows where the sizes fill the rows asked for exactly (da Silva and
    /// Schouery's waste budget of 0; ``wasteBudget(types:rows:)``).
    var exactlyFullColumns = true

    /// The waste budget of masters that ask whether the items fit in
    /// `rows` rows: 0 where they fill them exactly and
    /// ``exactlyFullColumns`` is on, else none.
    func wasteBudget(types: ItemTypes, rows: Int) -> Int? {
      guard exactlyFullColumns, rows < .max else { return nil }
      return SubsetRowCutAndPrice.emptyRoom(types: types, rows: rows) == 0 ? 0 : nil
    }

    /// The precision of masters over rows of `capacity`.
    func precision(capacity: Int) -> CertifiedBound.Precision {
      certifiedPrecision ? .certified(capacity: capacity) : .standard
    }
  }

  func applies(to state: SolveState) -> Bool {
    guard state.hasRootLP, !state.cutStageRan, state.isOneRowAbove, state.setup.scaled.isExact else { return false }
    switch place {
    case .early: return state.rowsMustBeFull
    case .late: return !state.options.budget.isSpent(state.setup)
    }
  }

  func mayApply(to state: SolveState) -> Bool {
    !state.cutStageRan && state.setup.scaled.isExact && (place == .late || state.rowsMustBeFull)
  }

  func run(_ state: inout SolveState) throws(GLPKError) {
    guard let master = state.master, let root = state.root else { return }
    state.cutsRan = place
    state.cutsLeftOneRowOpen = false
    let budget = state.options.budget, options = state.options.cuts
    let share = state.stageDeadline - state.setup.clock.now
    if place == .early, let lp = state.rootLPDuration, share < lp * budget.earlyCutsLeastLPShare {
      // Its master cannot converge in that time; the tree after it cuts at
      // its own root and takes the time instead.
      state.note("subset-row cuts: left to the tree (\(share) against a root LP of \(lp))")
      state.cutsLeftOneRowOpen = state.isOneRowAbove
      return
    }
    let outcome: SubsetRowCutAndPrice.Outcome
    do {
      // Before the near-full-rows stage there are no restrictions yet: the
      // unperturbed one alone gives the face the cut master starts near.
      var face = state.restrictions.first
      if face == nil {
        face = try master.dualRestrictions(
          vertices: 0, until: min(state.stageDeadline, budget.deadline(budget.dualRestrictions, state.setup))
        ).first
      }
      outcome = try Self.bound(
        session: state.session, types: state.types, master: master, root: root, target: state.best.rowCount,
        face: face, options: options, until: state.stageDeadline,
        firstSolveDeadline: Self.firstSolveDeadline(stageDeadline: state.stageDeadline, solveDeadline: state.setup.deadline))
    } catch {
      // A cut master GLPK does not solve costs this stage, not the ones after it.
      state.note("subset-row cuts failed: \(error.description)")
      return
    }
    state.count(nodes: outcome.nodes)
    state.note(outcome.summary)
    state.raiseBound(to: outcome.rowBound, source: .cuts, by: stage)
    if state.isSettled { return }
    if !outcome.restrictions.isEmpty && !budget.isSpent(state.setup) {
      let modelShare = place == .early ? budget.earlyCutModel : budget.lateCutModel
      let (answer, n) = try Self.restrictedModel(
        session: state.session, types: state.types, rows: state.bound.value, restrictions: outcome.restrictions,
        patternLimit: place == .early ? options.earlyModelPatternLimit : nil,
        until: budget.deadline(modelShare, state.setup))
      state.count(nodes: n)
      state.note("near-full rows model with the cuts' duals: \(answer.summary)")
      if case .packing(let patterns) = answer {
        state.offer(patterns, by: stage)
      } else if case .infeasible = answer {
        state.raiseBound(to: state.bound.value + 1, source: .cuts, by: stage)
      }
    }
    // Converged at the bound with no violated cut, only branching can
    // decide; out of time, the tree's root (its own master, cut rounds at
    // its root) often decides sooner than more rounds of this master.
    state.cutsLeftOneRowOpen = state.isOneRowAbove
  }

  /// How long the cut master's first solve may go on: the stage's time
  /// again, within the solve's. Without one solved master the stage gives
  /// no bound at all, and a master of thousands of columns may take longer
  /// than the stage's share to solve once.
  static func firstSolveDeadline(
    stageDeadline: ContinuousClock.Instant, solveDeadline: ContinuousClock.Instant
  ) -> ContinuousClock.Instant? {
    let now = ContinuousClock().now
    return stageDeadline > now ? min(solveDeadline, stageDeadline + (stageDeadline - now)) : nil
  }

  /// The bound of cut-and-price started from the patterns of the root LP's
  /// solution `root` and the master's patterns near the face of `face`,
  /// towards `target` rows, until `deadline`.
  static func bound(
    session: GLPKSession, types: ItemTypes, master: GilmoreGomoryColumnGeneration,
    root: GilmoreGomoryColumnGeneration.Solution, target: Int, face: NearFullRowsModel.DualRestriction?,
    options: Options, until deadline: ContinuousClock.Instant, firstSolveDeadline: ContinuousClock.Instant? = nil
  ) throws(GLPKError) -> SubsetRowCutAndPrice.Outcome {
    // Its own master: the others of the plain master make GLPK's first solve slow.
    var initial = root.values.indices.filter { root.values[$0] > 1e-9 }.map { master.patterns[$0] }
    if let face, options.masterFaceShare > 0 {
      // Near the optimal face, where the first convergence would price them in again.
      let slack = Int(Double(face.maxWeight) * options.masterFaceShare)
      initial += master.patterns.filter { p in p.reduce(0) { $0 + face.weights[$1] } >= face.maxWeight - slack }
    }
    // The plain master's basis carried over: its first solve from the
    // standard basis takes thousands of pivots at 600 items and more.
    let (basicRows, basicPatterns) = try master.basisWithoutExchangeColumns()
    initial += basicPatterns
    let cutAndPrice = try SubsetRowCutAndPrice(
      session: session, types: types, initialPatterns: initial,
      wasteBudget: options.wasteBudget(types: types, rows: target - 1))
    // Under a waste budget the basic columns over it are not in the master.
    if cutAndPrice.wasteBudget == nil {
      try cutAndPrice.start(basicRows: basicRows, basicPatterns: Set(basicPatterns))
    }
    cutAndPrice.precision = options.precision(capacity: types.capacity)
    cutAndPrice.minimumViolation = options.minimumViolation
    cutAndPrice.cutsPerRound = options.cutsPerRound
    return try cutAndPrice.run(target: target, until: deadline, firstSolveDeadline: firstSolveDeadline)
  }

  /// Whether the items fit in `rows` rows, by the model that cut-and-price's duals restrict.
  ///
  /// The near-full-rows
  /// model restricted by the duals of cut-and-price's masters (a row must
  /// meet them all), with at most `patternLimit` rows (nil: the model's
  /// own limit), until `deadline`.
  static func restrictedModel(
    session: GLPKSession, types: ItemTypes, rows: Int, restrictions: [NearFullRowsModel.CutRestriction],
    patternLimit: Int? = nil, until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> (answer: BinCompletionDecision.Answer, nodes: Int) {
    var model = NearFullRowsModel(types: types, rows: rows)
    if let patternLimit { model.patternLimit = patternLimit }
    model.cutRestrictions = restrictions
    return try model.decide(session: session, until: deadline)
  }
}
