import Foundation
import RowPacking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the external solver's shell ended, as its supervisor saw it: the
/// last line the supervisor writes on standard error.
public struct ExternalEnding: Codable, Sendable, Hashable {
  /// The exit status, when it exited.
  public var exitStatus: Int32?
  /// The signal that ended it, when one did.
  public var signal: Int32?
  /// Wall time from its start to its end.
  public var seconds: Double
  /// The largest virtual size seen of the solver's processes (VmPeak), in bytes.
  public var peakVirtualBytes: UInt64

  public init(exitStatus: Int32?, signal: Int32?, seconds: Double, peakVirtualBytes: UInt64) {
    self.exitStatus = exitStatus
    self.signal = signal
    self.seconds = seconds
    self.peakVirtualBytes = peakVirtualBytes
  }

  public static let marker = "PACKBENCH-EXTERNAL-ENDING "
}

/// The shell text that runs `command` on `path`: the path appended as one
/// quoted word.
public func externalShellText(_ command: String, path: String) -> String {
  command + " '" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// The environment an external solver gets: this process's, with the
/// protocol's variables.
public func externalEnvironment(_ job: WorkerJob, base: [String: String]) -> [String: String] {
  var environment = base
  environment["SWIFT_BACKTRACE"] = nil
  environment[parentProcessVariable] = nil
  environment["PACKBENCH_TIME_LIMIT"] = formatNumber(job.timeLimitSeconds)
  environment["PACKBENCH_MEMORY_LIMIT"] = String((job.memoryLimitBytes ?? 0) >> 20)
  environment["PACKBENCH_SEED"] = String(job.seed)
  environment["PACKBENCH_SPACING"] = formatNumber(job.spacing ?? 0)
  return environment
}

/// The supervisor's side of an external run (`packbench worker` with an
/// external job): starts `/bin/sh -c COMMAND PATH` in its own process
/// group under the memory limit, waits for it, writes how it ended on
/// standard error, then kills the whole group (itself included), so that
/// nothing the solver started outlives it. The solver's standard output
/// and error go straight to the runner.
///
/// When the runner dies (the parent-death signal, SIGTERM, or a changed
/// parent), the group is killed at once.
public func superviseExternal(_ job: WorkerJob, solver: ExternalSolver) -> Never {
  setpgid(0, 0)
  for received in [SIGTERM, SIGINT, SIGHUP] {
    signal(received) { _ in kill(0, SIGKILL) }
  }
  tieLifeToParent(deathSignal: SIGTERM) { kill(0, SIGKILL) }
  // Everything the child needs is made before fork: after it, the child
  // makes system calls only.
  let words: [String] = ["/bin/sh", "-c", externalShellText(solver.command, path: job.file)]
  let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
  let environment = externalEnvironment(job, base: ProcessInfo.processInfo.environment)
  let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  var limit = rlimit(rlim_cur: rlim_t(job.memoryLimitBytes ?? 0), rlim_max: rlim_t(job.memoryLimitBytes ?? 0))
  let hasLimit = job.memoryLimitBytes != nil
  let prctl = prctlFunction()
  var emptyMask = sigset_t()
  sigemptyset(&emptyMask)
  let clock = ContinuousClock()
  let start = clock.now
  let child = fork()
  if child == 0 {
    sigprocmask(SIG_SETMASK, &emptyMask, nil)
    signal(SIGPIPE, SIG_DFL)
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    signal(SIGHUP, SIG_DFL)
    signal(SIGQUIT, SIG_DFL)
    if let prctl { _ = prctl(1, UInt(SIGKILL), 0, 0, 0) }
    if hasLimit { setMemoryLimit(&limit) }
    argv.withUnsafeBufferPointer { a in
      envp.withUnsafeBufferPointer { e in _ = execve("/bin/sh", a.baseAddress!, e.baseAddress!) }
    }
    _exit(127)
  }
  guard child > 0 else {
    FileHandle.standardError.write(Data("cannot fork: \(String(cString: strerror(errno)))\n".utf8))
    exit(70)
  }
  let peak = PeakWatch(pid: child)
  var status: Int32 = 0
  while waitpid(child, &status, 0) < 0 && errno == EINTR {}
  let elapsed = clock.now - start
  let low = status & 0x7f
  let ending = ExternalEnding(
    exitStatus: low == 0 ? (status >> 8) & 0xff : nil, signal: low != 0 && low != 0x7f ? low : nil,
    seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
    peakVirtualBytes: peak.stop())
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let line = "\n" + ExternalEnding.marker + String(decoding: (try? encoder.encode(ending)) ?? Data(), as: UTF8.self) + "\n"
  FileHandle.standardError.write(Data(line.utf8))
  kill(0, SIGKILL)
  exit(0)
}

/// `prctl` through dlsym (it is variadic in C), or `nil` off Linux.
func prctlFunction() -> (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32)? {
  #if os(Linux)
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "prctl") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32).self)
  #else
    return nil
  #endif
}

func setMemoryLimit(_ limit: inout rlimit) {
  #if canImport(Glibc)
    _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
  #else
    _ = setrlimit(RLIMIT_AS, &limit)
  #endif
}

/// Polls the largest VmPeak of a process and its children every 10 ms,
/// on a thread of its own, until stopped.
final class PeakWatch: @unchecked Sendable {
  private let lock = NSLock()
  private var peak: UInt64 = 0
  private var running = true

  init(pid: Int32) {
    let thread = Thread { [self] in
      while lock.withLock({ running }) {
        var seen = virtualPeakBytes(pid: pid) ?? 0
        for childPid in childProcesses(of: pid) { seen = max(seen, virtualPeakBytes(pid: childPid) ?? 0) }
        lock.withLock { peak = max(peak, seen) }
        usleep(10_000)
      }
    }
    thread.stackSize = 1 << 18
    thread.start()
  }

  /// Stops polling; the largest size seen.
  func stop() -> UInt64 {
    lock.withLock {
      running = false
      return peak
    }
  }
}

/// The children of a process (Linux: /proc/PID/task/PID/children).
func childProcesses(of pid: Int32) -> [Int32] {
  guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return [] }
  return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
}
