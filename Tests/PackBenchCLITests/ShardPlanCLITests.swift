import Foundation
import TestSupport
import XCTest

/// The cluster path when tasks fail: the shard count fixed in a plan file,
/// a task resubmitted alone (a Slurm array of one) or requeued, and a merge
/// that says what is missing and fails unless --allow-partial.
final class ShardPlanCLITests: CLITestCase {
  /// `count` small instances and the options of a quick bench over them.
  func bench(count: Int) throws -> [String] {
    let dir = work.appendingPathComponent("set")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for i in 0..<count {
      let widths = (0..<(3 + i % 4)).map { String(3 + ($0 * 7 + i) % 6) }
      try (["\(widths.count)", "10"] + widths).joined(separator: "\n").appending("\n")
        .write(to: dir.appendingPathComponent(String(format: "i%02d.txt", i)), atomically: true, encoding: .utf8)
    }
    return ["--dataset", dir.path, "--algorithms", "next-fit,first-fit-decreasing", "--repetitions", "1", "--min-sample-ms", "0"]
  }

  func keys(_ csv: String) throws -> [String] {
    let lines = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    // By name: columns are added at the end (the fields read never hold commas).
    let column = try XCTUnwrap(lines.first?.components(separatedBy: ",").firstIndex(of: "run_key"))
    return lines.dropFirst().map { $0.components(separatedBy: ",")[column] }
  }

