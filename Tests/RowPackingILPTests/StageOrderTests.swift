@testable import RowPackingILP
import RowPacking
import TestSupport
import Foundation
import XCTest

/// The exact pipeline runs its stages in the order of its table
/// (``ExactPipeline/stageOrder``), and a result names a stage that ran.
final class StageOrderTests: XCTestCase {
  /// Whether `run` is a subsequence of `order`: each stage found after the
  /// place of the one before.
  func isInTableOrder(_ run: [SolveStage], _ order: [SolveStage]) -> Bool {
    var place = 0
    for stage in run {
      guard let found = order[place...].firstIndex(of: stage) else { return false }
      place = found + 1
    }
    return true
  }

  /// Solves `instance` and checks the walk: the stages in table order, the
  /// reported stage among them (or the packers', or bin completion inside
  /// the near-full-rows stage), a proof only at the bound.
  @discardableResult
  func walk(_ instance: Instance, timeLimit: Duration = .seconds(10), _ label: String) throws -> [SolveStage] {
    let pipeline = ExactPipeline(setup: try SolveSetup(instance: instance, timeLimit: timeLimit), verbose: false)
    let (result, run) = pipeline.solve()
    XCTAssertTrue(isInTableOrder(run, ExactPipeline.stageOrder), "\(label): \(run.map(\.rawValue))")
    let stage = try XCTUnwrap(result.stage, label)
    // The near-full-rows stage runs a short bin completion of its own first
    // and credits it by its name.
    let ran = stage == .heuristic || run.contains(stage) || (stage == .binCompletion && run.contains(.nearFullRows))
    XCTAssertTrue(ran, "\(label): \(stage) did not run: \(run)")
    let packing = try XCTUnwrap(result.packing, label)
    XCTAssertEqual(verify(packing, for: instance), [], label)
    if result.status == .optimal { XCTAssertEqual(packing.rowCount, result.lowerBound.value, label) }
    return run
  }

  func testTheTableListsEveryStageOfThePipelineOnce() {
    let order = ExactPipeline.stageOrder
    XCTAssertEqual(order.first, .fullRowsSearch)
    XCTAssertEqual(order.last, .arcFlowMIP)
    XCTAssertEqual(order.firstIndex(of: .rootLP), order.lastIndex(of: .rootLP), "one root LP")
    XCTAssertFalse(order.contains(.heuristic), "the packers run before the table")
  }

  /// docs/ARCHITECTURE.md's stage table lists the stages of the code, in
  /// order, with their weights.
  func testTheArchitectureTableAgreesWithTheCode() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    let section = try XCTUnwrap(text.components(separatedBy: "## The exact solver's stages").dropFirst().first)
    let body = section.components(separatedBy: "\n## ").first ?? section
    let listed = body.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("| `") else { return nil }
      return line.dropFirst(3).split(separator: "`").first.map(String.init)
    }
    XCTAssertEqual(listed, ExactPipeline.stageOrder.map(\.rawValue))
    let weights = body.split(separator: "\n").compactMap { line -> Double? in
      guard line.hasPrefix("| `") else { return nil }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count > 4 else { return nil }
      return Double(cells[4].trimmingCharacters(in: .whitespaces))
    }
    XCTAssertEqual(weights, ExactPipeline.stageWeights, "the weight column")
  }

  /// Seeded small instances: the walk holds, and past the packers the root
  /// LP always runs.
  func testRandomInstancesWalkTheTableInOrder() throws {
    var walked = 0
    for seed in UInt64(1)...60 {
      // Sizes of a fifth to seven tenths of the row: L2 is often below the optimum.
      var random = SplitMix64(seed: seed &+ 4400)
      let widths = (0..<(8 + Int(random.next() % 5))).map { _ in 20 + Int(random.next() % 50) }
      let instance = try Instance(widths: widths.map(Double.init), rowWidth: 100)
      let run = try walk(instance, "seed \(seed): \(widths) in 100")
      if !run.isEmpty {
        walked += 1
        XCTAssertTrue(run.contains(.rootLP), "seed \(seed): \(run)")
      }
    }
    XCTAssertGreaterThan(walked, 3, "the packers settled nearly all: the walk is hardly tested")
  }

  /// Rows that must be exactly full (sizes cut from full rows): where the
  /// packers miss, the short full-rows search runs first.
  func testExactlyFullRowsStartWithTheFullRowsSearch() throws {
    var started = 0
    var random = SplitMix64(seed: 0x57A6E)
    for k in 0..<60 {
      let capacity = 40 + Int(random.next() % 60)
      let sizes = sizesCutFromFullRows(&random, capacity: capacity, rows: 3 + Int(random.next() % 4))
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))
      let run = try walk(instance, "instance \(k): \(sizes) in \(capacity)")
      if let first = run.first {
        XCTAssertEqual(first, .fullRowsSearch, "instance \(k): \(run)")
        started += 1
      }
    }
    XCTAssertGreaterThan(started, 0, "the packers filled every instance: the path is untested")
  }

  /// ANI files of the hard sets (sizes that fill the bound's rows exactly,
  /// no packing in them, the LP at the bound): the cuts run right after the
  /// short dive, before the near-full-rows model, since on such rows only
  /// cuts or branching raise the LP bound. Skipped without the hard sets.
  func testANIFilesCutBeforeTheNearFullRowsModel() throws {
    for (_, instance) in try HardSetFixture.sample(set: "ANI", count: 2, seed: 10) {
      let run = try walk(instance, timeLimit: .seconds(20), instance.name)
      let cuts = try XCTUnwrap(run.firstIndex(of: .subsetRowCuts), "\(instance.name): no cuts in \(run)")
      XCTAssertEqual(run[cuts - 1], .dive, "\(instance.name): \(run)")
      if let model = run.firstIndex(of: .nearFullRows) { XCTAssertLessThan(cuts, model, "\(instance.name): \(run)") }
    }
  }

  /// Capacities of a million units (pricing without a dynamic programme):
  /// the LP-free search runs before the root LP.
  func testLargeCapacitiesSearchBeforeTheLP() throws {
    var random = SplitMix64(seed: 0x61)
    var searched = 0
    for k in 0..<12 {
      // A quarter to a half of the row: about three to a row, rarely exactly.
      let capacity = 1_000_000 + Int(random.next() % 500_000)
      let sizes = (0..<(110 + Int(random.next() % 40))).map { _ in capacity / 4 + Int(random.next() % UInt64(capacity / 4)) }
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))
      guard ConsistentNeighbourhoodSearch.precedesLP(ItemTypes(sizes: sizes, capacity: capacity)) else { continue }
      let run = try walk(instance, timeLimit: .seconds(2), "instance \(k)")
      guard !run.isEmpty else { continue }
      XCTAssertEqual(run.first, .lpFreeSearch, "instance \(k): \(run)")
      searched += 1
    }
    XCTAssertGreaterThan(searched, 0, "the packers settled every instance: the path is untested")
  }
}
