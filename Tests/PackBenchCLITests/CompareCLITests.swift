import Foundation
import TestSupport
import XCTest

/// `packbench compare` through the binary: its verdict, its exit statuses
/// (what a script gating on --fail-if-worse sees) and its errors.
final class CompareCLITests: CLITestCase {
  static let header =
    "dataset,instance,n,capacity,spacing,algorithm,rows,lower_bound,bound_source,optimum,gap,status,verified,time_ms,time_ms_min,time_ms_max,repetitions,nodes,stage,message,time_ms_p90,time_ms_iqr,outliers,seed,run_key"

  /// A result file of one algorithm: per instance, whether it was proven and its milliseconds.
  func results(_ name: String, algorithm: String = "exact", _ runs: [(String, Bool, Double)]) throws -> String {
    var text = Self.header + "\r\n"
    for (i, (instance, proven, ms)) in runs.enumerated() {
      let rows = proven ? "5" : "6"
      let status = proven ? "optimal" : "timelimit"
      text += "S,\(instance),10,100,0,\(algorithm),\(rows),5,LP,5,\(rows == "5" ? 0 : 1),\(status),true,\(ms),\(ms),\(ms),1,,LP,,,,,1,\(algorithm)-\(i)\r\n"
    }
    return try write(text, to: name)
  }

  func testFailIfWorseExitsOneWhenNEWProvesFewerOrIsSlower() throws {
    let instances = (0..<12).map { "i\($0)" }
    let base = try results("base.csv", instances.map { ($0, true, 1000) })
    // Slower on every instance, all still proven.
    let slower = try results("slower.csv", instances.map { ($0, true, 3000) })
    // As fast, one fewer proven.
    let fewer = try results("fewer.csv", instances.enumerated().map { ($1, $0 != 4, 1000) })
    // Faster on every instance.
    let faster = try results("faster.csv", instances.map { ($0, true, 500) })

    var out = try run(["compare", base, slower, "--fail-if-worse"])
    XCTAssertEqual(out.status, 1, out.stdout + out.stderr)
    XCTAssertTrue(out.stdout.contains("NEW proves as many (12); time ratio "), out.stdout)
    XCTAssertTrue(out.stdout.contains("NEW is slower"), out.stdout)
    // 12 of 12 slower: the exact p is 2 / 2^12.
    XCTAssertTrue(out.stdout.contains("p = 4.9e-04"), out.stdout)

    out = try run(["compare", base, fewer, "--fail-if-worse"])
    XCTAssertEqual(out.status, 1, out.stdout + out.stderr)
    XCTAssertTrue(out.stdout.contains("NEW proves 1 fewer (gains 0, loses 1)"), out.stdout)
    XCTAssertTrue(out.stdout.contains("Lost, proven by BASE only (1): S/i4"), out.stdout)

    out = try run(["compare", base, faster, "--fail-if-worse"])
    XCTAssertEqual(out.status, 0, out.stdout + out.stderr)
    XCTAssertTrue(out.stdout.contains("NEW is faster"), out.stdout)
    // Without --fail-if-worse a worse NEW is still exit 0: a report, not a gate.
    XCTAssertEqual(try run(["compare", base, slower]).status, 0)
  }

  func testMarkdownAndTwoAlgorithmsOfOneFile() throws {
    let dir = work.appendingPathComponent("set")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for i in 0..<4 {
      let widths = (0..<(4 + i)).map { String(3 + ($0 * 5 + i) % 6) }
      try (["\(widths.count)", "10"] + widths).joined(separator: "\n").appending("\n")
        .write(to: dir.appendingPathComponent("i\(i).txt"), atomically: true, encoding: .utf8)
    }
    let csv = work.appendingPathComponent("both.csv").path
    let made = try run(["run", "--dataset", dir.path, "--algorithms", "next-fit,first-fit-decreasing", "--repetitions", "1", "-o", csv, "-q"])
    XCTAssertEqual(made.status, 0, made.stderr)
    let out = try run(["compare", csv, "--algorithms", "next-fit,first-fit-decreasing", "--markdown", "--resamples", "200"])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertTrue(out.stdout.contains("| set | paired | BASE proven | NEW proven |"), out.stdout)
    XCTAssertTrue(out.stdout.contains("| set | 4 |"), out.stdout)
    XCTAssertTrue(out.stdout.contains("(next-fit)") && out.stdout.contains("(first-fit-decreasing)"), out.stdout)
    XCTAssertTrue(out.stdout.contains("\n**NEW proves "), out.stdout)
    // An algorithm the file does not hold is named, with those it does.
    let missing = try run(["compare", csv, "--algorithms", "next-fit,exact"])
    XCTAssertEqual(missing.status, 2)
    XCTAssertTrue(missing.stderr.contains("has no runs of 'exact'; it holds: next-fit, first-fit-decreasing"), missing.stderr)
    // Two algorithms in a file and none named: ask which.
    let ambiguous = try run(["compare", csv, csv])
    XCTAssertEqual(ambiguous.status, 2)
    XCTAssertTrue(ambiguous.stderr.contains("name the algorithms to compare with --algorithms"), ambiguous.stderr)
    // One file needs two names.
    XCTAssertNotEqual(try run(["compare", csv]).status, 0)
  }

  func testABadRowIsNamedByFileAndLine() throws {
    let good = try results("good.csv", [("a", true, 10), ("b", true, 20)])
    var text = try String(contentsOfFile: good, encoding: .utf8)
    text = text.replacingOccurrences(of: "S,b,10,100,0,exact,5,", with: "S,b,10,100,0,exact,five,")
    let bad = try write(text, to: "bad.csv")
    let out = try run(["compare", good, bad])
    XCTAssertEqual(out.status, 2)
    XCTAssertTrue(out.stderr.contains("\(bad): cannot read the results: line 3: the rows column holds 'five'"), out.stderr)
    let absent = try run(["compare", good, work.appendingPathComponent("none.csv").path])
    XCTAssertEqual(absent.status, 2)
    XCTAssertTrue(absent.stderr.contains("none.csv: cannot read the results: no such file"), absent.stderr)
  }

  /// `compare --help` teaches every option, and its examples are whole lines (as the other commands' are).
  func testHelpTeachesEveryOptionAndKeepsExamplesWhole() throws {
    let help = try run(["compare", "--help"])
    XCTAssertEqual(help.status, 0, help.stderr)
    for option in ["--algorithms", "--seed", "--resamples", "--markdown", "--fail-if-worse"] {
      XCTAssertTrue(help.stdout.contains(option), "\(option) is not in:\n\(help.stdout)")
    }
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    for (line, next) in zip(lines, lines.dropFirst()) where line.hasPrefix("  packbench ") && !next.isEmpty {
      XCTAssertTrue(line.hasSuffix("\\") || next.hasPrefix("  "), "a wrapped example:\n\(line)\n\(next)")
    }
  }
}
