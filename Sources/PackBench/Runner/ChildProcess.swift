import Foundation
import RowPacking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a worker process is asked to do: one algorithm on one instance file.
/// Sent to `packbench worker --job JSON`.
public struct WorkerJob: Codable, Sendable, Hashable {
  public var file: String
  public var format: String
  public var algorithm: String
  public var spacing: Double?
  public var resolution: Int?
  public var timeLimitSeconds: Double
  /// RLIMIT_AS in bytes, set by the worker on itself before anything else.
  public var memoryLimitBytes: UInt64?
  public var repetitions: Int
  /// See ``RunSettings/solveRepetitions``.
  public var solveRepetitions: Int
  /// See ``RunSettings/repeatedSolveLimit`` (`nil`: its default).
  public var repeatedSolveLimitSeconds: Double?
  public var minimumSampleSeconds: Double
  public var micro: MicroTiming?
  public var verbose: Bool
  public var seed: UInt64
  /// A solver outside packbench: the worker then supervises its command
  /// (``superviseExternal(_:solver:)``) instead of running ``algorithm``.
  public var external: ExternalSolver?

  public init(
    file: String, format: String, algorithm: String, spacing: Double?, resolution: Int?, timeLimitSeconds: Double,
    memoryLimitBytes: UInt64?, repetitions: Int, solveRepetitions: Int = 1, repeatedSolveLimitSeconds: Double? = nil,
    minimumSampleSeconds: Double,
    micro: MicroTiming?, verbose: Bool, seed: UInt64, external: ExternalSolver? = nil
  ) {
    self.external = external
    self.file = file
    self.format = format
    self.algorithm = algorithm
    self.spacing = spacing
    self.resolution = resolution
    self.timeLimitSeconds = timeLimitSeconds
    self.memoryLimitBytes = memoryLimitBytes
    self.repetitions = repetitions
    self.solveRepetitions = solveRepetitions
    self.repeatedSolveLimitSeconds = repeatedSolveLimitSeconds
    self.minimumSampleSeconds = minimumSampleSeconds
    self.micro = micro
    self.verbose = verbose
    self.seed = seed
  }
}

/// What a worker reports: the packing and what the solver said about it.
/// The parent verifies it again; nothing here is trusted.
public struct WorkerResult: Codable, Sendable, Hashable {
  public var rows: [[Int]]?
  public var lowerBound: Int
  public var boundSource: String
  public var status: String
  public var message: String?
  public var nodes: Int?
  public var stage: String?
  public var elapsedSeconds: Double
  public var samplesSeconds: [Double]
  public var batchSize: Int
  /// See ``PackingResult/rootLPTime``; absent from the JSON of a worker
  /// that predates it (decoded as nil).
  public var rootLPSeconds: Double?

  public init(
    rows: [[Int]]?, lowerBound: Int, boundSource: String, status: String, message: String?, nodes: Int?, stage: String?,
    elapsedSeconds: Double, samplesSeconds: [Double], batchSize: Int, rootLPSeconds: Double? = nil
  ) {
    self.rows = rows
    self.lowerBound = lowerBound
    self.boundSource = boundSource
    self.status = status
    self.message = message
    self.nodes = nodes
    self.stage = stage
    self.elapsedSeconds = elapsedSeconds
    self.samplesSeconds = samplesSeconds
    self.batchSize = batchSize
    self.rootLPSeconds = rootLPSeconds
  }

  /// The line a worker prints on standard output before its JSON result
  /// (anything else a solver prints there is ignored).
  public static let marker = "PACKBENCH-WORKER-RESULT "
}

extension SolveStatus {
  /// The status named as in the CSV (`optimal`, `timelimit`, ...), with its message.
  public init?(name: String, message: String?) {
    switch name {
    case "optimal": self = .optimal
    case "feasible": self = .feasible
    case "timelimit": self = .timeLimit
    case "memlimit": self = .memoryLimit
    case "error": self = .error(message ?? "")
    case "crash": self = .crash(message ?? "")
    case "wrong": self = .wrong(message ?? "")
    default: return nil
    }
  }
}

/// Sets this process's address-space limit (RLIMIT_AS). Called by the worker
/// on itself first thing, so that the limit covers the solver and GLPK.
public func applyMemoryLimit(bytes: UInt64) -> Bool {
  var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
  #if canImport(Glibc)
    return setrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0
  #else
    return setrlimit(RLIMIT_AS, &limit) == 0
  #endif
}

