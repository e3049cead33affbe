/// A packing: the items of each row, as indices into the instance's items.
///
/// Rows are listed top to bottom and items left to right in the order the
/// packer placed them.
public struct Packing: Sendable, Hashable, Codable {
  /// The item indices of each row.
  public var rows: [[Int]]

  public init(rows: [[Int]]) { self.rows = rows }

  /// The number of rows.
  public var rowCount: Int { rows.count }

  /// For each item, the row that holds it (`nil` for an item in no row; the
  /// first row for an item listed twice). Items outside `0..<itemCount` are ignored.
  public func rowOfItem(itemCount: Int) -> [Int?] {
    var result = [Int?](repeating: nil, count: itemCount)
    for (row, items) in rows.enumerated() {
      for item in items where item >= 0 && item < itemCount && result[item] == nil {
        result[item] = row
      }
    }
    return result
  }
}