  /// A task of a job array, as Slurm starts scripts/slurm-shards.sh.
  func task(_ index: Int, of array: ClosedRange<Int>, shards: URL, options: [String]) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [TestData.packageRoot.appendingPathComponent("scripts/slurm-shards.sh").path] + options
    var environment = ProcessInfo.processInfo.environment
    environment["PACKBENCH"] = Self.binary.path
    environment["SHARDS_DIR"] = shards.path
    environment["SLURM_SUBMIT_DIR"] = TestData.packageRoot.path
    environment["SLURM_ARRAY_TASK_ID"] = String(index)
    environment["SLURM_ARRAY_TASK_MIN"] = String(array.lowerBound)
    environment["SLURM_ARRAY_TASK_MAX"] = String(array.upperBound)
    environment["SLURM_ARRAY_TASK_COUNT"] = String(array.count)
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
  }

  func testThePlanFixesTheShardCountForEveryTask() throws {
    let options = try bench(count: 9)
    let plan = work.appendingPathComponent("plan.json").path
    let made = try run(["plan"] + options + ["--shards", "4", "-o", plan])
    XCTAssertEqual(made.status, 0, made.stderr)
    XCTAssertTrue(made.stderr.contains("18 runs in 4 shards"), made.stderr)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: plan))) as! [String: Any]
    XCTAssertEqual(json["shards"] as? Int, 4)
    XCTAssertEqual((json["runKeys"] as? [String])?.count, 18)
    // Made again with the same options: kept; with another count: refused.
    XCTAssertEqual(try run(["plan"] + options + ["--shards", "4", "-o", plan]).status, 0)
    let other = try run(["plan"] + options + ["--shards", "3", "-o", plan])
    XCTAssertEqual(other.status, 1)
    XCTAssertTrue(other.stderr.contains("holds another plan: it has 4 shards, not 3"), other.stderr)

    // Task 3 takes its count from the plan: the runs of --shard 3/4.
    let csv = work.appendingPathComponent("shard-3.csv").path
    let task = try run(["run"] + options + ["--plan", plan, "--shard", "3", "-o", csv, "-q"])
    XCTAssertEqual(task.status, 0, task.stderr)
    let expected = try run(["plan"] + options + ["--shard", "3/4"]).stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(try keys(csv), expected)
    XCTAssertEqual(expected.count, 4, "positions 2, 6, 10, 14 of 18")
    let manifest = try String(contentsOfFile: csv + ".manifest.json", encoding: .utf8)
    XCTAssertTrue(manifest.contains("\"shard\" : \"3\\/4\""), manifest)

    // A count that contradicts the plan, an index beyond it, or options
    // that make other runs (another seed) are refused.
    var refused = try run(["run"] + options + ["--plan", plan, "--shard", "1/2", "-o", csv, "-q"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("the plan \(plan) has 4 shards"), refused.stderr)
    refused = try run(["run"] + options + ["--plan", plan, "--shard", "5", "-o", csv, "-q"])
    XCTAssertEqual(refused.status, 1)
    refused = try run(["run"] + options + ["--seed", "7", "--plan", plan, "--shard", "3", "-o", csv, "-q"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("these options do not make the plan"), refused.stderr)
    // --shard i alone without a plan names no count.
    XCTAssertNotEqual(try run(["run"] + options + ["--shard", "3", "-o", csv, "-q"]).status, 0)
  }

  /// The array 1-4 runs tasks 1, 2 and 4; task 3 is resubmitted alone
  /// (SLURM_ARRAY_TASK_COUNT 1), once with the options and once without,
  /// and run again as a requeue would: it takes the plan's count, runs
  /// nothing twice, and the merge equals a single run.
  func testATaskResubmittedAloneOrRequeuedTakesItsShareOfThePlan() throws {
    let options = try bench(count: 9)
    let shards = work.appendingPathComponent("shards")
    for i in [1, 2, 4] {
      let out = try task(i, of: 1...4, shards: shards, options: options)
      XCTAssertEqual(out.status, 0, out.stderr)
    }
    let planned = try run(["plan"] + options + ["--shard", "3/4"]).stdout.split(separator: "\n").map(String.init)
    // Merging now: 4 runs missing, all of shard 3.
    let merged = shards.appendingPathComponent("all.csv").path
    let files = [1, 2, 4].map { shards.appendingPathComponent("shard-\($0).csv").path }
    var merge = try run(["merge", "--plan", shards.appendingPathComponent("plan.json").path] + files + ["-o", merged])
    XCTAssertEqual(merge.status, 1, "an incomplete plan fails the merge")
    XCTAssertTrue(merge.stderr.contains("4 of the plan's 18 runs are missing"), merge.stderr)
    XCTAssertTrue(merge.stderr.contains("shard 3/4: no file (4 runs)"), merge.stderr)
    XCTAssertEqual(try keys(merged).count, 14, "the partial file is written all the same")
    merge = try run(["merge", "--allow-partial"] + files + ["-o", merged])
    XCTAssertEqual(merge.status, 0, merge.stderr)
    XCTAssertTrue(merge.stderr.contains("shard 3/4: no file (4 runs)"), "without --plan, from the manifests: " + merge.stderr)

    // sbatch --array=3: an array of one task, index 3.
    let alone = try task(3, of: 3...3, shards: shards, options: options)
    XCTAssertEqual(alone.status, 0, alone.stderr)
    let csv = shards.appendingPathComponent("shard-3.csv").path
    XCTAssertEqual(try keys(csv), planned)
    // Again without options (they are the plan's), then as a requeue: nothing is run twice.
    let bare = try task(3, of: 3...3, shards: shards, options: [])
    XCTAssertEqual(bare.status, 0, bare.stderr)
    let requeued = try task(3, of: 1...4, shards: shards, options: options)
    XCTAssertEqual(requeued.status, 0, requeued.stderr)
    XCTAssertEqual(try keys(csv), planned)

    let complete = try run(["merge", "--plan", shards.appendingPathComponent("plan.json").path] + files + [csv, "-o", merged])
    XCTAssertEqual(complete.status, 0, complete.stderr)
    let single = work.appendingPathComponent("single.csv").path
    XCTAssertEqual(try run(["run"] + options + ["-o", single, "-q"]).status, 0)
    XCTAssertEqual(try keys(merged), try keys(single))
  }

  /// A first submission that is not an array 1-N cannot make the plan.
  func testAFirstSubmissionOfOneTaskIsRefused() throws {
    let options = try bench(count: 3)
    let shards = work.appendingPathComponent("shards")
    let out = try task(3, of: 3...3, shards: shards, options: options)
    XCTAssertEqual(out.status, 1)
    XCTAssertTrue(out.stderr.contains("is not 1-N"), out.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: shards.appendingPathComponent("plan.json").path))
  }
}
