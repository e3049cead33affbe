import Foundation
import XCTest

/// `packbench layout --balance`, `--heights-for-every-width`, `--rtl` / `--ltr`.
final class LayoutObjectivesCLITests: CLITestCase {
  func testBalanceKeepsOrderAndSaysWhatIsProven() throws {
    let out = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "15", "--balance", "largest-gap"])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertTrue(out.stdout.contains("balanced largest-gap, order kept"), out.stdout)
    XCTAssertTrue(out.stdout.contains("0 tags moved"), out.stdout)
    XCTAssertTrue(out.stdout.contains("optimal (fewest rows proven, then most even proven)"), out.stdout)
    let svg = work.appendingPathComponent("b.svg").path
    let re = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "12", "--balance", "squared-gaps",
                      "--balance-reorder", "--balance-time-limit", "0.2", "--svg", svg])
    XCTAssertEqual(re.status, 0, re.stderr)
    XCTAssertTrue(re.stdout.contains("reordered"), re.stdout)
    XCTAssertTrue(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
  }

  func testHeightsForEveryWidthAsTableAndJSON() throws {
    let out = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "10", "--heights-for-every-width",
                       "--algorithm", "first-fit-decreasing"])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertTrue(out.stdout.contains("checked:        every breakpoint"), out.stdout)
    let json = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "10", "--heights-for-every-width", "--json"])
    XCTAssertEqual(json.status, 0, json.stderr)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let heights = object?["heightsForEveryWidth"] as? [String: Any]
    let steps = heights?["steps"] as? [[String: Any]]
    XCTAssertEqual(steps?.last?["rows"] as? Int, 1)
    XCTAssertEqual(heights?["proven"] as? Bool, true)
  }

  func testDirectionFromTheLabelsAndOverrides() throws {
    let ar = try run(["layout", "--tags", "datasets/tags/countries-ar.txt", "--first", "5"])
    XCTAssertTrue(ar.stdout.contains("direction:      rtl (from the labels"), ar.stdout)
    let forced = try run(["layout", "--tags", "datasets/tags/countries-ar.txt", "--first", "5", "--ltr"])
    XCTAssertTrue(forced.stdout.contains("direction:      ltr\n"), forced.stdout)
  }

  func testBadOptionsAreClearErrors() throws {
    let cases: [([String], String)] = [
      (["--balance-reorder"], "--balance-reorder needs --balance"),
      (["--balance", "even"], "even"),
      (["--balance", "largest-gap", "--balance-time-limit", "0"], "--balance-time-limit must be"),
      (["--heights-for-every-width", "--algorithm", "knapsack-rows"], "not 'knapsack-rows'"),
      (["--heights-for-every-width", "--balance", "largest-gap"], "separate questions"),
      (["--rtl", "--ltr"], "contradict"),
      (["--balance", "largest-gap", "--fit", "strict"], "not --fit strict"),
    ]
    for (arguments, message) in cases {
      let out = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "5"] + arguments)
      XCTAssertNotEqual(out.status, 0, arguments.joined(separator: " "))
      XCTAssertTrue(out.stderr.contains(message), "\(arguments): \(out.stderr)")
    }
  }
}
