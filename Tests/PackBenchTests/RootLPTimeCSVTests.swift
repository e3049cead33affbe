import Foundation
import PackBench
import RowPacking
import XCTest

/// The root LP time (`root_lp_ms`, the CSV's last column): written, read
/// back, absent from older files without harm, and carried by the worker's
/// JSON and the harness.
final class RootLPTimeCSVTests: XCTestCase {
  var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("packbench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

  /// A record of an exact run, with a run key, and a root LP time when given.
  func exactRecord(_ instance: String, rootLP: Duration?) -> RunRecord {
    var r = record("exact", instance, rows: 4, optimum: 4, status: .optimal, ms: 12.5, stage: "lp")
    r.nodes = 7
    r.seed = 42
    r.runKey = "key-" + instance
    r.rootLPTime = rootLP
    return r
  }

  /// The header of a packbench before the column, and a record's fields in it.
  let oldColumns = Array(RunRecord.columns.prefix { $0 != "root_lp_ms" })
  func oldFields(_ r: RunRecord) -> [String] { Array(r.fields.prefix(oldColumns.count)) }

  func testTheColumnIsLastAndRoundTrips() throws {
    XCTAssertEqual(RunRecord.columns.last, "root_lp_ms")
    XCTAssertEqual(oldColumns.count, RunRecord.columns.count - 1)
    let timed = exactRecord("a", rootLP: .nanoseconds(1_234_567_891))
    XCTAssertEqual(timed.fields.count, RunRecord.columns.count)
    XCTAssertEqual(timed.fields.last, "1234.567891")
    XCTAssertEqual(try RunRecord(fields: timed.fields, header: RunRecord.columns), timed)
    let untimed = exactRecord("b", rootLP: nil)
    XCTAssertEqual(untimed.fields.last, "")
    XCTAssertEqual(try RunRecord(fields: untimed.fields, header: RunRecord.columns), untimed)
    var bad = timed.fields
    bad[bad.count - 1] = "soon"
    XCTAssertThrowsError(try RunRecord(fields: bad, header: RunRecord.columns)) {
      XCTAssertEqual(($0 as? RecordParseError)?.column, "root_lp_ms")
    }
  }

  /// Files of older packbench versions (without the column, and the first
  /// version's 20 columns) read as before, the time empty.
  func testFilesWithoutTheColumnReadAsBefore() throws {
    let r = exactRecord("a", rootLP: .milliseconds(3))
    var expected = r
    expected.rootLPTime = nil
    let old = directory.appendingPathComponent("old.csv").path
    try (CSV.record(oldColumns) + CSV.record(oldFields(r))).write(toFile: old, atomically: true, encoding: .utf8)
    XCTAssertEqual(try ResultFile.read(old), [expected])
    let base = Array(RunRecord.columns.prefix(RunRecord.baseColumnCount))
    let first = directory.appendingPathComponent("first.csv").path
    try (CSV.record(base) + CSV.record(Array(r.fields.prefix(base.count)))).write(toFile: first, atomically: true, encoding: .utf8)
    let read = try XCTUnwrap(try ResultFile.read(first).first)
    XCTAssertNil(read.rootLPTime)
    XCTAssertEqual(read.rows, 4)
    XCTAssertEqual(read.nodes, 7)
    // A newer packbench's file (a column after ours) still reads by name.
    let newer = directory.appendingPathComponent("newer.csv").path
    try (CSV.record(RunRecord.columns + ["later"]) + CSV.record(r.fields + ["x"]))
      .write(toFile: newer, atomically: true, encoding: .utf8)
    XCTAssertEqual(try ResultFile.read(newer), [r])
  }

  /// `packbench run` resuming a file of an older packbench: the file gets
  /// the current header and its rows the empty column, their fields
  /// otherwise untouched; new rows follow with their time.
  func testResumingAnOlderFileWidensItThenAppends() throws {
    let a = exactRecord("a", rootLP: nil)
    let b = exactRecord("b", rootLP: .microseconds(2500))
    let path = directory.appendingPathComponent("resume.csv").path
    let oldRow = CSV.record(oldFields(a))
    try (CSV.record(oldColumns) + oldRow).write(toFile: path, atomically: true, encoding: .utf8)
    let file = try ResultFile(path: path)
    XCTAssertEqual(file.existing, [a])
    try file.append(b)
    try file.close()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertEqual(text, CSV.record(RunRecord.columns) + CSV.record(oldFields(a) + [""]) + CSV.record(b.fields))
    XCTAssertEqual(try ResultFile.read(path), [a, b])
    XCTAssertTrue(try CSV.parse(text).allSatisfy { $0.count == RunRecord.columns.count })
    // Columns in another order, or a newer packbench's, are refused rather than mixed.
    let other = directory.appendingPathComponent("other.csv").path
    try (CSV.record(RunRecord.columns + ["later"]) + CSV.record(b.fields + ["x"])).write(toFile: other, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try ResultFile(path: other)) { XCTAssertEqual($0 as? ResultFileError, .differentHeader(other)) }
  }

  /// The worker's JSON carries the time; a worker that predates it sends
  /// none, and its result still decodes.
  func testTheWorkerResultCarriesItAndOlderWorkersStillDecode() throws {
    let result = WorkerResult(
      rows: [[0, 1]], lowerBound: 1, boundSource: "LP", status: "optimal", message: nil, nodes: nil, stage: "lp",
      elapsedSeconds: 0.5, samplesSeconds: [0.5], batchSize: 1, rootLPSeconds: 0.25)
    let data = try JSONEncoder().encode(result)
    XCTAssertEqual(try JSONDecoder().decode(WorkerResult.self, from: data), result)
    var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertNotNil(object.removeValue(forKey: "rootLPSeconds"))
    let older = try JSONDecoder().decode(WorkerResult.self, from: try JSONSerialization.data(withJSONObject: object))
    XCTAssertNil(older.rootLPSeconds)
    XCTAssertEqual(older.elapsedSeconds, 0.5)
  }

  /// The harness copies a solver's root LP time into its record (and a
  /// real `exact` solve past the packers has one, within its time).
  func testTheHarnessRecordsTheSolversRootLPTime() throws {
    let set = directory.appendingPathComponent("set")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    // L1 = L2 = 3, but the LP bound is 4: past the packers, settled by the root LP.
    try "8\n100\n49\n49\n34\n34\n34\n33\n33\n33\n".write(to: set.appendingPathComponent("lp.txt"), atomically: true, encoding: .utf8)
    let stand = BenchAlgorithm(
      name: "stand-in", summary: "", kind: .exact,
      implementation: .solver { instance, _ in
        PackingResult(
          packing: Packing(rows: instance.widths.indices.map { [$0] }), lowerBound: LowerBound(value: 3, source: .l2),
          status: .feasible, elapsed: .milliseconds(9), stage: .rootLP, rootLPTime: .milliseconds(4))
      })
    let runner = BenchRunner(settings: RunSettings())
    let planned = try XCTUnwrap(runner.plan(try DatasetLocator().datasets(named: set.path)).first)
    XCTAssertEqual(runner.run(stand, on: planned).rootLPTime, .milliseconds(4))
    XCTAssertEqual(runner.run(stand, on: planned).fields.last, "4.000000")
    let exact = runner.run(try XCTUnwrap(BenchAlgorithms.named("exact")), on: planned)
    XCTAssertEqual(exact.status, .optimal)
    let root = try XCTUnwrap(exact.rootLPTime, "exact's root LP settled it, so it ran")
    XCTAssertLessThanOrEqual(root, exact.timeMaximum)
    let ffd = runner.run(try XCTUnwrap(BenchAlgorithms.named("first-fit-decreasing")), on: planned)
    XCTAssertNil(ffd.rootLPTime)
    XCTAssertEqual(ffd.fields.last, "")
  }
}
