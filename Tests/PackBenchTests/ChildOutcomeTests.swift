import Foundation
import PackBench
import RowPacking
import XCTest

/// How the parent names the end of a child that wrote no result.
final class ChildOutcomeTests: XCTestCase {
  let gib: UInt64 = 1 << 30

  func outcome(_ ending: ChildOutcome.Ending, killed: Bool = false, peak: UInt64 = 0, stderr: String = "") -> ChildOutcome {
    ChildOutcome(result: nil, ending: ending, killedOnTime: killed, wallTime: .seconds(1), peakVirtualBytes: peak, standardErrorTail: stderr)
  }

  func testKilledAtTheLimitIsTimelimit() {
    XCTAssertEqual(outcome(.signalled(SIGKILL), killed: true).status(memoryLimitBytes: gib), .timeLimit)
  }

  func testAllocationFailuresAreMemlimit() {
    // GLPK's message before abort(), and Swift's.
    XCTAssertEqual(outcome(.signalled(SIGABRT), stderr: "glp_alloc: no memory available\n").status(memoryLimitBytes: gib), .memoryLimit)
    XCTAssertEqual(
      outcome(.signalled(SIGTRAP), stderr: "Fatal error: failed to allocate 16777216 bytes of memory with alignment 64\n")
        .status(memoryLimitBytes: gib), .memoryLimit)
    // No message, but the address space was at the limit when it died.
    XCTAssertEqual(outcome(.signalled(SIGSEGV), peak: gib - (1 << 20)).status(memoryLimitBytes: gib), .memoryLimit)
  }

  func testOtherDeathsAreCrashesWithTheirMessage() {
    let segv = outcome(.signalled(SIGSEGV), peak: 100 << 20, stderr: "Error detected in file glpk.c at line 12\nbacktrace...\n")
      .status(memoryLimitBytes: gib)
    XCTAssertEqual(segv.name, "crash")
    XCTAssertTrue(segv.message!.contains("SIGSEGV") && segv.message!.contains("Error detected in file glpk.c"), segv.message!)
    let exit = outcome(.exited(3)).status(memoryLimitBytes: nil)
    XCTAssertEqual(exit.name, "crash")
    XCTAssertTrue(exit.message!.contains("status 3"), exit.message!)
  }

  func testAResultIsTakenAsReportedThenCheckedByTheParent() {
    let result = WorkerResult(
      rows: [[0, 1]], lowerBound: 1, boundSource: "LP", status: "optimal", message: nil, nodes: 3, stage: "LP",
      elapsedSeconds: 0.5, samplesSeconds: [], batchSize: 1)
    let ended = ChildOutcome(result: result, ending: .exited(0), killedOnTime: false, wallTime: .seconds(1), peakVirtualBytes: 0, standardErrorTail: "")
    XCTAssertEqual(ended.status(memoryLimitBytes: gib), .optimal)
  }
}
