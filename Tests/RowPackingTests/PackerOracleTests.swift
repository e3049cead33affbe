import RowPacking
import TestSupport
import XCTest

/// Each packer against a plain, obviously correct implementation of its
/// textbook definition (quadratic scans, brute force), on seeded instances.
final class PackerOracleTests: XCTestCase {
  /// First-fit by scanning every row: the definition, in O(n x rows).
  func naiveFirstFit(_ s: ScaledInstance, order: [Int]) -> [[Int]] {
    var rows: [[Int]] = [], residual: [Int] = []
    for item in order {
      if let r = residual.firstIndex(where: { $0 >= s.sizes[item] }) {
        rows[r].append(item); residual[r] -= s.sizes[item]
      } else {
        rows.append([item]); residual.append(s.capacity - s.sizes[item])
      }
    }
    return rows
  }

  func naiveBestFit(_ s: ScaledInstance, order: [Int]) -> [[Int]] {
    var rows: [[Int]] = [], residual: [Int] = []
    for item in order {
      var best: Int? = nil
      for r in residual.indices where residual[r] >= s.sizes[item] {
        if best == nil || residual[r] < residual[best!] { best = r }
      }
      if let r = best { rows[r].append(item); residual[r] -= s.sizes[item] }
      else { rows.append([item]); residual.append(s.capacity - s.sizes[item]) }
    }
    return rows
  }

  func decreasing(_ s: ScaledInstance) -> [Int] {
    // Insertion sort by size, stable: the plainest possible order.
    var order: [Int] = []
    for i in s.sizes.indices {
      var p = order.count
      while p > 0 && s.sizes[order[p - 1]] < s.sizes[i] { p -= 1 }
      order.insert(i, at: p)
    }
    return order
  }

  func testFirstFitFamilyAndBestFitMatchTheirDefinitions() throws {
    for seed in UInt64(1)...1500 {
      var rng = SplitMix64(seed: seed)
      let s = try TestData.randomIntegerInstance(using: &rng, maxItems: 60).scaled()
      XCTAssertEqual(FirstFit().pack(s).rows, naiveFirstFit(s, order: Array(s.sizes.indices)), "seed \(seed)")
      XCTAssertEqual(FirstFitDecreasing().pack(s).rows, naiveFirstFit(s, order: decreasing(s)), "seed \(seed)")
      XCTAssertEqual(BestFitDecreasing().pack(s).rows, naiveBestFit(s, order: decreasing(s)), "seed \(seed)")
    }
  }

  /// Capacities above the residual buckets' limit take the tournament tree,
  /// the chunked sorted residuals and the packed-key sort (sizes below 2^32)
  /// or the comparison sort (above): the same rows as the definitions.
  func testLargeCapacitiesTakeTheOtherStructuresWithTheSameRows() throws {
    for (seed, scale) in zip(UInt64(1)...400, [100_000, 1 << 34].cycled(400)) {
      var rng = SplitMix64(seed: seed)
      let capacity = Int.random(in: 10...200, using: &rng)
      let sizes = (0..<Int.random(in: 0...60, using: &rng)).map { _ in Int.random(in: 0...capacity, using: &rng) * scale }
      let s = ScaledInstance(sizes: sizes, capacity: capacity * scale)
      XCTAssertEqual(FirstFit().pack(s).rows, naiveFirstFit(s, order: Array(s.sizes.indices)), "seed \(seed)")
      XCTAssertEqual(FirstFitDecreasing().pack(s).rows, naiveFirstFit(s, order: decreasing(s)), "seed \(seed)")
      XCTAssertEqual(BestFitDecreasing().pack(s).rows, naiveBestFit(s, order: decreasing(s)), "seed \(seed)")
      XCTAssertEqual(s.indicesByDecreasingSize, decreasing(s), "seed \(seed)")
    }
    // Many rows at a large capacity: the sorted residuals split into chunks.
    var rng = SplitMix64(seed: 98)
    let sizes = (0..<6000).map { _ in Int.random(in: 1...700, using: &rng) * 1000 }
    let s = ScaledInstance(sizes: sizes, capacity: 1_000_000)
    XCTAssertEqual(BestFitDecreasing().pack(s).rows, naiveBestFit(s, order: decreasing(s)))
  }

