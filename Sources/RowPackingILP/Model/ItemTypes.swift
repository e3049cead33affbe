import RowPacking

/// A row pattern: the item types in one row, as type indices in increasing
/// order (a type appears as often as the row holds items of it).
///
/// Types are numbered by decreasing size, so a pattern lists its items
/// largest first: the path of the row in the arc-flow graph.
typealias Pattern = [Int]

/// The items grouped by size: item types, their demands and their items.
///
/// The cutting-stock view of bin packing (Gilmore and Gomory, 1961), with
/// item types numbered by decreasing size and the demand of each type.
///
/// Items of size zero are set aside: they go into the first row.
struct ItemTypes: Sendable {
  /// The distinct positive sizes, decreasing.
  let sizes: [Int]
  /// How many items have each size.
  let demands: [Int]
  /// The item indices of each type, in input order.
  let items: [[Int]]
  /// Items of size zero.
  let zeroSizedItems: [Int]
  /// The row capacity.
  let capacity: Int

  /// Groups `sizes` (one per item) by value.
  ///
  /// - Complexity: O(*n* log *n*).
  init(sizes itemSizes: [Int], capacity: Int) {
    self.capacity = capacity
    var byDecreasing = itemSizes.indices.filter { itemSizes[$0] > 0 }
    byDecreasing.sort { itemSizes[$0] != itemSizes[$1] ? itemSizes[$0] > itemSizes[$1] : $0 < $1 }
    var sizes: [Int] = []
    var items: [[Int]] = []
    for i in byDecreasing {
      if sizes.last == itemSizes[i] { items[items.count - 1].append(i) } else {
        sizes.append(itemSizes[i])
        items.append([i])
      }
    }
    self.sizes = sizes
    self.items = items
    self.demands = items.map(\.count)
    self.zeroSizedItems = itemSizes.indices.filter { itemSizes[$0] == 0 }
  }

  /// The number of types.
  var count: Int { sizes.count }

  /// The total size of a pattern.
  func load(of pattern: Pattern) -> Int { pattern.reduce(0) { $0 + sizes[$1] } }

  /// The patterns of a packing's rows (each row's items by type).
  func patterns(of packing: Packing, itemSizes: [Int]) -> [Pattern] {
    var typeOfSize: [Int: Int] = [:]
    for (t, s) in sizes.enumerated() { typeOfSize[s] = t }
    return packing.rows.map { row in row.compactMap { typeOfSize[itemSizes[$0]] }.sorted() }
      .filter { !$0.isEmpty }
  }

  /// A packing from row patterns: each row takes the next unused items of
  /// its types. Items a pattern asks for beyond the demand are left out
  /// (a covering may over-cover); rows left empty are dropped; items no
  /// pattern covers get rows of their own by first fit, so that the packing
  /// always holds every item (the caller verifies and counts it).
  func packing(patterns: [Pattern]) -> Packing {
    var next = [Int](repeating: 0, count: count)
    var rows: [[Int]] = []
    var loads: [Int] = []
    for pattern in patterns {
      var row: [Int] = []
      var load = 0
      for t in pattern where next[t] < demands[t] {
        row.append(items[t][next[t]])
        next[t] += 1
        load += sizes[t]
      }
      if !row.isEmpty {
        rows.append(row)
        loads.append(load)
      }
    }
    for t in 0..<count {
      while next[t] < demands[t] {
        let item = items[t][next[t]]
        next[t] += 1
        if let r = loads.firstIndex(where: { $0 + sizes[t] <= capacity }) {
          rows[r].append(item)
          loads[r] += sizes[t]
        } else {
          rows.append([item])
          loads.append(sizes[t])
        }
      }
    }
    if !zeroSizedItems.isEmpty {
      if rows.isEmpty { rows.append([]) }
      rows[0].append(contentsOf: zeroSizedItems)
    }
    return Packing(rows: rows)
  }
}
