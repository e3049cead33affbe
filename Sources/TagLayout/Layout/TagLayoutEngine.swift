import RowPacking

/// A rectangle in points, origin at the top left, y growing downwards.
public struct Frame: Sendable, Hashable, Codable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
}

/// One row of a layout.
public struct LayoutRow: Sendable, Hashable, Codable {
  /// The tags of the row (input indices), from the leading edge to the trailing one.
  public var tags: [Int]
  /// The top of the row.
  public var y: Double
  /// The height of its tallest tag.
  public var height: Double
  /// The width its tags and the spacing between them use (before justification).
  public var usedWidth: Double
}

/// Tags placed in a container: a frame per tag, the rows, the content size.
public struct TagLayoutResult: Sendable, Hashable, Codable {
  /// The tags laid out, in input order.
  public var tags: [Tag]
  /// The frame of each tag, in input order.
  public var frames: [Frame]
  /// Whether each tag was wider than the row and so clamped to the row width.
  public var truncated: [Bool]
  /// The rows, top to bottom. Never empty rows.
  public var rows: [LayoutRow]
  /// The options used.
  public var options: LayoutOptions
  /// The name of the packer, such as `next-fit`.
  public var algorithm: String

  /// The container width (``LayoutOptions/width``).
  public var contentWidth: Double { options.width }

  /// The content height: top inset + sum of row heights + (rows - 1) x line
  /// spacing + bottom inset (just the insets when there are no tags).
  public var contentHeight: Double {
    let rowsHeight = rows.reduce(0) { $0 + $1.height }
    let gaps = Double(max(rows.count - 1, 0)) * options.lineSpacing
    return options.insets.top + rowsHeight + gaps + options.insets.bottom
  }

  /// The input positions in reading order: row by row, leading to trailing.
  public var readingOrder: [Int] { rows.flatMap(\.tags) }

  /// How far the reading order is from the input order.
  public var displacement: OrderDisplacement { OrderDisplacement(readingOrder: readingOrder) }

  /// The rows as a packing of the tags (input indices).
  public var packing: Packing { Packing(rows: rows.map(\.tags)) }
}

/// Lays tags out in rows: packs them with a ``RowPacker`` (or takes rows
/// from any solver), then turns the rows into frames.
///
/// The steps, for tags `t` and options `o`:
///
/// 1. Row width `W = o.width - insets.leading - insets.trailing`. A tag
///    wider than `W` is clamped to `W` and flagged as truncated: it fills a
///    row, so it gets a row of its own (with spacing > 0).
/// 2. Packing: the widths, `W` and the spacing form an ``Instance``; the
///    packer runs on its ``ScaledInstance`` (with ``ScaledInstance/strictFit``
///    under ``FitTest/strict``), and the packing is checked by ``verify(_:for:)``.
/// 3. Order (``TagOrder``): as packed, or each row in input order and rows
///    by their first tag.
/// 4. Frames: a row is as tall as its tallest tag, tags centred vertically
///    in it; rows stacked from the top inset with the line spacing between
///    them; horizontally by the alignment; right to left is the mirror
///    image `x' = width - x - w` of left to right.
///
/// Complexity: O(*n* log *n*) beyond the packer (the sort of step 3).
public struct TagLayoutEngine: Sendable {
  public var options: LayoutOptions

  public init(options: LayoutOptions = LayoutOptions()) { self.options = options }

  /// The row-packing instance of the tags: widths clamped to the row width,
  /// the row width, the spacing and the labels. Give it to any solver,
  /// then its rows to ``layOut(_:rows:algorithm:)``.
  public func instance(for tags: [Tag], name: String = "") throws(LayoutError) -> Instance {
    try checkOptions()
    let rowWidth = options.rowWidth
    for (i, tag) in tags.enumerated() {
      guard tag.width.isFinite, tag.width >= 0 else {
        throw .invalidTag(index: i, label: tag.label, reason: "width \(tag.width) is not a finite number >= 0")
      }
      guard tag.height.isFinite, tag.height >= 0 else {
        throw .invalidTag(index: i, label: tag.label, reason: "height \(tag.height) is not a finite number >= 0")
      }
    }
    do {
      return try Instance(
        name: name, widths: tags.map { min($0.width, rowWidth) }, rowWidth: rowWidth,
        spacing: options.spacing, labels: tags.map(\.label))
    } catch {
      throw .invalidOption(error.description)
    }
  }

