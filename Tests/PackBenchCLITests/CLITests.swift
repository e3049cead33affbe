import Foundation
import TestSupport
import XCTest

/// Runs the built `packbench` binary as a user would.
class CLITestCase: XCTestCase {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static var binary: URL {
    // The test bundle sits in the build directory next to the executable.
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("packbench")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return TestData.packageRoot.appendingPathComponent(".build/debug/packbench")
  }

  var work: URL!

  override func setUpWithError() throws {
    guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
      throw XCTSkip("the packbench executable was not found at \(Self.binary.path); build it with 'swift build'")
    }
    work = FileManager.default.temporaryDirectory.appendingPathComponent("packbench-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { if let work { try? FileManager.default.removeItem(at: work) } }

  func run(_ arguments: [String], in directory: URL? = nil, faults: Bool = false) throws -> Output {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    if faults {
      var environment = ProcessInfo.processInfo.environment
      environment["PACKBENCH_TEST_FAULTS"] = "1"
      process.environment = environment
    }
    process.currentDirectoryURL = directory ?? TestData.packageRoot
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
  }

  func write(_ text: String, to name: String) throws -> String {
    let url = work.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

}

final class CLITests: CLITestCase {
  func testSolveShowsRowsBoundGapAndTheRows() throws {
    let file = try write("4\n100\n60\n60\n40\n40\n", to: "four.txt")
    let out = try run(["solve", file, "--algorithm", "first-fit-decreasing"])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertTrue(out.stdout.contains("rows:        2"), out.stdout)
    XCTAssertTrue(out.stdout.contains("lower bound: 2 (L1)"), out.stdout)
    XCTAssertTrue(out.stdout.contains("optimal (rows = lower bound), verified"), out.stdout)
    XCTAssertTrue(out.stdout.contains("row 1: 100/100  [0 2]"), out.stdout)
  }

  func testSolveAsJSONWithSpacing() throws {
    let file = try write("2\n100\n45\n45\n", to: "two.txt")
    let out = try run(["solve", file, "--spacing", "10", "--format", "json"])
    XCTAssertEqual(out.status, 0, out.stderr)
    let json = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(json?["rows"] as? Int, 1)
    XCTAssertEqual(json?["spacing"] as? Double, 10)
    XCTAssertEqual(json?["status"] as? String, "optimal")
    XCTAssertEqual(json?["packing"] as? [[Int]], [[0, 1]])
  }

  func testFractionalWidthsSayWhetherOptimalityIsProvenForTheTrueWidths() throws {
    // Widths in thirds of a point: scaled at 1000 units per point, rounded safely.
    let proven = try write("# spacing: 8\n3\n358\n100.3333333\n120.6666667\n64.25\n", to: "thirds.txt")
    let out = try run(["solve", proven, "--algorithm", "exact"])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertTrue(out.stdout.contains("rounded safely"), out.stdout)
    XCTAssertTrue(out.stdout.contains("certificate: optimal for the true widths"), out.stdout)
    // Next-fit in this order needs 3 rows where 2 suffice: no certificate.
    let wasteful = try write("4\n10.5\n6.25\n5.25\n4.25\n5.25\n", to: "wasteful.txt")
    let nf = try run(["solve", wasteful, "--algorithm", "next-fit"])
    XCTAssertEqual(nf.status, 0, nf.stderr)
    XCTAssertTrue(nf.stdout.contains("rows:        3"), nf.stdout)
    XCTAssertTrue(nf.stdout.contains("certificate: none; optimality is not proven for the true widths"), nf.stdout)
  }

  func testExactSolveNamesItsStageAndVerboseShowsGLPKsLog() throws {
    // L1 = L2 = 3 but no three rows hold them (the LP bound is 4): settled by the LP stage.
    let file = try write("8\n100\n49\n49\n34\n34\n34\n33\n33\n33\n", to: "lp.txt")
    let out = try run(["solve", file, "--algorithm", "exact", "--verbose"])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertTrue(out.stdout.contains("rows:        4"), out.stdout)
    XCTAssertTrue(out.stdout.contains("lower bound: 4 (LP)"), out.stdout)
    XCTAssertTrue(out.stdout.contains("stage:       lp"), out.stdout)
    // The root LP settled it, so it ended: when, from the child's solve.
    XCTAssertTrue(out.stdout.contains("root LP:     ended "), out.stdout)
    // The child process's GLPK log reaches stderr (simplex lines "obj = ").
    XCTAssertTrue(out.stderr.contains("obj ="), out.stderr)
    let quiet = try run(["solve", file, "--algorithm", "exact"])
    XCTAssertFalse(quiet.stderr.contains("obj ="), quiet.stderr)
  }

  func testBadInputExitsNonZeroNamingFileAndLine() throws {
    let file = try write("3\n100\n60\n-4\n40\n", to: "bad.txt")
    let out = try run(["solve", file])
    XCTAssertEqual(out.status, 1)
    XCTAssertTrue(out.stderr.contains("bad.txt:4: the width -4 is negative"), out.stderr)
    let wide = try write("2\n100\n60\n140\n", to: "wide.txt")
    let wideOut = try run(["solve", wide])
    XCTAssertEqual(wideOut.status, 1)
    XCTAssertTrue(wideOut.stderr.contains("wide.txt:4: item 2 (width 140) is wider than the row"), wideOut.stderr)
    let missing = try run(["solve", work.appendingPathComponent("none.txt").path])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)
    let unknown = try run(["solve", file, "--algorithm", "worst-fit"])
    XCTAssertNotEqual(unknown.status, 0)
    XCTAssertTrue(unknown.stderr.contains("worst-fit"), unknown.stderr)
  }

  func testRunWritesTheCSVColumnsInOrder() throws {
    let dir = work.appendingPathComponent("set")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try "3\n10\n6\n6\n6\n".write(to: dir.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
    try "2\n10\n6\nx\n".write(to: dir.appendingPathComponent("b.txt"), atomically: true, encoding: .utf8)
    let csv = work.appendingPathComponent("out.csv").path
    let out = try run(["run", "--dataset", dir.path, "--algorithms", "next-fit,knapsack-rows", "--output", csv, "--repetitions", "2"])
    XCTAssertEqual(out.status, 0, out.stderr)
    let lines = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    XCTAssertEqual(lines.first, "dataset,instance,n,capacity,spacing,algorithm,rows,lower_bound,bound_source,optimum,gap,status,verified,time_ms,time_ms_min,time_ms_max,repetitions,nodes,stage,message,time_ms_p90,time_ms_iqr,outliers,seed,run_key,root_lp_ms")
    XCTAssertEqual(lines.count, 5)
    XCTAssertTrue(lines[1].hasPrefix("set,a,3,10,0,next-fit,3,3,L2,,0,optimal,true,"), lines[1])
    XCTAssertTrue(lines.contains { $0.hasPrefix("set,b,0,0,0,next-fit,,0,,,,error,false,") && $0.contains("b.txt:4:") }, lines.joined(separator: "\n"))
    XCTAssertTrue(out.stdout.contains("proven optimal"), out.stdout)
  }

  func testRunWithNoDatasetRunsTheBundledDefault() throws {
    let csv = work.appendingPathComponent("default.csv").path
    let out = try run(["run", "--output", csv, "--repetitions", "1", "--min-sample-ms", "0"])
    XCTAssertEqual(out.status, 0, out.stderr)
    for set in ["uniform", "triplets", "perfect"] { XCTAssertTrue(out.stdout.contains(set), out.stdout) }
    // The packers and the exact solver, so every gap is against a proven optimum:
    // `uniform` has no optimum in optima.tsv, and exact proves all ten.
    XCTAssertTrue(out.stdout.contains("180 runs over 30 instances"), out.stdout)
    let exactUniform = out.stdout.split(separator: "\n").first { $0.hasPrefix("uniform") && $0.contains(" exact ") }
    XCTAssertNotNil(exactUniform, out.stdout)
    XCTAssertTrue(exactUniform?.contains("10/10") ?? false, out.stdout)
    let nextFitUniform = out.stdout.split(separator: "\n").first { $0.hasPrefix("uniform") && $0.contains(" next-fit ") }
    XCTAssertTrue(nextFitUniform?.contains("/10") ?? false, "gaps against the proven optima: \(out.stdout)")
  }

  /// A folder below the one holding optima.tsv finds it; --optima names one.
  func testOptimaAreFoundAboveTheDatasetFolderOrNamed() throws {
    let set = work.appendingPathComponent("collection/instances/alpha")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    try "3\n10\n6\n6\n6\n".write(to: set.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
    try "set\tinstance\tn\tcapacity\toptimum\nalpha\ta\t3\t10\t3\n"
      .write(to: work.appendingPathComponent("collection/optima.tsv"), atomically: true, encoding: .utf8)
    let csv = work.appendingPathComponent("out.csv").path
    let found = try run(["run", "--dataset", set.path, "--algorithms", "next-fit", "-o", csv, "--fresh"])
    XCTAssertEqual(found.status, 0, found.stderr)
    XCTAssertTrue(try String(contentsOfFile: csv, encoding: .utf8).contains("alpha,a,3,10,0,next-fit,3,3,L2,3,0,optimal"))
    // --optima overrides; a malformed one is an error naming file and line.
    let other = work.appendingPathComponent("other.tsv")
    try "set\tinstance\tn\tcapacity\toptimum\nalpha\ta\t3\tten\t3\n".write(to: other, atomically: true, encoding: .utf8)
    let bad = try run(["run", "--dataset", set.path, "--algorithms", "next-fit", "-o", csv, "--fresh", "--optima", other.path])
    XCTAssertNotEqual(bad.status, 0)
    XCTAssertTrue(bad.stderr.contains("other.tsv:2:"), bad.stderr)
    let missing = try run(["run", "--dataset", set.path, "-o", csv, "--fresh", "--optima", "/nonexistent/optima.tsv"])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertTrue(missing.stderr.contains("/nonexistent/optima.tsv"), missing.stderr)
  }

  /// Every default in every --help reads as a user would type it: no Swift
  /// value dumps (struct initialisers, Optional(...), module names); and
  /// every example can be copied (not wrapped).
  func testEveryHelpShowsDefaultsAsTyped() throws {
    let commands = [
      [], ["solve"], ["run"], ["list"], ["generate"], ["scaling"], ["layout"], ["layout", "show"],
      ["layout", "make-clouds"], ["layout", "study"], ["keys-bench"], ["report"], ["plan"], ["merge"],
    ]
    for command in commands {
      let help = try run(command + ["--help"])
      XCTAssertEqual(help.status, 0, "\(command): \(help.stderr)")
      for leak in ["PackBench.", "RowPacking.", "TagLayout.", "Optional(", "(name:", "implementation:"] {
        XCTAssertFalse(help.stdout.contains(leak), "packbench \(command.joined(separator: " ")) --help shows '\(leak)':\n\(help.stdout)")
      }
      // An example is a line of its own (continued with a backslash and an
      // indented line): never wrapped at 80 columns, so it can be copied.
      let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      for (line, next) in zip(lines, lines.dropFirst()) where line.hasPrefix("  packbench ") && !next.isEmpty {
        XCTAssertTrue(
          line.hasSuffix("\\") || next.hasPrefix("  "),
          "packbench \(command.joined(separator: " ")) --help wraps an example:\n\(line)\n\(next)")
      }
    }
    let solveHelp = try run(["solve", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(solveHelp.contains("default: first-fit-decreasing"), solveHelp)
  }

  func testGenerateIsDeterministicAndWritesOptima() throws {
    let a = work.appendingPathComponent("a").path, b = work.appendingPathComponent("b").path
    XCTAssertEqual(try run(["generate", "triplets", "--count", "3", "--seed", "5", "--size", "30", "--output", a]).status, 0)
    XCTAssertEqual(try run(["generate", "triplets", "--count", "3", "--seed", "5", "--size", "30", "--output", b]).status, 0)
    let name = "triplets-s5-001.txt"
    XCTAssertEqual(try String(contentsOfFile: a + "/" + name, encoding: .utf8), try String(contentsOfFile: b + "/" + name, encoding: .utf8))
    let optima = try String(contentsOfFile: a + "/optima.tsv", encoding: .utf8)
    XCTAssertTrue(optima.contains("triplets\ttriplets-s5-001\t30\t1000\t10"), optima)
  }

  func testListAndHelp() throws {
    let list = try run(["list"])
    XCTAssertEqual(list.status, 0)
    for name in ["next-fit", "first-fit", "first-fit-decreasing", "best-fit-decreasing", "knapsack-rows"] {
      XCTAssertTrue(list.stdout.contains(name), list.stdout)
    }
    XCTAssertTrue(list.stdout.contains("default (bundled"), list.stdout)
    let help = try run(["run", "--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.contains("--repetitions"), help.stdout)
    XCTAssertTrue(help.stdout.contains("CSV columns"), help.stdout)
  }
}
