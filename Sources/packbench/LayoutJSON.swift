import Foundation
import RowPacking
import TagLayout

/// The JSON of `packbench layout --json`, one schema for every objective
/// (docs/tag-view.md): the layout laid out (frames, rows, content size),
/// and the section of the question asked, with what is proven.
struct LayoutJSON: Encodable {
  /// The schema's name and version; a change of meaning changes it.
  static let schemaName = "packbench-layout/1"

  struct TagFrame: Encodable {
    /// The position in ``LayoutJSON/tags`` (the shown tags and the chip under a row limit).
    var index: Int
    /// The position in the tag file's labels (`nil` for the chip).
    var inputIndex: Int?
    var label: String
    var row: Int
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var requestedWidth: Double
    var truncated: Bool

    private enum CodingKeys: String, CodingKey {
      case index, inputIndex, label, row, x, y, width, height, requestedWidth, truncated
    }

    /// As synthesized, but `inputIndex` is written as `null` for the chip rather than left out.
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(index, forKey: .index)
      try c.encode(inputIndex, forKey: .inputIndex)
      try c.encode(label, forKey: .label)
      try c.encode(row, forKey: .row)
      try c.encode(x, forKey: .x)
      try c.encode(y, forKey: .y)
      try c.encode(width, forKey: .width)
      try c.encode(height, forKey: .height)
      try c.encode(requestedWidth, forKey: .requestedWidth)
      try c.encode(truncated, forKey: .truncated)
    }
  }
  struct Row: Encodable {
    var tags: [Int]
    var y: Double
    var height: Double
    var usedWidth: Double
  }
  var schema = LayoutJSON.schemaName
  /// `algorithm`, `balance`, `row-limit`, `tradeoff`, `fewest-moves`, `max-moves` or `heights-for-every-width`.
  var objective: String
  var tagFile: String
  var font: String
  var fontFamily: String
  var size: Double
  var preset: String
  var algorithm: String
  var options: LayoutOptions
  var rowWidth: Double
  var contentWidth: Double
  var contentHeight: Double
  var movedTags: Int
  var kendallTauDistance: Int
  var rows: [Row]
  var tags: [TagFrame]
  var balance: BalanceSection?
  var rowLimit: RowLimitSection?
  var tradeoff: TradeoffSection?
  var heightsForEveryWidth: HeightsSection?

  init(
    objective: String, layout: TagLayoutResult, measurer: TextMeasurer, preset: TagPreset, tagFile: String,
    inputIndex: [Int?]? = nil
  ) {
    self.objective = objective
    self.tagFile = tagFile
    font = measurer.font.path
    fontFamily = measurer.familyName
    size = measurer.font.size
    self.preset = preset.rawValue
    algorithm = layout.algorithm
    options = layout.options
    rowWidth = layout.options.rowWidth
    contentWidth = layout.contentWidth
    contentHeight = layout.contentHeight
    movedTags = layout.displacement.movedTags
    kendallTauDistance = layout.displacement.kendallTauDistance
    rows = layout.rows.map { Row(tags: $0.tags, y: $0.y, height: $0.height, usedWidth: $0.usedWidth) }
    var rowOf = [Int](repeating: 0, count: layout.tags.count)
    for (r, row) in layout.rows.enumerated() { for t in row.tags { rowOf[t] = r } }
    tags = layout.tags.indices.map { i in
      let f = layout.frames[i]
      return TagFrame(
        index: i, inputIndex: inputIndex.map { $0[i] } ?? i, label: layout.tags[i].label, row: rowOf[i], x: f.x, y: f.y,
        width: f.width, height: f.height, requestedWidth: layout.tags[i].width, truncated: layout.truncated[i])
    }
  }

  func encoded() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}

/// `balance`: the fewest rows, then the most even by the measure.
struct BalanceSection: Encodable {
  var measure: String
  var keepsOrder: Bool
  /// The measure's value: the largest empty space (pt) or the sum of squares (pt^2).
  var value: Double
  var largestEmptySpace: Double
  var squaredEmptySpace: Double
  var emptySpaces: [Double]
  var rowsLowerBound: LowerBound
  var rowCountProven: Bool
  var evennessProven: Bool
  var proven: Bool
  var nodes: Int
  var status: String

