/// Best-fit decreasing (BFD): sort the items by non-increasing size (equal
/// sizes in input order), then put each into the row it fills most tightly
/// (the smallest residual that still holds it; among equal residuals, the
/// top-most row), a new row when it fits in none.
///
/// Has the same worst-case ratio as FFD. Rows are kept in a sorted
/// structure of (residual, row), so each item costs O(log *n*) amortised;
/// for capacities up to 2^16, bucketed by residual (`ResidualBuckets`), O(log C).
///
/// D. S. Johnson, A. Demers, J. D. Ullman, M. R. Garey, R. L. Graham,
/// "Worst-case performance bounds for simple one-dimensional packing
/// algorithms", SIAM Journal on Computing 3(4):299-325, 1974.
///
/// - Complexity: O(*n* log *n*) time, O(*n*) memory.
public struct BestFitDecreasing: RowPacker {
  public init() {}
  public var name: String { "best-fit-decreasing" }

  public func pack(_ instance: ScaledInstance) -> Packing {
    let order = instance.indicesByDecreasingSize
    if instance.capacity <= ResidualBuckets.capacityLimit {
      return ResidualBuckets.pack(instance, order: order, rule: .bestFit)
    }
    var rowOfPlacement = [Int](repeating: 0, count: order.count)
    var rowCount = 0
    var open = SortedResiduals()
    for (k, item) in order.enumerated() {
      let size = instance.sizes[item]
      if let (residual, row) = open.removeFirst(residualAtLeast: size) {
        rowOfPlacement[k] = row
        open.insert(residual: residual - size, row: row)
      } else {
        rowOfPlacement[k] = rowCount
        open.insert(residual: instance.capacity - size, row: rowCount)
        rowCount += 1
      }
    }
    return Packing.fromPlacements(order, rowOfPlacement: rowOfPlacement, rowCount: rowCount)
  }
}

/// Pairs (residual, row) kept in increasing order, in chunks of bounded
/// length (as Python's sortedcontainers does): find, insert and remove cost
/// O(log *n*) to locate plus O(chunk) to move, with a small constant.
struct SortedResiduals {
  private struct Key: Comparable {
    var residual: Int
    var row: Int
    static func < (a: Key, b: Key) -> Bool {
      a.residual != b.residual ? a.residual < b.residual : a.row < b.row
    }
  }
  private static let chunkLimit = 512
  private var chunks: [[Key]] = []
  /// The largest key of each chunk, for the binary search over chunks.
  private var maxima: [Key] = []

  mutating func insert(residual: Int, row: Int) {
    let key = Key(residual: residual, row: row)
    guard !chunks.isEmpty else {
      chunks = [[key]]
      maxima = [key]
      return
    }
    var c = firstChunk(withMaximumAtLeast: key)
    if c == chunks.count { c -= 1 }
    let position = Self.firstIndex(in: chunks[c], notLessThan: key)
    chunks[c].insert(key, at: position)
    maxima[c] = chunks[c].last!
    if chunks[c].count > 2 * Self.chunkLimit {
      let tail = Array(chunks[c][Self.chunkLimit...])
      chunks[c].removeSubrange(Self.chunkLimit...)
      chunks.insert(tail, at: c + 1)
      maxima[c] = chunks[c].last!
      maxima.insert(tail.last!, at: c + 1)
    }
  }

  /// Removes and returns the smallest (residual, row) with `residual >= size`.
  mutating func removeFirst(residualAtLeast size: Int) -> (residual: Int, row: Int)? {
    let probe = Key(residual: size, row: Int.min)
    let c = firstChunk(withMaximumAtLeast: probe)
    guard c < chunks.count else { return nil }
    let position = Self.firstIndex(in: chunks[c], notLessThan: probe)
    let key = chunks[c].remove(at: position)
    if chunks[c].isEmpty {
      chunks.remove(at: c)
      maxima.remove(at: c)
    } else {
      maxima[c] = chunks[c].last!
    }
    return (key.residual, key.row)
  }

  private func firstChunk(withMaximumAtLeast key: Key) -> Int {
    Self.firstIndex(in: maxima, notLessThan: key)
  }

  private static func firstIndex(in keys: [Key], notLessThan key: Key) -> Int {
    var low = 0, high = keys.count
    while low < high {
      let mid = (low + high) / 2
      if keys[mid] < key { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
