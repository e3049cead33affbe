import RowPacking

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
  public var contentHeight: Double { options.geometry.contentHeight(rowHeights: rows.map(\.height)) }

  /// The input positions in reading order: row by row, leading to trailing.
  public var readingOrder: [Int] { rows.flatMap(\.tags) }

  /// How far the reading order is from the input order.
  public var displacement: OrderDisplacement { OrderDisplacement(readingOrder: readingOrder) }

  /// The rows as a packing of the tags (input indices).
  public var packing: Packing { Packing(rows: rows.map(\.tags)) }
}

/// Lays tags out in rows: packs them with a ``RowPacker`` (or takes rows
/// from any solver), then turns the rows into frames, both by the core
/// (``RowLayout`` and ``RowGeometry/frames(rows:sizes:containerWidth:)``):
/// this type adds the tags' labels and the options of the command line.
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
/// 4. Frames: a row is as tall as its tallest tag, tags placed in it by the
///    vertical alignment (centred by default); rows stacked from the top
///    inset with the line spacing between them; horizontally by the
///    alignment; right to left is the mirror image `x' = width - x - w` of
///    left to right.
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
    _ = try instance(for: tags)  // the options and tags, checked with the messages of this module
    let layout = RowLayout(geometry: options.geometry, objective: .packer(packer), order: options.order, fit: options.fit)
    let arranged: RowArrangement
    do {
      arranged = try layout.arrangement(sizes: tags.map(\.size), containerWidth: options.width)
    } catch {
      throw LayoutError(error)
    }
    return result(tags, arranged.placed, algorithm: packer.name)
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
    let placed: RowFrames
    do {
      placed = try options.geometry.frames(rows: options.order.arrange(given), sizes: tags.map(\.size), containerWidth: options.width)
    } catch {
      throw .invalidOption(error.description)
    }
    return result(tags, placed, algorithm: algorithm)
  }

  /// The core's frames as this module's result.
  func result(_ tags: [Tag], _ placed: RowFrames, algorithm: String) -> TagLayoutResult {
    TagLayoutResult(
      tags: tags, frames: placed.frames, truncated: placed.clamped,
      rows: placed.rows.map { LayoutRow(tags: $0.items, y: $0.y, height: $0.height, usedWidth: $0.usedWidth) },
      options: options, algorithm: algorithm)
  }

  private func checkOptions() throws(LayoutError) {
    do {
      try options.geometry.validate(containerWidth: options.width)
    } catch {
      throw .invalidOption(error.description)
    }
  }
}

extension Tag {
  /// The tag's width and height, as the core lays items out.
  public var size: LayoutSize { LayoutSize(width: width, height: height) }
}

extension LayoutError {
  /// The core's layout error in this module's terms.
  init(_ error: RowLayoutError) {
    switch error {
    case .geometry(.invalidRows(let message)): self = .invalidPacking(message)
    case .geometry, .instance, .rowLimit, .unsupported, .rowsForEveryWidth: self = .invalidOption(error.description)
    case .packer(let message): self = .packer(message)
    }
  }
}
