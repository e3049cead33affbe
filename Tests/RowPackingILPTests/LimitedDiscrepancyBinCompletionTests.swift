@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// Bin completion by limited discrepancy (the primal search for rows filled
/// nearly exactly): on seeded perfect packings (rows cut into pieces,
/// shuffled) it finds the rows cut; on small random instances it agrees
/// with brute force once its discrepancy limit no longer cuts anything (a
/// packing in the optimum's rows, none in one row fewer); every packing it
/// returns goes through the verifier.
final class LimitedDiscrepancyBinCompletionTests: XCTestCase {
  /// `rows` rows of `capacity` each cut into `pieces` pieces (at most), shuffled.
  func perfectInstance(rows: Int, capacity: Int, pieces: ClosedRange<Int> = 2...4, random: inout SplitMix64) -> [Int] {
    var sizes: [Int] = []
    for _ in 0..<rows {
      let pieces = pieces.lowerBound + Int(random.next() % UInt64(pieces.count))
      var cuts = (0..<(pieces - 1)).map { _ in 1 + Int(random.next() % UInt64(capacity - 1)) }
      cuts += [0, capacity]
      cuts.sort()
      for k in 1..<cuts.count where cuts[k] > cuts[k - 1] { sizes.append(cuts[k] - cuts[k - 1]) }
    }
    for i in stride(from: sizes.count - 1, to: 0, by: -1) { sizes.swapAt(i, Int(random.next() % UInt64(i + 1))) }
    return sizes
  }

  /// The search on `sizes`, with no discrepancy limit when `exhaustive`.
  func search(
    _ types: ItemTypes, rows: Int, exhaustive: Bool, restrictions: [NearFullRowsModel.DualRestriction] = []
  ) -> [Pattern]? {
    var search = LimitedDiscrepancyBinCompletion(sizes: types.sizes, demands: types.demands, capacity: types.capacity)
    if exhaustive { search.maxDiscrepancy = .max }
    search.restrictions = restrictions
    return search.run(rows: rows, until: ContinuousClock().now + .seconds(30)).patterns
  }

  /// Checks the patterns (``assertPacks``) and the packing made of them (``verify``).
  func assertVerified(_ patterns: [Pattern], _ types: ItemTypes, sizes: [Int], rows: Int, _ message: String) {
    assertPacks(patterns, types, rows: rows, message)
    let instance = try! Instance(widths: sizes.map(Double.init), rowWidth: Double(types.capacity))
    let packing = types.packing(patterns: patterns)
    XCTAssertLessThanOrEqual(packing.rowCount, rows, message)
    XCTAssertTrue(verify(packing, for: instance).isEmpty, message)
  }

  /// The search finds a packing of `sizes` (cut from `rows` rows) in
  /// `rows` rows, and it verifies.
  func assertFindsPacking(_ sizes: [Int], rows: Int, capacity: Int, _ name: String) {
    let types = ItemTypes(sizes: sizes, capacity: capacity)
    let message = "\(name): \(rows) rows of \(capacity), sizes \(sizes)"
    guard let patterns = search(types, rows: rows, exhaustive: false) else {
      return XCTFail("no packing in the \(rows) rows cut: \(message)")
    }
    assertVerified(patterns, types, sizes: sizes, rows: rows, message)
  }

  func testFindsPerfectPackings() {
    var random = SplitMix64(seed: 2026)
    for k in 0..<40 {
      let rows = 3 + Int(random.next() % 14)
      let capacity = 30 + Int(random.next() % 300)
      let sizes = perfectInstance(rows: rows, capacity: capacity, random: &random)
      assertFindsPacking(sizes, rows: rows, capacity: capacity, "instance \(k)")
    }
  }

  /// Rows cut into many small pieces: the subset counts pass 2^64, so
  /// the search reads the large ones from its fresh tables.
  func testFindsPerfectPackingsOfManySmallItems() {
    var random = SplitMix64(seed: 77)
    var largestCount = 0.0
    for k in 0..<4 {
      let rows = 3 + Int(random.next() % 2)
      let capacity = 120 + Int(random.next() % 30)
      let sizes = perfectInstance(rows: rows, capacity: capacity, pieces: 30...40, random: &random)
      // The largest subset count (in doubles: approximate, enough here).
      var counts = [Double](repeating: 0, count: capacity + 1)
      counts[0] = 1
      for s in sizes { for x in stride(from: capacity, through: s, by: -1) { counts[x] += counts[x - s] } }
      largestCount = max(largestCount, counts.max()!)
      assertFindsPacking(sizes, rows: rows, capacity: capacity, "instance \(k)")
    }
    XCTAssertGreaterThan(largestCount, 0x1p64, "no count past 2^64: the test does not reach the fresh tables")
  }

