/// Everything that turns rows of measured items into frames: the insets,
/// the spacing between items and between rows, the alignments and the
/// direction.
///
/// The container's width is not part of it: a layout asks for frames at
/// many widths (``RowLayout``). The row width is the container width minus
/// the leading and trailing insets.
public struct RowGeometry: Sendable, Hashable, Codable {
  /// Insets between the container's edges and the rows.
  public var insets: ContentInsets
  /// Horizontal space between neighbouring items in a row.
  public var spacing: Double
  /// Vertical space between rows.
  public var lineSpacing: Double
  /// Where a row's items sit when they do not fill it.
  public var alignment: RowAlignment
  /// Where an item sits in a row taller than it.
  public var verticalAlignment: RowVerticalAlignment
  /// Left to right, or its mirror image.
  public var direction: RowDirection

  public init(
    insets: ContentInsets = ContentInsets(all: 16), spacing: Double = 8, lineSpacing: Double = 8,
    alignment: RowAlignment = .leading, verticalAlignment: RowVerticalAlignment = .center,
    direction: RowDirection = .leftToRight
  ) {
    self.insets = insets
    self.spacing = spacing
    self.lineSpacing = lineSpacing
    self.alignment = alignment
    self.verticalAlignment = verticalAlignment
    self.direction = direction
  }

  /// The width available to a row in a container `containerWidth` wide.
  public func rowWidth(containerWidth: Double) -> Double {
    containerWidth - insets.leading - insets.trailing
  }

  /// The content height of rows of the given heights: top inset + the
  /// heights + (rows - 1) x line spacing + bottom inset (just the insets
  /// for no rows).
  public func contentHeight(rowHeights: [Double]) -> Double {
    let rows = rowHeights.reduce(0, +)
    let gaps = Double(Swift.max(rowHeights.count - 1, 0)) * lineSpacing
    return insets.top + rows + gaps + insets.bottom
  }

  /// Checks that the spacing, line spacing and insets are finite and
  /// `>= 0`, and, when given, that `containerWidth` is finite, `> 0` and
  /// leaves room for a row after the insets.
  public func validate(containerWidth: Double? = nil) throws(RowGeometryError) {
    for (name, value) in [("spacing", spacing), ("line spacing", lineSpacing),
                          ("top inset", insets.top), ("leading inset", insets.leading),
                          ("bottom inset", insets.bottom), ("trailing inset", insets.trailing)] {
      guard value.isFinite, value >= 0 else { throw .negative(name: name, value: value) }
    }
    guard let containerWidth else { return }
    guard containerWidth.isFinite, containerWidth > 0 else { throw .invalidWidth(containerWidth) }
    guard rowWidth(containerWidth: containerWidth) > 0 else {
      throw .noRoomForRow(width: containerWidth, leading: insets.leading, trailing: insets.trailing)
    }
  }
}

/// Why a geometry or a size cannot be laid out.
public enum RowGeometryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A spacing, line spacing or inset that is negative, NaN or infinite.
  case negative(name: String, value: Double)
  /// A container width that is not a finite number `> 0`.
  case invalidWidth(Double)
  /// A container width no wider than its leading and trailing insets.
  case noRoomForRow(width: Double, leading: Double, trailing: Double)
  /// An item whose width or height is negative, NaN or infinite.
  case invalidSize(item: Int, width: Double, height: Double)
  /// Rows that name an item out of range or twice, or an empty row.
  case invalidRows(String)

  public var description: String {
    switch self {
    case .negative(let name, let value):
      return "the \(name) is \(formatNumber(value)); it must be a number >= 0 (points)"
    case .invalidWidth(let width):
      return "the width is \(formatNumber(width)); it must be a number > 0 (points)"
    case .noRoomForRow(let width, let leading, let trailing):
      return "the width \(formatNumber(width)) leaves no room for a row after the insets (\(formatNumber(leading)) + \(formatNumber(trailing)))"
    case .invalidSize(let item, let width, let height):
      return "item \(item + 1) has size \(formatNumber(width)) x \(formatNumber(height)); sizes must be finite numbers >= 0"
    case .invalidRows(let message): return "the rows are not a layout of the items: \(message)"
    }
  }
}
