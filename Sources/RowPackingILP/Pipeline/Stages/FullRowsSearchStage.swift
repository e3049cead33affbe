import RowPacking

/// A packing in the bound's rows when every row must be exactly full, by
/// ``LimitedDiscrepancyBinCompletion``.
///
/// Short, before the LP: its first dive and a little more (it finds the
/// perfect packings of instances whose column generation is slow to reach
/// them). Long, after the dives where the rows must still be exactly full:
/// no node limit, its rows restricted by the LP's dual restrictions.
struct FullRowsSearchStage: ExactStage {
  let pass: ExactlyFullPass
  let weight: Double
  var stage: SolveStage { .fullRowsSearch }

  /// Nodes per row of the bound in the short pass.
  static let shortNodesPerRow = 2

  func applies(to state: SolveState) -> Bool { pass.applies(to: state) }
  func mayApply(to state: SolveState) -> Bool { pass.mayApply(to: state) }
  var needsRootLP: Bool { pass == .long }

  func run(_ state: inout SolveState) throws(GLPKError) {
    let types = state.types
    var search = LimitedDiscrepancyBinCompletion(sizes: types.sizes, demands: types.demands, capacity: types.capacity)
    switch pass {
    case .short:
      search.nodeLimit = Self.shortNodesPerRow * state.bound.value
      search.seed = 0x5eed
    case .long:
      search.nodeLimit = .max
      search.seed = 0x10f
      search.restrictions = state.restrictions
    }
    let (patterns, nodes) = search.run(rows: state.bound.value, until: state.stageDeadline)
    state.count(nodes: nodes)
    if let patterns { state.offer(patterns, by: stage) }
  }
}
