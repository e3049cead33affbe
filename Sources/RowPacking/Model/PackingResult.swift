/// Where a lower bound on the number of rows comes from.
public enum BoundSource: String, Sendable, Hashable, Codable, CaseIterable {
  /// The continuous bound, `ceil(total size / capacity)`.
  case l1 = "L1"
  /// Martello and Toth's bound L2 (1990).
  case l2 = "L2"
  /// The ceiling of a linear programming relaxation's optimum.
  case lp = "LP"
  /// The best bound of a finished or interrupted branch and bound.
  case mip = "MIP"
  /// The Gilmore–Gomory LP strengthened by subset-row cuts (cut-and-price
  /// at the root), its bound computed safely from the duals.
  case cuts = "cuts"
  /// A branch-and-price tree whose every node's safe bound exceeds the
  /// rows asked for (Ryan–Foster branching on the Gilmore–Gomory LP).
  case branchAndPrice = "branch-and-price"
  /// Fekete and Schepers' dual feasible functions (2001).
  case dff = "DFF"
  /// An exhausted search: no packing in fewer rows exists (the pure-Swift
  /// bin completion proved every smaller row count infeasible).
  case search = "search"
  /// A bound an external solver printed: kept only after the harness set
  /// it against the rows and the known optimum (it is never proven here).
  case external = "external"
  /// No bound was computed (only for results that never got that far).
  case none = ""
}

/// A lower bound on the number of rows of any valid packing, and its source.
public struct LowerBound: Sendable, Hashable, Codable {
  public var value: Int
  public var source: BoundSource
  public init(value: Int, source: BoundSource) {
    self.value = value
    self.source = source
  }
  /// The stronger of two bounds; on a tie, the first (so cheaper sources,
  /// computed first, keep the credit).
  public func strongest(_ other: LowerBound) -> LowerBound { other.value > value ? other : self }
}

/// How a solve ended. A value, never thrown: a result always says what it knows.
public enum SolveStatus: Sendable, Hashable, Codable {
  /// The rows equal a proven lower bound.
  case optimal
  /// A valid packing whose optimality is not proven.
  case feasible
  /// The time limit was reached; the packing, if any, is the best found.
  case timeLimit
  /// The memory limit was reached.
  case memoryLimit
  /// The solver failed with a message.
  case error(String)
  /// The solver's process died.
  case crash(String)
  /// The packing failed verification, or claimed fewer rows than a known
  /// optimum or a valid bound allows.
  case wrong(String)

  /// The name used in CSV files: optimal, feasible, timelimit, memlimit, error, crash, wrong.
  public var name: String {
    switch self {
    case .optimal: return "optimal"
    case .feasible: return "feasible"
    case .timeLimit: return "timelimit"
    case .memoryLimit: return "memlimit"
    case .error: return "error"
    case .crash: return "crash"
    case .wrong: return "wrong"
    }
  }

  /// The message that goes with error, crash and wrong.
  public var message: String? {
    switch self {
    case .error(let m), .crash(let m), .wrong(let m): return m
    default: return nil
    }
  }
}

/// The outcome of one solve: the packing, its lower bound and its status.
///
/// "Proven optimal" is computed from the rows and the bound, never assumed:
/// see ``isProvenOptimal``.
public struct PackingResult: Sendable, Hashable {
  /// The packing found; `nil` when none was (an error, or a limit reached first).
  public var packing: Packing?
  /// The best lower bound known at the end.
  public var lowerBound: LowerBound
  /// How the solve ended.
  public var status: SolveStatus
  /// Wall time of the solve (packing and bounds, not parsing or verifying).
  public var elapsed: Duration
  /// Branch-and-bound nodes, for solvers that have them.
  public var nodes: Int?
  /// Which stage of a solver settled the instance, for solvers that have
  /// stages (``SolveStage``).
  public var stage: SolveStage?
  /// Wall time from the solve's start to the end of its root LP (the
  /// Gilmore–Gomory column generation), for solvers that have one; `nil`
  /// when the root LP did not run or did not converge. Never above
  /// ``elapsed``.
  public var rootLPTime: Duration?

  public init(
    packing: Packing?, lowerBound: LowerBound, status: SolveStatus, elapsed: Duration = .zero,
    nodes: Int? = nil, stage: SolveStage? = nil, rootLPTime: Duration? = nil
  ) {
    self.packing = packing
    self.lowerBound = lowerBound
    self.status = status
    self.elapsed = elapsed
    self.nodes = nodes
    self.stage = stage
    self.rootLPTime = rootLPTime
  }

  /// The number of rows, when there is a packing.
  public var rowCount: Int? { packing?.rowCount }

  /// Whether the packing's rows equal the lower bound: a proof of optimality.
  public var isProvenOptimal: Bool {
    guard let rows = rowCount else { return false }
    return rows == lowerBound.value
  }

  /// Rows above the lower bound (0 when proven optimal).
  public var boundGap: Int? { rowCount.map { $0 - lowerBound.value } }
}

extension PackingResult {
  /// The result for an instance that cannot be scaled to integers: an
  /// error with its reason, no packing, no bound.
  static func unscalable(_ error: any Error) -> PackingResult {
    PackingResult(
      packing: nil, lowerBound: LowerBound(value: 0, source: .none), status: .error("\(error)"))
  }
}
