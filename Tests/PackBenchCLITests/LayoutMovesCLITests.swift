import Foundation
import XCTest

/// `packbench layout --tradeoff`, `--fewest-moves` and `--max-moves K`.
final class LayoutMovesCLITests: CLITestCase {
  func testTradeoffRunsFromNextFitToTheFewestRows() throws {
    let out = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "20", "--tradeoff"])
    XCTAssertEqual(out.status, 0, out.stderr)
    let lines = out.stdout.split(separator: "\n").map(String.init)
    let header = try XCTUnwrap(lines.firstIndex(of: "rows | tags moved | proven"), out.stdout)
    let points = lines[(header + 1)...].map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    XCTAssertEqual(points.first?[1], "0", "next-fit's order moves no tag: \(out.stdout)")
    let rows = points.compactMap { Int($0[0]) }
    XCTAssertEqual(rows, Array(rows.sorted().reversed()), "one point per row count, fewer rows each")
    let moves = points.compactMap { Int($0[1]) }
    XCTAssertEqual(moves, moves.sorted(), "fewer rows never move fewer tags")
  }

  func testMaxMovesAndFewestMovesLayOutAPoint() throws {
    let svg = work.appendingPathComponent("moves.svg").path
    let out = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "20", "--max-moves", "1", "--svg", svg])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertTrue(out.stdout.contains("algorithm:      at most 1 tag moved"), out.stdout)
    XCTAssertTrue(out.stdout.contains("moves:          "), out.stdout)
    XCTAssertTrue(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
    let zero = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "20", "--max-moves", "0"])
    let nextFit = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "20", "--algorithm", "next-fit"])
    let rowsLine = { (s: String) in s.split(separator: "\n").first { $0.hasPrefix("rows:") }.map(String.init) }
    XCTAssertEqual(rowsLine(zero.stdout), rowsLine(nextFit.stdout), "no move: next-fit's rows")
    let fewest = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "20", "--fewest-moves"])
    XCTAssertEqual(fewest.status, 0, fewest.stderr)
    XCTAssertTrue(fewest.stdout.contains("fewest rows, fewest moves"), fewest.stdout)
  }

  func testBadOptionsAreClearErrors() throws {
    let cases: [([String], String)] = [
      (["--max-moves=-1"], "--max-moves must be a number of tags >= 0"),
      (["--fewest-moves", "--max-moves", "2"], "different questions"),
      (["--tradeoff", "--moves-time-limit", "0"], "--moves-time-limit must be"),
      (["--tradeoff", "--max-rows", "2"], "separate questions"),
      (["--tradeoff", "--fit", "strict"], "not --fit strict"),
    ]
    for (arguments, message) in cases {
      let out = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", "5"] + arguments)
      XCTAssertNotEqual(out.status, 0, arguments.joined(separator: " "))
      XCTAssertTrue(out.stderr.contains(message), "\(arguments): \(out.stderr)")
    }
  }
}
