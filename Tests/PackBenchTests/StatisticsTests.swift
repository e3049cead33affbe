import Foundation
import PackBench
import RowPacking
import XCTest

func record(_ algorithm: String, _ instance: String, rows: Int?, optimum: Int, status: SolveStatus, ms: Double, stage: String? = nil) -> RunRecord {
  RunRecord(
    dataset: "set", instance: instance, itemCount: 10, capacity: 100, spacing: 0, algorithm: algorithm, rows: rows,
    lowerBound: optimum, boundSource: .l2, optimum: optimum, status: status, verified: rows != nil,
    timeMedian: .microseconds(Int64(ms * 1000)), timeMinimum: .zero, timeMaximum: .zero, repetitions: 1, nodes: nil,
    stage: stage)
}

final class StatisticsTests: XCTestCase {
  func testShiftedGeometricMeanByHand() throws {
    // exp(mean(ln(t + 10))) - 10 over 1, 10, 100 s is the cube root of 11 * 20 * 110, minus 10.
    let sgm = try XCTUnwrap(BenchStatistics.shiftedGeometricMean([1, 10, 100], shift: 10))
    XCTAssertEqual(sgm, pow(24200, 1.0 / 3) - 10, accuracy: 1e-9)
    XCTAssertEqual(sgm, 18.9244, accuracy: 1e-3)
    // No shift: the plain geometric mean; sqrt(2 * 8) = 4.
    XCTAssertEqual(try XCTUnwrap(BenchStatistics.shiftedGeometricMean([2, 8], shift: 0)), 4, accuracy: 1e-12)
    // Equal times: the time itself, whatever the shift.
    XCTAssertEqual(try XCTUnwrap(BenchStatistics.shiftedGeometricMean([3, 3, 3], shift: 1)), 3, accuracy: 1e-12)
    XCTAssertNil(BenchStatistics.shiftedGeometricMean([], shift: 1))
  }