  func testAgreesWithBruteForce() {
    var random = SplitMix64(seed: 91)
    for k in 0..<80 {
      // Odd k: rows of two or three items (sizes above a quarter).
      let instance = SmallInstance.draw(&random, itemCounts: 4...11, capacities: 20...79) { c in
        (k % 2 == 0 ? 1 : c / 4 + 1)...c
      }
      let optimum = bruteForceMinimumRows(sizes: instance.sizes, capacity: instance.capacity)
      let types = ItemTypes(sizes: instance.sizes, capacity: instance.capacity)
      // Restrictions hold for any weights: none, weights about
      // proportional to the sizes (they bind), and random ones.
      let restrictionSets = [[], [restriction(types, weights: types.sizes.map { 3 * $0 + Int(random.next() % 4) })],
        [restriction(types, weights: types.sizes.map { _ in Int(random.next() % 10) })]]
      for restrictions in restrictionSets {
        let message = "instance \(k): \(instance), optimum \(optimum), restrictions \(restrictions)"
        if let patterns = search(types, rows: optimum - 1, exhaustive: true, restrictions: restrictions) {
          XCTFail("a packing in \(optimum - 1) rows: \(patterns), \(message)")
        }
        guard let patterns = search(types, rows: optimum, exhaustive: true, restrictions: restrictions) else {
          XCTFail("no packing in \(optimum) rows: \(message)")
          continue
        }
        assertVerified(patterns, types, sizes: instance.sizes, rows: optimum, message)
      }
    }
  }

  /// A perfect instance of `rows` rows at `capacity`, seeded.
  func bigInstance(rows: Int, capacity: Int, seed: UInt64) -> ItemTypes {
    var random = SplitMix64(seed: seed)
    return ItemTypes(sizes: perfectInstance(rows: rows, capacity: capacity, random: &random), capacity: capacity)
  }

  /// A node starts only when its cost is left before the deadline: with
  /// every node assumed to cost an hour, none starts (the one counted is
  /// the one turned away), however long the deadline.
  func testNoNodeStartsWhenItsCostExceedsTheTimeLeft() {
    let types = bigInstance(rows: 300, capacity: 2000, seed: 5)
    var search = LimitedDiscrepancyBinCompletion(sizes: types.sizes, demands: types.demands, capacity: types.capacity)
    search.minimumStepCost = .seconds(3600)
    let (patterns, nodes) = search.run(rows: 300, until: ContinuousClock().now + .seconds(60))
    XCTAssertNil(patterns)
    XCTAssertLessThanOrEqual(nodes, 1)
    // Without the assumption the same search does start nodes.
    search.minimumStepCost = .zero
    search.nodeLimit = 3
    XCTAssertGreaterThan(search.run(rows: 300, until: ContinuousClock().now + .seconds(60)).nodes, 1)
  }

  /// On a big instance (900-odd items, capacity 20 000: a node's tables
  /// take long in a debug build) a short deadline is kept: the search
  /// returns within a generous bound of it (not a timing test of speed:
  /// the bound is many nodes wide).
  func testKeepsAShortDeadlineOnABigInstance() {
    let types = bigInstance(rows: 300, capacity: 20_000, seed: 6)
    let search = LimitedDiscrepancyBinCompletion(sizes: types.sizes, demands: types.demands, capacity: types.capacity)
    let clock = ContinuousClock()
    let start = clock.now
    let (patterns, nodes) = search.run(rows: 300, until: start + .milliseconds(200))
    let elapsed = clock.now - start
    if let patterns { assertPacks(patterns, types, rows: 300, "big instance") }
    XCTAssertGreaterThan(nodes, 0)
    XCTAssertLessThan(elapsed, .seconds(5), "\(nodes) nodes")
  }

  /// The restriction of `weights` with its exact maximum over the rows
  /// that fit (every subset of the items tried).
  func restriction(_ types: ItemTypes, weights: [Int]) -> NearFullRowsModel.DualRestriction {
    let items = types.demands.indices.flatMap { Array(repeating: $0, count: types.demands[$0]) }
    var best = 0
    for mask in 0..<(1 << items.count) {
      var size = 0, weight = 0
      for i in items.indices where mask & (1 << i) != 0 {
        size += types.sizes[items[i]]
        weight += weights[items[i]]
      }
      if size <= types.capacity { best = max(best, weight) }
    }
    return NearFullRowsModel.DualRestriction(weights: weights, maxWeight: best)
  }
}
