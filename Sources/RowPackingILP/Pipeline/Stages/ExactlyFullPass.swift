import RowPacking

/// The two places of the searches for a packing in exactly full rows
/// (``FullRowsSearchStage``, ``FailFirstSearchStage``): short, before the
/// LP; long, after the dives, where the rows must still be exactly full.
enum ExactlyFullPass: Sendable {
  case short, long

  /// Whether a search of this pass runs on `state`.
  func applies(to state: SolveState) -> Bool {
    guard state.rowsMustBeFull else { return false }
    switch self {
    case .short: return !state.rootLPRan
    case .long: return state.hasRootLP && !state.options.budget.isSpent(state.setup)
    }
  }

  /// Whether a search of this pass may still run, as `state` stands.
  func mayApply(to state: SolveState) -> Bool {
    state.rowsMustBeFull && (self == .long || !state.rootLPRan)
  }
}