  init(_ b: BalancedRows) {
    measure = b.measure.rawValue
    keepsOrder = b.keepsOrder
    value = b.measure == .largestEmptySpace ? b.largestEmptySpace : b.squaredEmptySpace
    largestEmptySpace = b.largestEmptySpace
    squaredEmptySpace = b.squaredEmptySpace
    emptySpaces = b.emptySpaces
    rowsLowerBound = b.rowsLowerBound
    rowCountProven = b.isRowCountProven
    evennessProven = b.isEvennessProven
    proven = b.isRowCountProven && b.isEvennessProven
    nodes = b.nodes
    status = b.statusText
  }
}

/// `row-limit`: the tags shown in at most N rows, the hidden ones, the chip.
struct RowLimitSection: Encodable {
  struct Chip: Encodable {
    var label: String
    var hiddenCount: Int
    var row: Int
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }
  var maxRows: Int
  var keepsOrder: Bool
  var shownCount: Int
  /// Input indices of the shown tags, in input order.
  var shown: [Int]
  /// Input indices of the hidden tags, increasing.
  var hidden: [Int]
  var hiddenLabels: [String]
  /// `nil` when every tag is shown.
  var chip: Chip?
  /// The shown tags' priority sum (their count without --priorities).
  var shownValue: Int
  /// No layout under the same rule shows more than this.
  var valueUpperBound: Int
  var proven: Bool
  var nodes: Int
  var status: String

  init(_ r: RowLimitedLayout, labels: [String]) {
    let l = r.limited
    maxRows = l.maxRows
    keepsOrder = l.keepsOrder
    shown = r.inputIndex.compactMap { $0 }
    shownCount = shown.count
    hidden = l.hiddenItems
    hiddenLabels = l.hiddenItems.map { labels[$0] }
    if let tag = r.chip, let row = l.chipRow {
      let f = r.layout.frames[r.layout.tags.count - 1]
      chip = Chip(label: tag.label, hiddenCount: l.hiddenCount, row: row, x: f.x, y: f.y, width: f.width, height: f.height)
    }
    shownValue = l.shownValue
    valueUpperBound = l.valueUpperBound
    proven = l.isProven
    nodes = l.nodes
    status = l.statusText
  }
}

/// `tradeoff`, `fewest-moves`, `max-moves`: rows against tags moved.
struct TradeoffSection: Encodable {
  struct Point: Encodable {
    var rows: Int
    /// Tags moved out of reading order (input indices in `movedTags`).
    var moves: Int
    /// At least this many must move for `rows` rows (equal to `moves` when proven).
    var movesLowerBound: Int
    var proven: Bool
    var movedTags: [Int]

    init(_ p: FewestMovesLayout) {
      rows = p.rows
      moves = p.moves
      movesLowerBound = p.movesLowerBound
      proven = p.isProven
      movedTags = p.movedItems
    }
  }
  /// The lower bound on the rows of any order, and its source.
  var fewestRowsBound: LowerBound
  var fewestRowsProven: Bool
  /// Every point proven, and the fewest rows.
  var proven: Bool
  var nodes: Int
  /// From next-fit's rows (no tag moved) down to the fewest rows found.
  var points: [Point]
  /// The point laid out (`--fewest-moves`, `--max-moves`); `nil` for `--tradeoff` alone.
  var chosen: Point?
  var maxMoves: Int?

  init(_ curve: RowsAndMovesTradeoff, chosen: FewestMovesLayout?, maxMoves: Int?) {
    fewestRowsBound = curve.fewestRowsBound
    fewestRowsProven = curve.isFewestRowsProven
    proven = curve.isProven
    nodes = curve.nodes
    points = curve.points.map(Point.init)
    self.chosen = chosen.map(Point.init)
    self.maxMoves = maxMoves
  }
}

/// `heights-for-every-width`: the rows and content height for every container width.
struct HeightsSection: Encodable {
  var algorithm: String
  var proven: Bool
  var monotone: Bool
  var resolution: Int
  var evaluations: Int
  var breakpointProblems: [String]
  var steps: [HeightStep]
}
