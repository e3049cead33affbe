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

/// `n` in `items`, a row of 100 to 149 units and sizes in
/// (capacity / 4, capacity / 2], drawn in that order from `random`.
public func quarterSizedInstance(_ random: inout SplitMix64, items: ClosedRange<Int>) -> (sizes: [Int], capacity: Int) {
  let n = items.lowerBound + Int(random.next() % UInt64(items.count))
  let capacity = 100 + Int(random.next() % 50)
  return ((0..<n).map { _ in capacity / 4 + 1 + Int(random.next() % UInt64(capacity / 4)) }, capacity)
}

/// Rows of two or three items: 5 to 10 quarter-sized items, some sizes
/// repeated on even seeds (demands above 1).
public func rowsOfTwoOrThree(seed: UInt64) -> (sizes: [Int], capacity: Int) {
  var random = SplitMix64(seed: seed)
  var (sizes, capacity) = quarterSizedInstance(&random, items: 5...10)
  if seed % 2 == 0 { sizes = sizes.map { sizes[$0 % 3] } }
  return (sizes, capacity)
}
