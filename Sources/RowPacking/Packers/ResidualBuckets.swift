/// Open rows grouped by residual capacity, for small capacities: first-fit
/// and best-fit in O(log C) per *run of equal sizes* and block of rows, in
/// a structure of O(C) that stays in cache, whatever the number of rows.
///
/// The rows are held as **blocks**: runs of consecutive rows that all have
/// the same residual. Each residual value `r` in `0...C` keeps a min-heap
/// (by first row) of its blocks; a segment tree over the residual values
/// holds, for each, the key `firstRow · (C + 1) + r` of its top-most block.
/// First-fit (the top-most row with a residual of at least `s`) is a range
/// minimum over `[s, C]`; best-fit (the smallest residual of at least `s`,
/// top-most row among equals) is the left-most non-empty leaf from `s`.
/// Rows whose residual is below the smallest item size can take nothing
/// more and are dropped.
///
/// Items of equal size are placed together (``pack(_:order:rule:)``): with
/// equal sizes, first-fit and best-fit both fill the row they pick until it
/// can take no more, then pick again, so a block of rows with residual `r`
/// takes `r / s` items per row in one step and moves on as one block. With
/// few distinct sizes the heaps hold a handful of blocks however many rows
/// there are; with all sizes distinct it is one step per item, as a plain heap.
///
/// - Complexity: O(log C + log *b*) per step (*b* the blocks of one
///   residual), at most one step per item; O(C + *n*) memory.
struct ResidualBuckets {
  /// The largest capacity worth bucketing (the tree has one leaf per value).
  static let capacityLimit = 1 << 16

  /// Rows `first ..< first + count`, all with the same residual.
  private struct Block {
    var first: Int
    var count: Int
  }

  private let capacity: Int
  private let smallestUseful: Int
  private let leaves: Int
  private var heaps: [[Block]]
  private var tree: [Int]

  init(capacity: Int, smallestSize: Int) {
    self.capacity = capacity
    smallestUseful = smallestSize
    var leaves = 1
    while leaves < capacity + 1 { leaves *= 2 }
    self.leaves = leaves
    heaps = [[Block]](repeating: [], count: capacity + 1)
    tree = [Int](repeating: Int.max, count: 2 * leaves)
  }

  /// Adds the rows `first ..< first + count` with residual `residual`
  /// (dropped if nothing can fit in them).
  mutating func insert(rows first: Int, count: Int, residual: Int) {
    if count == 0 || (residual < smallestUseful && smallestUseful > 0) { return }
    Self.push(&heaps[residual], Block(first: first, count: count))
    refresh(residual)
  }

  /// The residual of the top-most row whose residual is at least `size` (first-fit).
  func firstFitResidual(size: Int) -> Int? {
    guard size <= capacity else { return nil }
    var lo = size + leaves, hi = capacity + leaves + 1
    var best = Int.max
    while lo < hi {
      if lo & 1 == 1 { best = min(best, tree[lo]); lo += 1 }
      if hi & 1 == 1 { hi -= 1; best = min(best, tree[hi]) }
      lo >>= 1
      hi >>= 1
    }
    return best == Int.max ? nil : best % (capacity + 1)
  }

  /// The smallest residual of at least `size` that some row has (best-fit).
  func bestFitResidual(size: Int) -> Int? {
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
    return node - leaves
  }

  /// Removes up to `limit` (>= 1) rows from the top of the top-most block
  /// with residual `residual` and returns them as `first ..< first + count`.
  mutating func removeTopRows(residual: Int, limit: Int) -> (first: Int, count: Int) {
    let top = heaps[residual][0]
    if top.count > limit {
      // The rest of the block still starts above every other block of this
      // residual (blocks are disjoint runs of rows): it stays the top.
      heaps[residual][0] = Block(first: top.first + limit, count: top.count - limit)
      refresh(residual)
      return (top.first, limit)
    }
    _ = Self.popMin(&heaps[residual])
    refresh(residual)
    return (top.first, top.count)
  }

  private mutating func refresh(_ residual: Int) {
    var node = residual + leaves
    tree[node] = heaps[residual].isEmpty ? Int.max : heaps[residual][0].first * (capacity + 1) + residual
    node >>= 1
    while node >= 1 {
      tree[node] = min(tree[2 * node], tree[2 * node + 1])
      node >>= 1
    }
  }

  private static func push(_ heap: inout [Block], _ block: Block) {
    heap.append(block)
    var i = heap.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      if heap[parent].first <= block.first { break }
      heap[i] = heap[parent]
      i = parent
    }
    heap[i] = block
  }

  private static func popMin(_ heap: inout [Block]) -> Block {
    let top = heap[0]
    let last = heap.removeLast()
    if heap.isEmpty { return top }
    var i = 0
    let n = heap.count
    while true {
      let left = 2 * i + 1
      if left >= n { break }
      let child = left + 1 < n && heap[left + 1].first < heap[left].first ? left + 1 : left
      if heap[child].first >= last.first { break }
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
  /// Consecutive items of equal size in `order` are placed as one run: the
  /// row the rule picks takes as many of them as fit (`r / s`), which is
  /// where item-by-item placement would put them too, and a block of rows
  /// with the same residual is filled in one step. The packing is the same
  /// as placing the items one at a time.
  ///
  /// - Complexity: O(*n* + C + *k* (log C + log *b*)) with *k* <= *n* the
  ///   steps (one per block or new run of rows a run of equal sizes meets).
  static func pack(_ instance: ScaledInstance, order: [Int], rule: Rule) -> Packing {
    let n = order.count
    let capacity = instance.capacity
    var buckets = ResidualBuckets(capacity: capacity, smallestSize: instance.sizes.min() ?? 0)
    var rowCount = 0
    let rowOfPlacement = [Int](unsafeUninitializedCapacity: n) { placed, initialized in
      instance.sizes.withUnsafeBufferPointer { sizes in
        order.withUnsafeBufferPointer { order in
          var next = 0
          while next < n {
            let size = sizes[order[next]]
            var end = next + 1
            while end < n && sizes[order[end]] == size { end += 1 }
            // Place the run order[next ..< end] of items of equal size.
            while next < end {
              let remaining = end - next
              let found = rule == .firstFit ? buckets.firstFitResidual(size: size) : buckets.bestFitResidual(size: size)
              let residual = found ?? capacity
              let perRow = size == 0 ? remaining : residual / size
              let rowsWanted = (remaining + perRow - 1) / perRow
              let first: Int, count: Int
              if found != nil {
                (first, count) = buckets.removeTopRows(residual: residual, limit: rowsWanted)
              } else {
                (first, count) = (rowCount, rowsWanted)
                rowCount += rowsWanted
              }
              // Rows first ..< first + count take perRow items each, the last
              // one fewer if the run ends there.
              let taken = Swift.min(remaining, count * perRow)
              var row = first, k = next
              while k < next + taken {
                let rowEnd = Swift.min(k + perRow, next + taken)
                while k < rowEnd { placed[k] = row; k += 1 }
                row += 1
              }
              next += taken
              let fullRows = taken / perRow
              buckets.insert(rows: first, count: fullRows, residual: residual - perRow * size)
              if fullRows < count {
                buckets.insert(rows: first + fullRows, count: 1, residual: residual - (taken - fullRows * perRow) * size)
              }
            }
          }
        }
      }
      initialized = n
    }
    return Packing.fromPlacements(order, rowOfPlacement: rowOfPlacement, rowCount: rowCount)
  }
}
