import Foundation
import PackBench
import RowPacking
import TestSupport
import XCTest

final class CSVTests: XCTestCase {
  func testQuotingFollowsRFC4180() throws {
    XCTAssertEqual(CSV.record(["a", "b,c", "say \"hi\"", "two\nlines", ""]), "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n")
    let fields = ["plain", "comma, inside", "\"quoted\"", "line\r\nbreak", ""]
    XCTAssertEqual(try CSV.parse(CSV.record(fields) + CSV.record(["x"])), [fields, ["x"]])
  }

  func testAnUnclosedQuoteIsAnError() {
    XCTAssertThrowsError(try CSV.parse("a,\"b\n")) { XCTAssertEqual($0 as? CSVError, .unclosedQuote(line: 1)) }
  }
}

final class DatasetTests: XCTestCase {
  var root: URL!

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("packbench-\(UUID().uuidString)")
    for set in ["alpha", "beta"] {
      try FileManager.default.createDirectory(at: root.appendingPathComponent("instances/\(set)"), withIntermediateDirectories: true)
    }
    try "2\n10\n6\n4\n".write(to: root.appendingPathComponent("instances/alpha/a1.txt"), atomically: true, encoding: .utf8)
    try "3\n10\n6\n6\n6\n".write(to: root.appendingPathComponent("instances/alpha/a2.txt"), atomically: true, encoding: .utf8)
    try "2\n10\n6\nsix\n".write(to: root.appendingPathComponent("instances/beta/bad.txt"), atomically: true, encoding: .utf8)
    try "set\tinstance\tn\tcapacity\toptimum\nalpha\ta1\t2\t10\t1\nalpha\ta2\t3\t10\t3\n"
      .write(to: root.appendingPathComponent("optima.tsv"), atomically: true, encoding: .utf8)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

  func testADirectoryGivesOneDatasetPerFolderWithTheNearestOptima() throws {
    let datasets = try DatasetLocator().datasets(named: root.path)
    XCTAssertEqual(datasets.map(\.name), ["alpha", "beta"])
    XCTAssertEqual(datasets[0].files.map(\.lastPathComponent), ["a1.txt", "a2.txt"])
    XCTAssertEqual(datasets[0].optima.entries.count, 2)
  }

  func testBPPLIBIsFoundThroughTheEnvironment() throws {
    let locator = DatasetLocator(environment: [DatasetLocator.bpplibVariable: root.path])
    XCTAssertEqual(try locator.datasets(named: "bpplib").count, 2)
    let missing = DatasetLocator(environment: [DatasetLocator.bpplibVariable: "/nonexistent/bpplib"])
    XCTAssertThrowsError(try missing.datasets(named: "bpplib")) {
      XCTAssertTrue("\($0)".contains("PACKBENCH_BPPLIB"), "\($0)")
    }
  }

  func testMissingPathsAndEmptyFoldersAreErrors() throws {
    XCTAssertThrowsError(try DatasetLocator().datasets(named: root.appendingPathComponent("nope").path))
    let empty = root.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    XCTAssertThrowsError(try DatasetLocator().datasets(named: empty.path)) {
      XCTAssertEqual($0 as? DatasetError, .noInstances(empty.standardizedFileURL.path))
    }
  }

  func testTheRunGoesOnPastABadFileAndChecksEveryResult() throws {
    var settings = RunSettings()
    settings.repetitions = 3
    settings.minimumSampleTime = .microseconds(10)
    let runner = BenchRunner(settings: settings)
    let plan = runner.plan(try DatasetLocator().datasets(named: root.path))
    XCTAssertEqual(plan.count, 3)
    let records = plan.flatMap { planned in AlgorithmRegistry.heuristics.map { runner.run($0, on: planned) } }
    XCTAssertEqual(records.count, 15)
    let bad = records.filter { $0.instance == "bad" }
    XCTAssertTrue(bad.allSatisfy { $0.status.name == "error" && $0.rows == nil })
    XCTAssertTrue(bad[0].status.message!.contains("bad.txt:4:"), bad[0].status.message!)
    let a2 = records.filter { $0.instance == "a2" }
    XCTAssertTrue(a2.allSatisfy { $0.rows == 3 && $0.optimum == 3 && $0.status == .optimal && $0.verified && $0.gap == 0 })
    XCTAssertTrue(a2.allSatisfy { $0.repetitions == 3 })
    let summary = SummaryLine.summarise(records)
    XCTAssertEqual(summary.count, 10)
    let alphaFFD = try XCTUnwrap(summary.first { $0.dataset == "alpha" && $0.algorithm == "first-fit-decreasing" })
    XCTAssertEqual(alphaFFD.instances, 2)
    XCTAssertEqual(alphaFFD.atOptimum, 2)
    XCTAssertEqual(alphaFFD.totalRows, 4)
  }
}

final class CheckTests: XCTestCase {
  let instance = try! Instance(widths: [6, 6, 6], rowWidth: 10)

  func result(_ rows: [[Int]], bound: Int, status: SolveStatus = .feasible) -> PackingResult {
    PackingResult(packing: Packing(rows: rows), lowerBound: LowerBound(value: bound, source: .lp), status: status)
  }

  func testAPackingThatDoesNotVerifyIsWrong() {
    let (status, verified) = BenchRunner.check(result([[0, 1], [2]], bound: 2), for: instance, optimum: nil)
    XCTAssertEqual(status.name, "wrong")
    XCTAssertFalse(verified)
  }

