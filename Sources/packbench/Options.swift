import ArgumentParser
import Foundation
import PackBench
import RowPacking

/// An algorithm named on the command line, checked against the registry.
struct AlgorithmName: ExpressibleByArgument, Hashable {
  var algorithm: BenchAlgorithm
  init?(argument: String) {
    guard let found = AlgorithmRegistry.named(argument) else { return nil }
    algorithm = found
  }
  static var allValueStrings: [String] { AlgorithmRegistry.names }
  /// In `--help`, a default reads as the name a user would type.
  var defaultValueDescription: String { algorithm.name }
  static func == (a: Self, b: Self) -> Bool { a.algorithm.name == b.algorithm.name }
  func hash(into hasher: inout Hasher) { hasher.combine(algorithm.name) }
}

extension InstanceFileFormat: ExpressibleByArgument {}

/// Options that say how instances are read and packed, shared by `solve` and `run`.
struct PackingOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "Space between neighbouring items in a row (overrides a file's '# spacing:' line; BPPLIB files have none, so 0).",
    valueName: "points"))
  var spacing: Double?

  @Option(help: ArgumentHelp(
    "Units per point for fractional widths: 1, 10, 100, ... (default: the coarsest at which every width is whole, at most 1000). Packing sizes are rounded up and bound sizes down, so results stay valid and proofs stay proofs.",
    valueName: "units"))
  var resolution: Int?

  @Option(name: .customLong("input-format"), help: "Instance file format: bpp (n, capacity, widths), csp (m, capacity, 'width demand' lines), or auto.")
  var inputFormat: InstanceFileFormat = .auto

  @Option(name: .customLong("time-limit"), help: ArgumentHelp("Time limit of one exact solve.", valueName: "seconds"))
  var timeLimit: Double = 60

  @Flag(help: "Show the solvers' own output (GLPK's log).")
  var verbose = false

  func validate() throws {
    if let spacing, !(spacing >= 0 && spacing.isFinite) {
      throw ValidationError("--spacing must be a number >= 0, not \(spacing)")
    }
    if let resolution, resolution < 1 || resolution > ScaledInstance.maximumResolution {
      throw ValidationError("--resolution must be a power of ten from 1 to \(ScaledInstance.maximumResolution)")
    }
    if !(timeLimit > 0 && timeLimit.isFinite) {
      throw ValidationError("--time-limit must be a number of seconds > 0")
    }
  }

  var settings: RunSettings {
    var s = RunSettings()
    s.spacing = spacing
    s.resolution = resolution
    s.timeLimit = .milliseconds(Int64(timeLimit * 1000))
    s.verbose = verbose
    return s
  }
}

/// Writes to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Whether standard error is a terminal (progress is shown only then).
var standardErrorIsTerminal: Bool { isatty(2) != 0 }
