/// The stage of a solver that settled an instance: the one whose packing or
/// lower bound closed the gap between them.
///
/// Reported in ``PackingResult/stage`` and the bench's CSV (its raw value);
/// each case names one algorithm, so that a report can say which one proved
/// what. The GLPK pipeline's stages are described, in the order they run, in
/// docs/ARCHITECTURE.md ("The exact solver's stages").
public enum SolveStage: String, Sendable, Hashable, Codable, CaseIterable {
  /// A packer (first fit decreasing, best fit decreasing, knapsack rows)
  /// met the simple bound (L1, L2, dual feasible functions).
  case heuristic
  /// Falkenauer's local search improved the packers' rows to the bound.
  case localSearch = "local-search"
  /// Bin completion over exactly-full rows by limited discrepancy
  /// (Korf's bin completion, Harvey and Ginsberg's discrepancies).
  case fullRowsSearch = "full-rows-search"
  /// Bin completion over exactly-full rows, most constrained item first.
  case failFirstSearch = "fail-first-search"
  /// The consistent neighbourhood search of Buljubašić and Vasquez, run
  /// where the LP's pricing has no dynamic programme.
  case lpFreeSearch = "lp-free-search"
  /// The Gilmore–Gomory LP bound by column generation.
  case rootLP = "lp"
  /// Diving on the Gilmore–Gomory LP (limited discrepancies, restarts).
  case dive
  /// Branch and bound by bin completion on the bound's rows.
  case binCompletion = "bin-completion"
  /// The set-partitioning MIP over the rows that fit in the LP's gap.
  case nearFullRows = "near-full-rows"
  /// Cut-and-price with subset-row cuts at the root.
  case subsetRowCuts = "cuts"
  /// Branch-and-price(-and-cut) with Ryan–Foster branching.
  case branchAndPrice = "branch-and-price"
  /// Valerio de Carvalho's arc-flow model by GLPK's branch and bound.
  case arcFlowMIP = "arc-flow-mip"
  /// The assignment model by GLPK's branch and bound.
  case assignmentMIP = "assignment-mip"
}
