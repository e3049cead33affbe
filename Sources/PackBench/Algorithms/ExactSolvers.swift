import RowPacking
import RowPackingILP

extension AlgorithmRegistry {
  /// The exact solvers: the core's pure-Swift ``binCompletion``, then those
  /// of RowPackingILP (linked to GLPK), each run once under ``RunSettings/timeLimit``.
  public static let exactSolvers: [BenchAlgorithm] = [binCompletion] + glpkSolvers

  /// The exact solvers of RowPackingILP (linked to GLPK).
  public static let glpkSolvers: [BenchAlgorithm] = ExactAlgorithm.allCases.map { algorithm in
    BenchAlgorithm(
      name: algorithm.rawValue, summary: algorithm.summary, kind: .exact,
      implementation: .solver { instance, settings in
        solveExactly(
          instance, algorithm: algorithm,
          options: ExactOptions(timeLimit: settings.timeLimit, verbose: settings.verbose, resolution: settings.resolution))
      })
  }
}
