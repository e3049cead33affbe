/// How one exact solve shares its time among its stages: each stage's share
/// of the time left comes from its weight in the stage table.
///
/// A stage that starts takes `weight / (weight + followers)` of the time
/// left, where `followers` is the weight of the stages after it that may
/// still run (``ExactStage/mayApply(to:)``). A stage that ends early leaves
/// its time to the stages after it, and one that nothing can follow takes
/// all that is left. The root LP's followers leave out the stages that need
/// it: without a converged LP they cannot run, so its time is theirs to
/// lose. Branch-and-price counts its give-up in work (``workPerSecond``), so
/// that it takes the same path alone or under load. docs/ARCHITECTURE.md
/// ("The exact solver's stages") lists the weights beside the stages.
struct BudgetPolicy: Sendable {
  /// The shortest time worth starting a stage with.
  var minimumStageTime: Duration = .milliseconds(50)

  /// The steps inside a stage, as shares of the time left when each starts.
  /// Each set of dual restrictions (column generation at perturbed duals),
  /// and the short bin completion before a near-full-rows model without them.
  var dualRestrictions = 0.2
  var binCompletionBeforeModel = 0.1
  /// The model restricted by the cut duals, after the cut loop: in the early
  /// place (right after the short dive) and the late one.
  var earlyCutModel = 0.15
  /// The early cut stage runs only with at least this share of the root
  /// LP's own time: its master's first convergence is a column generation
  /// of about the root's size, and with less (801 items and more at 60 s)
  /// it ended with no bound (docs/experiments/062-tree-time-at-1002-items.md).
  var earlyCutsLeastLPShare = 0.5
  var lateCutModel = 0.8
  /// Branch-and-price gives up after this share of its time unless it refuted
  /// part of its tree, counted in work at ``workPerSecond``.
  var branchAndPriceGiveUp = 0.5
  var workPerSecond = 1.6e9

  /// The end of `stage`'s time, when it starts on `state` with `followers`
  /// after it: its weight's share (with the stages it runs inside it) of the
  /// time left.
  func deadline(
    of stage: any ExactStage, inside: [any ExactStage] = [], followers: [any ExactStage], _ state: SolveState
  ) -> ContinuousClock.Instant {
    let own = stage.weight + inside.filter { $0.mayApply(to: state) }.reduce(0) { $0 + $1.weight }
    let after = followers.reduce(0.0) { sum, next in
      let losesItsTime = next.needsRootLP && (stage.stage == .rootLP || (state.rootLPRan && !state.hasRootLP))
      return losesItsTime || !next.mayApply(to: state) ? sum : sum + next.weight
    }
    let share = own + after > 0 ? own / (own + after) : 1
    return state.setup.clock.now + state.setup.timeLeft * share
  }

  /// The end of a step inside a stage that takes `share` of the time left.
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
