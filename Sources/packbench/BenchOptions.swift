import ArgumentParser
import Foundation
import PackBench
import RowPacking

/// A share of a plan: `i/n` takes the runs whose position in the plan is
/// i - 1 modulo n; `i` alone takes n from the plan file (`run --plan`).
struct Shard: ExpressibleByArgument, Equatable, CustomStringConvertible {
  var index: Int
  /// `nil` until a plan file gives it.
  var count: Int?
  init(index: Int, count: Int?) {
    self.index = index
    self.count = count
  }
  init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard let i = Int(parts[0]), i >= 1 else { return nil }
    if parts.count == 1 {
      self.init(index: i, count: nil)
      return
    }
    guard parts.count == 2, let n = Int(parts[1]), n >= 1, i <= n else { return nil }
    self.init(index: i, count: n)
  }
  var description: String { count.map { "\(index)/\($0)" } ?? String(index) }
  func contains(_ run: PlannedRun) -> Bool { count.map { run.index % $0 == index - 1 } ?? false }
}

/// The options that decide which runs a bench makes and how: shared by
/// `run` and `plan`, so that `plan` prints exactly the keys `run` would make.
struct BenchOptions: ParsableArguments {
  @Option(name: .customLong("dataset"), help: ArgumentHelp(
    "A dataset: 'default', 'bpplib', or a directory or file. Repeat for several.", valueName: "path"))
  var datasets: [String] = []

  @Option(help: ArgumentHelp(
    "Comma-separated algorithm names and groups: 'heuristics' (the packers), 'externals' (those of --external), 'all' (see 'packbench list'). The default runs the packers and the GLPK 'exact' solver, so that every gap is against a proven optimum.",
    valueName: "a,b,..."))
  var algorithms: String = "heuristics,exact"

  @Option(help: "Timed samples per heuristic run; the median, minimum and maximum are reported.")
  var repetitions: Int = 5

  @Option(help: ArgumentHelp(
    "Runs of each exact solve that finishes within --repeat-solves-up-to-ms (in the same process; the first is cold): the first run's packing is reported with the median, minimum and maximum of all the runs' times. Slower solves run once.",
    valueName: "n"))
  var solveRepetitions: Int = 1

  @Option(name: .customLong("repeat-solves-up-to-ms"), help: ArgumentHelp(
    "With --solve-repetitions: exact solves that take longer than this many milliseconds run once.", valueName: "ms"))
  var repeatSolvesUpToMilliseconds: Double = 50

  @Option(name: .customLong("min-sample-ms"), help: ArgumentHelp(
    "A sample repeats a fast packer until this many milliseconds have passed.", valueName: "ms"))
  var minimumSampleMilliseconds: Double = 1

  @Flag(help: "Time heuristics in micro mode: a warm-up, at least --micro-samples samples and --micro-total-ms in all; the CSV gains p90, IQR and outliers.")
  var micro = false

  @Option(name: .customLong("micro-samples"), help: "Micro mode: at least this many samples.")
  var microSamples: Int = 10

  @Option(name: .customLong("micro-total-ms"), help: "Micro mode: samples go on until they total this many milliseconds.")
  var microTotalMilliseconds: Double = 100

  @Option(help: ArgumentHelp("Where BPPLIB is (default: $PACKBENCH_BPPLIB, else ../shared/bpplib).", valueName: "path"))
  var bpplib: String?

  @Option(help: ArgumentHelp(
    "The optima file (set, instance, n, capacity, optimum; tab separated) for every dataset (default: the nearest optima.tsv in a dataset's folder or above it).",
    valueName: "file"))
  var optima: String?

  @Option(name: .customLong("memory-limit"), help: ArgumentHelp(
    "Address-space limit of a child process (an exact solve), in MiB; 0 for none.", valueName: "MiB"))
  var memoryLimit: Int = 4096

  @Option(help: "Where runs happen: auto (exact solvers in a child process, heuristics in this one), always (every run in a child), never.")
  var isolation: Isolation = .auto

  @Option(help: "The bench's seed; each run's seed is derived from it and the run's key.")
  var seed: UInt64 = 1

  @Option(help: ArgumentHelp(
    "Run only a deterministic share of the plan: the runs at positions i-1 modulo n. With 'run --plan FILE', i alone: n is the plan's.",
    valueName: "i/n"))
  var shard: Shard?

  @OptionGroup var packing: PackingOptions

  @OptionGroup var external: ExternalOptions

  func validate() throws {
    if repetitions < 1 { throw ValidationError("--repetitions must be at least 1") }
    if solveRepetitions < 1 { throw ValidationError("--solve-repetitions must be at least 1") }
    if !(repeatSolvesUpToMilliseconds >= 0) { throw ValidationError("--repeat-solves-up-to-ms must be >= 0") }
    if !(minimumSampleMilliseconds >= 0) { throw ValidationError("--min-sample-ms must be >= 0") }
    if memoryLimit < 0 { throw ValidationError("--memory-limit must be >= 0 MiB") }
    if microSamples < 1 { throw ValidationError("--micro-samples must be at least 1") }
    _ = try selectedAlgorithms()
  }

