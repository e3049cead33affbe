import RowPacking

/// The last resort: the arc-flow MIP by GLPK, the best packing as its incumbent.
///
/// Valerio de Carvalho's arc-flow MIP, where the graph is small enough
/// (``ExactPipeline/Options/arcLimit``): GLPK's branch and bound may still
/// close what the stages before it left open.
///
/// Valerio de Carvalho, J. M. (1999). Exact solution of bin-packing
/// problems using column generation and branch-and-bound. Annals of
/// Operations Research 86.
struct ArcFlowMIPStage: ExactStage {
  let weight: Double
  var stage: SolveStage { .arcFlowMIP }

  func applies(to state: SolveState) -> Bool {
    state.hasRootLP && !state.options.budget.isSpent(state.setup)
  }

  /// Unless its graph is known to be too large.
  func mayApply(to state: SolveState) -> Bool {
    if case .some(.none) = state.arcFlowGraph { return false }
    return true
  }

  func run(_ state: inout SolveState) throws(GLPKError) {
    guard let graph = state.arcFlowGraphIfSmall() else { return }
    let problem = try GLPKProblem(session: state.session, model: graph.model())
    let incumbent = graph.flow(of: state.bestPatterns)
    let mip = try problem.solveIntegerProgram(timeLimit: state.setup.timeLeft, incumbent: incumbent)
    state.count(nodes: mip.nodes)
    if let b = mip.bound { state.raiseBound(to: Int((b - 1e-6).rounded(.up)), source: .mip, by: stage) }
    guard mip.status == .optimal || mip.status == .feasible else { return }
    state.offer(graph.patterns(fromFlow: mip.values), by: stage)
    if mip.status == .optimal { state.raiseBound(to: Int(mip.objective.rounded()), source: .mip, by: stage) }
  }
}
