/// One way in which a packing is not a valid packing of an instance.
public enum PackingViolation: Hashable, Sendable, CustomStringConvertible {
  /// An index that names no item.
  case unknownItem(row: Int, item: Int)
  /// An item that appears in no row.
  case missingItem(Int)
  /// An item that appears more than once.
  case repeatedItem(Int)
  /// A row with no items (it would count as a row without holding anything).
  case emptyRow(Int)
  /// A row whose widths plus spacings exceed the row width.
  case overfullRow(row: Int, usedWidth: Double, rowWidth: Double)

  public var description: String {
    switch self {
    case .unknownItem(let row, let item): return "row \(row + 1) names item \(item + 1), which does not exist"
    case .missingItem(let item): return "item \(item + 1) is in no row"
    case .repeatedItem(let item): return "item \(item + 1) is in more than one place"
    case .emptyRow(let row): return "row \(row + 1) is empty"
    case .overfullRow(let row, let used, let width):
      return "row \(row + 1) needs \(formatNumber(used)) but the row is \(formatNumber(width)) wide"
    }
  }
}

/// Checks a packing against an instance, independently of any packer.
///
/// A packing is valid when every item is in exactly one row, no row is
/// empty, and every row satisfies `sum(widths) + (count - 1) * spacing <=
/// rowWidth` **for the true widths** (not the scaled ones the packers used).
/// When the instance is integral the check is exact integer arithmetic;
/// otherwise it is floating point with a tolerance of `1e-9 * (rowWidth +
/// spacing)` for summation error, far below any width a layout can show.
///
/// - Returns: the violations found, empty when the packing is valid.
/// - Complexity: O(*n* + *rows*).
public func verify(_ packing: Packing, for instance: Instance) -> [PackingViolation] {
  var violations: [PackingViolation] = []
  var seen = [Bool](repeating: false, count: instance.count)
  let integral = instance.isIntegral
  let tolerance = integral ? 0 : 1e-9 * (instance.rowWidth + instance.spacing)
  for rowIndex in 0..<packing.rowCount {
    // Positions in the flat items: no array per row.
    let row = packing.rowStarts[rowIndex]..<packing.rowStarts[rowIndex + 1]
    if row.isEmpty { violations.append(.emptyRow(rowIndex)) }
    var usedInteger: Int64 = 0
    var usedDouble = 0.0
    var overflowed = false
    for (position, item) in row.lazy.map(packing.item(at:)).enumerated() {
      guard item >= 0, item < instance.count else {
        violations.append(.unknownItem(row: rowIndex, item: item))
        continue
      }
      if seen[item] { violations.append(.repeatedItem(item)) }
      seen[item] = true
      let gap = position == 0 ? 0 : instance.spacing
      if integral {
        let (sum, overflow) = usedInteger.addingReportingOverflow(Int64(instance.widths[item] + gap))
        usedInteger = sum
        overflowed = overflowed || overflow
      } else {
        usedDouble += instance.widths[item] + gap
      }
    }
    let used = integral ? Double(usedInteger) : usedDouble
    let fits = integral ? (!overflowed && usedInteger <= Int64(instance.rowWidth)) : usedDouble <= instance.rowWidth + tolerance
    if !fits {
      violations.append(.overfullRow(row: rowIndex, usedWidth: used, rowWidth: instance.rowWidth))
    }
  }
  for (item, wasSeen) in seen.enumerated() where !wasSeen {
    violations.append(.missingItem(item))
  }
  return violations
}
