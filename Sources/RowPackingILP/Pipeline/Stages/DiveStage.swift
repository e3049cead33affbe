import RowPacking

/// A packing that meets the bound by ``LimitedDiscrepancyDiving`` on the
/// root LP's master.
///
/// Short, right after the root LP: the plain dive and two restarts. Between
/// sets of dual restrictions (rows not exactly full): with backtracking,
/// briefly, where the short dive missed a packing that exists. Wide, after
/// the near-full-rows stage: limited discrepancies and restarts with most of
/// the time left. Each dive starts from the root basis the first one saved,
/// and the master goes back to it after, so that the stages after a dive
/// start from an optimal basis.
struct DiveStage: ExactStage {
  enum Pass: Sendable { case short, betweenRestrictions, wide }
  let pass: Pass
  let weight: Double
  var stage: SolveStage { .dive }

  /// The most discrepancies on a path, and restarts, of the longer dives.
  static let maxDiscrepancy = 2
  static let maxRestarts = 40
  /// A node's first candidate rows tried least constraining first where
  /// the residual's rows must be exactly full.
  static let completionLookahead = 8

  func applies(to state: SolveState) -> Bool {
    guard state.hasRootLP else { return false }
    switch pass {
    case .short: return true
    case .betweenRestrictions: return !state.divedBetweenRestrictions && !state.rowsMustBeFull
    case .wide: return !state.options.budget.isSpent(state.setup)
    }
  }

  func mayApply(to state: SolveState) -> Bool {
    pass != .betweenRestrictions || (!state.divedBetweenRestrictions && !state.rowsMustBeFull)
  }

  func run(_ state: inout SolveState) throws(GLPKError) {
    guard let master = state.master else { return }
    var diving = Self.diving(on: master, rows: state.bound.value, rootBasis: state.diveRootBasis)
    switch pass {
    case .short:
      diving.maxDiscrepancy = 0
      diving.maxRestarts = 2
    case .betweenRestrictions:
      state.divedBetweenRestrictions = true
      diving.maxDiscrepancy = Self.maxDiscrepancy
      diving.maxRestarts = Self.maxRestarts
    case .wide:
      diving.maxDiscrepancy = Self.maxDiscrepancy
      diving.maxRestarts = Self.maxRestarts
    }
    let outcome = try diving.run(until: state.stageDeadline, incumbentRows: state.best.rowCount)
    state.diveRootBasis = outcome.rootBasis
    if let root = outcome.rootBasis { try master.restore(root) }
    if state.verbose { Self.log(outcome, rows: state.bound.value, into: state) }
    if pass == .wide { state.note(master.summary) }
    if let patterns = outcome.patterns { state.offer(patterns, by: stage) }
  }

  /// A dive for `rows` rows on the root LP's master, from the root basis
  /// the first dive saved (the stages' dives and the tree's relax-and-fix).
  static func diving(
    on master: GilmoreGomoryColumnGeneration, rows: Int, rootBasis: GilmoreGomoryColumnGeneration.SavedBasis?
  ) -> LimitedDiscrepancyDiving {
    // The root LP's waste budget may cover fewer rows than the bound's now.
    master.coverWasteBudget(rows: rows)
    var diving = LimitedDiscrepancyDiving(master: master, target: rows)
    diving.rootBasis = rootBasis
    diving.completionLookahead = completionLookahead
    return diving
  }

  /// The dive's counts in the `--verbose` log.
  static func log(_ outcome: LimitedDiscrepancyDiving.Outcome, rows: Int, into state: SolveState) {
    state.note(
      "dive: \(outcome.dives) dives, \(outcome.lpSolves) LP solves, \(outcome.completionNodes) completion nodes, "
        + "\(outcome.deepestRows) rows deepest, \(outcome.simplexIterations) simplex iterations; \(outcome.time) "
        + "(master solves \(outcome.masterTime), pricing \(outcome.pricingTime))\(outcome.timedOut ? ", out of time" : "")")
    let ends = outcome.endRows.sorted()
    guard !ends.isEmpty else { return }
    func count(_ end: LimitedDiscrepancyDiving.DiveEnd) -> Int { outcome.ends[end.rawValue] }
    state.note(
      "dive ends: size \(count(.size)), completion \(count(.completion)), LP \(count(.lp)), "
        + "no candidate \(count(.noCandidate)); rows fixed at the ends: least \(ends[0]), "
        + "median \(ends[ends.count / 2]), most \(ends[ends.count - 1]) of \(rows)")
  }
}
