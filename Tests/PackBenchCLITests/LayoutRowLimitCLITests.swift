import Foundation
import XCTest

/// `packbench layout --max-rows N` with its "+k more" chip.
final class LayoutRowLimitCLITests: CLITestCase {
  func testRowLimitShowsTheChipAndTheHiddenTags() throws {
    let svg = work.appendingPathComponent("limit.svg").path
    let out = try run(["layout", "--tags", "datasets/tags/languages.txt", "--first", "30", "--max-rows", "2", "--svg", svg])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertTrue(out.stdout.contains("rows:           2 of width"), out.stdout)
    XCTAssertTrue(out.stdout.contains("row limit:      2, order kept"), out.stdout)
    XCTAssertTrue(out.stdout.contains(" more\" ("), "the chip is named with its width: \(out.stdout)")
    XCTAssertTrue(out.stdout.contains("status:         optimal"), out.stdout)
    XCTAssertTrue(try String(contentsOfFile: svg, encoding: .utf8).contains(" more"), "the chip is drawn")
    let re = try run(["layout", "--tags", "datasets/tags/languages.txt", "--first", "30", "--max-rows", "2",
                      "--max-rows-reorder", "--more-label", "and {k} others"])
    XCTAssertEqual(re.status, 0, re.stderr)
    XCTAssertTrue(re.stdout.contains("reordered"), re.stdout)
    XCTAssertTrue(re.stdout.contains("others\" ("), re.stdout)
  }

  func testPrioritiesFromTheTagFile() throws {
    let file = work.appendingPathComponent("priorities.txt")
    try "# label, tab, priority\nSwift\t9\nObjective-C\t1\nKotlin\t5\nRust\t8\n".write(to: file, atomically: true, encoding: .utf8)
    let out = try run(["layout", "--tags", file.path, "--max-rows", "1", "--width", "380", "--priorities"])
    XCTAssertEqual(out.status, 0, out.stderr)
    // The two most valuable tags and the chip fill the one row; Objective-C and Kotlin hide.
    XCTAssertTrue(out.stdout.contains("row 1 (") && out.stdout.contains("Swift | Rust | +2 more"), out.stdout)
    XCTAssertTrue(out.stdout.contains("shown 2 of 4 tags, priority 17"), out.stdout)
    try "Swift\t9\nRust\n".write(to: file, atomically: true, encoding: .utf8)
    let bad = try run(["layout", "--tags", file.path, "--max-rows", "1", "--priorities"])
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(bad.stderr.contains("priorities.txt:2: no priority"), bad.stderr)
  }

  func testBadOptionsAreClearErrors() throws {
    let cases: [([String], String)] = [
      (["--max-rows", "0"], "--max-rows must be at least 1"),
      (["--max-rows-reorder"], "go with --max-rows"),
      (["--max-rows", "2", "--more-label", "more"], "must contain {k}"),
      (["--max-rows", "2", "--balance", "largest-gap"], "separate questions"),
      (["--max-rows", "2", "--fit", "strict"], "not --fit strict"),
      (["--max-rows", "2", "--width", "60"], "wider than the row"),
    ]
    for (arguments, message) in cases {
      let out = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "5"] + arguments)
      XCTAssertNotEqual(out.status, 0, arguments.joined(separator: " "))
      XCTAssertTrue(out.stderr.contains(message), "\(arguments): \(out.stderr)")
    }
  }
}