  func selectedAlgorithms() throws -> [BenchAlgorithm] {
    var chosen: [BenchAlgorithm] = []
    let externals = try external.solvers().map(\.algorithm)
    for name in algorithms.split(separator: ",") {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      let found: [BenchAlgorithm]
      switch trimmed {
      case "heuristics": found = AlgorithmRegistry.heuristics
      case "all": found = AlgorithmRegistry.all + externals
      case "externals": found = externals
      default:
        guard let one = externals.first(where: { $0.name == trimmed }) ?? BenchAlgorithms.named(trimmed) else {
          let names = AlgorithmRegistry.names + externals.map(\.name)
          throw ValidationError(
            "unknown algorithm '\(trimmed)'; known: heuristics, all, externals, \(names.joined(separator: ", "))"
              + (externals.isEmpty ? " (a solver of your own: --external NAME=COMMAND)" : ""))
        }
        found = [one]
      }
      for algorithm in found where !chosen.contains(where: { $0.name == algorithm.name }) { chosen.append(algorithm) }
    }
    if chosen.isEmpty { throw ValidationError("--algorithms names no algorithm") }
    return chosen
  }

  struct Bench {
    var runner: BenchRunner
    var locator: DatasetLocator
    var algorithms: [BenchAlgorithm]
    var plan: [PlannedInstance]
    var runs: [PlannedRun]
    /// The runs of this shard (all of them without --shard).
    var share: [PlannedRun]
  }

  /// Finds the datasets, reads the instances and makes every run's key.
  func makeBench() throws -> Bench {
    var environment = ProcessInfo.processInfo.environment
    if let bpplib { environment[DatasetLocator.bpplibVariable] = bpplib }
    var locator = DatasetLocator(environment: environment)
    locator.optimaFile = optima.map { URL(fileURLWithPath: $0) }
    var found: [Dataset] = []
    do {
      for spec in datasets.isEmpty ? ["default"] : datasets { found += try locator.datasets(named: spec) }
    } catch {
      printError("error: \(error)")
      throw ExitCode(1)
    }
    var settings = packing.settings
    settings.repetitions = repetitions
    settings.solveRepetitions = solveRepetitions
    settings.repeatedSolveLimit = .microseconds(Int64(repeatSolvesUpToMilliseconds * 1000))
    settings.minimumSampleTime = .microseconds(Int64(minimumSampleMilliseconds * 1000))
    var runner = BenchRunner(settings: settings)
    runner.inputFormat = packing.inputFormat
    runner.memoryLimitBytes = memoryLimit > 0 ? UInt64(memoryLimit) << 20 : nil
    runner.isolation = isolation
    runner.seed = seed
    runner.workerExecutable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    if micro {
      runner.micro = MicroTiming(minimumSamples: microSamples, minimumTotalTime: .microseconds(Int64(microTotalMilliseconds * 1000)))
    }
    let algorithms = try selectedAlgorithms()
    let plan = runner.plan(found)
    let runs = runner.runs(plan, algorithms: algorithms)
    if let shard, shard.count == nil {
      throw ValidationError("--shard \(shard.index) names no shard count: give --shard \(shard.index)/n, or a plan file with --plan (packbench run)")
    }
    let share = shard.map { s in runs.filter { s.contains($0) } } ?? runs
    return Bench(runner: runner, locator: locator, algorithms: algorithms, plan: plan, runs: runs, share: share)
  }

  /// What decides the results of this bench (a manifest's and a plan's).
  func configuration(_ bench: Bench) -> Manifest.Configuration {
    var parameters: [String: String] = [:]
    for algorithm in bench.algorithms { parameters[algorithm.name] = bench.runner.parameters(for: algorithm) }
    return Manifest.Configuration(
      algorithms: bench.algorithms.map(\.name), parameters: parameters,
      datasets: datasets.isEmpty ? ["default"] : datasets, seed: seed,
      timeLimitSeconds: bench.runner.settings.timeLimit.milliseconds / 1000, memoryLimitBytes: bench.runner.memoryLimitBytes,
      repetitions: repetitions, minimumSampleMilliseconds: minimumSampleMilliseconds, micro: bench.runner.micro,
      isolation: isolation.rawValue, plannedRuns: bench.runs.count)
  }

  /// The manifest of a result file of this bench.
  func manifest(_ bench: Bench, jobs: Int) -> Manifest {
    let configuration = configuration(bench)
    var seen = Set<String>()
    var instances: [Manifest.InstanceFile] = []
    for run in bench.runs {
      let name = instanceName(fromPath: run.instance.file.path)
      guard seen.insert(run.instance.dataset + "/" + name).inserted else { continue }
      instances.append(Manifest.InstanceFile(dataset: run.instance.dataset, instance: name, path: run.instance.file.path, checksum: run.checksum))
    }
    let software = Manifest.Software(
      packbench: Provenance.packbenchVersion, commit: Provenance.gitCommit(projectRoot: bench.locator.projectRoot),
      swift: Provenance.swiftVersion, glpk: Provenance.glpkVersion)
    var manifest = Manifest(
      configuration: configuration, shard: shard?.description ?? "", jobs: jobs, software: software,
      machine: Provenance.machine, instances: instances, created: Provenance.now())
    let externals = bench.algorithms.compactMap(\.external)
    if !externals.isEmpty {
      manifest.externals = externals.map { ExternalSolverRecord(name: $0.name, command: $0.command, version: bench.runner.version(of: $0)) }
    }
    return manifest
  }
}

extension Isolation: ExpressibleByArgument {}
