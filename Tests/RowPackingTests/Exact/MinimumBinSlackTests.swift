@testable import RowPacking
import TestSupport
import XCTest

/// Minimum bin slack (MBS'), the exact solver's row-at-a-time packer: every
/// packing is valid and holds each item once; each row holds the largest
/// item left; with a search large enough, a row's load is the best fill
/// (brute force over the items left); and on instances cut from full rows
/// it often meets their count.
final class MinimumBinSlackTests: XCTestCase {
  func testPackingsAreValidAndRowsAreBestFills() throws {
    for seed in UInt64(1)...400 {
      var random = SplitMix64(seed: seed)
      let drawn = SmallInstance.draw(&random, itemCounts: 1...12, capacities: 10...90) { 0...$0 }
      let scaled = ScaledInstance(sizes: drawn.sizes, capacity: drawn.capacity)
      let packing = MinimumBinSlack(nodesPerRow: 1 << 20).pack(scaled)
      XCTAssertEqual(packing.items.sorted(), Array(scaled.sizes.indices), "seed \(seed): every item once")
      var left = Set(scaled.sizes.indices)
      for r in 0..<packing.rowCount {
        let row = Array(packing.row(r))
        let load = row.reduce(0) { $0 + scaled.sizes[$1] }
        XCTAssertLessThanOrEqual(load, scaled.capacity, "seed \(seed), row \(r)")
        let largest = left.map { scaled.sizes[$0] }.max()!
        XCTAssertEqual(scaled.sizes[row[0]], largest, "seed \(seed), row \(r): the largest item left first")
        // The best fill with that item, by brute force over the others left.
        let others = left.subtracting([row[0]]).map { scaled.sizes[$0] }
        var best = 0
        for mask in 0..<(1 << others.count) {
          var total = 0
          for (k, size) in others.enumerated() where mask & (1 << k) != 0 { total += size }
          if total <= scaled.capacity - largest { best = max(best, total) }
        }
        XCTAssertEqual(load, largest + best, "seed \(seed), row \(r): a best fill")
        left.subtract(row)
      }
    }
  }

  func testMeetsTheRowsOfInstancesCutFromFullRows() {
    var met = 0
    for seed in UInt64(1)...200 {
      var random = SplitMix64(seed: seed)
      let capacity = 100 + Int(random.next() % 900)
      let rows = 3 + Int(random.next() % 8)
      // Each row cut into two to four pieces at random points.
      var sizes: [Int] = []
      for _ in 0..<rows {
        let pieces = 2 + Int(random.next() % 3)
        var cuts = (1..<pieces).map { _ in 1 + Int(random.next() % UInt64(capacity - 1)) }.sorted()
        cuts = [0] + cuts + [capacity]
        for k in 1..<cuts.count where cuts[k] > cuts[k - 1] { sizes.append(cuts[k] - cuts[k - 1]) }
      }
      let packing = MinimumBinSlack().pack(ScaledInstance(sizes: sizes, capacity: capacity))
      XCTAssertGreaterThanOrEqual(packing.rowCount, rows, "seed \(seed)")
      if packing.rowCount == rows { met += 1 }
    }
    XCTAssertGreaterThan(met, 100, "MBS' meets most perfect packings")
  }
}
