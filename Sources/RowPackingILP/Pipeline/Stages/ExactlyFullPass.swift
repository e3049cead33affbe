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

  /// The long pass's share of the time left for the full-rows search: all
  /// that is left where no arc-flow MIP follows.
  static func longShare(_ state: inout SolveState) -> Double {
    state.arcFlowGraphIfSmall() == nil ? 1 : state.options.budget.fullRowsSearchLong
  }
}