  /// Few distinct sizes and many items: the residual buckets place runs of
  /// equal sizes into blocks of rows at once, which must give the rows that
  /// item-by-item placement gives (zero sizes and exact fills included).
  func testRunsOfEqualSizesGiveTheRowsOfItemByItemPlacement() throws {
    for seed in UInt64(1)...300 {
      var rng = SplitMix64(seed: seed)
      let capacity = Int.random(in: 1...60, using: &rng)
      let distinct = (0..<Int.random(in: 1...5, using: &rng)).map { _ in Int.random(in: 0...capacity, using: &rng) }
      let sizes = (0..<Int.random(in: 0...400, using: &rng)).map { _ in distinct.randomElement(using: &rng)! }
      let s = ScaledInstance(sizes: sizes, capacity: capacity)
      XCTAssertEqual(FirstFit().pack(s).rows, naiveFirstFit(s, order: Array(s.sizes.indices)), "seed \(seed)")
      XCTAssertEqual(FirstFitDecreasing().pack(s).rows, naiveFirstFit(s, order: decreasing(s)), "seed \(seed)")
      XCTAssertEqual(BestFitDecreasing().pack(s).rows, naiveBestFit(s, order: decreasing(s)), "seed \(seed)")
    }
  }

  func testBestFitDecreasingOnManyRowsMatchesItsDefinition() throws {
    // Enough rows that the sorted residuals split into several chunks.
    var rng = SplitMix64(seed: 99)
    let sizes = (0..<6000).map { _ in Int.random(in: 1...700, using: &rng) }
    let s = ScaledInstance(sizes: sizes, capacity: 1000)
    XCTAssertEqual(BestFitDecreasing().pack(s).rows, naiveBestFit(s, order: decreasing(s)))
  }

  /// Next-fit is optimal among packings that keep the order: compare with a
  /// dynamic programme over all cuts of the sequence into rows.
  func testNextFitIsOptimalAmongOrderKeepingPackings() throws {
    for seed in UInt64(1)...1000 {
      var rng = SplitMix64(seed: seed)
      let s = try TestData.randomIntegerInstance(using: &rng, maxItems: 25).scaled()
      let n = s.count
      var best = [Int](repeating: Int.max, count: n + 1)
      best[0] = 0
      for end in 1...max(n, 1) where n > 0 {
        var total = 0
        for start in stride(from: end - 1, through: 0, by: -1) {
          total += s.sizes[start]
          if total > s.capacity { break }
          if best[start] != Int.max { best[end] = min(best[end], best[start] + 1) }
        }
      }
      XCTAssertEqual(NextFit().pack(s).rowCount, best[n], "seed \(seed)")
      XCTAssertEqual(NextFit().pack(s).rows.flatMap { $0 }, Array(0..<n), "keeps the order")
    }
  }

  /// Next-fit by its definition, one item at a time.
  func naiveNextFit(_ s: ScaledInstance) -> [[Int]] {
    var rows: [[Int]] = [], load = 0
    for item in s.sizes.indices {
      if rows.isEmpty || load + s.sizes[item] > s.capacity {
        rows.append([item]); load = s.sizes[item]
      } else {
        rows[rows.count - 1].append(item); load += s.sizes[item]
      }
    }
    return rows
  }