/// Runs a job in this process (the worker's side) and returns its result.
public func performWorkerJob(_ job: WorkerJob) -> WorkerResult {
  var settings = RunSettings()
  settings.spacing = job.spacing
  settings.resolution = job.resolution
  settings.timeLimit = .milliseconds(Int64(job.timeLimitSeconds * 1000))
  settings.repetitions = job.repetitions
  settings.solveRepetitions = job.solveRepetitions
  if let limit = job.repeatedSolveLimitSeconds { settings.repeatedSolveLimit = .microseconds(Int64(limit * 1e6)) }
  settings.minimumSampleTime = .microseconds(Int64(job.minimumSampleSeconds * 1e6))
  settings.verbose = job.verbose
  var runner = BenchRunner(settings: settings)
  runner.micro = job.micro
  guard let algorithm = BenchAlgorithms.named(job.algorithm) else {
    return WorkerResult(
      rows: nil, lowerBound: 0, boundSource: "", status: "error", message: "unknown algorithm '\(job.algorithm)'",
      nodes: nil, stage: nil, elapsedSeconds: 0, samplesSeconds: [], batchSize: 1)
  }
  let instance: Instance
  do {
    instance = try loadInstance(
      URL(fileURLWithPath: job.file), format: InstanceFileFormat(rawValue: job.format) ?? .auto, spacing: job.spacing)
  } catch {
    return WorkerResult(
      rows: nil, lowerBound: 0, boundSource: "", status: "error", message: "\(error)", nodes: nil, stage: nil,
      elapsedSeconds: 0, samplesSeconds: [], batchSize: 1)
  }
  let (result, timings) = runner.execute(algorithm, on: instance, seed: job.seed)
  return WorkerResult(
    rows: result.packing?.rows, lowerBound: result.lowerBound.value, boundSource: result.lowerBound.source.rawValue,
    status: result.status.name, message: result.status.message, nodes: result.nodes, stage: result.stage?.rawValue,
    elapsedSeconds: result.elapsed.milliseconds / 1000, samplesSeconds: timings.samples.map { $0.milliseconds / 1000 },
    batchSize: timings.batchSize, rootLPSeconds: result.rootLPTime.map { $0.milliseconds / 1000 })
}

/// How a child process ended, as the parent saw it.
public struct ChildOutcome: Sendable {
  public enum Ending: Sendable, Hashable {
    case exited(Int32)
    case signalled(Int32)
  }
  public var result: WorkerResult?
  public var ending: Ending
  /// The parent killed it at the time limit plus the grace period.
  public var killedOnTime: Bool
  /// Wall time from spawn to exit.
  public var wallTime: Duration
  /// The largest virtual size seen (VmPeak from /proc, polled), in bytes.
  public var peakVirtualBytes: UInt64
  /// The child's standard error (its first 4000 and last 2000 characters).
  public var standardErrorTail: String
  /// The rest of the child's standard output (a solver's own log; an
  /// external solver's whole output).
  public var otherOutput: String
  /// How an external solver ended, as its supervisor reported it.
  public var externalEnding: ExternalEnding? = nil

  public init(
    result: WorkerResult?, ending: Ending, killedOnTime: Bool, wallTime: Duration, peakVirtualBytes: UInt64,
    standardErrorTail: String, otherOutput: String = "", externalEnding: ExternalEnding? = nil
  ) {
    self.externalEnding = externalEnding
    self.result = result
    self.ending = ending
    self.killedOnTime = killedOnTime
    self.wallTime = wallTime
    self.peakVirtualBytes = peakVirtualBytes
    self.standardErrorTail = standardErrorTail
    self.otherOutput = otherOutput
  }
}

/// Messages that runtimes and libraries print when an allocation fails.
let outOfMemoryPatterns = [
  "could not allocate memory", "cannot allocate memory", "out of memory", "no memory available",
  "bad_alloc", "failed to allocate", "memory exhausted", "mmap failed", "allocation failed",
  "memoryerror", "out of heap space", "outofmemoryerror",
]

