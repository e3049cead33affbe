import RowPacking

/// Fewer rows without the LP, where its pricing is too slow to rely on.
///
/// ``ConsistentNeighbourhoodSearch``, where the LP's pricing
/// has no dynamic programme (capacities of a million units) and column
/// generation may not converge in the time limit.
///
/// Before the LP, briefly: its first rows fewer give the LP good columns.
/// After a root LP that did not converge: with all the time left, towards
/// Farley's bound.
struct LPFreeSearchStage: ExactStage {
  enum Pass: Sendable { case beforeLP, afterUnconvergedLP }
  let pass: Pass
  let weight: Double
  var stage: SolveStage { .lpFreeSearch }
  var needsRootLP: Bool { false }

  func applies(to state: SolveState) -> Bool {
    guard state.lpFreeSearchFirst else { return false }
    switch pass {
    case .beforeLP: return !state.rootLPRan
    case .afterUnconvergedLP: return state.rootLPRan && !state.hasRootLP
    }
  }

  func mayApply(to state: SolveState) -> Bool { state.lpFreeSearchFirst }

  func run(_ state: inout SolveState) throws(GLPKError) {
    var search = ConsistentNeighbourhoodSearch(types: state.types)
    let patterns: [Pattern], moves: Int
    switch pass {
    case .beforeLP:
      (patterns, moves) = search.run(from: state.bestPatterns, target: state.bound.value, until: state.stageDeadline)
    case .afterUnconvergedLP:
      search.failedAttemptLimit = .max
      search.seed = 0x10f
      let outcome = search.improve(state.bestPatterns, target: state.bound.value, until: state.stageDeadline)
      (patterns, moves) = (outcome.patterns, outcome.moves)
    }
    state.count(nodes: moves)
    state.offer(patterns, by: stage)
  }
}
