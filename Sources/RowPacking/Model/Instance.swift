/// A row-packing instance: items of given widths to put into rows of a fixed
/// width, with a spacing between neighbouring items in a row.
///
/// A row holding the items `R` is valid if and only if
/// `sum(widths[i] for i in R) + (R.count - 1) * spacing <= rowWidth`:
/// no spacing before the first item or after the last, and an exact fill is
/// valid. Equivalently, this is one-dimensional bin packing with item sizes
/// `width + spacing` and bin capacity `rowWidth + spacing`.
///
/// Widths may be fractional (points, as in a UI). Solvers work on a
/// ``ScaledInstance`` of integers; see ``scaled(resolution:)`` for how
/// fractional widths are rounded so that packings stay valid and lower
/// bounds stay proofs.
public struct Instance: Sendable, Hashable {
  /// A name for reports, such as the file's name without its extension.
  public var name: String
  /// The width of each item, all finite and `>= 0`.
  public let widths: [Double]
  /// The width of a row, finite and `> 0`.
  public let rowWidth: Double
  /// The space between two neighbouring items in a row, finite and `>= 0`.
  public let spacing: Double
  /// Optional text of each item (a tag's label), as many as there are widths.
  public let labels: [String]?

  /// The largest row width plus spacing accepted, so that scaling by up to
  /// ``ScaledInstance/maximumResolution`` stays exact in 64-bit integers.
  public static let maximumRowWidth: Double = 1e12

  /// Creates an instance, checking every width.
  ///
  /// - Throws: ``InstanceError`` for a negative, NaN or infinite width, a
  ///   non-positive row width, a negative spacing, a label count that does
  ///   not match, or an item wider than the row (naming the first one).
  public init(
    name: String = "", widths: [Double], rowWidth: Double, spacing: Double = 0,
    labels: [String]? = nil
  ) throws(InstanceError) {
    guard rowWidth.isFinite, rowWidth > 0 else { throw .nonPositiveRowWidth(rowWidth) }
    guard spacing.isFinite, spacing >= 0 else { throw .negativeSpacing(spacing) }
    guard rowWidth + spacing <= Self.maximumRowWidth else { throw .rowWidthTooLarge(rowWidth) }
    for (index, width) in widths.enumerated() {
      guard width.isFinite, width >= 0 else { throw .invalidWidth(item: index, width: width) }
      guard width <= rowWidth else {
        throw .itemWiderThanRow(item: index, width: width, rowWidth: rowWidth)
      }
    }
    if let labels, labels.count != widths.count {
      throw .labelCountMismatch(labels: labels.count, items: widths.count)
    }
    self.name = name
    self.widths = widths
    self.rowWidth = rowWidth
    self.spacing = spacing
    self.labels = labels
  }

  /// Creates an instance of integer widths (packed with exact integer arithmetic).
  public init(
    name: String = "", widths: [Int], rowWidth: Int, spacing: Int = 0, labels: [String]? = nil
  ) throws(InstanceError) {
    try self.init(
      name: name, widths: widths.map(Double.init), rowWidth: Double(rowWidth),
      spacing: Double(spacing), labels: labels)
  }

  /// The number of items.
  public var count: Int { widths.count }

  /// Whether every width, the row width and the spacing are whole numbers.
  public var isIntegral: Bool {
    rowWidth.rounded() == rowWidth && spacing.rounded() == spacing
      && widths.allSatisfy { $0.rounded() == $0 }
  }
}

/// Why a set of widths is not a row-packing instance.
public enum InstanceError: Error, Hashable, Sendable, CustomStringConvertible {
  case invalidWidth(item: Int, width: Double)
  case nonPositiveRowWidth(Double)
  case negativeSpacing(Double)
  case rowWidthTooLarge(Double)
  case itemWiderThanRow(item: Int, width: Double, rowWidth: Double)
  case labelCountMismatch(labels: Int, items: Int)
  case invalidResolution(Int)

  public var description: String {
    switch self {
    case .invalidWidth(let item, let width):
      return "item \(item + 1) has width \(width); widths must be finite and >= 0"
    case .nonPositiveRowWidth(let width):
      return "the row width is \(width); it must be finite and > 0"
    case .negativeSpacing(let spacing):
      return "the spacing is \(spacing); it must be finite and >= 0"
    case .rowWidthTooLarge(let width):
      return "the row width \(width) is larger than \(Instance.maximumRowWidth), the largest supported"
    case .itemWiderThanRow(let item, let width, let rowWidth):
      return "item \(item + 1) (width \(formatNumber(width))) is wider than the row (\(formatNumber(rowWidth)))"
    case .labelCountMismatch(let labels, let items):
      return "\(labels) labels for \(items) items"
    case .invalidResolution(let resolution):
      return "resolution \(resolution) is not a power of ten between 1 and \(ScaledInstance.maximumResolution)"
    }
  }
}

/// Formats a number without a trailing `.0` when it is whole.
@inlinable
public func formatNumber(_ value: Double) -> String {
  if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
  return String(value)
}
