import RowPacking

extension AlgorithmRegistry {
  /// The exact solvers (module RowPackingILP, linked to GLPK).
  public static let exactSolvers: [BenchAlgorithm] = []
}
