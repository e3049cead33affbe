@testable import RowPackingILP
import RowPacking
import XCTest

/// The subset-sum counts kept up to date as items come and go: after any
/// seeded sequence of additions and removals they equal the counts of the
/// items left by enumerating every subset (small cases), and, modulo 2^64,
/// a table counted afresh (counts far past 2^64: many small items).
final class SubsetSumCountsTests: XCTestCase {
  /// counts[x]: the subsets of `items` of total x (every subset enumerated).
  func enumeratedCounts(_ items: [Int], capacity: Int) -> [UInt64] {
    var counts = [UInt64](repeating: 0, count: capacity + 1)
    for mask in 0..<(1 << items.count) {
      var total = 0
      for i in items.indices where mask & (1 << i) != 0 { total += items[i] }
      if total <= capacity { counts[total] += 1 }
    }
    return counts
  }

  /// The same counts modulo 2^64, from a table counted afresh.
  func freshCounts(_ items: [Int], capacity: Int) -> [UInt64] {
    var counts = [UInt64](repeating: 0, count: capacity + 1)
    counts[0] = 1
    for s in items where s <= capacity {
      for x in stride(from: capacity, through: s, by: -1) { counts[x] &+= counts[x - s] }
    }
    return counts
  }

  /// Random additions (copies at a time) and removals of items counted.
  func check(seed: UInt64, steps: Int, sizes: ClosedRange<Int>, capacity: Int, enumerate: Bool) {
    var random = SplitMix64(seed: seed)
    var counts = SubsetSumCounts(capacity: capacity)
    var items: [Int] = []
    for step in 0..<steps {
      let adding = items.isEmpty || random.next() % 3 != 0 && (!enumerate || items.count < 10)
      if adding {
        let size = sizes.lowerBound + Int(random.next() % UInt64(sizes.count))
        let copies = 1 + Int(random.next() % 2)
        counts.add(size: size, copies: copies)
        items += Array(repeating: size, count: copies)
      } else {
        let size = items.remove(at: Int(random.next() % UInt64(items.count)))
        counts.remove(size: size)
      }
      let expected = enumerate ? enumeratedCounts(items, capacity: capacity) : freshCounts(items, capacity: capacity)
      XCTAssertEqual(counts.counts, expected, "seed \(seed), step \(step), items \(items)")
      if counts.counts != expected { return }
    }
  }

  func testAgreesWithEnumeration() {
    for seed in UInt64(1)...30 {
      check(seed: seed, steps: 40, sizes: 1...40, capacity: 20 + Int(seed) * 3, enumerate: true)
    }
  }

  func testAgreesWithFreshCountsPastTwoToThe64() {
    // Up to 200 items of sizes 1 to 12 under 300: counts far beyond 2^64.
    for seed in UInt64(1)...2 {
      check(seed: seed, steps: 200, sizes: 1...12, capacity: 300, enumerate: false)
    }
  }
}
