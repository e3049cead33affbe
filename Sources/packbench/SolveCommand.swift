import ArgumentParser
import Foundation
import PackBench
import RowPacking

struct SolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "solve",
    abstract: "Pack one instance file and show the rows, the lower bound, the gap and the time.",
    discussion: """
      The file is in BPPLIB's BPP format (n, row width, then one width per
      line) or CSP format. The packing is checked by an independent verifier
      before it is shown; "optimal" is printed only when the rows equal a
      lower bound (a proof). When the file's folder (or one above it) holds
      an optima.tsv, the known optimum is shown too.

      Exit status: 0 when a valid packing was found, 1 for bad input, 2 when
      the solver failed or its packing did not verify.

      A solver of your own runs through --external NAME=COMMAND (see
      docs/external-solvers.md); its rows are verified like packbench's.

      Examples:
        packbench solve ../shared/bpplib/instances/Scholl_1/N1C1W1_A.txt \\
          --algorithm best-fit-decreasing
        packbench solve N1C1W1_A.txt --algorithm ffd \\
          --external ffd="python3 scripts/peers/ffd.py"
      """)

  @Argument(help: ArgumentHelp("The instance file.", valueName: "file"))
  var file: String

  @Option(name: [.short, .long], help: ArgumentHelp(
    "The algorithm (see 'packbench list'), or the NAME of an --external solver.", valueName: "name"))
  var algorithm: String = "first-fit-decreasing"

  @OptionGroup var packing: PackingOptions

  @OptionGroup var external: ExternalOptions

  @Option(name: .customLong("memory-limit"), help: ArgumentHelp(
    "Address-space limit of the child process of an exact or external solve, in MiB; 0 for none.", valueName: "MiB"))
  var memoryLimit: Int = 4096

  func validate() throws {
    if memoryLimit < 0 { throw ValidationError("--memory-limit must be >= 0 MiB") }
    _ = try chosenAlgorithm()
  }

  /// The algorithm named by --algorithm: an external solver's or the registry's.
  func chosenAlgorithm() throws -> BenchAlgorithm {
    let externals = try external.solvers()
    if let found = externals.first(where: { $0.name == algorithm })?.algorithm ?? BenchAlgorithms.named(algorithm) {
      return found
    }
    let names = AlgorithmRegistry.names + externals.map(\.name)
    throw ValidationError("unknown algorithm '\(algorithm)'; known: \(names.joined(separator: ", "))")
  }

  enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json }
  @Option(help: "Output format.")
  var format: OutputFormat = .text

  func run() throws {
    let url = URL(fileURLWithPath: file)
    let locator = DatasetLocator()
    let datasets: [Dataset]
    do {
      datasets = try locator.datasets(named: file)
    } catch {
      printError("error: \(error)")
      throw ExitCode(1)
    }
    var settings = packing.settings
    settings.repetitions = 1
    settings.minimumSampleTime = .zero
    var runner = BenchRunner(settings: settings)
    // Exact solves run in a child process, so that a GLPK abort or a runaway
    // solve becomes a status (crash, timelimit, memlimit) with a message.
    runner.workerExecutable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    runner.memoryLimitBytes = memoryLimit > 0 ? UInt64(memoryLimit) << 20 : nil
    ChildGroups.shared.exitOnInterruption()
    guard let planned = runner.plan(datasets, format: packing.inputFormat).first else { throw ExitCode(1) }
    let instance: Instance
    switch planned.instance {
    case .failure(let error):
      printError("error: \(error)")
      throw ExitCode(1)
    case .success(let loaded): instance = loaded
    }
    let record = runner.run(try chosenAlgorithm(), on: planned)
    // --verbose: the child's own output (GLPK's log, its tail when long).
    if let log = record.log, !log.isEmpty { printError(log) }
    let rows = record.packing?.rows
    switch format {
    case .json: try printJSON(record, instance: instance, rows: rows)
    case .text: printText(record, instance: instance, rows: rows, file: url.relativePath)
    }
    switch record.status {
    case .optimal, .feasible, .timeLimit: return
    default: throw ExitCode(2)
    }
  }

  func printText(_ r: RunRecord, instance: Instance, rows: [[Int]]?, file: String) {
    print("instance:    \(r.instance) (\(r.itemCount) items, row width \(formatNumber(r.capacity)), spacing \(formatNumber(r.spacing)))")
    print("algorithm:   \(r.algorithm)")
    if let message = r.status.message { print("status:      \(r.status.name): \(message)") }
    guard let count = r.rows else { return }
    let proof = r.status == .optimal ? "optimal (rows = lower bound)" : r.status.name
    print("rows:        \(count)")
    print("lower bound: \(r.lowerBound) (\(r.boundSource.rawValue))")
    print("gap:         \(count - r.lowerBound) to the lower bound" + (r.optimum.map { "; \(count - $0) to the known optimum \($0)" } ?? ""))
    print("status:      \(proof)\(r.verified ? ", verified" : ", NOT verified")")
    if let stage = r.stage {
      print("stage:       \(stage)" + (r.nodes.map { ", \($0) nodes" } ?? ""))
    }
    if let root = r.rootLPTime {
      print("root LP:     ended \(String(format: "%.4f", root.milliseconds)) ms after the solve's start")
    }
    if !instance.isIntegral {
      let scaled = try? instance.scaled(resolution: packing.resolution)
      let exact = scaled?.isExact ?? false
      print("widths:      fractional, packed at \(scaled?.resolution ?? 0) units per point" + (exact ? " (exactly)" : " (rounded safely: the bound uses widths rounded down)"))
      if r.status == .optimal {
        print("certificate: optimal for the true widths (the rows meet a bound computed on widths rounded down)")
      } else {
        print("certificate: none; optimality is not proven for the true widths (\(count - r.lowerBound) above the bound)")
      }
    }
    print("time:        \(String(format: "%.4f", r.timeMedian.milliseconds)) ms")
    guard let rows else { return }
    let digits = String(rows.count).count
    for (i, row) in rows.enumerated() {
      let used = row.map { instance.widths[$0] }.reduce(0, +) + Double(max(row.count - 1, 0)) * instance.spacing
      let label = String(i + 1).leftPadded(to: digits)
      let items = row.map { item -> String in
        if let text = instance.labels?[item], !text.isEmpty { return "\(item):\(text)" }
        return "\(item)"
      }
      print("row \(label): \(formatNumber(used))/\(formatNumber(instance.rowWidth))  [\(items.joined(separator: " "))]")
    }
  }

  func printJSON(_ r: RunRecord, instance: Instance, rows: [[Int]]?) throws {
    struct Output: Encodable {
      var instance: String
      var items: Int
      var rowWidth: Double
      var spacing: Double
      var algorithm: String
      var rows: Int?
      var lowerBound: Int
      var boundSource: String
      var optimum: Int?
      var gap: Int?
      var status: String
      var message: String?
      var verified: Bool
      var timeMs: Double
      var rootLPMs: Double?
      var packing: [[Int]]?
    }
    let output = Output(
      instance: r.instance, items: r.itemCount, rowWidth: r.capacity, spacing: r.spacing,
      algorithm: r.algorithm, rows: r.rows, lowerBound: r.lowerBound, boundSource: r.boundSource.rawValue,
      optimum: r.optimum, gap: r.gap, status: r.status.name, message: r.status.message,
      verified: r.verified, timeMs: r.timeMedian.milliseconds, rootLPMs: r.rootLPTime?.milliseconds, packing: rows)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(output), as: UTF8.self))
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
