/// First-fit: items in the given order, each into the first (top-most) row
/// it fits in, a new row when it fits in none.
///
/// Rows are found with a tournament tree of row residuals, so each item
/// costs O(log *n*) rather than a scan of all rows; for capacities up to
/// 2^16, with rows bucketed by residual (`ResidualBuckets`), O(log C).
///
/// D. S. Johnson, A. Demers, J. D. Ullman, M. R. Garey, R. L. Graham,
/// "Worst-case performance bounds for simple one-dimensional packing
/// algorithms", SIAM Journal on Computing 3(4):299-325, 1974.
///
/// - Complexity: O(*n* log *n*) time, O(*n*) memory.
public struct FirstFit: RowPacker {
  public init() {}
  public var name: String { "first-fit" }

  public func pack(_ instance: ScaledInstance) -> Packing {
    Self.pack(instance, order: Array(instance.sizes.indices))
  }

  /// First-fit over the items in `order`.
  static func pack(_ instance: ScaledInstance, order: [Int]) -> Packing {
    if instance.capacity <= ResidualBuckets.capacityLimit {
      return ResidualBuckets.pack(instance, order: order, rule: .firstFit)
    }
    var rowOfPlacement = [Int](repeating: 0, count: order.count)
    var rowCount = 0
    var tree = MaxResidualTree(rowSlots: order.count, capacity: instance.capacity)
    for (k, item) in order.enumerated() {
      let size = instance.sizes[item]
      // Unopened rows hold the full capacity, so the left-most row with room
      // is either an open row or the next row to open.
      let row = tree.firstRow(withResidualAtLeast: size)!
      if row == rowCount { rowCount += 1 }
      rowOfPlacement[k] = row
      tree.decrease(row: row, by: size)
    }
    return Packing.fromPlacements(order, rowOfPlacement: rowOfPlacement, rowCount: rowCount)
  }
}

/// A complete binary tree over row slots holding each row's residual
/// capacity in its leaves and the maximum of its children in inner nodes:
/// the left-most row with a residual of at least `x` is found in O(log *n*).
struct MaxResidualTree {
  private var nodes: [Int]
  private let leafStart: Int

  init(rowSlots: Int, capacity: Int) {
    var leaves = 1
    while leaves < max(rowSlots, 1) { leaves *= 2 }
    leafStart = leaves
    nodes = [Int](repeating: capacity, count: 2 * leaves)
  }

  /// The left-most row whose residual is at least `size`, or `nil`.
  func firstRow(withResidualAtLeast size: Int) -> Int? {
    guard nodes[1] >= size else { return nil }
    var node = 1
    while node < leafStart {
      node = nodes[2 * node] >= size ? 2 * node : 2 * node + 1
    }
    return node - leafStart
  }

  mutating func decrease(row: Int, by size: Int) {
    var node = row + leafStart
    nodes[node] -= size
    node /= 2
    while node >= 1 {
      nodes[node] = max(nodes[2 * node], nodes[2 * node + 1])
      node /= 2
    }
  }
}
