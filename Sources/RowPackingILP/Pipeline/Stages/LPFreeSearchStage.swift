import RowPacking

/// Fewer rows by ``ConsistentNeighbourhoodSearch``, where the LP's pricing
/// has no dynamic programme (capacities of a million units) and column
/// generation may not converge in the time limit.
///
/// Before the LP, briefly: its first rows fewer give the LP good columns.
/// After a root LP that did not converge: with all the time left, towards
/// Farley's bound.
struct LPFreeSearchStage: ExactStage {
  enum Pass: Sendable { case beforeLP, afterUnconvergedLP }
  let pass: Pass
  var stage: SolveStage { .lpFreeSearch }

  func applies(to state: SolveState) -> Bool {
    guard state.lpFreeSearchFirst else { return false }
    switch pass {
    case .beforeLP: return !state.rootLPRan
    case .afterUnconvergedLP: return state.rootLPRan && !state.hasRootLP
    }
  }

  func run(_ state: inout SolveState) throws(GLPKError) {
    var search = ConsistentNeighbourhoodSearch(types: state.types)
    let patterns: [Pattern], moves: Int
    switch pass {
    case .beforeLP:
      let until = state.options.budget.deadline(state.options.budget.lpFreeSearch, state.setup)
      (patterns, moves) = search.run(from: state.bestPatterns, target: state.bound.value, until: until)
    case .afterUnconvergedLP:
      search.failedAttemptLimit = .max
      search.seed = 0x10f
      let outcome = search.improve(state.bestPatterns, target: state.bound.value, until: state.setup.deadline)
      (patterns, moves) = (outcome.patterns, outcome.moves)
    }
    state.count(nodes: moves)
    state.offer(patterns, by: stage)
  }
}