  /// Packs the tags with `packer` (under the options' fit test) and lays them out.
  ///
  /// - Throws: ``LayoutError`` for invalid options or tags, or a packer failure.
  public func layOut(_ tags: [Tag], using packer: some RowPacker) throws(LayoutError) -> TagLayoutResult {
    let instance = try instance(for: tags)
    let packing: Packing
    do {
      var scaled = try instance.scaled()
      if options.fit == .strict { scaled = scaled.strictFit }
      packing = try packer.pack(scaled)
    } catch let error as InstanceError {
      throw .invalidOption(error.description)
    } catch let error as PackingError {
      throw .packer(error.description)
    } catch {
      throw .packer("\(error)")
    }
    return try layOut(tags, rows: packing.rows, algorithm: packer.name, instance: instance)
  }

  /// Lays the tags out in the given rows (input indices per row, top to
  /// bottom), for instance an exact solver's.
  ///
  /// - Throws: ``LayoutError/invalidPacking(_:)`` when the rows are not a
  ///   valid packing of ``instance(for:name:)`` (an item missing or
  ///   repeated, an empty row, a row too wide).
  public func layOut(_ tags: [Tag], rows: [[Int]], algorithm: String = "") throws(LayoutError) -> TagLayoutResult {
    try layOut(tags, rows: rows, algorithm: algorithm, instance: try instance(for: tags))
  }

  private func layOut(_ tags: [Tag], rows given: [[Int]], algorithm: String, instance: Instance) throws(LayoutError) -> TagLayoutResult {
    let violations = verify(Packing(rows: given), for: instance)
    if !violations.isEmpty {
      throw .invalidPacking(violations.prefix(3).map(\.description).joined(separator: "; "))
    }
    var rows = given
    if options.order == .input {
      rows = rows.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
    let rowWidth = options.rowWidth
    let widths = instance.widths
    var frames = [Frame](repeating: Frame(x: 0, y: 0, width: 0, height: 0), count: tags.count)
    var layoutRows: [LayoutRow] = []
    var top = options.insets.top
    for (r, row) in rows.enumerated() {
      let height = row.map { tags[$0].height }.max() ?? 0
      let used = row.reduce(0) { $0 + widths[$1] } + Double(row.count - 1) * options.spacing
      let free = max(rowWidth - used, 0)
      var x = options.insets.leading
      var gap = options.spacing
      switch options.alignment {
      case .leading: break
      case .center: x += free / 2
      case .trailing: x += free
      case .justified:
        if row.count > 1 && r < rows.count - 1 { gap += free / Double(row.count - 1) }
      }
      for tag in row {
        let w = widths[tag]
        let h = tags[tag].height
        let left = options.direction == .leftToRight ? x : options.width - x - w
        frames[tag] = Frame(x: left, y: top + (height - h) / 2, width: w, height: h)
        x += w + gap
      }
      layoutRows.append(LayoutRow(tags: row, y: top, height: height, usedWidth: used))
      top += height + options.lineSpacing
    }
    return TagLayoutResult(
      tags: tags, frames: frames, truncated: tags.map { $0.width > rowWidth }, rows: layoutRows,
      options: options, algorithm: algorithm)
  }

  private func checkOptions() throws(LayoutError) {
    let o = options
    guard o.width.isFinite, o.width > 0 else {
      throw .invalidOption("the width is \(formatNumber(o.width)); it must be a number > 0 (points)")
    }
    for (name, value) in [("spacing", o.spacing), ("line spacing", o.lineSpacing),
                          ("top inset", o.insets.top), ("leading inset", o.insets.leading),
                          ("bottom inset", o.insets.bottom), ("trailing inset", o.insets.trailing)] {
      guard value.isFinite, value >= 0 else {
        throw .invalidOption("the \(name) is \(formatNumber(value)); it must be a number >= 0 (points)")
      }
    }
    guard o.rowWidth > 0 else {
      throw .invalidOption("the width \(formatNumber(o.width)) leaves no room for a row after the insets (\(formatNumber(o.insets.leading)) + \(formatNumber(o.insets.trailing)))")
    }
  }
}