  /// Next-fit scans in lanes and joins them (two scalar lanes from 1024
  /// items; eight SIMD lanes from 512 items when rows are narrower than
  /// 2^30, sixteen from 1024 items when they are narrower than 2^14): the
  /// rows must be the definition's, also where a lane's breaks never meet
  /// the true ones (equal sizes that fill rows in pairs, started at an odd
  /// item), with zero sizes, exact fills, one item per row, rows longer
  /// than a lane, lengths around the lane thresholds and row widths on both
  /// sides of 2^30 and of 2^14.
  func testNextFitInLanesMatchesItsDefinition() throws {
    for seed in UInt64(1)...240 {
      var rng = SplitMix64(seed: seed)
      let n = seed % 3 == 0 ? Int.random(in: 500...1100, using: &rng) : Int.random(in: 1000...5000, using: &rng)
      let capacity: Int
      switch seed % 5 {
      case 0: capacity = Int.random(in: (1 << 30) - 1000...(1 << 30) + 1000, using: &rng)
      case 1: capacity = Int.random(in: 1...1_000_000, using: &rng)
      case 2: capacity = Int.random(in: (1 << 14) - 300...(1 << 14) + 300, using: &rng)
      default: capacity = Int.random(in: 1...100, using: &rng)
      }
      let sizes: [Int]
      switch seed % 4 {
      case 0: sizes = (0..<n).map { _ in Int.random(in: 0...capacity, using: &rng) }
      case 1: sizes = [Int](repeating: Swift.max(capacity / 2, 1), count: n)  // pairs: lanes out of phase
      case 2 where seed % 8 == 2: sizes = (0..<n).map { _ in Int.random(in: 0...Swift.max(capacity / 400, 1), using: &rng) }  // rows longer than a lane
      case 2: sizes = (0..<n).map { _ in Int.random(in: 0...Swift.max(capacity / 8, 1), using: &rng) }  // long rows
      default: sizes = (0..<n).map { _ in [0, capacity, capacity / 3].randomElement(using: &rng)! }
      }
      let s = ScaledInstance(sizes: sizes.map { Swift.min($0, capacity) }, capacity: capacity)
      XCTAssertEqual(NextFit().pack(s).rows, naiveNextFit(s), "seed \(seed), n \(n), capacity \(capacity)")
    }
  }

  /// Each knapsack row is a best fill of the items left: brute force over subsets.
  func testKnapsackRowsFillsEachRowAsFullAsPossible() throws {
    for seed in UInt64(1)...400 {
      var rng = SplitMix64(seed: seed)
      let s = try TestData.randomIntegerInstance(using: &rng, maxItems: 12).scaled()
      var left = Set(s.sizes.indices)
      for row in try KnapsackRows().pack(s).rows {
        let items = Array(left)
        var best = 0
        for mask in 0..<(1 << items.count) {
          var total = 0
          for (bit, item) in items.enumerated() where mask & (1 << bit) != 0 { total += s.sizes[item] }
          if total <= s.capacity { best = max(best, total) }
        }
        XCTAssertEqual(row.map { s.sizes[$0] }.reduce(0, +), best, "seed \(seed)")
        left.subtract(row)
      }
      XCTAssertTrue(left.isEmpty)
    }
  }

  func testKnapsackRowsRefusesCapacitiesAboveItsLimit() {
    let s = ScaledInstance(sizes: [1, 2], capacity: KnapsackRows.capacityLimit + 1)
    XCTAssertThrowsError(try KnapsackRows().pack(s))
  }

  /// L2 against its definition: every threshold from 0 to C/2.
  func testMartelloTothBoundMatchesItsDefinition() throws {
    for seed in UInt64(1)...1500 {
      var rng = SplitMix64(seed: seed)
      let s = try TestData.randomIntegerInstance(using: &rng, maxItems: 30).scaled()
      let c = s.boundCapacity
      var best = s.continuousBound
      for alpha in 0...(c / 2) {
        let j1 = s.boundSizes.filter { $0 > c - alpha }
        let j2 = s.boundSizes.filter { $0 <= c - alpha && 2 * $0 > c }
        let j3 = s.boundSizes.filter { 2 * $0 <= c && $0 >= alpha }
        let over = j3.reduce(0, +) - (j2.count * c - j2.reduce(0, +))
        best = max(best, j1.count + j2.count + (over > 0 ? (over + c - 1) / c : 0))
      }
      XCTAssertEqual(s.martelloTothBound, best, "seed \(seed)")
    }
  }

  func testBoundsOnHandMadeCases() throws {
    let three = try Instance(widths: [60, 60, 60], rowWidth: 100).scaled()
    XCTAssertEqual(three.continuousBound, 2)
    XCTAssertEqual(three.martelloTothBound, 3)
    XCTAssertEqual(try Instance(widths: [Int](), rowWidth: 5).scaled().martelloTothBound, 0)
    XCTAssertEqual(try Instance(widths: [0, 0], rowWidth: 5).scaled().continuousBound, 1)
  }
}

extension Array {
  /// The elements repeated to `count` values.
  func cycled(_ count: Int) -> [Element] { (0..<count).map { self[$0 % self.count] } }
}
