import ArgumentParser
import Foundation
import PackBench

/// The child side of process isolation: `packbench run` re-executes its own
/// binary as `packbench worker --job JSON` for each isolated run. Hidden.
struct WorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker", abstract: "Run one job in a child process (used by 'packbench run').", shouldDisplay: false)

  @Option(help: "The job, as JSON.")
  var job: String

  func run() throws {
    guard let decoded = try? JSONDecoder().decode(WorkerJob.self, from: Data(job.utf8)) else {
      printError("worker: the job is not valid JSON")
      throw ExitCode(64)
    }
    if let solver = decoded.external { superviseExternal(decoded, solver: solver) }
    // Its own process group (the runner kills the group), and no life
    // beyond its runner's.
    setpgid(0, 0)
    tieLifeToParent(deathSignal: SIGKILL) { _exit(137) }
    if let limit = decoded.memoryLimitBytes, !applyMemoryLimit(bytes: limit) {
      printError("worker: cannot set the memory limit")
      throw ExitCode(65)
    }
    let result = performWorkerJob(decoded)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let line = WorkerResult.marker + String(decoding: try encoder.encode(result), as: UTF8.self) + "\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  }
}
