import RowPacking

/// A packing in the bound's rows when every row must be exactly full, by
/// ``FailFirstBinCompletion`` (most constrained item first).
///
/// Short, before the LP (a node limit per row), after the short full-rows
/// search; long, after the dives, before the long full-rows search.
struct FailFirstSearchStage: ExactStage {
  let pass: ExactlyFullPass
  let weight: Double
  var stage: SolveStage { .failFirstSearch }

  /// Nodes per row of the bound in the short pass.
  static let shortNodesPerRow = 1_000

  func applies(to state: SolveState) -> Bool { pass.applies(to: state) }
  func mayApply(to state: SolveState) -> Bool { pass.mayApply(to: state) }
  var needsRootLP: Bool { pass == .long }

  func run(_ state: inout SolveState) throws(GLPKError) {
    let types = state.types
    var search = FailFirstBinCompletion(sizes: types.sizes, demands: types.demands, capacity: types.capacity)
    switch pass {
    case .short:
      search.nodeLimit = Self.shortNodesPerRow * state.bound.value
      search.seed = 0x5eed
    case .long:
      search.nodeLimit = .max
      search.seed = 0x10f
    }
    let outcome = search.run(rows: state.bound.value, until: state.stageDeadline)
    state.count(nodes: outcome.nodes)
    if let patterns = outcome.patterns { state.offer(patterns, by: stage) }
  }
}
