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
      repetitions, nodes, stage, message, then time_ms_p90, time_ms_iqr and
      outliers (micro mode), seed (the run's own) and run_key.

      Crash-safe: each row is appended as it finishes, beside a manifest
      (FILE.csv.manifest.json: versions, machine, limits, seed, instance
      checksums). Run the same command again and it skips the runs already
      in the file (by run key); --retry-failed reruns the failed ones.
      Exact solvers run in a child process under --time-limit (killed at the
      limit plus a grace period) and --memory-limit. Ctrl-C or SIGTERM kills
      every child's process group and exits 130 or 143, the finished rows
      kept; a child dies with its runner, even one killed with SIGKILL.

      A solver of your own, in any language, runs beside packbench's with
      --external NAME=COMMAND (or --externals FILE): it reads the instance
      file named by its last argument and prints one line of 0-based item
      indices per row, and 'bound N' if it proves one. It gets the same
      limits, the same verifier and the same CSV. See docs/external-solvers.md.

      Examples:
        packbench run
        packbench run --dataset bpplib --output bpplib.csv
        packbench run --dataset datasets/tag-clouds \\
          --algorithms next-fit,first-fit-decreasing
        packbench run --dataset bpplib --algorithms exact --time-limit 10 \\
          --shard 1/4 -o part1.csv
        packbench run --dataset bpplib --algorithms first-fit-decreasing,py-ffd \\
          --external py-ffd="python3 scripts/peers/ffd.py"
      """)

  @OptionGroup var bench: BenchOptions

  @Option(name: [.short, .long], help: ArgumentHelp("The CSV file to write ('-' for standard output, with no resuming).", valueName: "file.csv"))
  var output: String = "packbench-run.csv"

  @Option(help: ArgumentHelp("Also write the summary as a Markdown table to this file.", valueName: "file.md"))
  var markdown: String?

  @Option(help: "Runs at once (each exact solve in its own child process). Timings under parallel runs are not comparable with single-job ones.")
  var jobs: Int = 1

  @Flag(name: .customLong("retry-failed"), help: "Run again the runs already in the file that failed (error, crash, timelimit, memlimit, wrong), replacing their rows.")
  var retryFailed = false

  @Flag(help: "Start the CSV file anew: discard the rows and the manifest already there (scripts that regenerate results use this).")
  var fresh = false

  @Flag(name: [.short, .long], help: "Print no progress and no summary.")
  var quiet = false

  @Option(help: ArgumentHelp(
    "A plan file of 'packbench plan --shards n --output FILE': run its share --shard i (n is the plan's), after checking that these options make the plan's runs.",
    valueName: "plan.json"))
  var plan: String?

  func validate() throws {
    if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
  }

  func run() throws {
    let options = try plan.map { try self.bench.following(plan: $0) } ?? self.bench
    let bench = try options.makeBench()
    if let plan { try options.check(bench, against: plan) }
    let runner = bench.runner
    if jobs > 1 && !quiet {
      printError("warning: with --jobs \(jobs), runs share cores, caches and memory bandwidth: their times are not comparable with single-job runs")
    }

    let file: ResultFile?
    var done: [String: RunRecord] = [:]
    if output == "-" {
      file = nil
      FileHandle.standardOutput.write(Data(CSV.record(RunRecord.columns).utf8))
    } else {
      let manifest = options.manifest(bench, jobs: jobs)
      let manifestPath = Manifest.path(for: output)
      if fresh {
        try? FileManager.default.removeItem(atPath: output)
        try? FileManager.default.removeItem(atPath: manifestPath)
      }
      if FileManager.default.fileExists(atPath: output), let old = try? Manifest.read(manifestPath),
        old.configuration != manifest.configuration || old.shard != manifest.shard
      {
        printError("error: \(output) holds results of another configuration (see \(manifestPath)); choose another --output, or --fresh to start it anew")
        throw ExitCode(1)
      }
      do {
        file = try ResultFile(path: output)
        try manifest.write(to: manifestPath)
      } catch {
        printError("error: \(error)")
        throw ExitCode(1)
      }
      for record in file!.existing where !record.runKey.isEmpty { done[record.runKey] = record }
    }
    let todo = bench.share.filter { run in
      guard let previous = done[run.key] else { return true }
      return retryFailed && previous.failed
    }
    let skipped = bench.share.count - todo.count
    if skipped > 0 && !quiet {
      printError("\(skipped) of \(bench.share.count) runs already in \(output); running the other \(todo.count)")
    }

    // Ctrl-C or SIGTERM: the children's groups killed, the rows written so
    // far kept (each is whole), exit status 130 or 143.
    ChildGroups.shared.exitOnInterruption { try? file?.close() }
    let progress = Progress(total: todo.count, enabled: !quiet && standardErrorIsTerminal)
    let results = RecordList()
    let next = Counter()
    let writeErrors = ErrorBox()
    let work: @Sendable () -> Void = {
      while let i = next.take(below: todo.count) {
        let planned = todo[i]
        progress.starting("\(planned.instance.dataset)/\(instanceName(fromPath: planned.instance.file.path)) \(planned.algorithm.name)")
        let record = runner.run(planned)
        if let log = record.log, !log.isEmpty {
          printError("--- \(record.dataset)/\(record.instance) \(record.algorithm) (child process) ---\n" + log)
        }
        do {
          // A run cut short by an interruption is no result: not written.
          let written = try ChildGroups.shared.withRecordsLock {
            if let file { try file.append(record) } else { FileHandle.standardOutput.write(Data(CSV.record(record.fields).utf8)) }
          }
          if !written { return }
        } catch {
          writeErrors.set(error)
        }
        results.append(record)
        progress.finished(failed: record.failed)
      }
    }
    if jobs == 1 {
      work()
    } else {
      let group = DispatchGroup()
      for _ in 0..<jobs {
        group.enter()
        let thread = Thread { work(); group.leave() }
        thread.stackSize = 8 << 20
        thread.start()
      }
      group.wait()
    }
    progress.clear()
    if let writeError = writeErrors.error {
      printError("error: \(output): \(writeError)")
      throw ExitCode(1)
    }

    // The share's records: the new ones, and those already in the file.
    let newRecords = Dictionary(results.all.map { ($0.runKey, $0) }, uniquingKeysWith: { $1 })
    let records = bench.share.compactMap { newRecords[$0.key] ?? done[$0.key] }
    if let file {
      try file.close()
      // Rows replaced by --retry-failed: keep only the last row of each key;
      // rows finished out of order by --jobs: put them in the plan's order.
      if jobs > 1 || todo.contains(where: { done[$0.key] != nil }) {
        let position = Dictionary(bench.runs.map { ($0.key, $0.index) }, uniquingKeysWith: { a, _ in a })
        let kept = ResultFile.lastPerKey(try ResultFile.read(output)).enumerated().sorted { a, b in
          (position[a.element.runKey] ?? Int.max, a.offset) < (position[b.element.runKey] ?? Int.max, b.offset)
        }.map(\.element)
        try ResultFile.write(kept, to: output)
      }
    }

    let summary = SummaryLine.summarise(records)
    if let markdown {
      try SummaryLine.markdown(summary).write(toFile: markdown, atomically: true, encoding: .utf8)
    }
    let wrong = records.filter { $0.status.name == "wrong" }
    if !quiet {
      let target = output == "-" ? FileHandle.standardError : FileHandle.standardOutput
      var text = "\n" + SummaryLine.table(summary)
      text += "\n\(records.count) runs over \(Set(bench.share.map { $0.instance.file }).count) instances"
      if let shard = options.shard { text += " (shard \(shard) of \(bench.runs.count) runs)" }
      if output != "-" { text += "; CSV written to \(output)" }
      target.write(Data((text + "\n").utf8))
    }
    for record in wrong {
      printError("wrong: \(record.dataset)/\(record.instance) \(record.algorithm): \(record.status.message ?? "")")
    }
    if !wrong.isEmpty { throw ExitCode(2) }
  }
}

/// Records collected from several threads.
final class RecordList: @unchecked Sendable {
  private let lock = NSLock()
  private var records: [RunRecord] = []
  func append(_ record: RunRecord) { lock.withLock { records.append(record) } }
  var all: [RunRecord] { lock.withLock { records } }
}

/// The first error of several threads.
final class ErrorBox: @unchecked Sendable {
  private let lock = NSLock()
  private var first: Error? = nil
  func set(_ error: Error) { lock.withLock { if first == nil { first = error } } }
  var error: Error? { lock.withLock { first } }
}

/// Hands out indices 0, 1, 2, ... to several threads.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func take(below limit: Int) -> Int? {
    lock.withLock {
      guard value < limit else { return nil }
      defer { value += 1 }
      return value
    }
  }
}

/// A one-line progress display on standard error: done/total, failures,
/// elapsed time and an estimate of the time left.
final class Progress: @unchecked Sendable {
  let lock = NSLock()
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
    lock.lock()
    defer { lock.unlock() }
    guard enabled, ContinuousClock.now - lastDraw > .milliseconds(100) else { return }
    lastDraw = ContinuousClock.now
    let elapsed = (ContinuousClock.now - start).milliseconds / 1000
    let eta = completed > 0 ? elapsed / Double(completed) * Double(total - completed) : 0
    let line = String(format: "[%d/%d] %d failed, %.0fs elapsed, ~%.0fs left  %@", completed, total, failures, elapsed, eta, what)
    FileHandle.standardError.write(Data(("\r\u{1B}[K" + String(line.prefix(120))).utf8))
  }

  func finished(failed: Bool) {
    lock.lock()
    defer { lock.unlock() }
    completed += 1
    if failed { failures += 1 }
  }

  func clear() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
