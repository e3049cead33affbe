import RowPacking

/// The exact solvers of the minimum number of rows, by their command-line names.
public enum ExactAlgorithm: String, CaseIterable, Sendable {
  /// The assignment model (x_ij, y_j) solved by GLPK's branch and bound.
  case ilpAssignment = "ilp-assignment"
  /// Valerio de Carvalho's arc-flow model solved by GLPK's branch and bound.
  case ilpArcFlow = "ilp-arcflow"
  /// The staged pipeline (``ExactPipeline``): the fewest rows, proven.
  ///
  /// Bounds and packers, searches for exactly full rows, the Gilmore–Gomory
  /// LP by column generation and dives on it, then decisions of the bound's
  /// rows (the near-full-rows MIP, subset-row cuts, branch-and-price), and
  /// the arc-flow MIP as last resort.
  case exact = "exact"

  /// One line on what the algorithm does, for `packbench list`.
  public var summary: String {
    switch self {
    case .ilpAssignment:
      return "assignment ILP (x_ij, y_j; rows <= best heuristic, symmetry broken) by GLPK branch and bound"
    case .ilpArcFlow:
      return "arc-flow ILP of Valerio de Carvalho (1999) on the integer capacity by GLPK branch and bound"
    case .exact:
      return "L2 + packers, Gilmore-Gomory LP (column generation) + LP diving, then B&B on the bound's rows; proven optimum"
    }
  }
}

/// Options of an exact solve.
public struct ExactOptions: Sendable {
  /// The time for the whole solve, GLPK's phases included.
  public var timeLimit: Duration
  /// Whether GLPK prints its progress on the terminal (off by default).
  public var verbose: Bool
  /// Units per point for fractional widths (see ``Instance/scaled(resolution:)``);
  /// nil for the automatic one.
  public var resolution: Int?

  public init(timeLimit: Duration = .seconds(60), verbose: Bool = false, resolution: Int? = nil) {
    self.timeLimit = timeLimit
    self.verbose = verbose
    self.resolution = resolution
  }
}

/// Solves an instance with one of the exact algorithms, within the time limit.
///
/// Solvers work on the instance's ``ScaledInstance``: packings on its
/// `sizes`/`capacity` (valid for the true widths), lower bounds on its
/// `boundSizes`/`boundCapacity` (valid for the true widths), so that the
/// status `optimal` is a proof for the true widths even when they are
/// fractional. Every packing is verified (``judge(_:for:bound:)``) before it
/// is returned. A GLPK failure becomes the status `.error(message)`, with the
/// best packing found before it. GLPK runs on the calling thread, in its own
/// environment, freed at the end.
///
/// The result's `stage` says which stage settled it (``SolveStage``: the one
/// whose packing or bound last improved); `nodes` counts the nodes of the
/// stages that count them (searches, GLPK's branch and bound);
/// `rootLPTime`, when `exact`'s root LP ended (nil for the MIP models).
public func solveExactly(
  _ instance: Instance, algorithm: ExactAlgorithm, options: ExactOptions = .init()
) -> PackingResult {
  let setup: SolveSetup
  do {
    setup = try SolveSetup(instance: instance, timeLimit: options.timeLimit, resolution: options.resolution)
  } catch {
    return PackingResult(packing: nil, lowerBound: LowerBound(value: 0, source: .none), status: .error(error.description))
  }
  if setup.scaled.count == 0 {
    return setup.result(packing: Packing(rows: []), bound: setup.simpleBound, stage: .heuristic)
  }
  switch algorithm {
  case .ilpAssignment: return solveAssignmentModel(setup, verbose: options.verbose)
  case .ilpArcFlow: return solveArcFlowModel(setup, verbose: options.verbose)
  case .exact: return ExactPipeline(setup: setup, verbose: options.verbose).run()
  }
}
