import Foundation
import TestSupport
import XCTest

/// The research harness through the binary: child processes and their
/// limits, crash-safe resuming, shards and merging, reports.
final class HarnessCLITests: CLITestCase {
  /// A folder of `count` small instances (n = 3 ... ) and an optima file.
  func makeSet(_ name: String, count: Int) throws -> URL {
    let dir = work.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for i in 0..<count {
      let n = 3 + i % 5
      let widths = (0..<n).map { 3 + ($0 * 7 + i) % 6 }
      try ([String(n), "10"] + widths.map(String.init)).joined(separator: "\n").appending("\n")
        .write(to: dir.appendingPathComponent(String(format: "i%02d.txt", i)), atomically: true, encoding: .utf8)
    }
    return dir
  }

  func table(_ path: String) throws -> [[String: String]] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let header = lines[0].components(separatedBy: ",")
    // The fields used below never hold commas.
    return lines.dropFirst().map { line in
      Dictionary(uniqueKeysWithValues: zip(header, line.components(separatedBy: ",")).map { ($0, $1) })
    }
  }

  func testAChildThatSleepsPastTheLimitIsKilledAndBecomesTimelimit() throws {
    let dir = try makeSet("set", count: 1)
    try "2\n10\n6\nx\n".write(to: dir.appendingPathComponent("zz-bad.txt"), atomically: true, encoding: .utf8)
    let csv = work.appendingPathComponent("sleep.csv").path
    let start = Date()
    let out = try run(["run", "--dataset", dir.path, "--algorithms", "test-sleep", "--time-limit", "0.5", "-o", csv, "-q"], faults: true)
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertEqual(out.status, 0, out.stderr)
    let rows = try table(csv)
    XCTAssertEqual(rows.count, 2)
    XCTAssertEqual(rows[0]["status"], "timelimit")
    XCTAssertEqual(rows[0]["rows"], "")
    // Killed at the limit plus the grace period (1 s), not an hour later.
    let measured = try XCTUnwrap(Double(rows[0]["time_ms"]!))
    XCTAssertGreaterThanOrEqual(measured, 1400)
    XCTAssertLessThan(elapsed, 30)
    // A malformed instance is an error row, and the run went on past it.
    XCTAssertEqual(rows[1]["instance"], "zz-bad")
    XCTAssertEqual(rows[1]["status"], "error")
  }

  func testAChildThatAllocatesWithoutBoundBecomesMemlimitAndACrashIsACrash() throws {
    let dir = try makeSet("set", count: 1)
    let csv = work.appendingPathComponent("faults.csv").path
    let out = try run(
      ["run", "--dataset", dir.path, "--algorithms", "test-allocate,test-crash,test-claim,first-fit-decreasing",
       "--memory-limit", "512", "--time-limit", "20", "-o", csv, "-q"], faults: true)
    XCTAssertEqual(out.status, 2, "test-claim's packing is wrong: exit status 2\n" + out.stderr)
    let rows = try table(csv)
    XCTAssertEqual(rows.map { $0["algorithm"]! }, ["test-allocate", "test-crash", "test-claim", "first-fit-decreasing"])
    XCTAssertEqual(rows[0]["status"], "memlimit")
    XCTAssertEqual(rows[1]["status"], "crash")
    XCTAssertTrue(rows[1]["message"]!.contains("SIGSEGV"), rows[1]["message"]!)
    // The child claimed one optimal row; the parent verified it and said no.
    XCTAssertEqual(rows[2]["status"], "wrong")
    XCTAssertEqual(rows[2]["verified"], "false")
    XCTAssertEqual(rows[3]["status"], "optimal")
  }

  func testARunKilledHalfWayAndRunAgainLosesAndDuplicatesNothing() throws {
    let dir = try makeSet("set", count: 24)
    let csv = work.appendingPathComponent("resume.csv").path
    let options = ["--dataset", dir.path, "--algorithms", "first-fit-decreasing,next-fit", "--isolation", "always",
                   "--repetitions", "1", "--min-sample-ms", "0"]
    let arguments = ["run"] + options + ["-o", csv, "-q"]
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait for a few finished rows, then SIGKILL.
    var before: [String] = []
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let text = (try? String(contentsOfFile: csv, encoding: .utf8)) ?? ""
      if text.components(separatedBy: "\r\n").count > 6 { break }
      usleep(2_000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    let killedText = try String(contentsOfFile: csv, encoding: .utf8)
    before = killedText.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    XCTAssertGreaterThanOrEqual(before.count, 4)
    XCTAssertLessThan(before.count, 48, "the run finished before it was killed; the test proves nothing")

    let again = try run(arguments)
    XCTAssertEqual(again.status, 0, again.stderr)
    let after = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    XCTAssertEqual(after.count, 48)
    let keys = try table(csv).map { $0["run_key"]! }
    XCTAssertEqual(Set(keys).count, 48, "a run key is duplicated")
    // Every row finished before the kill is still there, unchanged (a torn
    // last line, if any, was dropped and run again).
    for line in before where killedText.contains(line + "\r\n") {
      XCTAssertTrue(after.contains(line), "lost: \(line)")
    }
    // And the keys are those that plan prints.
    let plan = try run(["plan"] + options)
    XCTAssertEqual(plan.status, 0, plan.stderr)
    XCTAssertEqual(Set(plan.stdout.split(separator: "\n").map(String.init)), Set(keys))
  }

  func testRetryFailedReplacesFailedRowsWithoutDuplicating() throws {
    let dir = try makeSet("set", count: 2)
    let csv = work.appendingPathComponent("retry.csv").path
    let arguments = ["run", "--dataset", dir.path, "--algorithms", "test-crash,next-fit", "-o", csv, "-q",
                     "--repetitions", "1", "--min-sample-ms", "0"]
    XCTAssertEqual(try run(arguments, faults: true).status, 0)
    let first = try table(csv)
    XCTAssertEqual(first.count, 4)
    let skip = try run(arguments, faults: true)
    XCTAssertEqual(try table(csv), first, "a rerun without --retry-failed changes nothing")
    XCTAssertEqual(skip.status, 0)
    XCTAssertEqual(try run(arguments + ["--retry-failed"], faults: true).status, 0)
    let retried = try table(csv)
    XCTAssertEqual(retried.count, 4)
    XCTAssertEqual(retried.map { $0["run_key"]! }.sorted(), first.map { $0["run_key"]! }.sorted())
    // The next-fit rows were not rerun; the crash rows were (new timings).
    XCTAssertEqual(retried.filter { $0["algorithm"] == "next-fit" }, first.filter { $0["algorithm"] == "next-fit" })
    XCTAssertTrue(retried.filter { $0["algorithm"] == "test-crash" }.allSatisfy { $0["status"] == "crash" })
    // --fresh starts anew: every run again (a row tampered with is made
    // again, where a plain rerun would skip it), none duplicated.
    let text = try String(contentsOfFile: csv, encoding: .utf8)
    try text.replacingOccurrences(of: ",optimal,", with: ",feasible,").write(toFile: csv, atomically: true, encoding: .utf8)
    XCTAssertEqual(try run(arguments, faults: true).status, 0)
    XCTAssertFalse(try table(csv).contains { $0["status"] == "optimal" })
    let fresh = try run(arguments + ["--fresh"], faults: true)
    XCTAssertEqual(fresh.status, 0, fresh.stderr)
    XCTAssertEqual(try table(csv).filter { $0["status"] == "optimal" }.count, 2)
    XCTAssertEqual(try table(csv).map { $0["run_key"]! }.sorted(), first.map { $0["run_key"]! }.sorted())
  }

  func testTwoShardsMergedEqualASingleRun() throws {
    let dir = try makeSet("set", count: 7)
    let common = ["--dataset", dir.path, "--algorithms", "next-fit,first-fit-decreasing,knapsack-rows", "--repetitions", "1",
                  "--min-sample-ms", "0", "-q"]
    let single = work.appendingPathComponent("single.csv").path
    let part1 = work.appendingPathComponent("part1.csv").path, part2 = work.appendingPathComponent("part2.csv").path
    XCTAssertEqual(try run(["run"] + common + ["-o", single]).status, 0)
    XCTAssertEqual(try run(["run"] + common + ["-o", part1, "--shard", "1/2"]).status, 0)
    XCTAssertEqual(try run(["run"] + common + ["-o", part2, "--shard", "2/2"]).status, 0)
    let merged = work.appendingPathComponent("merged.csv").path
    let out = try run(["merge", part1, part2, "-o", merged])
    XCTAssertEqual(out.status, 0, out.stderr)
    let timing: Set<String> = ["time_ms", "time_ms_min", "time_ms_max", "time_ms_p90", "time_ms_iqr", "outliers"]
    func strip(_ rows: [[String: String]]) -> [[String: String]] { rows.map { $0.filter { !timing.contains($0.key) } } }
    let p1 = try table(part1), p2 = try table(part2)
    XCTAssertEqual(p1.count + p2.count, 21)
    XCTAssertTrue(Set(p1.map { $0["run_key"]! }).isDisjoint(with: p2.map { $0["run_key"]! }))
    XCTAssertEqual(strip(try table(merged)), strip(try table(single)))
    // Two jobs at once: the same rows, in the plan's order.
    let parallel = work.appendingPathComponent("parallel.csv").path
    let two = try run(["run"] + common + ["-o", parallel, "--jobs", "2"])
    XCTAssertEqual(two.status, 0, two.stderr)
    XCTAssertEqual(strip(try table(parallel)), strip(try table(single)))
    // Shards of another configuration (another seed) are refused.
    let other = work.appendingPathComponent("other.csv").path
    XCTAssertEqual(try run(["run"] + common + ["-o", other, "--shard", "2/2", "--seed", "9"]).status, 0)
    let refused = try run(["merge", part1, other, "-o", work.appendingPathComponent("bad.csv").path])
    XCTAssertNotEqual(refused.status, 0)
    XCTAssertTrue(refused.stderr.contains("configurations differ"), refused.stderr)
  }

  /// `exact`'s root LP time reaches the CSV from its child process; a file
  /// of a packbench without the column, resumed, is widened and completed.
  func testRootLPTimeReachesTheCSVAndOlderFilesResume() throws {
    let dir = work.appendingPathComponent("lpset")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    // L1 = L2 = 3, but the LP bound is 4: settled by the root LP.
    try "8\n100\n49\n49\n34\n34\n34\n33\n33\n33\n".write(to: dir.appendingPathComponent("lp.txt"), atomically: true, encoding: .utf8)
    let csv = work.appendingPathComponent("root.csv").path
    let arguments = ["run", "--dataset", dir.path, "--algorithms", "exact,next-fit", "--repetitions", "1", "-o", csv, "-q"]
    let out = try run(arguments)
    XCTAssertEqual(out.status, 0, out.stderr)
    let rows = try table(csv)
    XCTAssertEqual(rows.map { $0["algorithm"]! }, ["exact", "next-fit"])
    XCTAssertEqual(rows[0]["stage"], "lp")
    let root = try XCTUnwrap(Double(rows[0]["root_lp_ms"]!), "exact's row: \(rows[0])")
    XCTAssertGreaterThan(root, 0)
    XCTAssertLessThanOrEqual(root, try XCTUnwrap(Double(rows[0]["time_ms_max"]!)))
    XCTAssertEqual(rows[1]["root_lp_ms"], "")
    // The same file as an older packbench wrote it (no root_lp_ms), the
    // exact run not yet done: the rerun widens it and runs only that one.
    let lines = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let cut = { (line: String) in line.components(separatedBy: ",").dropLast().joined(separator: ",") }
    try ([cut(lines[0]), cut(lines[2])].joined(separator: "\r\n") + "\r\n").write(toFile: csv, atomically: true, encoding: .utf8)
    let again = try run(arguments)
    XCTAssertEqual(again.status, 0, again.stderr)
    let resumed = try table(csv)
    XCTAssertEqual(resumed.map { $0["algorithm"]! }.sorted(), ["exact", "next-fit"])
    XCTAssertEqual(resumed.first { $0["algorithm"] == "next-fit" }?["run_key"], rows[1]["run_key"])
    XCTAssertEqual(resumed.first { $0["algorithm"] == "next-fit" }?["root_lp_ms"], "")
    XCTAssertNotNil(Double(resumed.first { $0["algorithm"] == "exact" }?["root_lp_ms"] ?? ""))
    let header = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n")[0]
    XCTAssertTrue(header.hasSuffix(",run_key,root_lp_ms"), header)
  }

  func testReportWritesTablesChartsAndTheProfile() throws {
    let dir = try makeSet("set", count: 6)
    let csv = work.appendingPathComponent("r.csv").path
    XCTAssertEqual(try run(["run", "--dataset", dir.path, "--algorithms", "next-fit,knapsack-rows", "--micro", "--micro-samples", "10",
                            "--micro-total-ms", "1", "-o", csv, "-q"]).status, 0)
    let rows = try table(csv)
    XCTAssertTrue(rows.allSatisfy { Int($0["repetitions"]!)! >= 10 && !$0["time_ms_p90"]!.isEmpty && !$0["outliers"]!.isEmpty })
    let html = work.appendingPathComponent("r.html").path, md = work.appendingPathComponent("r.md").path
    let profile = work.appendingPathComponent("p.csv").path
    let out = try run(["report", csv, "--html", html, "--markdown", md, "--profile-csv", profile])
    XCTAssertEqual(out.status, 0, out.stderr)
    let page = try String(contentsOfFile: html, encoding: .utf8)
    XCTAssertEqual(page.components(separatedBy: "<svg").count - 1, 3)
    let summary = try String(contentsOfFile: md, encoding: .utf8)
    XCTAssertTrue(summary.contains("| set | next-fit | 6 |"), summary)
    XCTAssertTrue(summary.contains("sgm time (ms, shift 1 ms)"), summary)
    XCTAssertTrue(summary.contains("Machine:"), summary)
    XCTAssertTrue(summary.contains("### Heuristic timings"), summary)
    XCTAssertTrue(summary.contains("| knapsack-rows | 6 |"), summary)
    XCTAssertTrue(try String(contentsOfFile: profile, encoding: .utf8).hasPrefix("algorithm,tau,rho,problems"))
  }
}
