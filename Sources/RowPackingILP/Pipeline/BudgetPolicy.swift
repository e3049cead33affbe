/// How one exact solve shares its time among its stages: each stage takes
/// a share of the time left when it starts, from this one table.
///
/// A share is of what is left, so a stage that ends early leaves its time
/// to the stages after it. Where a stage counts its work (branch-and-price's
/// give-up), the count stands for time at ``workPerSecond``, so that it
/// takes the same path alone or under load. The table in
/// docs/ARCHITECTURE.md ("The exact solver's stages") lists these shares
/// beside the stages; docs/experiments/ has the measurements behind them.
struct BudgetPolicy: Sendable {
  /// The shortest time worth starting a stage with.
  var minimumStageTime: Duration = .milliseconds(50)
  /// Before the LP, where the bound's rows must be exactly full: the short
  /// full-rows search and then the fail-first search.
  var fullRowsSearch = 0.03
  var failFirstSearch = 0.1
  /// Before the LP where pricing has no dynamic programme: the LP-free
  /// search, then the root LP's share (elsewhere it has all the time).
  var lpFreeSearch = 0.1
  var rootLPAfterLPFreeSearch = 0.8
  /// The short dive after the root LP (more where the LP-free search ran:
  /// there the dives find the optimum).
  var shortDive = 0.2
  var shortDiveAfterLPFreeSearch = 0.5
  /// Each set of dual restrictions (column generation at perturbed duals).
  var dualRestrictions = 0.2
  /// The near-full-rows decisions as a whole, and the short bin completion
  /// before a model without dual restrictions.
  var nearFullRows = 0.6
  var binCompletionBeforeModel = 0.1
  /// Inside the near-full-rows stage, where its model is too big: the
  /// cuts and their restricted model, and the dive between restrictions.
  var earlyCuts = 0.15
  var earlyCutModel = 0.15
  var diveBetweenRestrictions = 0.05
  /// The wide dive: where the arc-flow MIP may follow, where the long
  /// exactly-full searches follow instead, and where nothing does.
  var wideDive = 0.6
  var wideDiveBeforeFullRowsSearches = 0.8
  /// The long exactly-full searches (the fail-first one takes half of the
  /// full-rows one's share, before it); all that is left where no MIP follows.
  var fullRowsSearchLong = 0.5
  /// The cuts in their late place and their restricted model.
  var lateCuts = 0.6
  var lateCutModel = 0.8
  /// Branch-and-price(-and-cut) after the cuts, and the share of its time
  /// after which it gives up unless it refuted part of its tree.
  var branchAndPrice = 0.8
  var branchAndPriceGiveUp = 0.25
  /// The work branch-and-price counts in a second of its time.
  var workPerSecond = 1.6e9

  /// The end of a stage that takes `share` of the time left, for `setup`.
  func deadline(_ share: Double, _ setup: SolveSetup) -> ContinuousClock.Instant {
    setup.clock.now + setup.timeLeft * share
  }

  /// Whether the time left is too short to start another stage.
  func isSpent(_ setup: SolveSetup) -> Bool { setup.timeLeft <= minimumStageTime }

  /// Whether `deadline` leaves too short a time to start another step.
  func isSpent(until deadline: ContinuousClock.Instant, _ setup: SolveSetup) -> Bool {
    deadline - setup.clock.now <= minimumStageTime
  }
}
