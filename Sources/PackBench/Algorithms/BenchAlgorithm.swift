import RowPacking

/// Settings that apply to every run of a bench.
public struct RunSettings: Sendable, Hashable {
  /// Timed samples per heuristic run (the median is reported).
  public var repetitions: Int = 5
  /// Each sample repeats a fast packer until this much time has passed, so
  /// that a sample of a microsecond packer still means something.
  public var minimumSampleTime: Duration = .milliseconds(1)
  /// The time limit of one exact solve.
  public var timeLimit: Duration = .seconds(60)
  /// Runs of an exact solve that finishes within ``repeatedSolveLimit``:
  /// the first run's result is reported with the median of all the runs'
  /// times (the first one cold, in a fresh process; the others warm). One
  /// (the default) runs every solve once.
  public var solveRepetitions: Int = 1
  /// Exact solves that take longer than this run once, whatever
  /// ``solveRepetitions`` says: on sets of second-long solves repeating them
  /// would cost minutes and change little in their time. A report whose
  /// promise is about slower solves raises it, so that every time is a median.
  public var repeatedSolveLimit: Duration = .milliseconds(50)
  /// Units per point for scaling fractional widths; `nil` chooses automatically.
  public var resolution: Int? = nil
  /// Overrides every instance's spacing when set.
  public var spacing: Double? = nil
  /// Lets solvers print their own output (GLPK's terminal output).
  public var verbose: Bool = false

  public init() {}
}

/// An algorithm the bench can run: a heuristic packer of the core, or an
/// exact solver.
public struct BenchAlgorithm: Sendable {
  public enum Kind: String, Sendable {
    /// A packer, timed over repeated runs.
    case heuristic
    /// A solver that proves optimality, run once under a time limit.
    case exact
  }

  public var name: String
  public var summary: String
  public var kind: Kind
  /// How the algorithm runs.
  public var implementation: Implementation
  /// The command, for a solver outside packbench: the runner then runs it
  /// in a child process by the external protocol, never ``implementation``.
  public var external: ExternalSolver? = nil

  public enum Implementation: Sendable {
    case packer(any RowPacker)
    case solver(@Sendable (Instance, RunSettings) -> PackingResult)
  }

  public init(name: String, summary: String, kind: Kind, implementation: Implementation) {
    self.name = name
    self.summary = summary
    self.kind = kind
    self.implementation = implementation
  }
}

/// Every algorithm the bench knows, by name.
public enum AlgorithmRegistry {
  /// The core's packers, in the order of ``PackingAlgorithm/allCases``.
  public static let heuristics: [BenchAlgorithm] = PackingAlgorithm.allCases.map {
    BenchAlgorithm(name: $0.rawValue, summary: $0.summary, kind: .heuristic, implementation: .packer($0.packer))
  }

  /// Every algorithm: the heuristics, then the exact solvers.
  public static var all: [BenchAlgorithm] { heuristics + exactSolvers }

  /// The algorithm with this name, or `nil`.
  public static func named(_ name: String) -> BenchAlgorithm? {
    all.first { $0.name == name }
  }

  /// The names, for error messages and help.
  public static var names: [String] { all.map(\.name) }
}
