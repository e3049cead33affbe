import Foundation
import RowPacking

/// One instance to run: its file, its dataset and the instance itself (or
/// the error that stopped it from being read).
public struct PlannedInstance: Sendable {
  public var dataset: String
  public var file: URL
  public var instance: Result<Instance, InstanceLoadError>
  public var optimum: Int?
}

/// One algorithm on one instance, with its stable key and its seed.
public struct PlannedRun: Sendable {
  /// The position in the whole plan (shards split by it).
  public var index: Int
  public var instance: PlannedInstance
  public var algorithm: BenchAlgorithm
  /// The checksum of the instance file (FNV-1a 64 of its bytes).
  public var checksum: String
  /// The run's identity: a hash of the instance's checksum and name, the
  /// algorithm, the parameters that change its result, and the bench's seed.
  public var key: String
  /// The run's own seed, derived from the bench's seed and the run's identity.
  public var seed: UInt64
}

/// An instance file that could not be read, with the message to report.
public struct InstanceLoadError: Error, Sendable, CustomStringConvertible {
  public var description: String
}

/// Where a run happens.
public enum Isolation: String, Sendable, CaseIterable, Codable {
  /// Exact solvers in a child process, heuristics in this one.
  case auto
  /// Every run in a child process.
  case always
  /// Every run in this process (a solver that aborts takes the bench with it).
  case never
}

/// Runs algorithms over instances and turns each outcome into a ``RunRecord``.
public struct BenchRunner: Sendable {
  public var settings: RunSettings
  /// Times heuristics in micro mode (warm-up, >= N samples, minimum total) when set.
  public var micro: MicroTiming? = nil
  /// The `packbench` executable that runs jobs as `packbench worker`; without
  /// one, every run happens in this process.
  public var workerExecutable: URL? = nil
  public var isolation: Isolation = .auto
  /// The address-space limit of a child process (RLIMIT_AS), in bytes.
  public var memoryLimitBytes: UInt64? = nil
  /// How long after the time limit the parent kills a child (SIGKILL).
  public var grace: Duration = .seconds(1)
  /// The bench's seed, from which each run's seed is derived.
  public var seed: UInt64 = 0
  /// The instance file format.
  public var inputFormat: InstanceFileFormat = .auto

  public init(settings: RunSettings) { self.settings = settings }

  /// Reads every file of the datasets (a file that does not parse is kept
  /// with its error, so that the run reports it and goes on).
  public func plan(_ datasets: [Dataset], format: InstanceFileFormat? = nil) -> [PlannedInstance] {
    let format = format ?? inputFormat
    return datasets.flatMap { dataset in
      dataset.files.map { file in
        do {
          let instance = try loadInstance(file, format: format, spacing: settings.spacing)
          return PlannedInstance(
            dataset: dataset.name, file: file, instance: .success(instance),
            optimum: instance.spacing == 0 ? dataset.optima.optimum(for: instance)?.optimum : nil)
        } catch {
          return PlannedInstance(
            dataset: dataset.name, file: file, instance: .failure(InstanceLoadError(description: "\(error)")),
            optimum: nil)
        }
      }
    }
  }

  /// Whether this algorithm runs in a child process.
  public func isolates(_ algorithm: BenchAlgorithm) -> Bool {
    guard workerExecutable != nil else { return false }
    switch isolation {
    case .auto: return algorithm.kind == .exact
    case .always: return true
    case .never: return false
    }
  }

  /// The parameters that change a run's result, as they enter its key.
  public func parameters(for algorithm: BenchAlgorithm) -> String {
    var text = "spacing=\(settings.spacing.map(formatNumber) ?? "file");resolution=\(settings.resolution.map(String.init) ?? "auto");format=\(inputFormat.rawValue)"
    if algorithm.kind == .exact {
      text += ";time-limit=\(formatNumber(settings.timeLimit.milliseconds / 1000));memory-limit=\(memoryLimitBytes.map(String.init) ?? "none")"
      // A changed command is another solver: a new run.
      if let external = algorithm.external { return text + ";command=\(external.command)" }
      if settings.solveRepetitions > 1 {
        text += ";solve-repetitions=\(settings.solveRepetitions)"
        if settings.repeatedSolveLimit != RunSettings().repeatedSolveLimit {
          text += ";repeat-solves-up-to-ms=\(formatNumber(settings.repeatedSolveLimit.milliseconds))"
        }
      }
    }
    return text
  }

  /// Every run of the plan: each instance with each algorithm, in that
  /// order, with its stable key and seed.
  public func runs(_ plan: [PlannedInstance], algorithms: [BenchAlgorithm]) -> [PlannedRun] {
    var runs: [PlannedRun] = []
    for planned in plan {
      let checksum = instanceChecksum(planned.file)
      let name = instanceName(fromPath: planned.file.path)
      for algorithm in algorithms {
        let identity = ["packbench-run-1", checksum, planned.dataset + "/" + name, algorithm.name, parameters(for: algorithm)]
          .joined(separator: "\n")
        let runSeed = derivedSeed(base: seed, identity: identity)
        let key = FNV1a64.hex(of: identity + "\nseed=\(seed)")
        runs.append(PlannedRun(index: runs.count, instance: planned, algorithm: algorithm, checksum: checksum, key: key, seed: runSeed))
      }
    }
    return runs
  }

