/// A packing: the items of each row, as indices into the instance's items.
///
/// Rows are listed top to bottom and items left to right in the order the
/// packer placed them. Held flat: every item row after row in ``items``,
/// with ``rowStarts`` saying where each row begins, so a packing of a
/// million items is two arrays, not an array per row. ``rows`` gives the
/// nested form.
public struct Packing: Sendable {
  /// Every item, row after row, or `nil` when that is `0 ..< n` in order
  /// (a packing that keeps the given order, as next-fit's: only the row
  /// starts are stored).
  private var storedItems: [Int]?
  /// Where each row starts in ``items``, then `items.count`: row `r` is
  /// `items[rowStarts[r] ..< rowStarts[r + 1]]`. Never empty (`[0]` for no rows).
  public private(set) var rowStarts: [Int]

  /// Every item, row after row (top to bottom, left to right).
  ///
  /// - Complexity: O(1), or O(*n*) for a packing that keeps the given order
  ///   (its items are `0 ..< n`, made on demand).
  public var items: [Int] { storedItems ?? Array(0..<itemCount) }

  /// The number of items in all rows.
  public var itemCount: Int { rowStarts[rowStarts.count - 1] }

  /// The item at `position` in ``items``, without making the array.
  @inline(__always) func item(at position: Int) -> Int { storedItems?[position] ?? position }

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
    self.storedItems = items
    self.rowStarts = rowStarts
  }

  /// A packing from its flat form: `rowStarts` starts at 0, never decreases
  /// and ends at `items.count`.
  public init(items: [Int], rowStarts: [Int]) {
    precondition(rowStarts.first == 0 && rowStarts.last == items.count, "row starts must run from 0 to the item count")
    self.storedItems = items
    self.rowStarts = rowStarts
  }

  /// The packing that keeps the items `0 ..< n` in order, cut into rows at
  /// `rowStarts` (from 0, never decreasing, ending at `n`).
  init(inOrderRowStarts rowStarts: [Int]) {
    precondition(rowStarts.first == 0, "row starts must start at 0")
    self.storedItems = nil
    self.rowStarts = rowStarts
  }

  /// The item indices of each row.
  public var rows: [[Int]] {
    get { (0..<rowCount).map { Array(row($0)) } }
    set { self = Packing(rows: newValue) }
  }

  /// The items of row `r`, left to right (a slice of ``items``).
  ///
  /// - Complexity: O(1), or O(length of the row) for a packing that keeps
  ///   the given order.
  public func row(_ r: Int) -> ArraySlice<Int> {
    let range = rowStarts[r]..<rowStarts[r + 1]
    guard let storedItems else { return Array(range)[...] }
    return storedItems[range]
  }

  /// The number of rows.
  public var rowCount: Int { rowStarts.count - 1 }

  /// For each item, the row that holds it (`nil` for an item in no row; the
  /// first row for an item listed twice). Items outside `0..<itemCount` are ignored.
  public func rowOfItem(itemCount: Int) -> [Int?] {
    var result = [Int?](repeating: nil, count: itemCount)
    for r in 0..<rowCount {
      for position in rowStarts[r]..<rowStarts[r + 1] {
        let item = item(at: position)
        if item >= 0 && item < itemCount && result[item] == nil { result[item] = r }
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

extension Packing: Hashable {
  /// Packings are equal when they have the same rows with the same items in
  /// the same order, however they are stored.
  public static func == (a: Packing, b: Packing) -> Bool {
    guard a.rowStarts == b.rowStarts else { return false }
    if a.storedItems == nil && b.storedItems == nil { return true }
    return (0..<a.itemCount).allSatisfy { a.item(at: $0) == b.item(at: $0) }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(rowStarts)
    for position in 0..<itemCount { hasher.combine(item(at: position)) }
  }
}

extension Packing: Codable {
  private enum CodingKeys: String, CodingKey { case rows }

  /// Encoded as `{"rows": [[...], ...]}`, rows of item indices, whatever the
  /// flat form in memory, so that JSON readers see rows.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rows, forKey: .rows)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(rows: try container.decode([[Int]].self, forKey: .rows))
  }
}
