import RowPacking

/// A small seeded instance for checks against brute force
/// (``bruteForceMinimumRows(sizes:capacity:)``).
public struct SmallInstance: CustomStringConvertible {
  public var sizes: [Int]
  public var capacity: Int
  public var description: String { "sizes \(sizes), capacity \(capacity)" }

  /// Draws an item count from `itemCounts`, a capacity from `capacities`,
  /// then each size uniformly from `sizeRange(capacity)`, in that order
  /// from `random` (each a value modulo the range's length).
  ///
  /// - Precondition: `sizeRange(capacity)` is not empty.
  public static func draw(
    _ random: inout SplitMix64, itemCounts: ClosedRange<Int>, capacities: ClosedRange<Int>,
    sizeRange: (_ capacity: Int) -> ClosedRange<Int>
  ) -> SmallInstance {
    func uniform(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(random.next() % UInt64(range.count))
    }
    let n = uniform(itemCounts)
    let capacity = uniform(capacities)
    let range = sizeRange(capacity)
    return SmallInstance(sizes: (0..<n).map { _ in uniform(range) }, capacity: capacity)
  }
}

extension SmallInstance {
  /// The sizes and the capacity, for destructuring.
  public var pair: (sizes: [Int], capacity: Int) { (sizes, capacity) }
}
