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
  /// - Complexity: O(*n* log *n*).
  public var indicesByDecreasingSize: [Int] {
    // Sorting (size, index) pairs gives a stable order without relying on a stable sort.
    sizes.indices.sorted { a, b in
      sizes[a] != sizes[b] ? sizes[a] > sizes[b] : a < b
    }
  }
}
