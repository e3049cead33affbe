import ArgumentParser
import Foundation
import PackBench
import RowPacking

/// `--external NAME=COMMAND` and `--externals FILE`: solvers outside
/// packbench, registered under NAME for `--algorithms` (shared by `run`,
/// `plan` and `solve`).
struct ExternalOptions: ParsableArguments {
  @Option(name: .customLong("external"), help: ArgumentHelp(
    """
    A solver outside packbench, as NAME=COMMAND; NAME can then be named in --algorithms. \
    '/bin/sh -c' runs COMMAND with the instance file's path appended; PACKBENCH_TIME_LIMIT (s), \
    PACKBENCH_MEMORY_LIMIT (MiB), PACKBENCH_SEED and PACKBENCH_SPACING are in its environment. \
    It prints one line per row: the row's 0-based item indices in file order (a CSP file's items \
    expanded by demand), separated by spaces; optionally a line 'bound N'; '#' lines are ignored. \
    It runs as the exact solvers do (own process group, --memory-limit, killed at --time-limit plus \
    a grace), and its rows are verified here. Repeat for several. See docs/external-solvers.md.
    """,
    valueName: "name=command"))
  var externals: [String] = []

  @Option(name: .customLong("externals"), help: ArgumentHelp(
    "A file of NAME=COMMAND lines, one external solver a line ('#' starts a comment line).", valueName: "file"))
  var externalsFile: String?

  /// The solvers named, in the order given (the file's after the options').
  func solvers() throws -> [ExternalSolver] {
    var solvers: [ExternalSolver] = []
    do {
      for text in externals { solvers.append(try ExternalSolver(specification: text)) }
      if let externalsFile { solvers += try ExternalSolver.read(file: externalsFile) }
    } catch {
      throw ValidationError("--external: \(error)")
    }
    var names = Set<String>()
    for solver in solvers {
      if ["heuristics", "all", "externals"].contains(solver.name) || AlgorithmRegistry.named(solver.name) != nil {
        throw ValidationError("--external: '\(solver.name)' is already the name of an algorithm or a group; choose another")
      }
      guard names.insert(solver.name).inserted else {
        throw ValidationError("--external: '\(solver.name)' is given twice")
      }
    }
    return solvers
  }

  func validate() throws { _ = try solvers() }
}