  func testClaimsAgainstTheKnownOptimumAreWrong() {
    // A bound of 4 for an instance whose optimum is 3: the bound is false.
    XCTAssertEqual(BenchRunner.check(result([[0], [1], [2]], bound: 4), for: instance, optimum: 3).0.name, "wrong")
    // Fewer rows than the known optimum (a wrong optima file, or a bad verifier): wrong.
    let two = try! Instance(widths: [6, 4, 6], rowWidth: 10)
    XCTAssertEqual(BenchRunner.check(result([[0, 1], [2]], bound: 2), for: two, optimum: 3).0.name, "wrong")
  }

  func testOptimalIsComputedNeverTaken() {
    // The solver says optimal, but rows exceed the bound: feasible.
    XCTAssertEqual(BenchRunner.check(result([[0], [1], [2]], bound: 2, status: .optimal), for: instance, optimum: nil).0, .feasible)
    XCTAssertEqual(BenchRunner.check(result([[0], [1], [2]], bound: 3), for: instance, optimum: 3).0, .optimal)
    // A time limit keeps its status unless the packing is proven optimal anyway.
    XCTAssertEqual(BenchRunner.check(result([[0], [1], [2]], bound: 2, status: .timeLimit), for: instance, optimum: nil).0, .timeLimit)
    XCTAssertEqual(BenchRunner.check(result([[0], [1], [2]], bound: 3, status: .timeLimit), for: instance, optimum: nil).0, .optimal)
  }
}

final class TimingTests: XCTestCase {
  /// Exact solves of at most 50 ms (`repeatedSolveLimit`) run
  /// `solveRepetitions` times (the times of all the runs reported, the first
  /// run's packing); slower ones once, unless the limit is raised; and by
  /// default every solve runs once.
  func testFastSolvesRepeatAndSlowOnesRunOnce() {
    // A stand-in solver whose run takes (it says) one millisecond per item.
    let solver = BenchAlgorithm(
      name: "stand-in", summary: "", kind: .exact,
      implementation: .solver { instance, _ in
        PackingResult(
          packing: Packing(rows: instance.widths.indices.map { [$0] }),
          lowerBound: LowerBound(value: 1, source: .l1), status: .feasible,
          elapsed: .milliseconds(instance.count), stage: .heuristic)
      })
    var settings = RunSettings()
    settings.solveRepetitions = 4
    let runner = BenchRunner(settings: settings)
    let fast = try! Instance(widths: [3, 3, 3], rowWidth: 10)
    let slow = try! Instance(widths: Array(repeating: 1, count: 51), rowWidth: 10)
    let (fastResult, fastTimings) = runner.execute(solver, on: fast)
    XCTAssertEqual(fastTimings.samples, Array(repeating: .milliseconds(3), count: 4))
    XCTAssertEqual(fastResult.packing?.rowCount, 3)
    XCTAssertEqual(runner.execute(solver, on: slow).1.samples.count, 1)
    XCTAssertEqual(BenchRunner(settings: RunSettings()).execute(solver, on: fast).1.samples.count, 1)
    settings.repeatedSolveLimit = .milliseconds(100)
    let raised = BenchRunner(settings: settings)
    XCTAssertEqual(raised.execute(solver, on: slow).1.samples, Array(repeating: .milliseconds(51), count: 4))
    XCTAssertNotEqual(raised.parameters(for: solver), runner.parameters(for: solver), "the limit enters the run key")
  }

  /// A child that repeats its fast solves is not killed for it: its hard
  /// limit has room for every repeat (each up to three times the
  /// repeated-solve limit, at most the time limit), beyond the time limit
  /// and grace that a single solve gets.
  func testHardLimitLeavesRoomForRepeatedSolves() {
    let solver = BenchAlgorithm(
      name: "stand-in", summary: "", kind: .exact,
      implementation: .solver { _, _ in PackingResult(packing: nil, lowerBound: LowerBound(value: 0, source: .none), status: .timeLimit) })
    var settings = RunSettings()
    settings.timeLimit = .seconds(1)
    let once = BenchRunner(settings: settings).hardLimit(for: solver)
    XCTAssertEqual(once, .seconds(2))
    settings.solveRepetitions = 5
    settings.repeatedSolveLimit = .seconds(1)
    // Five solves of just under a second each must fit.
    XCTAssertGreaterThanOrEqual(BenchRunner(settings: settings).hardLimit(for: solver), .seconds(5) + .seconds(1))
    settings.repeatedSolveLimit = .milliseconds(50)
    XCTAssertEqual(BenchRunner(settings: settings).hardLimit(for: solver), .seconds(2) + .milliseconds(600))
  }

  func testSamplesRepeatFastWorkAndKeepTheFirstResult() {
    var calls = 0
    let (result, timings) = measureTimings(samples: 4, minimumSampleTime: .microseconds(200)) { () -> Int in
      calls += 1
      return calls
    }
    XCTAssertEqual(result, 1)
    XCTAssertEqual(timings.samples.count, 4)
    XCTAssertGreaterThan(timings.batchSize, 1)
    // The first run, the calibration's timed batches (at least one: the
    // first run is shorter than a sample), then the samples.
    XCTAssertGreaterThan(calls, 1 + 4 * timings.batchSize)
    XCTAssertLessThanOrEqual(timings.minimum, timings.median)
    XCTAssertLessThanOrEqual(timings.median, timings.maximum)
  }

  func testMedian() {
    XCTAssertEqual(Timings.median(of: [.seconds(3), .seconds(1), .seconds(2)]), .seconds(2))
    XCTAssertEqual(Timings.median(of: [.seconds(4), .seconds(1), .seconds(2), .seconds(3)]), .milliseconds(2500))
    XCTAssertEqual(Timings.median(of: []), .zero)
  }
}
