/// A packing: the items of each row, as indices into the instance's items.
///
/// Rows are listed top to bottom and items left to right in the order the
/// packer placed them. Held flat: every item row after row in ``items``,
/// with ``rowStarts`` saying where each row begins, so a packing of a
/// million items is two arrays, not an array per row. ``rows`` gives the
/// nested form.
public struct Packing: Sendable, Hashable {
  /// Every item, row after row (top to bottom, left to right).
  public private(set) var items: [Int]
  /// Where each row starts in ``items``, then `items.count`: row `r` is
  /// `items[rowStarts[r] ..< rowStarts[r + 1]]`. Never empty (`[0]` for no rows).
  public private(set) var rowStarts: [Int]

  /// A packing from its rows.
  public init(rows: [[Int]]) {
    var items: [Int] = []
    items.reserveCapacity(rows.reduce(0) { $0 + $1.count })
    var rowStarts = [0]
    rowStarts.reserveCapacity(rows.count + 1)
    for row in rows {
      items += row
      rowStarts.append(items.count)
    }
    self.items = items
    self.rowStarts = rowStarts
  }

  /// A packing from its flat form: `rowStarts` starts at 0, never decreases
  /// and ends at `items.count`.
  public init(items: [Int], rowStarts: [Int]) {
    precondition(rowStarts.first == 0 && rowStarts.last == items.count, "row starts must run from 0 to the item count")
    self.items = items
    self.rowStarts = rowStarts
  }

  /// The item indices of each row.
  public var rows: [[Int]] {
    get { (0..<rowCount).map { Array(row($0)) } }
    set { self = Packing(rows: newValue) }
  }

  /// The items of row `r`, left to right.
  public func row(_ r: Int) -> ArraySlice<Int> { items[rowStarts[r]..<rowStarts[r + 1]] }

  /// The number of rows.
  public var rowCount: Int { rowStarts.count - 1 }

  /// For each item, the row that holds it (`nil` for an item in no row; the
  /// first row for an item listed twice). Items outside `0..<itemCount` are ignored.
  public func rowOfItem(itemCount: Int) -> [Int?] {
    var result = [Int?](repeating: nil, count: itemCount)
    for r in 0..<rowCount {
      for item in row(r) where item >= 0 && item < itemCount && result[item] == nil {
        result[item] = r
      }
    }
    return result
  }

  /// The packing whose row `rowOfPlacement[k]` received `placement[k]`, in
  /// placement order within each row: one stable counting pass, O(*n* + rows).
  static func fromPlacements(_ placement: [Int], rowOfPlacement: [Int], rowCount: Int) -> Packing {
    var starts = [Int](repeating: 0, count: rowCount + 1)
    for row in rowOfPlacement { starts[row + 1] &+= 1 }
    for r in 0..<rowCount { starts[r + 1] &+= starts[r] }
    var next = starts
    var items = [Int](repeating: 0, count: placement.count)
    for k in placement.indices {
      let row = rowOfPlacement[k]
      items[next[row]] = placement[k]
      next[row] &+= 1
    }
    return Packing(items: items, rowStarts: starts)
  }
}

extension Packing: Codable {
  private enum CodingKeys: String, CodingKey { case rows }

  /// Encoded as `{"rows": [[...], ...]}`, as before the flat form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rows, forKey: .rows)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(rows: try container.decode([[Int]].self, forKey: .rows))
  }
}