  /// Runs one algorithm on one planned instance (its key and seed left empty).
  public func run(_ algorithm: BenchAlgorithm, on planned: PlannedInstance) -> RunRecord {
    run(PlannedRun(index: 0, instance: planned, algorithm: algorithm, checksum: "", key: "", seed: 0))
  }

  /// Runs one planned run, in this process or in a child.
  ///
  /// Heuristics are timed over ``RunSettings/repetitions`` samples (or in
  /// micro mode; the packing alone: not parsing, bounds or verifying); exact
  /// solvers run once, or ``RunSettings/solveRepetitions`` times when a run
  /// takes at most ``RunSettings/repeatedSolveLimit``. Every packing is verified here, in the parent, and
  /// checked against the known optimum: fewer rows than the optimum, or a
  /// lower bound above it, is `wrong`.
  public func run(_ planned: PlannedRun) -> RunRecord {
    let algorithm = planned.algorithm
    let name = instanceName(fromPath: planned.instance.file.path)
    let instance: Instance
    switch planned.instance.instance {
    case .failure(let error):
      var record = RunRecord(
        dataset: planned.instance.dataset, instance: name, itemCount: 0, capacity: 0, spacing: 0,
        algorithm: algorithm.name, rows: nil, lowerBound: 0, boundSource: .none, optimum: nil,
        status: .error(error.description), verified: false, timeMedian: .zero, timeMinimum: .zero,
        timeMaximum: .zero, repetitions: 0)
      record.runKey = planned.key
      record.seed = planned.seed
      return record
    case .success(let loaded): instance = loaded
    }
    var result: PackingResult
    var timings: Timings
    var log: String? = nil
    if let solver = algorithm.external {
      (result, timings, log) = runExternal(algorithm, solver: solver, instance: instance, file: planned.instance.file, seed: planned.seed)
    } else if isolates(algorithm), let executable = workerExecutable {
      (result, timings, log) = runInChild(algorithm, instance: instance, file: planned.instance.file, seed: planned.seed, executable: executable)
    } else {
      (result, timings) = execute(algorithm, on: instance, seed: planned.seed)
    }
    let (status, verified) = Self.check(result, for: instance, optimum: planned.instance.optimum)
    var record = RunRecord(
      dataset: planned.instance.dataset, instance: name, itemCount: instance.count, capacity: instance.rowWidth,
      spacing: instance.spacing, algorithm: algorithm.name, rows: result.rowCount,
      lowerBound: result.lowerBound.value, boundSource: result.lowerBound.source, optimum: planned.instance.optimum,
      status: status, verified: verified, timeMedian: timings.median, timeMinimum: timings.minimum,
      timeMaximum: timings.maximum, repetitions: timings.samples.count, nodes: result.nodes, stage: result.stage?.rawValue,
      packing: result.packing)
    if algorithm.kind == .heuristic && timings.samples.count > 1 {
      record.timeP90 = timings.p90
      record.timeIQR = timings.interquartileRange
      record.outliers = timings.outliers
    }
    record.rootLPTime = result.rootLPTime
    record.runKey = planned.key
    record.seed = planned.seed
    record.log = settings.verbose ? log : nil
    return record
  }

  /// Runs the algorithm in this process: the result and its timings.
  public func execute(_ algorithm: BenchAlgorithm, on instance: Instance, seed: UInt64 = 0) -> (PackingResult, Timings) {
    switch algorithm.implementation {
    case .packer(let packer):
      do {
        let scaled = try instance.scaled(resolution: settings.resolution)
        let bound = scaled.simpleLowerBound
        let work = { () throws(PackingError) -> Packing in try packer.pack(scaled) }
        let (packing, measured) =
          if let micro {
            try measureMicroTimings(micro, minimumSampleTime: settings.minimumSampleTime, work)
          } else {
            try measureTimings(samples: settings.repetitions, minimumSampleTime: settings.minimumSampleTime, work)
          }
        return (
          PackingResult(packing: packing, lowerBound: bound, status: .feasible, elapsed: measured.median, stage: .heuristic),
          measured
        )
      } catch {
        return (
          PackingResult(packing: nil, lowerBound: LowerBound(value: 0, source: .none), status: .error("\(error)")),
          Timings(samples: [], batchSize: 1)
        )
      }
    case .solver(let solve):
      let result = solve(instance, settings)
      var samples = [result.elapsed]
      // Fast solves run again (``RunSettings/solveRepetitions``): the
      // first result is the one reported, the times are all the runs'.
      if result.elapsed <= settings.repeatedSolveLimit {
        for _ in 1..<max(settings.solveRepetitions, 1) { samples.append(solve(instance, settings).elapsed) }
      }
      return (result, Timings(samples: samples, batchSize: 1))
    }
  }

