import RowPacking

/// A packing in the bound's rows when every row must be exactly full, by
/// ``FailFirstBinCompletion`` (most constrained item first).
///
/// Short, before the LP (a node limit per row), after the short full-rows
/// search; long, after the dives, before the long full-rows search, with
/// half of that one's share.
struct FailFirstSearchStage: ExactStage {
  enum Pass: Sendable { case short, long }
  let pass: Pass
  var stage: SolveStage { .failFirstSearch }

  /// Nodes per row of the bound in the short pass.
  static let shortNodesPerRow = 1_000

  func applies(to state: SolveState) -> Bool {
    guard state.rowsMustBeFull else { return false }
    switch pass {
    case .short: return !state.rootLPRan
    case .long: return state.hasRootLP && !state.options.budget.isSpent(state.setup)
    }
  }

  func run(_ state: inout SolveState) throws(GLPKError) {
    let types = state.types
    var search = FailFirstBinCompletion(sizes: types.sizes, demands: types.demands, capacity: types.capacity)
    let budget = state.options.budget
    let share: Double
    switch pass {
    case .short:
      search.nodeLimit = Self.shortNodesPerRow * state.bound.value
      search.seed = 0x5eed
      share = budget.failFirstSearch
    case .long:
      search.nodeLimit = .max
      search.seed = 0x10f
      share = (state.arcFlowGraphIfSmall() == nil ? 1 : budget.fullRowsSearchLong) / 2
    }
    let outcome = search.run(rows: state.bound.value, until: budget.deadline(share, state.setup))
    state.count(nodes: outcome.nodes)
    if let patterns = outcome.patterns { state.offer(patterns, by: stage) }
  }
}
