/// Space between a container's edges and its content, in points.
///
/// `leading` and `trailing` follow the layout direction: in a right-to-left
/// layout the leading inset is on the right.
public struct EdgeInsets: Sendable, Hashable, Codable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same inset on all four sides.
  public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }

  /// No insets.
  public static let zero = EdgeInsets(all: 0)
}

/// Where a row's tags sit when they do not fill the row.
public enum RowAlignment: String, CaseIterable, Sendable, Hashable, Codable {
  /// Against the leading edge (left in left-to-right).
  case leading
  /// Centred, the free space split evenly before and after.
  case center
  /// Against the trailing edge.
  case trailing
  /// The free space shared among the gaps so that the row spans its width;
  /// the last row and rows of one tag stay leading, as justified text does.
  case justified
}

/// The direction in which tags run along a row.
public enum LayoutDirection: String, CaseIterable, Sendable, Hashable, Codable {
  case leftToRight = "ltr"
  /// The mirror image of the left-to-right layout: `x' = width - x - w`.
  case rightToLeft = "rtl"
}

/// The test that decides whether a tag still fits in a row.
public enum FitTest: String, CaseIterable, Sendable, Hashable, Codable {
  /// `used + spacing + width <= row width`: a row may fill exactly (the default).
  case normal
  /// `used + spacing + width < row width`: the strict test of a published
  /// flow-layout snippet, which refuses a row that would fill exactly.
  case strict
}

/// How the tags of a packing are ordered in the layout.
public enum TagOrder: String, CaseIterable, Sendable, Hashable, Codable {
  /// Rows and tags within a row exactly as the packer returned them.
  case packed
  /// Each row's tags in their input order, and rows by their first tag's
  /// input position: the same rows, read as close to the input as they allow.
  case input
}

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
  public var direction: LayoutDirection
  public var fit: FitTest
  public var order: TagOrder

  public init(
    width: Double = 390, insets: EdgeInsets = EdgeInsets(all: 16), spacing: Double = 8,
    lineSpacing: Double = 8, alignment: RowAlignment = .leading,
    direction: LayoutDirection = .leftToRight, fit: FitTest = .normal, order: TagOrder = .input
  ) {
    self.width = width
    self.insets = insets
    self.spacing = spacing
    self.lineSpacing = lineSpacing
    self.alignment = alignment
    self.direction = direction
    self.fit = fit
    self.order = order
  }

  /// The width available to a row: the container width minus the leading
  /// and trailing insets.
  public var rowWidth: Double { width - insets.leading - insets.trailing }
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
