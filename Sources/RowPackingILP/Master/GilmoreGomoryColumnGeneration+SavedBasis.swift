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

  /// Goes back to a saved basis and its demands, for a primal feasible start.
  ///
  /// The next solve starts from it by primal simplex pivots: the basis was optimal for
  /// those demands, and the columns added since start non-basic at 0, so
  /// it is primal feasible (only the new columns may price out). Without
  /// it a dive that backtracks re-solves from the basis of its deepest
  /// residual, far from primal feasible, in more pivots than the whole
  /// dive before it took (docs/experiments/).
  ///
  /// - Complexity: O(types + columns), and the next solve factorises the basis.
  func restore(_ saved: SavedBasis) throws(GLPKError) {
    try setDemands(saved.demands)
    try problem.setBasis(saved.basis)
    demandsChanged = false
  }

  /// The current basis in terms of rows and patterns, for a master over the
  /// same rows without exchange columns: the rows whose auxiliary is basic,
  /// and the basic patterns. A basic exchange column (entries on rows `t`
  /// and `t + 1`) hands its place to the auxiliary of one of its rows, so
  /// the count stays that of a basis; the result may still be singular.
  ///
  /// - Complexity: O(types + columns).
  func basisWithoutExchangeColumns() throws(GLPKError) -> (basicRows: [Bool], basicPatterns: [Pattern]) {
    let basis = try problem.basis().basis
    var basicRows = (0..<types.count).map { basis.isBasic(row: $0) }
    for t in 0..<exchangeCount where basis.isBasic(column: t) {
      if !basicRows[t + 1] { basicRows[t + 1] = true } else { basicRows[t] = true }
    }
    let basicPatterns = patterns.indices.filter { basis.isBasic(column: exchangeCount + $0) }.map { patterns[$0] }
    return (basicRows, basicPatterns)
  }
}
