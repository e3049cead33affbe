import ArgumentParser
import Foundation
import PackBench
import RowPacking

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run algorithms over datasets and write one CSV row per instance and algorithm.",
    discussion: """
      With no --dataset, runs the bundled default (datasets/default: generated
      instances with optima known by construction) in well under a minute.

      A dataset is 'default', 'bpplib' (../shared/bpplib, or $PACKBENCH_BPPLIB,
      or --bpplib), or a path: a directory yields one dataset per folder of
      instance files (.txt, .bpp, .csp), with known optima from the nearest
      optima.tsv. Every packing is verified before it is written. A file that
      does not parse is reported as an 'error' row and the run goes on.

      CSV columns: dataset, instance, n, capacity (row width), spacing,
      algorithm, rows, lower_bound, bound_source (L1, L2, LP, MIP), optimum
      (empty when unknown), gap (rows - optimum, or rows - lower_bound),
      status, verified, time_ms (median), time_ms_min, time_ms_max,
      repetitions, nodes, stage, message.

      Examples:
        packbench run
        packbench run --dataset bpplib --output bpplib.csv
        packbench run --dataset datasets/tag-clouds --algorithms next-fit,first-fit-decreasing
      """)

  @Option(name: .customLong("dataset"), help: ArgumentHelp(
    "A dataset: 'default', 'bpplib', or a directory or file. Repeat for several.", valueName: "path"))
  var datasets: [String] = []

  @Option(help: ArgumentHelp(
    "Comma-separated algorithm names, or 'heuristics' or 'all' (see 'packbench list').",
    valueName: "a,b,..."))
  var algorithms: String = "heuristics"

  @Option(name: [.short, .long], help: ArgumentHelp("The CSV file to write ('-' for standard output).", valueName: "file.csv"))
  var output: String = "packbench-run.csv"

  @Option(help: "Timed samples per heuristic run; the median, minimum and maximum are reported.")
  var repetitions: Int = 5

  @Option(name: .customLong("min-sample-ms"), help: ArgumentHelp(
    "A sample repeats a fast packer until this many milliseconds have passed.", valueName: "ms"))
  var minimumSampleMilliseconds: Double = 1

  @Option(help: ArgumentHelp("Where BPPLIB is (default: $PACKBENCH_BPPLIB, else ../shared/bpplib).", valueName: "path"))
  var bpplib: String?

  @Option(help: ArgumentHelp("Also write the summary as a Markdown table to this file.", valueName: "file.md"))
  var markdown: String?

  @Flag(name: [.short, .long], help: "Print no progress and no summary.")
  var quiet = false

  @OptionGroup var packing: PackingOptions

  func validate() throws {
    if repetitions < 1 { throw ValidationError("--repetitions must be at least 1") }
    if !(minimumSampleMilliseconds >= 0) { throw ValidationError("--min-sample-ms must be >= 0") }
    _ = try selectedAlgorithms()
  }

  func selectedAlgorithms() throws -> [BenchAlgorithm] {
    switch algorithms {
    case "heuristics": return AlgorithmRegistry.heuristics
    case "all": return AlgorithmRegistry.all
    default:
      return try algorithms.split(separator: ",").map { name in
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard let found = AlgorithmRegistry.named(trimmed) else {
          throw ValidationError("unknown algorithm '\(trimmed)'; known: \(AlgorithmRegistry.names.joined(separator: ", "))")
        }
        return found
      }
    }
  }

  func run() throws {
    var environment = ProcessInfo.processInfo.environment
    if let bpplib { environment[DatasetLocator.bpplibVariable] = bpplib }
    let locator = DatasetLocator(environment: environment)
    var found: [Dataset] = []
    do {
      for spec in datasets.isEmpty ? ["default"] : datasets { found += try locator.datasets(named: spec) }
    } catch {
      printError("error: \(error)")
      throw ExitCode(1)
    }
    var settings = packing.settings
    settings.repetitions = repetitions
    settings.minimumSampleTime = .microseconds(Int64(minimumSampleMilliseconds * 1000))
    let runner = BenchRunner(settings: settings)
    let algorithms = try selectedAlgorithms()
    let plan = runner.plan(found, format: packing.inputFormat)

    let sink: FileHandle
    if output == "-" {
      sink = .standardOutput
    } else {
      guard FileManager.default.createFile(atPath: output, contents: nil) , let handle = FileHandle(forWritingAtPath: output) else {
        printError("error: \(output): cannot write the CSV file")
        throw ExitCode(1)
      }
      sink = handle
    }
    sink.write(Data(CSV.record(RunRecord.columns).utf8))

    let total = plan.count * algorithms.count
    let progress = Progress(total: total, enabled: !quiet && standardErrorIsTerminal)
    var records: [RunRecord] = []
    for planned in plan {
      for algorithm in algorithms {
        progress.starting("\(planned.dataset)/\(instanceName(fromPath: planned.file.path)) \(algorithm.name)")
        let record = runner.run(algorithm, on: planned)
        sink.write(Data(CSV.record(record.fields).utf8))
        records.append(record)
        progress.finished(failed: record.rows == nil || !record.verified)
      }
    }
    progress.clear()
    if output != "-" { try sink.close() }

    let summary = SummaryLine.summarise(records)
    if let markdown {
      try SummaryLine.markdown(summary).write(toFile: markdown, atomically: true, encoding: .utf8)
    }
    let wrong = records.filter { $0.status.name == "wrong" }
    if !quiet {
      let target = output == "-" ? FileHandle.standardError : FileHandle.standardOutput
      var text = "\n" + SummaryLine.table(summary)
      text += "\n\(records.count) runs over \(plan.count) instances"
      if output != "-" { text += "; CSV written to \(output)" }
      target.write(Data((text + "\n").utf8))
    }
    for record in wrong {
      printError("wrong: \(record.dataset)/\(record.instance) \(record.algorithm): \(record.status.message ?? "")")
    }
    if !wrong.isEmpty { throw ExitCode(2) }
  }
}

/// A one-line progress display on standard error: done/total, failures,
/// elapsed time and an estimate of the time left.
final class Progress {
  let total: Int
  let enabled: Bool
  var completed = 0
  var failures = 0
  let start = ContinuousClock.now
  var lastDraw = ContinuousClock.now - .seconds(1)

  init(total: Int, enabled: Bool) {
    self.total = total
    self.enabled = enabled
  }

  func starting(_ what: String) {
    guard enabled, ContinuousClock.now - lastDraw > .milliseconds(100) else { return }
    lastDraw = ContinuousClock.now
    let elapsed = (ContinuousClock.now - start).milliseconds / 1000
    let eta = completed > 0 ? elapsed / Double(completed) * Double(total - completed) : 0
    let line = String(format: "[%d/%d] %d failed, %.0fs elapsed, ~%.0fs left  %@", completed, total, failures, elapsed, eta, what)
    FileHandle.standardError.write(Data(("\r\u{1B}[K" + String(line.prefix(120))).utf8))
  }

  func finished(failed: Bool) {
    completed += 1
    if failed { failures += 1 }
  }

  func clear() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
