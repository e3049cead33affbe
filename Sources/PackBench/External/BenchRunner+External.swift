import Foundation
import RowPacking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension BenchRunner {
  /// Runs an external solver's command on an instance file, supervised in a
  /// child process under the time and memory limits, and reads its answer
  /// (verified afterwards by ``check(_:for:optimum:)``, like every result).
  func runExternal(
    _ algorithm: BenchAlgorithm, solver: ExternalSolver, instance: Instance, file: URL, seed: UInt64
  ) -> (PackingResult, Timings, String) {
    let own = packbenchBound(instance)
    guard let executable = workerExecutable else {
      let result = PackingResult(
        packing: nil, lowerBound: own, status: .error("external solvers need the packbench executable to supervise them"))
      return (result, Timings(samples: [.zero], batchSize: 1), "")
    }
    var job = job(algorithm, file: file, seed: seed)
    job.external = solver
    // The spacing the instance is packed with (the file's own, unless overridden).
    job.spacing = instance.spacing
    let outcome = runWorkerChild(executable: executable, job: job, hardLimit: hardLimit(for: algorithm))
    let result = outcome.externalResult(
      instance: instance, ownBound: own, timeLimit: settings.timeLimit, memoryLimitBytes: memoryLimitBytes)
    let log = outcome.standardErrorTail
    return (result, Timings(samples: [result.elapsed], batchSize: 1), log)
  }

  /// What the solver's command answers to `--version` (the first line of
  /// its standard output), or `nil` when it exits non-zero, prints nothing
  /// or takes more than `timeout`. Supervised like a run (`--version` in
  /// place of the instance path), so that a command that ignores the
  /// question and solves or sleeps is stopped.
  public func version(of solver: ExternalSolver, timeout: Duration = .seconds(3)) -> String? {
    guard let executable = workerExecutable else { return nil }
    var job = job(solver.algorithm, file: URL(fileURLWithPath: "/"), seed: 0)
    job.file = "--version"
    job.external = solver
    let outcome = runWorkerChild(executable: executable, job: job, hardLimit: timeout)
    guard let ending = outcome.externalEnding, ending.exitStatus == 0, ending.signal == nil else { return nil }
    let first = outcome.otherOutput.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    return first.isEmpty ? nil : String(first.prefix(200))
  }

  /// packbench's own lower bound for an external solver's rows: L1, L2 and
  /// the dual feasible functions (cheap next to any solve).
  func packbenchBound(_ instance: Instance) -> LowerBound {
    (try? instance.scaled(resolution: settings.resolution).strongLowerBound) ?? LowerBound(value: 0, source: .none)
  }
}

extension ChildOutcome {
  /// The result an external solver's run earns, before verification.
  ///
  /// Killed at the hard limit: `timelimit`. An allocation failure on
  /// standard error (MemoryError, bad_alloc, ...), or a death by signal
  /// near the memory limit: `memlimit`. Another death by signal (or the
  /// shell's exit status 128 + a signal): `crash`. A non-zero exit or
  /// output that does not follow the protocol: `error`, with the last
  /// line of standard error. Otherwise the rows, with the stronger of
  /// packbench's bound and the solver's (a false bound is caught by the
  /// checks that follow), `feasible`, or `timelimit` when the solver used
  /// its whole time (with or without rows).
  public func externalResult(
    instance: Instance, ownBound: LowerBound, timeLimit: Duration, memoryLimitBytes: UInt64?
  ) -> PackingResult {
    func failed(_ status: SolveStatus, _ elapsed: Duration) -> PackingResult {
      PackingResult(packing: nil, lowerBound: ownBound, status: status, elapsed: elapsed)
    }
    if killedOnTime { return failed(.timeLimit, wallTime) }
    let lines = standardErrorTail.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    let lastLine = lines.last.map { String($0.prefix(300)) } ?? ""
    guard let ending = externalEnding else {
      return failed(.crash("the supervisor of the external solver ended without a report: \(ending)\(lastLine.isEmpty ? "" : ": " + lastLine)"), wallTime)
    }
    let elapsed = Duration.nanoseconds(Int64(ending.seconds * 1e9))
    let lowered = standardErrorTail.lowercased()
    let saysOutOfMemory = outOfMemoryPatterns.contains { lowered.contains($0) }
    var signal = ending.signal
    if let status = ending.exitStatus, status > 128, status <= 128 + 64 { signal = status - 128 }
    let nearLimit = memoryLimitBytes.map { Double(ending.peakVirtualBytes) >= 0.9 * Double($0) } ?? false
    if (ending.exitStatus ?? 0) != 0 || signal != nil {
      if saysOutOfMemory || (signal != nil && nearLimit) { return failed(.memoryLimit, elapsed) }
    }
    let tail = lastLine.isEmpty ? "" : ": " + lastLine
    if let signal { return failed(.crash("the external solver died of \(signalName(signal))\(tail)"), elapsed) }
    if let status = ending.exitStatus, status != 0 {
      return failed(.error("the external solver exited with status \(status)\(tail)"), elapsed)
    }
    let answer: ExternalAnswer
    do { answer = try ExternalAnswer.parse(otherOutput) } catch { return failed(.error("unreadable output: \(error)"), elapsed) }
    let usedItsTime = elapsed >= timeLimit * 0.98
    if answer.rows.isEmpty && instance.count > 0 {
      // No packing found in the whole time is a limit reached, not an error.
      return failed(usedItsTime ? .timeLimit : .error("the external solver printed no rows\(tail)"), elapsed)
    }
    var bound = ownBound
    if let claimed = answer.bound { bound = bound.strongest(LowerBound(value: claimed, source: .external)) }
    return PackingResult(
      packing: Packing(rows: answer.rows), lowerBound: bound, status: usedItsTime ? .timeLimit : .feasible,
      elapsed: elapsed)
  }
}
