/// Open rows grouped by residual capacity, for small capacities: first-fit
/// and best-fit in O(log C) per item, in a structure of O(C) that stays in
/// cache, whatever the number of rows.
///
/// Each residual value `r` in `0...C` keeps a min-heap of the rows left
/// with exactly `r`; a segment tree over the residual values holds, for
/// each, the key `row · (C + 1) + r` of its top-most row. First-fit (the
/// top-most row with a residual of at least `s`) is a range minimum over
/// `[s, C]`; best-fit (the smallest residual of at least `s`, top-most row
/// among equals) is the left-most non-empty leaf from `s`. Rows whose
/// residual is below the smallest item size can take nothing more and are
/// dropped.
///
/// - Complexity: O(log C + log n) per operation, O(C + n) memory.
struct ResidualBuckets {
  /// The largest capacity worth bucketing (the tree has one leaf per value).
  static let capacityLimit = 1 << 16

  private let capacity: Int
  private let smallestUseful: Int
  private let leaves: Int
  private var heaps: [[Int]]
  private var tree: [Int]

  init(capacity: Int, smallestSize: Int) {
    self.capacity = capacity
    smallestUseful = smallestSize
    var leaves = 1
    while leaves < capacity + 1 { leaves *= 2 }
    self.leaves = leaves
    heaps = [[Int]](repeating: [], count: capacity + 1)
    tree = [Int](repeating: Int.max, count: 2 * leaves)
  }

  /// Adds a row with residual `residual` (dropped if nothing can fit in it).
  mutating func insert(row: Int, residual: Int) {
    if residual < smallestUseful && smallestUseful > 0 { return }
    Self.push(&heaps[residual], row)
    refresh(residual)
  }

  /// Removes and returns the top-most row whose residual is at least `size` (first-fit).
  mutating func removeFirstFit(size: Int) -> (row: Int, residual: Int)? {
    guard size <= capacity else { return nil }
    var lo = size + leaves, hi = capacity + leaves + 1
    var best = Int.max
    while lo < hi {
      if lo & 1 == 1 { best = min(best, tree[lo]); lo += 1 }
      if hi & 1 == 1 { hi -= 1; best = min(best, tree[hi]) }
      lo >>= 1
      hi >>= 1
    }
    guard best != Int.max else { return nil }
    let residual = best % (capacity + 1)
    return (removeTop(residual), residual)
  }

  /// Removes and returns the top-most row of the smallest residual of at
  /// least `size` (best-fit).
  mutating func removeBestFit(size: Int) -> (row: Int, residual: Int)? {
    guard size <= capacity else { return nil }
    // Walk up from the leaf `size` until a right sibling subtree holds a row, then down.
    var node = size + leaves
    if tree[node] == Int.max {
      while true {
        if node == 1 { return nil }
        if node & 1 == 0 && tree[node + 1] != Int.max { node += 1; break }
        node >>= 1
      }
      while node < leaves { node = tree[2 * node] != Int.max ? 2 * node : 2 * node + 1 }
    }
    let residual = node - leaves
    return (removeTop(residual), residual)
  }

  private mutating func removeTop(_ residual: Int) -> Int {
    let row = Self.popMin(&heaps[residual])
    refresh(residual)
    return row
  }

  private mutating func refresh(_ residual: Int) {
    var node = residual + leaves
    tree[node] = heaps[residual].isEmpty ? Int.max : heaps[residual][0] * (capacity + 1) + residual
    node >>= 1
    while node >= 1 {
      tree[node] = min(tree[2 * node], tree[2 * node + 1])
      node >>= 1
    }
  }

  private static func push(_ heap: inout [Int], _ value: Int) {
    heap.append(value)
    var i = heap.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      if heap[parent] <= value { break }
      heap[i] = heap[parent]
      i = parent
    }
    heap[i] = value
  }

  private static func popMin(_ heap: inout [Int]) -> Int {
    let top = heap[0]
    let last = heap.removeLast()
    if heap.isEmpty { return top }
    var i = 0
    let n = heap.count
    while true {
      let left = 2 * i + 1
      if left >= n { break }
      let child = left + 1 < n && heap[left + 1] < heap[left] ? left + 1 : left
      if heap[child] >= last { break }
      heap[i] = heap[child]
      i = child
    }
    heap[i] = last
    return top
  }
}

extension ResidualBuckets {
  /// Which open row takes an item: the top-most with room, or the fullest.
  enum Rule { case firstFit, bestFit }

  /// Packs the items in `order`, each into the open row `rule` picks (a new
  /// row when none has room), with the rows bucketed by residual.
  ///
  /// - Complexity: O(*n* (log C + log *n*) + C).
  static func pack(_ instance: ScaledInstance, order: [Int], rule: Rule) -> Packing {
    var buckets = ResidualBuckets(capacity: instance.capacity, smallestSize: instance.sizes.min() ?? 0)
    var rowOfPlacement = [Int](repeating: 0, count: order.count)
    var rowCount = 0
    for (k, item) in order.enumerated() {
      let size = instance.sizes[item]
      let found = rule == .firstFit ? buckets.removeFirstFit(size: size) : buckets.removeBestFit(size: size)
      if let (row, residual) = found {
        rowOfPlacement[k] = row
        buckets.insert(row: row, residual: residual - size)
      } else {
        rowOfPlacement[k] = rowCount
        buckets.insert(row: rowCount, residual: instance.capacity - size)
        rowCount += 1
      }
    }
    return Packing.fromPlacements(order, rowOfPlacement: rowOfPlacement, rowCount: rowCount)
  }
}
