import RowPacking

/// Solves a formulation's model by GLPK alone (LP relaxation, then branch
/// and bound, no incumbent given) within the setup's time left, and turns
/// GLPK's answer into a result: its bound raises `bound` (source MIP), and
/// its packing, decoded from the column values, replaces `best` when it
/// uses no more rows (stage `mipStage`). When GLPK finds no integer solution
/// in time, `best` is returned (stage heuristic); a GLPK error becomes the
/// result's error with `best` kept.
///
/// Shared by `ilp-assignment` and `ilp-arcflow`, which differ only in the
/// model and in how a solution's values become rows.
func solveFormulation(
  _ model: LinearModel, setup: SolveSetup, best: Packing, bound simpleBound: LowerBound, verbose: Bool,
  mipStage: SolveStage, decode: ([Double]) -> Packing
) -> PackingResult {
  var bound = simpleBound
  let session = GLPKSession(verbose: verbose)
  defer { session.close() }
  do {
    let problem = try GLPKProblem(session: session, model: model)
    let mip = try problem.solveIntegerProgram(timeLimit: setup.timeLeft, incumbent: nil)
    if let b = mip.bound { bound = setup.bound(Int((b - 1e-6).rounded(.up)), source: .mip, over: bound) }
    var packing = best
    var stage = SolveStage.heuristic
    if mip.status == .optimal || mip.status == .feasible {
      let found = decode(mip.values)
      if found.rowCount <= packing.rowCount { packing = found; stage = mipStage }
      if mip.status == .optimal { bound = setup.bound(Int(mip.objective.rounded()), source: .mip, over: bound) }
    }
    return setup.result(packing: packing, bound: bound, stage: stage, nodes: mip.nodes, limited: mip.status != .optimal)
  } catch {
    return setup.result(packing: best, bound: bound, stage: .heuristic, error: error.description)
  }
}
