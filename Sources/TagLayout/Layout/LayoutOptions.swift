import RowPacking

/// The insets of a tag layout (the core's ``ContentInsets``).
public typealias EdgeInsets = ContentInsets

/// The direction of a tag layout (the core's ``RowDirection``).
public typealias LayoutDirection = RowDirection

/// The order of a tag layout's tags (the core's ``ItemOrder``).
public typealias TagOrder = ItemOrder

/// Everything a tag layout needs besides the tags.
public struct LayoutOptions: Sendable, Hashable, Codable {
  /// The container's width in points, insets included (390 for an iPhone screen).
  public var width: Double
  /// Insets between the container's edges and the rows.
  public var insets: EdgeInsets
  /// Horizontal space between neighbouring tags in a row.
  public var spacing: Double
  /// Vertical space between rows.
  public var lineSpacing: Double
  public var alignment: RowAlignment
  /// Where a tag sits in a row taller than it (rows of tags of mixed heights).
  public var verticalAlignment: RowVerticalAlignment
  public var direction: LayoutDirection
  public var fit: FitTest
  public var order: TagOrder

  public init(
    width: Double = 390, insets: EdgeInsets = EdgeInsets(all: 16), spacing: Double = 8,
    lineSpacing: Double = 8, alignment: RowAlignment = .leading,
    direction: LayoutDirection = .leftToRight, fit: FitTest = .normal, order: TagOrder = .input,
    verticalAlignment: RowVerticalAlignment = .center
  ) {
    self.width = width
    self.insets = insets
    self.spacing = spacing
    self.lineSpacing = lineSpacing
    self.alignment = alignment
    self.verticalAlignment = verticalAlignment
    self.direction = direction
    self.fit = fit
    self.order = order
  }

  /// The width available to a row: the container width minus the leading
  /// and trailing insets.
  public var rowWidth: Double { width - insets.leading - insets.trailing }

  /// The core's geometry of these options (all but the width, fit test and order).
  public var geometry: RowGeometry {
    RowGeometry(
      insets: insets, spacing: spacing, lineSpacing: lineSpacing, alignment: alignment,
      verticalAlignment: verticalAlignment, direction: direction)
  }
}

/// Why tags could not be laid out.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A container width, spacing, line spacing or inset that is not a finite
  /// number in range, or no room left for a row after the insets.
  case invalidOption(String)
  /// A tag whose width or height is negative, NaN or infinite.
  case invalidTag(index: Int, label: String, reason: String)
  /// Rows given to ``TagLayoutEngine/layOut(_:rows:)`` that are not a valid packing of the tags.
  case invalidPacking(String)
  /// The packer could not pack the tags.
  case packer(String)

  public var description: String {
    switch self {
    case .invalidOption(let message): return message
    case .invalidTag(let index, let label, let reason): return "tag \(index + 1) ('\(label)'): \(reason)"
    case .invalidPacking(let message): return "the rows are not a packing of the tags: \(message)"
    case .packer(let message): return message
    }
  }
}
