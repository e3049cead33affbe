extension GilmoreGomoryColumnGeneration {
  /// The master's simplex basis at some demands, saved to start a later
  /// solve from it (a node of a dive that has more children, or the root
  /// of the dives' restarts).
  struct SavedBasis {
    /// The demands the basis was optimal for.
    let demands: [Int]
    let basis: GLPKProblem.Basis
  }

  /// The current basis and demands: call it right after an optimal solve.
  ///
  /// - Complexity: O(types + columns).
  func saveBasis() throws(GLPKError) -> SavedBasis {
    SavedBasis(demands: demands, basis: try problem.basis().basis)
  }

  /// Goes back to a saved basis and its demands, so that the next solve
  /// starts from it by primal simplex pivots: the basis was optimal for
  /// those demands, and the columns added since start non-basic at 0, so
  /// it is primal feasible (only the new columns may price out). Without
  /// it a dive that backtracks re-solves from the basis of its deepest
  /// residual: on AI 600_20000_DI_1 each restart of a dive took 3 000 to
  /// 11 000 dual simplex pivots (over a thousand rows primal infeasible),
  /// more than the whole dive before it.
  ///
  /// - Complexity: O(types + columns), and the next solve factorises the basis.
  func restore(_ saved: SavedBasis) throws(GLPKError) {
    try setDemands(saved.demands)
    try problem.setBasis(saved.basis)
    demandsChanged = false
  }
}
