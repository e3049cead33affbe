/// One row placed in a container.
public struct PlacedRow: Sendable, Hashable, Codable {
  /// The items of the row, from the leading edge to the trailing one.
  public var items: [Int]
  /// The top of the row.
  public var y: Double
  /// The height of its tallest item.
  public var height: Double
  /// The width its items and the spacing between them use (before justification).
  public var usedWidth: Double
}

/// Items placed in a container: a frame per item, the rows, the content size.
public struct RowFrames: Sendable, Hashable, Codable {
  /// The frame of each item, in input order. An item in no row (hidden by
  /// a row limit) has an empty frame at the content's top leading corner.
  public var frames: [Frame]
  /// The rows, top to bottom.
  public var rows: [PlacedRow]
  /// Whether each item was wider than the row, and so narrowed to the row width.
  public var clamped: [Bool]
  /// The container width and the content height (``RowGeometry/contentHeight(rowHeights:)``).
  public var contentSize: LayoutSize

  /// The input positions in reading order: row by row, leading to trailing.
  public var readingOrder: [Int] { rows.flatMap(\.items) }
}

extension RowGeometry {
  /// The frames of items of the given sizes in the given rows (item
  /// indices per row, top to bottom, leading to trailing), in a container
  /// `containerWidth` wide.
  ///
  /// An item wider than the row is narrowed to the row width (``RowFrames/clamped``).
  /// A row is as tall as its tallest item; shorter items sit by the
  /// ``verticalAlignment``. Rows are stacked from the top inset with the
  /// line spacing between them; along a row, items start at the leading
  /// inset and are shifted by the ``alignment``. Right to left is the
  /// mirror image `x' = containerWidth - x - width` of left to right. The
  /// rows need not fit: this places what it is given (a packer's rows fit).
  ///
  /// - Throws: ``RowGeometryError`` for a bad geometry, width or size, or
  ///   rows that name an item out of range, twice, or are empty.
  /// - Complexity: O(*n* + rows).
  public func frames(rows: [[Int]], sizes: [LayoutSize], containerWidth: Double) throws(RowGeometryError) -> RowFrames {
    try validate(containerWidth: containerWidth)
    for (i, size) in sizes.enumerated() {
      guard size.width.isFinite, size.width >= 0, size.height.isFinite, size.height >= 0 else {
        throw .invalidSize(item: i, width: size.width, height: size.height)
      }
    }
    var placed = [Bool](repeating: false, count: sizes.count)
    for (r, row) in rows.enumerated() {
      guard !row.isEmpty else { throw .invalidRows("row \(r + 1) is empty") }
      for item in row {
        guard item >= 0, item < sizes.count else { throw .invalidRows("row \(r + 1) names item \(item + 1) of \(sizes.count)") }
        guard !placed[item] else { throw .invalidRows("item \(item + 1) is in two places") }
        placed[item] = true
      }
    }
    let rowWidth = rowWidth(containerWidth: containerWidth)
    let widths = sizes.map { Swift.min($0.width, rowWidth) }
    let mirrored = direction == .rightToLeft
    let corner = Frame(x: mirrored ? containerWidth - insets.leading : insets.leading, y: insets.top, width: 0, height: 0)
    var frames = [Frame](repeating: corner, count: sizes.count)
    var placedRows: [PlacedRow] = []
    placedRows.reserveCapacity(rows.count)
    var top = insets.top
    for (r, row) in rows.enumerated() {
      var height = 0.0
      for item in row { height = Swift.max(height, sizes[item].height) }
      let used = row.reduce(0) { $0 + widths[$1] } + Double(row.count - 1) * spacing
      let free = Swift.max(rowWidth - used, 0)
      var x = insets.leading
      var gap = spacing
      switch alignment {
      case .leading: break
      case .center: x += free / 2
      case .trailing: x += free
      case .justified:
        if row.count > 1 && r < rows.count - 1 { gap += free / Double(row.count - 1) }
      }
      for item in row {
        let w = widths[item]
        let h = sizes[item].height
        let y: Double
        switch verticalAlignment {
        case .top: y = top
        case .center: y = top + (height - h) / 2
        case .bottom: y = top + height - h
        }
        frames[item] = Frame(x: mirrored ? containerWidth - x - w : x, y: y, width: w, height: h)
        x += w + gap
      }
      placedRows.append(PlacedRow(items: row, y: top, height: height, usedWidth: used))
      top += height + lineSpacing
    }
    let height = contentHeight(rowHeights: placedRows.map(\.height))
    return RowFrames(
      frames: frames, rows: placedRows, clamped: sizes.map { $0.width > rowWidth },
      contentSize: LayoutSize(width: containerWidth, height: height))
  }
}