  /// The job a child runs for this algorithm and file.
  public func job(_ algorithm: BenchAlgorithm, file: URL, seed: UInt64) -> WorkerJob {
    WorkerJob(
      file: file.path, format: inputFormat.rawValue, algorithm: algorithm.name, spacing: settings.spacing,
      resolution: settings.resolution, timeLimitSeconds: settings.timeLimit.milliseconds / 1000,
      memoryLimitBytes: memoryLimitBytes, repetitions: settings.repetitions, solveRepetitions: settings.solveRepetitions,
      repeatedSolveLimitSeconds: settings.repeatedSolveLimit.milliseconds / 1000,
      minimumSampleSeconds: settings.minimumSampleTime.milliseconds / 1000, micro: micro, verbose: settings.verbose,
      seed: seed)
  }

  /// How long a child running `algorithm` may take before it is killed: the
  /// time limit and a grace; for an exact solver whose fast solves repeat
  /// (``RunSettings/solveRepetitions``), room for each repeat too, since
  /// they run in the same child: three times the repeated-solve limit
  /// each (a solve repeats only if its first run took at most that; warm
  /// runs are rarely slower), never more than the time limit each.
  public func hardLimit(for algorithm: BenchAlgorithm) -> Duration {
    var limit = settings.timeLimit + max(grace, settings.timeLimit / 10)
    if algorithm.kind == .exact && algorithm.external == nil && settings.solveRepetitions > 1 {
      limit += min(settings.timeLimit, settings.repeatedSolveLimit * 3) * (settings.solveRepetitions - 1)
    }
    return limit
  }

  /// Runs the algorithm in a child process under the hard limits and turns
  /// how the child ended into a result; also the child's own output (a
  /// solver's log, the runtime's messages).
  func runInChild(
    _ algorithm: BenchAlgorithm, instance: Instance, file: URL, seed: UInt64, executable: URL
  ) -> (PackingResult, Timings, String) {
    // Heuristics have no time limit of their own; the hard limit still applies.
    let outcome = runWorkerChild(
      executable: executable, job: job(algorithm, file: file, seed: seed), hardLimit: hardLimit(for: algorithm))
    let status = outcome.status(memoryLimitBytes: memoryLimitBytes)
    let log = [outcome.otherOutput, outcome.standardErrorTail].filter { !$0.isEmpty }.joined(separator: "\n")
    if let result = outcome.result {
      let source = BoundSource(rawValue: result.boundSource) ?? .none
      let packing = result.rows.map { Packing(rows: $0) }
      let elapsed = Duration.nanoseconds(Int64(result.elapsedSeconds * 1e9))
      let samples = result.samplesSeconds.map { Duration.nanoseconds(Int64($0 * 1e9)) }
      return (
        PackingResult(
          packing: packing, lowerBound: LowerBound(value: result.lowerBound, source: source), status: status,
          elapsed: elapsed, nodes: result.nodes, stage: result.stage.flatMap(SolveStage.init(rawValue:)),
          rootLPTime: result.rootLPSeconds.map { Duration.nanoseconds(Int64($0 * 1e9)) }),
        Timings(samples: samples.isEmpty ? [elapsed] : samples, batchSize: result.batchSize), log
      )
    }
    // No result: the parent's own bound, so that the row still says something.
    let bound = (try? instance.scaled(resolution: settings.resolution).simpleLowerBound) ?? LowerBound(value: 0, source: .none)
    let wall = outcome.wallTime
    return (
      PackingResult(packing: nil, lowerBound: bound, status: status, elapsed: wall),
      Timings(samples: [wall], batchSize: 1), log
    )
  }

  /// The status a result earns after the independent checks, and whether
  /// its packing verified.
  ///
  /// A solver's own claim is never trusted: the packing is verified, its
  /// rows are set against the bound (optimal only when equal), and both are
  /// set against the known optimum.
  public static func check(_ result: PackingResult, for instance: Instance, optimum: Int?) -> (SolveStatus, Bool) {
    guard let packing = result.packing else { return (result.status, false) }
    let judged = judge(packing, for: instance, bound: result.lowerBound)
    if case .wrong = judged { return (judged, verify(packing, for: instance).isEmpty) }
    if let optimum {
      if packing.rowCount < optimum {
        return (.wrong("\(packing.rowCount) rows is below the known optimum \(optimum)"), true)
      }
      if result.lowerBound.value > optimum {
        return (.wrong("lower bound \(result.lowerBound.value) (\(result.lowerBound.source.rawValue)) is above the known optimum \(optimum)"), true)
      }
    }
    switch result.status {
    case .optimal, .feasible: return (judged, true)
    // A limit reached: keep that status unless the packing is proven optimal anyway.
    default: return (judged == .optimal ? .optimal : result.status, true)
    }
  }
}
