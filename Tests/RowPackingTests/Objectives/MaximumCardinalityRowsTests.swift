import RowPacking
import TestSupport
import XCTest

/// The row limit with a "+k more" chip against brute force over every
/// subset of shown tags, in order and reordered, with and without priorities.
final class MaximumCardinalityRowsTests: XCTestCase {
  private struct Case {
    var instance: Instance
    var maxRows: Int
    var chips: [Int]  // chip width for k hidden at k - 1
    var priorities: [Int]?
  }

  private func randomCase(_ seed: Int, maxItems: Int, withPriorities: Bool) throws -> Case {
    var rng = SplitMix64(seed: UInt64(seed))
    let capacity = Int.random(in: 12...40, using: &rng)
    let n = Int.random(in: 0...maxItems, using: &rng)
    let spacing = Int.random(in: 0...2, using: &rng)
    let widths = (0..<n).map { _ in Int.random(in: 1...capacity, using: &rng) }
    // Chips grow with k as "+k more" does, with a jump at ten.
    let base = Int.random(in: 1...Swift.max(1, capacity / 3), using: &rng)
    let chips = (0..<n).map { k in Swift.min(capacity, base + (k + 1 >= 10 ? 2 : 0)) }
    let priorities = withPriorities ? (0..<n).map { _ in Int.random(in: 0...9, using: &rng) } : nil
    return Case(
      instance: try Instance(widths: widths, rowWidth: capacity, spacing: spacing),
      maxRows: Int.random(in: 1...3, using: &rng), chips: chips, priorities: priorities)
  }

  /// The best value over all subsets that fit (with the chip) under the rule.
  private func bruteForce(_ c: Case, keepingOrder: Bool) -> Int {
    let n = c.instance.count
    let s = Int(c.instance.spacing), capacity = Int(c.instance.rowWidth) + s
    let sizes = c.instance.widths.map { Int($0) + s }
    let values = c.priorities ?? [Int](repeating: 1, count: n)
    var best = 0
    for mask in 0..<(1 << n) {
      let shown = (0..<n).filter { mask & (1 << $0) != 0 }
      let k = n - shown.count
      var items = shown.map { sizes[$0] }
      if k > 0 { items.append(c.chips[k - 1] + s) }
      let rows: Int
      if keepingOrder {
        var count = items.isEmpty ? 0 : 1, load = 0
        for size in items {
          if load + size > capacity { count += 1; load = size } else { load += size }
        }
        rows = count
      } else {
        rows = items.isEmpty ? 0 : bruteForceMinimumRows(sizes: items, capacity: capacity)
      }
      if rows <= c.maxRows { best = Swift.max(best, shown.reduce(0) { $0 + values[$1] }) }
    }
    return best
  }

  private func check(_ c: Case, keepingOrder: Bool, seed: Int) throws {
    let result = try limitRows(
      c.instance, maxRows: c.maxRows, chipWidth: { Double(c.chips[$0 - 1]) }, priorities: c.priorities,
      keepingOrder: keepingOrder, budget: .unlimited)
    let expected = bruteForce(c, keepingOrder: keepingOrder)
    let what = "seed \(seed) \(keepingOrder ? "in order" : "reordered") \(c.instance.widths) in \(c.instance.rowWidth) N=\(c.maxRows)"
    XCTAssertEqual(result.shownValue, expected, what)
    XCTAssertTrue(result.isProven, what)
    XCTAssertLessThanOrEqual(result.rowCount, c.maxRows, what)
    let shown = result.packing.rows.flatMap { $0 }
    XCTAssertEqual(Set(shown).union(result.hiddenItems), Set(0..<c.instance.count), what)
    XCTAssertEqual(shown.count + result.hiddenCount, c.instance.count, what)
    let values = c.priorities ?? [Int](repeating: 1, count: c.instance.count)
    XCTAssertEqual(shown.reduce(0) { $0 + values[$1] }, result.shownValue, what)
    if keepingOrder { XCTAssertEqual(shown, shown.sorted(), "shown tags keep their order, \(what)") }
    XCTAssertEqual(result.chipWidth, result.hiddenCount > 0 ? Double(c.chips[result.hiddenCount - 1]) : nil, what)
  }

