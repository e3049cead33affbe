import Foundation
import PackBench
import RowPacking
import XCTest

final class StageReportTests: XCTestCase {
  func testTheStageTableCountsProvenRunsPerStageWithTheirTimes() {
    let records = [
      record("exact", "a", rows: 3, optimum: 3, status: .optimal, ms: 2, stage: "heuristic"),
      record("exact", "b", rows: 4, optimum: 4, status: .optimal, ms: 8, stage: "lp"),
      record("exact", "c", rows: 5, optimum: 5, status: .optimal, ms: 500, stage: "near-full-rows"),
      record("exact", "d", rows: 7, optimum: 6, status: .timeLimit, ms: 10_000, stage: "heuristic"),
      record("exact", "e", rows: 8, optimum: 8, status: .optimal, ms: 100, stage: "cuts"),
      record("first-fit-decreasing", "a", rows: 3, optimum: 3, status: .optimal, ms: 0.01, stage: "heuristic"),
      record("a-peer", "a", rows: 3, optimum: 3, status: .optimal, ms: 1, stage: "MIP"),
    ]
    let report = BenchReport(records: records, manifest: nil)
    // Only packbench's own exact solvers have stages to report.
    XCTAssertEqual(report.stageLines.map(\.algorithm), ["exact"])
    let line = report.stageLines[0]
    XCTAssertEqual(line.instances, 5)
    XCTAssertEqual(line.provenOptimal, 4)
    let settled = Dictionary(uniqueKeysWithValues: zip(BenchReport.stages, line.settledBy))
    XCTAssertEqual(
      settled.filter { $0.value > 0 }, ["heuristic": 1, "lp": 1, "near-full-rows": 1, "cuts": 1],
      "the time-limited run counts in none")
    XCTAssertEqual(line.settledBy.reduce(0, +), line.provenOptimal, "every proven run is counted in one stage")
    XCTAssertEqual(line.maximumSeconds ?? 0, 10, accuracy: 1e-9)
    XCTAssertEqual(line.medianSeconds ?? 0, 0.1, accuracy: 1e-9)
    // The stages that settled something, in the order of SolveStage.
    XCTAssertTrue(report.markdown.contains("| heuristic | lp | near-full-rows | cuts | not proven |"), report.markdown)
    XCTAssertTrue(report.markdown.contains("| set | exact | 5 | 4 | 0.1000 | 10.0000 | 1 | 1 | 1 | 1 | 1 |"), report.markdown)
  }
}

/// The summary sets gaps against an optimum proven in the same run when the
/// optima table has none.
final class SummaryProvenOptimumTests: XCTestCase {
  func testHeuristicGapsUseTheOptimumProvenInTheSameRun() throws {
    func make(_ algorithm: String, rows: Int, status: SolveStatus) -> RunRecord {
      RunRecord(
        dataset: "uniform", instance: "u1", itemCount: 6, capacity: 10, spacing: 0, algorithm: algorithm, rows: rows,
        lowerBound: 3, boundSource: .l1, optimum: nil, status: status, verified: true, timeMedian: .milliseconds(1),
        timeMinimum: .milliseconds(1), timeMaximum: .milliseconds(1), repetitions: 1)
    }
    let heuristic = make("next-fit", rows: 4, status: .feasible)
    let exact = make("exact", rows: 3, status: .optimal)
    let lines = SummaryLine.summarise([heuristic, exact])
    XCTAssertEqual(lines.map(\.algorithm), ["next-fit", "exact"])
    XCTAssertEqual(lines[0].withOptimum, 1)
    XCTAssertEqual(lines[0].atOptimum, 0)
    XCTAssertEqual(lines[0].totalGap, 1)
    // Without a proof in the run, no optimum is invented.
    let alone = SummaryLine.summarise([heuristic])
    XCTAssertEqual(alone[0].withOptimum, 0)
  }
}
