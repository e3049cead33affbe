import Foundation
import XCTest

/// `packbench layout --json` for every objective: one schema
/// (docs/tag-view.md), decoded strictly, each answer checked against the
/// layout printed with it.
final class LayoutJSONCLITests: CLITestCase {
  struct Bound: Decodable { var value: Int; var source: String }
  struct TagFrame: Decodable {
    var index: Int
    var inputIndex: Int?
    var label: String
    var row: Int
    var x, y, width, height, requestedWidth: Double
    var truncated: Bool
  }
  struct Row: Decodable { var tags: [Int]; var y, height, usedWidth: Double }
  struct Balance: Decodable {
    var measure: String
    var keepsOrder: Bool
    var value, largestEmptySpace, squaredEmptySpace: Double
    var emptySpaces: [Double]
    var rowsLowerBound: Bound
    var rowCountProven, evennessProven, proven: Bool
    var nodes: Int
    var status: String
  }
  struct Chip: Decodable { var label: String; var hiddenCount, row: Int; var x, y, width, height: Double }
  struct RowLimit: Decodable {
    var maxRows: Int
    var keepsOrder: Bool
    var shownCount: Int
    var shown, hidden: [Int]
    var hiddenLabels: [String]
    var chip: Chip?
    var shownValue, valueUpperBound: Int
    var proven: Bool
    var nodes: Int
    var status: String
  }
  struct Point: Decodable { var rows, moves, movesLowerBound: Int; var proven: Bool; var movedTags: [Int] }
  struct Tradeoff: Decodable {
    var fewestRowsBound: Bound
    var fewestRowsProven, proven: Bool
    var nodes: Int
    var points: [Point]
    var chosen: Point?
    var maxMoves: Int?
  }
  struct Step: Decodable { var containerWidth, rowWidth: Double; var rows: Int; var contentHeight: Double }
  struct Heights: Decodable {
    var algorithm: String
    var proven, monotone: Bool
    var resolution, evaluations: Int
    var breakpointProblems: [String]
    var steps: [Step]
  }
  struct Options: Decodable { var width, spacing, lineSpacing: Double; var alignment, verticalAlignment, direction, fit, order: String }
  struct Layout: Decodable {
    var schema, objective, tagFile, font, fontFamily, preset, algorithm: String
    var size, rowWidth, contentWidth, contentHeight: Double
    var options: Options
    var movedTags, kendallTauDistance: Int
    var rows: [Row]
    var tags: [TagFrame]
    var balance: Balance?
    var rowLimit: RowLimit?
    var tradeoff: Tradeoff?
    var heightsForEveryWidth: Heights?
  }

  func layout(_ arguments: [String], first: Int = 14) throws -> Layout {
    let out = try run(["layout", "--tags", "datasets/tags/countries.txt", "--first", String(first), "--json"] + arguments)
    XCTAssertEqual(out.status, 0, out.stderr)
    let decoded = try JSONDecoder().decode(Layout.self, from: Data(out.stdout.utf8))
    XCTAssertEqual(decoded.schema, "packbench-layout/1")
    // Every objective: the frames of its layout inside the container, one per tag.
    for tag in decoded.tags {
      XCTAssertGreaterThanOrEqual(tag.x, 16 - 1e-9)
      XCTAssertLessThanOrEqual(tag.x + tag.width, decoded.contentWidth - 16 + 1e-9)
      XCTAssertTrue(decoded.rows[tag.row].tags.contains(tag.index))
    }
    let sections = [decoded.balance != nil, decoded.rowLimit != nil, decoded.tradeoff != nil, decoded.heightsForEveryWidth != nil]
    XCTAssertLessThanOrEqual(sections.filter { $0 }.count, 1, "one answer section at most")
    return decoded
  }

  func testThePlainLayoutHasNoAnswerSection() throws {
    let plain = try layout([])
    XCTAssertEqual(plain.objective, "algorithm")
    XCTAssertTrue(plain.balance == nil && plain.rowLimit == nil && plain.tradeoff == nil && plain.heightsForEveryWidth == nil)
    XCTAssertEqual(plain.tags.map(\.inputIndex), plain.tags.map(\.index))
    XCTAssertEqual(plain.options.verticalAlignment, "center")
    let top = try layout(["--vertical-align", "bottom", "--align", "center"])
    XCTAssertEqual([top.options.verticalAlignment, top.options.alignment], ["bottom", "center"])
  }

