import Foundation
import PackBench
import RowPacking
import XCTest

/// The external protocol's pieces without processes: reading NAME=COMMAND
/// and a solver's output, and how a supervised run's ending becomes a status.
final class ExternalSolverTests: XCTestCase {
  func testRowsBoundAndCommentsAreRead() throws {
    let answer = try ExternalAnswer.parse("# FFD\n0 3  1\n\n2\t4\nbound 2\n# done\n")
    XCTAssertEqual(answer.rows, [[0, 3, 1], [2, 4]])
    XCTAssertEqual(answer.bound, 2)
    XCTAssertNil(try ExternalAnswer.parse("0\n").bound)
  }

  func testOutputThatIsNotTheProtocolNamesItsLine() {
    let cases: [(String, Int)] = [("0 1\nx 2\n", 2), ("0\nbound\n", 2), ("bound 1\nbound 1\n0\n", 2), ("0 -1\n", 1), ("0\n\nbound two\n", 3)]
    for (text, line) in cases {
      XCTAssertThrowsError(try ExternalAnswer.parse(text), text) { error in
        XCTAssertEqual((error as? ExternalAnswerError)?.line, line, text)
      }
    }
  }

  func testSpecificationsAndFilesOfThem() throws {
    let solver = try ExternalSolver(specification: "cp-sat = python3 adapter.py --threads=1")
    XCTAssertEqual(solver.name, "cp-sat")
    XCTAssertEqual(solver.command, "python3 adapter.py --threads=1")
    for bad in ["no-equals", "=cmd", "a b=cmd", "a,b=cmd", "name="] {
      XCTAssertThrowsError(try ExternalSolver(specification: bad), bad)
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("externals-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: url) }
    try "# peers\n\nffd=python3 ffd.py\n  # indented comment\nbfd=./bfd\n".write(to: url, atomically: true, encoding: .utf8)
    XCTAssertEqual(try ExternalSolver.read(file: url.path).map(\.name), ["ffd", "bfd"])
    try "ffd=python3 ffd.py\nbroken line\n".write(to: url, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try ExternalSolver.read(file: url.path)) { error in
      XCTAssertTrue("\(error)".hasPrefix("\(url.path):2: "), "\(error)")
    }
    XCTAssertThrowsError(try ExternalSolver.read(file: "/nonexistent/externals.txt"))
  }

  func testTheInstancePathIsOneQuotedWord() {
    XCTAssertEqual(externalShellText("solve --fast", path: "/tmp/it's here.txt"), "solve --fast '/tmp/it'\\''s here.txt'")
  }

  // MARK: - endings to statuses

  let instance = try! Instance(widths: [5, 5, 5, 5], rowWidth: 10)
  let own = LowerBound(value: 2, source: .l1)

  func outcome(
    stdout: String = "", stderr: String = "", exit: Int32? = 0, signal: Int32? = nil, seconds: Double = 0.1,
    peak: UInt64 = 0, killed: Bool = false, reported: Bool = true
  ) -> ChildOutcome {
    ChildOutcome(
      result: nil, ending: .signalled(SIGKILL), killedOnTime: killed, wallTime: .seconds(seconds), peakVirtualBytes: 0,
      standardErrorTail: stderr, otherOutput: stdout,
      externalEnding: reported ? ExternalEnding(exitStatus: exit, signal: signal, seconds: seconds, peakVirtualBytes: peak) : nil)
  }

  func status(_ outcome: ChildOutcome, limit: UInt64? = 256 << 20) -> PackingResult {
    outcome.externalResult(instance: instance, ownBound: own, timeLimit: .seconds(10), memoryLimitBytes: limit)
  }

  func testEndingsBecomeStatuses() {
    XCTAssertEqual(status(outcome(killed: true, reported: false)).status, .timeLimit)
    XCTAssertEqual(status(outcome(stderr: "Traceback\nMemoryError\n", exit: 1)).status, .memoryLimit)
    XCTAssertEqual(status(outcome(exit: nil, signal: SIGSEGV, peak: 250 << 20)).status, .memoryLimit)
    XCTAssertEqual(status(outcome(exit: nil, signal: SIGSEGV, peak: 10 << 20)).status.name, "crash")
    // The shell's 128 + signal is the signal.
    XCTAssertEqual(status(outcome(exit: 139)).status, .crash("the external solver died of SIGSEGV"))
    XCTAssertEqual(status(outcome(stderr: "reading\nno such file\n", exit: 2)).status, .error("the external solver exited with status 2: no such file"))
    XCTAssertEqual(status(outcome(stdout: "0 1 two\n")).status.name, "error")
    XCTAssertEqual(status(outcome(stdout: "# nothing\n")).status.name, "error")
    // No rows after the whole time: the limit, not an error.
    XCTAssertEqual(status(outcome(stdout: "bound 2\n", seconds: 10)).status, .timeLimit)
    XCTAssertEqual(status(outcome(reported: false)).status.name, "crash")
  }

  func testAnswersAreCheckedNotBelieved() {
    let good = status(outcome(stdout: "0 1\n2 3\n"))
    XCTAssertEqual(BenchRunner.check(good, for: instance, optimum: 2).0, .optimal)
    // A bound the solver claims is kept when stronger, under its own source.
    let claimed = status(outcome(stdout: "0\n1\n2 3\nbound 3\n"))
    XCTAssertEqual(claimed.lowerBound, LowerBound(value: 3, source: .external))
    XCTAssertEqual(BenchRunner.check(claimed, for: instance, optimum: nil).0, .optimal)
    XCTAssertEqual(BenchRunner.check(claimed, for: instance, optimum: 2).0.name, "wrong")
    // A bound above the rows, an item dropped, an item twice: wrong.
    XCTAssertEqual(BenchRunner.check(status(outcome(stdout: "0 1\n2 3\nbound 3\n")), for: instance, optimum: nil).0.name, "wrong")
    XCTAssertEqual(BenchRunner.check(status(outcome(stdout: "0 1\n2\n")), for: instance, optimum: nil).0.name, "wrong")
    XCTAssertEqual(BenchRunner.check(status(outcome(stdout: "0 1\n2 3\n3\n")), for: instance, optimum: nil).0.name, "wrong")
    // Rows that used the whole time and are not proven: timelimit.
    let slow = status(outcome(stdout: "0\n1\n2 3\n", seconds: 10))
    XCTAssertEqual(BenchRunner.check(slow, for: instance, optimum: nil).0, .timeLimit)
  }
}