/// Runs a worker job in a child process: the `packbench` executable itself
/// with `worker --job JSON`, leading a process group of its own. The child
/// sets its own RLIMIT_AS and dies with this process; the parent kills its
/// whole group with SIGKILL at `hardLimit`, on an interruption
/// (``ChildGroups``), and once it has ended (whatever it left behind).
public func runWorkerChild(executable: URL, job: WorkerJob, hardLimit: Duration) -> ChildOutcome {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let jobText = String(decoding: (try? encoder.encode(job)) ?? Data(), as: UTF8.self)
  let process = Process()
  process.executableURL = executable
  process.arguments = ["worker", "--job", jobText]
  let out = Pipe(), err = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  // No backtracer in the child: the end of its standard error is then the
  // runtime's own message (for example "Could not allocate memory").
  var environment = ProcessInfo.processInfo.environment
  environment["SWIFT_BACKTRACE"] = "enable=no"
  environment[parentProcessVariable] = String(getpid())
  process.environment = environment
  let clock = ContinuousClock()
  let start = clock.now
  do {
    try process.run()
  } catch {
    return ChildOutcome(
      result: nil, ending: .exited(-1), killedOnTime: false, wallTime: .zero, peakVirtualBytes: 0,
      standardErrorTail: "cannot start \(executable.path): \(error)", otherOutput: "")
  }
  let pid = process.processIdentifier
  ChildGroups.shared.register(pid)
  defer { ChildGroups.shared.unregister(pid) }
  let reading = DispatchGroup()
  let collected = Collected()
  for (pipe, isOut) in [(out, true), (err, false)] {
    reading.enter()
    DispatchQueue.global().async {
      let handle = pipe.fileHandleForReading
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        collected.append(chunk, toOut: isOut)
      }
      reading.leave()
    }
  }
  var killed = false
  var peak: UInt64 = 0
  while process.isRunning {
    if let vm = virtualPeakBytes(pid: pid) { peak = max(peak, vm) }
    if !killed && clock.now - start > hardLimit {
      killGroup(pid)
      killed = true
    }
    usleep(5_000)
  }
  process.waitUntilExit()
  let wall = clock.now - start
  // Whatever the child left in its group goes too (the group outlives its
  // reaped leader while it has members, so its id is not reused).
  kill(-pid, SIGKILL)
  // A process that left the group may still hold the pipes: wait a little, not forever.
  _ = reading.wait(timeout: .now() + 2)
  let ending: ChildOutcome.Ending =
    process.terminationReason == .uncaughtSignal ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
  let stdout = String(decoding: collected.out, as: UTF8.self)
  var result: WorkerResult? = nil
  var other: [Substring] = []
  // An external solver's standard output is its answer, kept whole.
  for line in stdout.split(separator: "\n") where job.external == nil {
    if line.hasPrefix(WorkerResult.marker) {
      result = try? JSONDecoder().decode(WorkerResult.self, from: Data(line.dropFirst(WorkerResult.marker.count).utf8))
    } else {
      other.append(line)
    }
  }
  if job.external != nil { other = [Substring(stdout)] }
  var stderr = String(decoding: collected.err, as: UTF8.self)
  var externalEnding: ExternalEnding? = nil
  if job.external != nil, let range = stderr.range(of: "\n" + ExternalEnding.marker, options: .backwards) {
    let json = stderr[range.upperBound...].prefix { $0 != "\n" }
    externalEnding = try? JSONDecoder().decode(ExternalEnding.self, from: Data(json.utf8))
    stderr = String(stderr[..<range.lowerBound])
  }
  return ChildOutcome(
    result: result, ending: ending, killedOnTime: killed, wallTime: wall, peakVirtualBytes: peak,
    standardErrorTail: stderr.count > 6000 ? stderr.prefix(4000) + "\n...\n" + stderr.suffix(2000) : stderr,
    otherOutput: other.joined(separator: "\n"), externalEnding: externalEnding)
}

final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var _out = Data(), _err = Data()
  var out: Data { lock.withLock { _out } }
  var err: Data { lock.withLock { _err } }
  func setOut(_ d: Data) { lock.withLock { _out = d } }
  func append(_ d: Data, toOut: Bool) { lock.withLock { if toOut { _out.append(d) } else { _err.append(d) } } }
}

/// VmPeak of a running process, from /proc (Linux); `nil` elsewhere or when gone.
func virtualPeakBytes(pid: Int32) -> UInt64? {
  guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
  for line in text.split(separator: "\n") where line.hasPrefix("VmPeak:") {
    let digits = line.dropFirst(7).filter(\.isNumber)
    return UInt64(digits).map { $0 * 1024 }
  }
  return nil
}

/// The name of a signal, for messages.
func signalName(_ signal: Int32) -> String {
  switch signal {
  case SIGKILL: return "SIGKILL"
  case SIGSEGV: return "SIGSEGV"
  case SIGABRT: return "SIGABRT"
  case SIGBUS: return "SIGBUS"
  case SIGILL: return "SIGILL"
  case SIGTRAP: return "SIGTRAP"
  case SIGFPE: return "SIGFPE"
  case SIGTERM: return "SIGTERM"
  default: return "signal \(signal)"
  }
}

extension ChildOutcome {
  /// The status this ending earns when the worker wrote no result, or the
  /// worker's result when it did.
  ///
  /// Killed at the hard limit: `timelimit`. Died from a failed allocation
  /// (the runtime's or GLPK's message on standard error, or a death by
  /// signal with the address space at 90 % of the limit or more): `memlimit`.
  /// Any other death: `crash`, with the signal or exit code and the end of
  /// standard error.
  public func status(memoryLimitBytes: UInt64?) -> SolveStatus {
    if let result, let status = SolveStatus(name: result.status, message: result.message) { return status }
    if killedOnTime { return .timeLimit }
    let lowered = standardErrorTail.lowercased()
    let saysOutOfMemory = outOfMemoryPatterns.contains { lowered.contains($0) }
    if let limit = memoryLimitBytes {
      let nearLimit = Double(peakVirtualBytes) >= 0.9 * Double(limit)
      if saysOutOfMemory { return .memoryLimit }
      if case .signalled = ending, nearLimit { return .memoryLimit }
    } else if saysOutOfMemory {
      return .memoryLimit
    }
    // The runtime's message if there is one (a backtrace follows it), else the last line.
    let lines = standardErrorTail.split(separator: "\n")
    let telling = lines.first { $0.lowercased().contains("error") || $0.lowercased().contains("fatal") } ?? lines.last
    let lastLine = telling.map { ": " + $0.prefix(300) } ?? ""
    switch ending {
    case .signalled(let signal): return .crash("the worker died of \(signalName(signal))\(lastLine)")
    case .exited(let code): return .crash("the worker exited with status \(code) and no result\(lastLine)")
    }
  }
}