  func testTheTradeoffCurveIsInTheJSON() throws {
    let curve = try layout(["--tradeoff", "--moves-time-limit", "1"])
    XCTAssertEqual(curve.objective, "tradeoff")
    let t = try XCTUnwrap(curve.tradeoff)
    XCTAssertEqual(t.points.first?.moves, 0, "next-fit's order: no tag moved")
    XCTAssertEqual(t.points.map(\.rows), Array(stride(from: t.points[0].rows, to: t.points[0].rows - t.points.count, by: -1)))
    for p in t.points {
      XCTAssertEqual(p.movedTags.count, p.moves)
      XCTAssertLessThanOrEqual(p.movesLowerBound, p.moves)
      XCTAssertEqual(p.proven, p.movesLowerBound == p.moves)
    }
    XCTAssertGreaterThanOrEqual(t.points.last!.rows, t.fewestRowsBound.value)
    XCTAssertEqual(t.fewestRowsProven, t.points.last!.rows == t.fewestRowsBound.value)
    XCTAssertEqual(t.proven, t.fewestRowsProven && t.points.allSatisfy(\.proven))
    XCTAssertNil(t.chosen)

    let fewest = try layout(["--fewest-moves", "--moves-time-limit", "1"])
    XCTAssertEqual(fewest.objective, "fewest-moves")
    let chosen = try XCTUnwrap(fewest.tradeoff?.chosen)
    XCTAssertEqual(chosen.rows, fewest.tradeoff?.points.last?.rows)
    XCTAssertEqual(fewest.rows.count, chosen.rows)
    XCTAssertLessThanOrEqual(fewest.movedTags, chosen.moves)

    let bounded = try layout(["--max-moves", "0"])
    XCTAssertEqual(bounded.objective, "max-moves")
    XCTAssertEqual(bounded.tradeoff?.maxMoves, 0)
    XCTAssertEqual(bounded.tradeoff?.chosen?.moves, 0)
    XCTAssertEqual(bounded.rows.map(\.tags), curve.rows.map(\.tags), "no tag moved: next-fit's rows")
  }

  func testBalancedRowsGiveTheMeasureItsValueAndWhatIsProven() throws {
    for measure in ["largest-gap", "squared-gaps"] {
      let out = try layout(["--balance", measure])
      XCTAssertEqual(out.objective, "balance")
      let b = try XCTUnwrap(out.balance)
      XCTAssertEqual(b.measure, measure)
      XCTAssertEqual(b.emptySpaces.count, out.rows.count)
      for (space, row) in zip(b.emptySpaces, out.rows) { XCTAssertEqual(space, out.rowWidth - row.usedWidth, accuracy: 1e-6) }
      XCTAssertEqual(b.value, measure == "largest-gap" ? b.emptySpaces.max()! : b.emptySpaces.reduce(0) { $0 + $1 * $1 }, accuracy: 1e-6)
      XCTAssertTrue(b.keepsOrder)
      XCTAssertTrue(b.proven, "the order-kept balance is exact")
      XCTAssertEqual(b.rowsLowerBound.value, out.rows.count)
    }
  }

  func testTheRowLimitGivesShownHiddenAndTheChipsRow() throws {
    let out = try layout(["--max-rows", "2"], first: 30)
    XCTAssertEqual(out.objective, "row-limit")
    let r = try XCTUnwrap(out.rowLimit)
    XCTAssertLessThanOrEqual(out.rows.count, 2)
    XCTAssertEqual((r.shown + r.hidden).sorted(), Array(0..<30))
    XCTAssertEqual(r.shownCount, r.shown.count)
    let chip = try XCTUnwrap(r.chip, "30 countries do not fit in two rows")
    XCTAssertEqual(chip.hiddenCount, r.hidden.count)
    XCTAssertEqual(chip.label, "+\(r.hidden.count) more")
    let last = try XCTUnwrap(out.tags.last)
    XCTAssertNil(last.inputIndex)
    XCTAssertEqual([last.x, last.y, last.width], [chip.x, chip.y, chip.width])
    XCTAssertEqual(last.row, chip.row)
    XCTAssertEqual(out.rows[chip.row].tags.last, last.index, "the chip ends its row")
    XCTAssertEqual(out.tags.dropLast().compactMap(\.inputIndex), r.shown)
    XCTAssertEqual(r.proven, r.shownValue == r.valueUpperBound)
  }

  func testHeightsForEveryWidthAgreeWithTheLayoutAtTheWidth() throws {
    let out = try layout(["--heights-for-every-width"])
    XCTAssertEqual(out.objective, "heights-for-every-width")
    let h = try XCTUnwrap(out.heightsForEveryWidth)
    XCTAssertEqual(h.steps.last?.rows, 1)
    XCTAssertEqual(h.breakpointProblems, [])
    let step = try XCTUnwrap(h.steps.last { $0.containerWidth <= out.contentWidth })
    XCTAssertEqual(step.rows, out.rows.count)
    XCTAssertEqual(step.contentHeight, out.contentHeight, accuracy: 1e-9)
  }
}
