import RowPacking

/// The last resort: Valerio de Carvalho's arc-flow MIP by GLPK's branch and
/// bound, with the best packing offered as incumbent, where the graph is
/// small enough (``ExactPipeline/Options/arcLimit``).
///
/// Valerio de Carvalho, J. M. (1999). Exact solution of bin-packing
/// problems using column generation and branch-and-bound. Annals of
/// Operations Research 86.
struct ArcFlowMIPStage: ExactStage {
  var stage: SolveStage { .arcFlowMIP }

  func applies(to state: SolveState) -> Bool {
    state.hasRootLP && !state.options.budget.isSpent(state.setup)
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
