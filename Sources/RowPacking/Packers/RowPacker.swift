/// A packing algorithm: puts every item of a scaled instance into rows.
///
/// Conforming types are deterministic (the same input gives the same rows)
/// and return every item exactly once, in rows that respect the capacity.
/// The ``verify(_:for:)`` function checks this independently for every
/// packing reported; the conformance test suite runs every packer through
/// the same checks.
public protocol RowPacker: Sendable {
  /// The textbook name, as used on the command line (for example `first-fit-decreasing`).
  var name: String { get }
  /// Packs the items, using ``ScaledInstance/sizes`` and ``ScaledInstance/capacity``.
  func pack(_ instance: ScaledInstance) throws(PackingError) -> Packing
}

/// Why a packer could not pack an instance.
public enum PackingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The capacity is too large for this algorithm's memory (a dynamic programme over capacities).
  case capacityTooLarge(capacity: Int, limit: Int, algorithm: String)

  public var description: String {
    switch self {
    case .capacityTooLarge(let capacity, let limit, let algorithm):
      return "\(algorithm) needs memory proportional to the capacity; \(capacity) units is above its limit of \(limit) (use a coarser resolution)"
    }
  }
}

extension ScaledInstance {
  /// The item indices by non-increasing size; equal sizes keep their input
  /// order (a stable sort), which is the tie-break of every "decreasing" packer.
  ///
  /// A counting sort when the sizes are small (at most 2^16 or 2n), else a
  /// sort of one integer key per item (size and index packed together, so
  /// no comparison closure runs), else a comparison sort of the indices.
  ///
  /// - Complexity: O(*n* + largest size) or O(*n* log *n*).
  public var indicesByDecreasingSize: [Int] {
    let n = sizes.count
    guard n > 1, let largest = sizes.max() else { return Array(0..<n) }
    if largest <= Swift.max(1 << 16, 2 * n) {
      // Counting sort: positions by size, largest first, items in input order.
      var start = [Int](repeating: 0, count: largest + 2)
      for s in sizes { start[largest - s + 1] &+= 1 }
      for v in 0...largest { start[v + 1] &+= start[v] }
      var order = [Int](repeating: 0, count: n)
      for (item, s) in sizes.enumerated() {
        let slot = largest - s
        order[start[slot]] = item
        start[slot] &+= 1
      }
      return order
    }
    if n < 1 << 31 && largest < 1 << 32 {
      // One key per item: (largest - size) in the high bits, the index in the low 31.
      var keys = sizes.enumerated().map { item, s in (largest - s) << 31 | item }
      keys.sort()
      return keys.map { $0 & (1 << 31 - 1) }
    }
    return sizes.indices.sorted { a, b in sizes[a] != sizes[b] ? sizes[a] > sizes[b] : a < b }
  }
}
