import RowPacking

extension AlgorithmRegistry {
  /// The pure-Swift exact solver of the core (bin completion), run once
  /// under ``RunSettings/timeLimit`` like the GLPK solvers.
  public static let binCompletion = BenchAlgorithm(
    name: "bin-completion",
    summary: "pure Swift (no GLPK): FFD/BFD and minimum bin slack, L2 and Fekete-Schepers bounds, "
      + "Falkenauer's local search, the Gilmore-Gomory LP (Farley bound, diving), then bin completion "
      + "row counts upward from the bound (Korf 2003); what an app can ship",
    kind: .exact,
    implementation: .solver { instance, settings in
      solveOptimally(
        instance, budget: SearchBudget(timeLimit: settings.timeLimit, nodeLimit: nil), resolution: settings.resolution)
    })
}
