@testable import RowPackingILP
import Foundation
import RowPacking
import TestSupport
import XCTest

/// Experiment E1 of `../shared/design/bcp-ani.md` (slow; skipped when the
/// hard sets are absent): on ANI files whose sizes fill `K` rows exactly,
/// the cut master and the tree's root over every pattern and over the
/// exactly-full ones only (the waste budget 0), side by side; neither
/// ever bounds above the known optimum. The summaries printed are the
/// measurement of docs/experiments/053-exactly-full-columns.md.
///
/// `PACKBENCH_E1_FILES` (comma-separated ANI names, default 600_20000_NR_9,
/// 801_40000_NR_3, 801_40000_NR_21), `PACKBENCH_E1_SECONDS` (the cut
/// master's limit, default 90; the tree has half).
final class ExactlyFullColumnsANITests: XCTestCase {
  func testExactlyFullColumnsNeverBoundAboveTheOptimumOnANI() throws {
    try SlowTests.require("The cut master and the tree over all and over exactly-full patterns on ANI")
    let environment = ProcessInfo.processInfo.environment
    let names = (environment["PACKBENCH_E1_FILES"] ?? "600_20000_NR_9,801_40000_NR_3,801_40000_NR_21")
      .split(separator: ",").map(String.init)
    let seconds = Double(environment["PACKBENCH_E1_SECONDS"] ?? "") ?? 90
    let (root, table) = try HardSetFixture.optima()
    for name in names {
      let entry = try XCTUnwrap(table.entries.values.first { $0.set == "ANI" && $0.instance == name }, name)
      let file = root.appendingPathComponent("instances/ANI/\(name).txt")
      let instance = try InstanceFileFormat.bpp.parse(String(contentsOf: file, encoding: .utf8), file: file.path)
      let solved = try PipelineRoot(instance)
      defer { solved.session.close() }
      let rows = entry.optimum - 1
      XCTAssertEqual(SubsetRowCutAndPrice.emptyRoom(types: solved.types, rows: rows), 0, "\(name): not exactly full")
      print("E1 \(name): root LP \(solved.root.masterObjective), \(solved.master.patterns.count) columns")
      for exactlyFull in [false, true] {
        let label = "E1 \(name) \(exactlyFull ? "exactly-full" : "all patterns")"
        var options = SubsetRowCutsStage.Options()
        options.exactlyFullColumns = exactlyFull
        let outcome = try SubsetRowCutsStage.bound(
          session: solved.session, types: solved.types, master: solved.master, root: solved.root,
          target: entry.optimum, face: nil, options: options, until: ContinuousClock().now + .seconds(seconds))
        print("\(label): \(outcome.summary)")
        XCTAssertLessThanOrEqual(outcome.rowBound, entry.optimum, label)
        var pipelineOptions = ExactPipeline.Options()
        pipelineOptions.cuts = options
        let (tree, patterns) = try BranchAndPriceStage.decide(
          state: solved.state(options: pipelineOptions), master: solved.master, root: solved.root, rows: rows,
          until: ContinuousClock().now + .seconds(seconds / 2))
        print("\(label): \(tree.summary)")
        XCTAssertLessThanOrEqual(tree.rootBound, entry.optimum, label)
        XCTAssertNil(patterns, "\(label): a packing in \(rows) rows, below the optimum")
      }
    }
  }
}