  func testInOrderAgreesWithBruteForce() throws {
    for seed in 0..<400 {
      let c = try randomCase(seed, maxItems: 10, withPriorities: seed % 2 == 1)
      try check(c, keepingOrder: true, seed: seed)
    }
  }

  func testReorderedAgreesWithBruteForce() throws {
    for seed in 1000..<1200 {
      let c = try randomCase(seed, maxItems: 8, withPriorities: seed % 2 == 1)
      try check(c, keepingOrder: false, seed: seed)
    }
  }

  /// Hiding one wide tag shows more than cutting the list after it: the
  /// hidden tags need not be the last ones.
  func testHidingAWideTagShowsMoreThanTruncating() throws {
    let instance = try Instance(widths: [30, 90, 30, 30], rowWidth: 100)
    let result = try limitRows(instance, maxRows: 1, chipWidth: { _ in 10 })
    XCTAssertEqual(result.packing.rows, [[0, 2, 3]])
    XCTAssertEqual(result.hiddenItems, [1])
    XCTAssertTrue(result.isProven)
  }

  /// Fractional widths: the layout fits for the true widths, and "proven"
  /// rests on the bound sizes.
  func testFractionalWidthsGiveValidLayouts() throws {
    var rng = SplitMix64(seed: 77)
    for _ in 0..<100 {
      let instance = TestData.randomFractionalInstance(using: &rng, maxItems: 9)
      for keepingOrder in [true, false] {
        let result = try limitRows(
          instance, maxRows: 2, chipWidth: { Swift.min(instance.rowWidth, 7.25 + Double($0) * 0.5) },
          keepingOrder: keepingOrder, budget: .unlimited)
        XCTAssertLessThanOrEqual(result.rowCount, 2)
        XCTAssertLessThanOrEqual(result.shownValue, result.valueUpperBound)
      }
    }
  }

  func testBadOptionsAreClearErrors() throws {
    let instance = try Instance(widths: [10, 20], rowWidth: 50)
    XCTAssertThrowsError(try limitRows(instance, maxRows: 0, chipWidth: { _ in 5 })) {
      XCTAssertEqual("\($0)", "the row limit is 0; it must be at least 1")
    }
    XCTAssertThrowsError(try limitRows(instance, maxRows: 1, chipWidth: { _ in 60 })) {
      XCTAssertEqual("\($0)", "the chip for 1 hidden tag is 60.0 pt wide, wider than the row (50.0 pt)")
    }
    XCTAssertThrowsError(try limitRows(instance, maxRows: 1, chipWidth: { _ in 5 }, priorities: [1])) {
      XCTAssertEqual("\($0)", "1 priorities for 2 tags; give one per tag")
    }
    XCTAssertThrowsError(try limitRows(instance, maxRows: 1, chipWidth: { _ in 5 }, priorities: [1, -2])) {
      XCTAssertEqual("\($0)", "tag 1 has priority -2; priorities are whole numbers >= 0")
    }
  }

  /// A budget that runs out gives a verified layout and an honest status.
  func testExhaustedBudgetIsHonest() throws {
    var rng = SplitMix64(seed: 5)
    let widths = (0..<40).map { _ in Double(Int.random(in: 20...60, using: &rng)) }
    let instance = try Instance(widths: widths, rowWidth: 150, spacing: 4)
    let priorities = (0..<40).map { _ in Int.random(in: 1...9, using: &rng) }
    let result = try limitRows(
      instance, maxRows: 3, chipWidth: { _ in 40 }, priorities: priorities, keepingOrder: false,
      budget: SearchBudget(timeLimit: nil, nodeLimit: 1))
    XCTAssertLessThanOrEqual(result.rowCount, 3)
    XCTAssertLessThanOrEqual(result.shownValue, result.valueUpperBound)
    if !result.isProven { XCTAssertTrue(result.statusText.hasPrefix("best found")) }
  }
}