  func testPerformanceProfileByHand() {
    // Three problems; A: 1 s, 2 s, unsolved; B: 2 s, 1 s, 4 s.
    // Best: 1, 1, 4. Ratios A: 1, 2, inf; B: 2, 1, 1.
    let ratios = BenchStatistics.performanceRatios([[1, 2, nil], [2, 1, 4]])
    XCTAssertEqual(ratios, [[1, 2], [1, 1, 2]])
    let rho = { (s: Int, tau: Double) in BenchStatistics.profileValue(ratios: ratios[s], problems: 3, at: tau) }
    XCTAssertEqual(rho(0, 1), 1.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(rho(0, 1.99), 1.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(rho(0, 2), 2.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(rho(0, 1000), 2.0 / 3, accuracy: 1e-12, "an unsolved problem never counts")
    XCTAssertEqual(rho(1, 1), 2.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(rho(1, 2), 1, accuracy: 1e-12)
    // A problem nobody solves stays in the denominator.
    let none = BenchStatistics.performanceRatios([[1, nil], [3, nil]])
    XCTAssertEqual(none, [[1], [3]])
    XCTAssertEqual(BenchStatistics.profileValue(ratios: none[1], problems: 2, at: 3), 0.5)
  }

  func testQuantilesIQRAndOutliersByHand() {
    // 1 ... 9 ms and one 100 ms sample. Type-7 quantiles: Q1 at h = 2.25 -> 3.25,
    // Q3 at h = 6.75 -> 7.75, IQR 4.5, upper fence 7.75 + 6.75 = 14.5: one outlier.
    // p90 at h = 8.1 -> 9 + 0.1 * (100 - 9) = 18.1.
    let timings = Timings(samples: ((1...9).map { Duration.milliseconds($0) } + [.milliseconds(100)]).shuffled(), batchSize: 1)
    XCTAssertEqual(timings.quantile(0.25).milliseconds, 3.25, accuracy: 1e-9)
    XCTAssertEqual(timings.interquartileRange.milliseconds, 4.5, accuracy: 1e-9)
    XCTAssertEqual(timings.p90.milliseconds, 18.1, accuracy: 1e-9)
    XCTAssertEqual(timings.outliers, 1)
    XCTAssertEqual(timings.median.milliseconds, 5.5, accuracy: 1e-9)
    XCTAssertEqual(Timings(samples: (1...9).map { Duration.milliseconds($0) }, batchSize: 1).outliers, 0)
  }

  func testMicroModeTakesAtLeastTheSamplesAndTheTotalTime() {
    var calls = 0
    let micro = MicroTiming(warmups: 2, minimumSamples: 12, minimumTotalTime: .milliseconds(20))
    let clock = ContinuousClock()
    let start = clock.now
    let (first, timings) = measureMicroTimings(micro, minimumSampleTime: .microseconds(100)) { () -> Int in
      calls += 1
      return calls
    }
    XCTAssertEqual(first, 1)
    XCTAssertGreaterThanOrEqual(timings.samples.count, 12)
    XCTAssertGreaterThanOrEqual(clock.now - start, .milliseconds(20))
    // The first run, the calibration's timed batches (at least one: the
    // first run is shorter than a sample), the warm-ups and the samples.
    XCTAssertGreaterThan(calls, 1 + (2 + timings.samples.count) * timings.batchSize)
  }

  /// A first run much slower than the others (a cold cache) must not set
  /// the batch: it suggested 2 runs of about a nanosecond for samples of
  /// 100 us, and micro mode then stopped at its most samples before its
  /// total time (seen in CI). The calibration times batches until one lasts
  /// the sample time.
  func testCalibrationIsNotMisledByASlowFirstRun() {
    let clock = ContinuousClock()
    var calls = 0
    let (_, timings) = measureTimings(samples: 3, minimumSampleTime: .microseconds(100)) { () -> Int in
      calls += 1
      if calls == 1 {
        let start = clock.now
        while clock.now - start < .microseconds(50) {}
      }
      return calls
    }
    XCTAssertGreaterThan(timings.batchSize, 1_000, "a batch of the later runs lasting 100 us")
  }

  func testFNV1aTestVectors() {
    XCTAssertEqual(FNV1a64.hex(of: ""), "cbf29ce484222325")
    XCTAssertEqual(FNV1a64.hex(of: "a"), "af63dc4c8601ec8c")
    XCTAssertEqual(FNV1a64.hex(of: "foobar"), "85944171f73967e8")
  }


  func testReportLinesCountDeviationsAndChargeUnsolvedExactRunsTheLimit() throws {
    let records = [
      record("first-fit-decreasing", "a", rows: 5, optimum: 5, status: .optimal, ms: 1),
      record("first-fit-decreasing", "b", rows: 6, optimum: 5, status: .feasible, ms: 3),
      record("first-fit-decreasing", "c", rows: 8, optimum: 5, status: .feasible, ms: 2),
      record("peer", "a", rows: 5, optimum: 5, status: .optimal, ms: 2000, stage: "cp-sat"),
      record("peer", "b", rows: nil, optimum: 5, status: .timeLimit, ms: 10500, stage: "cp-sat"),
      record("peer", "c", rows: 5, optimum: 5, status: .optimal, ms: 1000, stage: "cp-sat"),
      record("peer2", "a", rows: 5, optimum: 5, status: .optimal, ms: 1000, stage: "highs"),
      record("peer2", "b", rows: 5, optimum: 5, status: .optimal, ms: 5000, stage: "highs"),
      record("peer2", "c", rows: 6, optimum: 5, status: .timeLimit, ms: 30000, stage: "highs"),
    ]
    let manifest = Manifest(
      configuration: .init(
        algorithms: ["first-fit-decreasing", "peer", "peer2"], parameters: [:], datasets: ["set"], seed: 1, timeLimitSeconds: 30,
        memoryLimitBytes: nil, repetitions: 1, minimumSampleMilliseconds: 0, micro: nil, isolation: "auto", plannedRuns: 6),
      shard: "", jobs: 1, software: .init(packbench: "0", commit: "", swift: "6", glpk: ""),
      machine: .init(os: "os", cpu: "cpu", cores: 2, memoryBytes: 1 << 30, hostname: "h"), instances: [], created: "")
    let report = BenchReport(records: records, manifest: manifest)
    XCTAssertEqual(report.tables.map(\.title), ["Exact solvers", "Heuristics"])
    let ffd = try XCTUnwrap(report.tables[1].lines.first)
    XCTAssertEqual([ffd.instances, ffd.provenOptimal, ffd.reached, ffd.plusOne, ffd.plusTwoOrMore, ffd.noPacking], [3, 1, 1, 1, 1, 0])
    XCTAssertEqual(ffd.largestDeviation, 3)
    XCTAssertEqual(try XCTUnwrap(ffd.meanGap), 4.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(ffd.medianTime), 2, accuracy: 1e-9)
    let peer = try XCTUnwrap(report.tables[0].lines.first)
    XCTAssertEqual(peer.noPacking, 1)
    // Times 2 s, 30 s (the limit, not the 10.5 s it ran), 1 s.
    XCTAssertEqual(try XCTUnwrap(peer.meanTime), 11, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(peer.shiftedGeometricMeanTime), pow(12.0 * 40 * 11, 1.0 / 3) - 10, accuracy: 1e-9)
    XCTAssertTrue(report.markdown.contains("sgm time (s, shift 10 s)"))
    XCTAssertTrue(report.markdown.contains("sgm time (ms, shift 1 ms)"))
    XCTAssertTrue(report.caption.contains("Time limit 30 s"))
    // Profiles, one per group. Exact: the peer proves a in 2 s and c in 1 s;
    // peer2 proves a in 1 s and b in 5 s. Best: a 1 s, b 5 s, c 1 s.
    // Ratios: peer 2 (a), 1 (c); peer2 1 (a), 1 (b).
    XCTAssertEqual(report.profiles.map(\.algorithms), [["peer", "peer2"], ["first-fit-decreasing"]])
    XCTAssertEqual(report.profiles[0].problems, 3)
    XCTAssertEqual(report.profiles[0].ratios, [[1, 2], [1, 1]])
    // Heuristics: FFD reaches the optimum on a only.
    XCTAssertEqual(report.profiles[1].ratios, [[1]])
    XCTAssertTrue(report.profileCSV.contains("peer,2,0.666667,3\r\n"), report.profileCSV)
    XCTAssertEqual(
      report.gapDistribution.map(\.counts), [[1, 1, 0, 1, 0, 0, 0], [2, 0, 0, 0, 0, 0, 1], [2, 1, 0, 0, 0, 0, 0]])
    XCTAssertTrue(report.html(title: "t").contains("<svg"))
  }
}

final class ResultFileTests: XCTestCase {
  func testATornLastLineIsDroppedAndLaterRowsAppend() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("packbench-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var a = record("next-fit", "a", rows: 5, optimum: 5, status: .optimal, ms: 1)
    a.runKey = "k1"
    var b = a
    b.instance = "b"
    b.runKey = "k2"
    let full = CSV.record(RunRecord.columns) + CSV.record(a.fields)
    let torn = String(CSV.record(b.fields).prefix(30))
    try (full + torn).write(toFile: path, atomically: true, encoding: .utf8)
    let file = try ResultFile(path: path)
    XCTAssertEqual(file.existing.map(\.runKey), ["k1"])
    try file.append(b)
    try file.close()
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), full + CSV.record(b.fields))
    // A retried run: the last row of a key wins, in the place of the first.
    var retried = a
    retried.rows = 6
    XCTAssertEqual(ResultFile.lastPerKey([a, b, retried]).map { $0.rows }, [6, 5])
    // Another header is refused rather than mixed.
    try "x,y\r\n1,2\r\n".write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try ResultFile(path: path))
  }
}
