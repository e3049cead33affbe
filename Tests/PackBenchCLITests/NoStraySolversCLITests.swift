import Foundation
import TestSupport
import XCTest

/// A runner stopped by SIGINT, SIGTERM or SIGKILL during a long solve
/// leaves no process behind: not its `packbench worker`, not an external
/// solver, not what that solver started.
final class NoStraySolversCLITests: CLITestCase {
  /// A live (not zombie) process: its id, process group and command line.
  struct Running: Hashable {
    var pid: Int32
    var group: Int32
    var command: String
  }

  /// Every live process, from /proc.
  func processes() -> [Running] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> Running? in
      guard let pid = Int32(name),
        let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After "(comm)": state, ppid, pgrp.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 2, fields[0] != "Z", let group = Int32(fields[2]) else { return nil }
      let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
      let command = String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
      return Running(pid: pid, group: group, command: command)
    }
  }

  /// Starts `packbench run` on a long solve, waits until its child is
  /// running, sends `signal`, and checks that within 2 s no process of the
  /// run is left: none in the children's process groups, none whose
  /// command line holds the run's marker.
  /// `instance`, when given, is copied in and solved instead of a trivial
  /// one (a real solve that outlasts the test).
  func check(signal: Int32, algorithm: String, expectedStatus: Int32?, instance: URL? = nil) throws {
    guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { throw XCTSkip("needs /proc (Linux)") }
    let marker = "stray-\(UUID().uuidString)"
    let dir = work.appendingPathComponent(marker)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    if let instance {
      try FileManager.default.copyItem(at: instance, to: dir.appendingPathComponent("i.txt"))
    } else {
      try "3\n10\n6\n6\n6\n".write(to: dir.appendingPathComponent("i.txt"), atomically: true, encoding: .utf8)
    }
    // The external solver starts a child of its own (sleep) and waits for it.
    let sleeper = dir.appendingPathComponent("sleeper.sh").path
    try "#!/bin/sh\n[ \"$1\" = --version ] && { echo sleeper 1; exit 0; }\nsleep 60 &\nwait\n".write(toFile: sleeper, atomically: true, encoding: .utf8)
    chmod(sleeper, 0o755)
    let csv = dir.appendingPathComponent("run.csv").path
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = [
      "run", "--dataset", dir.path, "--algorithms", "first-fit-decreasing,\(algorithm)",
      "--external", "slow=\(sleeper)", "--time-limit", "3600", "-o", csv, "-q",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["PACKBENCH_TEST_FAULTS"] = "1"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // The run's children: every process whose command line holds the marker.
    var children: [Running] = []
    let deadline = Date().addingTimeInterval(60)
    let wanted = algorithm == "slow" ? "sleep 60" : "worker"
    while Date() < deadline {
      children = processes().filter { $0.command.contains(marker) && $0.pid != process.processIdentifier }
      let groups = Set(children.map(\.group))
      let running = processes().filter { groups.contains($0.group) }
      if running.contains(where: { $0.command.contains(wanted) }) {
        children = running
        break
      }
      usleep(20_000)
    }
    XCTAssertTrue(children.contains { $0.command.contains(wanted) }, "the long solve never started")
    if instance != nil {
      // Into the solve itself, past reading the instance and the first bounds.
      sleep(2)
      let groups = Set(children.map(\.group))
      XCTAssertTrue(processes().contains { groups.contains($0.group) && $0.command.contains(wanted) }, "the solve ended before the signal")
    }
    let groups = Set(children.map(\.group))
    XCTAssertFalse(groups.contains(getpgrp()), "a child in the test's own group")
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    if let expectedStatus {
      XCTAssertEqual(process.terminationReason, .exit)
      XCTAssertEqual(process.terminationStatus, expectedStatus)
    }
    var left: [Running] = []
    let end = Date().addingTimeInterval(2)
    repeat {
      left = processes().filter { groups.contains($0.group) || $0.command.contains(marker) }
      if left.isEmpty { break }
      usleep(20_000)
    } while Date() < end
    XCTAssertEqual(left, [], "processes of the run still alive 2 s after it was stopped")
    // The row finished before the signal is in the file, whole.
    let text = try String(contentsOfFile: csv, encoding: .utf8)
    XCTAssertTrue(text.contains(",first-fit-decreasing,"), text)
    XCTAssertTrue(text.hasSuffix("\r\n"))
  }

  func testSIGINTDuringAnExternalSolveLeavesNoProcess() throws {
    try check(signal: SIGINT, algorithm: "slow", expectedStatus: 130)
  }

  func testSIGTERMDuringAnExternalSolveLeavesNoProcess() throws {
    try check(signal: SIGTERM, algorithm: "slow", expectedStatus: 143)
  }

  func testSIGKILLDuringAnExternalSolveLeavesNoProcess() throws {
    try check(signal: SIGKILL, algorithm: "slow", expectedStatus: nil)
  }

  func testSIGINTDuringAnExactSolveLeavesNoProcess() throws {
    try check(signal: SIGINT, algorithm: "test-sleep", expectedStatus: 130)
  }

  func testSIGTERMDuringAnExactSolveLeavesNoProcess() throws {
    try check(signal: SIGTERM, algorithm: "test-sleep", expectedStatus: 143)
  }

  func testSIGKILLDuringAnExactSolveLeavesNoProcess() throws {
    try check(signal: SIGKILL, algorithm: "test-sleep", expectedStatus: nil)
  }

  /// The same with packbench's own `exact` in GLPK's branch and bound on a
  /// hard instance it does not prove in a minute, not a stand-in that sleeps.
  func testSIGINTAndSIGKILLDuringARealExactSolveLeaveNoProcess() throws {
    guard let root = TestData.bpplibHardDirectory else { throw XCTSkip(TestData.bpplibHardMissing) }
    let hard = root.appendingPathComponent("instances/AI/1002_80000_DI_25.txt")
    guard FileManager.default.fileExists(atPath: hard.path) else { throw XCTSkip("\(hard.path) not found") }
    try check(signal: SIGINT, algorithm: "exact", expectedStatus: 130, instance: hard)
    try check(signal: SIGKILL, algorithm: "exact", expectedStatus: nil, instance: hard)
  }
}
