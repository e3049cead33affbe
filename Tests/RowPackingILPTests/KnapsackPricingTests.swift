@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The pricing knapsack of column generation, against brute force on small
/// seeded instances: on small capacities (dynamic programming), on the
/// same instances with every size and the capacity scaled to about a
/// million units (branch and bound, whose work must not grow with the
/// capacity) and through both fallbacks of a branch and bound cut short,
/// the maximum is exact and the pattern is a valid row worth it.
final class KnapsackPricingTests: XCTestCase {
  /// A seeded bounded knapsack: sizes in 1...capacity, bounds 0...4,
  /// integer weights (some zero) at the pricing scale.
  struct Case {
    var sizes: [Int]
    var bounds: [Int]
    var weights: [Int]
    var capacity: Int
  }

  static func randomCase(seed: UInt64) -> Case {
    var random = SplitMix64(seed: seed)
    let count = 1 + Int(random.next() % 6)
    let capacity = 10 + Int(random.next() % 60)
    let sizes = (0..<count).map { _ in 1 + Int(random.next() % UInt64(capacity)) }.sorted(by: >)
    let bounds = (0..<count).map { _ in Int(random.next() % 5) }
    // Weights near proportional to the sizes (as duals are), some zero.
    let weights = sizes.map { size -> Int in
      if random.next() % 5 == 0 { return 0 }
      let dual = Double(size) / Double(capacity) * (0.8 + 0.4 * Double(random.next() % 1000) / 1000)
      return integerWeight(dual: dual, scale: Double(KnapsackPricing.scale))
    }
    return Case(sizes: sizes, bounds: bounds, weights: weights, capacity: capacity)
  }

  /// The maximum total weight by enumerating every count vector.
  static func bruteForceMaximum(_ c: Case) -> Int {
    func best(_ t: Int, _ room: Int) -> Int {
      if t == c.sizes.count { return 0 }
      var result = 0
      var k = 0
      while k <= c.bounds[t] && k * c.sizes[t] <= room {
        result = max(result, k * c.weights[t] + best(t + 1, room - k * c.sizes[t]))
        k += 1
      }
      return result
    }
    return best(0, c.capacity)
  }

  func check(_ c: Case, answer: KnapsackPricing.Answer?, label: String) {
    guard let answer else { return XCTFail("\(label): not decided without a deadline") }
    XCTAssertEqual(answer.value, Self.bruteForceMaximum(c), label)
    XCTAssertEqual(answer.pattern, answer.pattern.sorted(), label)
    XCTAssertEqual(answer.pattern.reduce(0) { $0 + c.weights[$1] }, answer.value, label)
    XCTAssertLessThanOrEqual(answer.pattern.reduce(0) { $0 + c.sizes[$1] }, c.capacity, label)
    for t in c.sizes.indices {
      XCTAssertLessThanOrEqual(answer.pattern.filter { $0 == t }.count, c.bounds[t], label)
    }
  }

  func testBestAgreesWithBruteForceOnSmallAndLargeCapacities() {
    let far = TestDeadline.far
    var branchAndBoundUsed = 0
    for seed in UInt64(1)...300 {
      let small = Self.randomCase(seed: seed)
      let pricing = KnapsackPricing(sizes: small.sizes, capacity: small.capacity)
      check(small, answer: pricing.best(weights: small.weights, bounds: small.bounds, until: far), label: "seed \(seed)")
      // The same sizes times 20011 plus a seeded remainder below the
      // factor: the capacity is about a million, the table far too large.
      var random = SplitMix64(seed: seed &+ 1_000_003)
      var large = small
      large.sizes = small.sizes.map { $0 * 20011 + Int(random.next() % 20011) }
      large.capacity = small.capacity * 20011 + Int(random.next() % 20011)
      let largePricing = KnapsackPricing(sizes: large.sizes, capacity: large.capacity)
      let answer = largePricing.best(weights: large.weights, bounds: large.bounds, until: far)
      check(large, answer: answer, label: "seed \(seed), large capacity")
      if let answer, answer.nodes > 0 { branchAndBoundUsed += 1 }
      // The fallbacks, with a first branch and bound of one node: dynamic
      // programming on a moderate table, else the branch and bound again
      // without a node limit (a capacity near 10^8); every tenth seed (the
      // table of 10^7 cells is slow in a debug build).
      guard seed % 10 == 0 else { continue }
      var limited = largePricing
      limited.branchAndBoundNodes = 1
      check(large, answer: limited.best(weights: large.weights, bounds: large.bounds, until: far),
            label: "seed \(seed), fallback DP")
      var huge = small
      huge.sizes = small.sizes.map { $0 * 2_000_003 + Int(random.next() % 2_000_003) }
      huge.capacity = small.capacity * 2_000_003 + Int(random.next() % 2_000_003)
      var hugePricing = KnapsackPricing(sizes: huge.sizes, capacity: huge.capacity)
      hugePricing.branchAndBoundNodes = 1
      check(huge, answer: hugePricing.best(weights: huge.weights, bounds: huge.bounds, until: far),
            label: "seed \(seed), unlimited branch and bound")
    }
    XCTAssertGreaterThan(branchAndBoundUsed, 100, "the large capacities must take the branch and bound")
  }

  func testPassedDeadlineIsNotDecided() {
    // A capacity of about a million units: the branch and bound, which
    // reads the clock at its first node.
    let c = Self.randomCase(seed: 7)
    let sizes = c.sizes.map { $0 * 100_003 }
    let pricing = KnapsackPricing(sizes: sizes, capacity: c.capacity * 100_003)
    let bounds = c.bounds.map { max($0, 1) }
    let weights = c.weights.map { max($0, 1) }
    XCTAssertNil(pricing.best(weights: weights, bounds: bounds, until: ContinuousClock().now - .seconds(1)))
    XCTAssertNotNil(pricing.best(weights: weights, bounds: bounds, until: TestDeadline.far))
  }

  /// The work a pricing counts (``KnapsackPricing/Work``), which column
  /// generation weighs instead of the clock: the same call counts the
  /// same, a dynamic programme counts at least its table's cells, the
  /// searches over large capacities count their nodes, and a coarse
  /// grid's count comes with the same patterns as without it.
  func testWorkIsCountedTheSameEveryTime() {
    let far = TestDeadline.far
    for seed in UInt64(1)...60 {
      let c = Self.randomCase(seed: seed)
      let large = Case(
        sizes: c.sizes.map { $0 * 10_007 + 5003 }, bounds: c.bounds, weights: c.weights, capacity: c.capacity * 10_007)
      for k in [c, large] {
        let pricing = KnapsackPricing(sizes: k.sizes, capacity: k.capacity)
        let first = pricing.best(weights: k.weights, bounds: k.bounds, until: far)
        let second = pricing.best(weights: k.weights, bounds: k.bounds, until: far)
        XCTAssertEqual(first?.work, second?.work, "seed \(seed)")
        XCTAssertEqual(first?.method, second?.method, "seed \(seed)")
        guard let first else { continue }
        XCTAssertGreaterThan(first.work, 0, "seed \(seed)")
        if first.method == .dynamicProgramme && !first.pattern.isEmpty {
          XCTAssertGreaterThan(first.work, k.capacity, "seed \(seed): a table of capacity + 1 cells a piece")
        }
        if first.method == .branchAndBound || first.method == .gridBound {
          XCTAssertGreaterThanOrEqual(first.work, first.nodes, "seed \(seed): the nodes count")
        }
        for grid in 0..<pricing.coarseGridCount {
          let counted = pricing.coarseColumnsAndWork(grid: grid, weights: k.weights, bounds: k.bounds, others: 5)
          XCTAssertEqual(counted.patterns, pricing.coarseColumnsAndWork(grid: grid, weights: k.weights, bounds: k.bounds, others: 5).patterns)
          XCTAssertEqual(counted.work, pricing.coarseColumnsAndWork(grid: grid, weights: k.weights, bounds: k.bounds, others: 5).work)
          XCTAssertGreaterThan(counted.work, 0)
        }
      }
    }
  }

  func testCoarsePatternsFitTheTrueCapacity() {
    for seed in UInt64(1)...100 {
      var c = Self.randomCase(seed: seed)
      c.sizes = c.sizes.map { $0 * 10_007 + 5003 }
      c.capacity = c.capacity * 10_007
      let pricing = KnapsackPricing(sizes: c.sizes, capacity: c.capacity)
      XCTAssertGreaterThan(pricing.coarseGridCount, 0)
      for grid in 0..<pricing.coarseGridCount {
        // The grid's best and the best rows holding each type on it.
        for pattern in pricing.coarseColumnsAndWork(grid: grid, weights: c.weights, bounds: c.bounds, others: 20).patterns {
          XCTAssertLessThanOrEqual(pattern.reduce(0) { $0 + c.sizes[$1] }, c.capacity, "seed \(seed) grid \(grid)")
          for t in c.sizes.indices {
            XCTAssertLessThanOrEqual(pattern.filter { $0 == t }.count, c.bounds[t], "seed \(seed) grid \(grid)")
          }
        }
      }
    }
  }

  /// The best weight of a pattern holding at least one item of type `t`, by enumeration.
  static func bruteForceBestHolding(_ t: Int, _ c: Case) -> Int? {
    guard c.bounds[t] > 0 && c.sizes[t] <= c.capacity else { return nil }
    var reduced = c
    reduced.bounds[t] -= 1
    reduced.capacity -= c.sizes[t]
    return c.weights[t] + bruteForceMaximum(reduced)
  }

  /// The other patterns of a dynamic-programming pricing (several columns
  /// per pricing): each a valid row worth more than the scale, none twice,
  /// none the best one, each the best row holding one of its types (by
  /// enumeration).
  func testOtherPatternsAreTheBestRowsHoldingEachType() {
    let far = TestDeadline.far
    var othersSeen = 0
    for seed in UInt64(1)...300 {
      var c = Self.randomCase(seed: seed)
      // Duals above proportional, so that many rows price out.
      c.weights = c.weights.map { $0 + $0 / 4 }
      let pricing = KnapsackPricing(sizes: c.sizes, capacity: c.capacity)
      guard let answer = pricing.best(weights: c.weights, bounds: c.bounds, until: far, others: 100) else {
        return XCTFail("seed \(seed): not decided")
      }
      check(c, answer: answer, label: "seed \(seed)")
      let label = "seed \(seed): \(c)"
      XCTAssertEqual(Set(answer.others).count, answer.others.count, label)
      XCTAssertFalse(answer.others.contains(answer.pattern), label)
      for p in answer.others {
        let value = p.reduce(0) { $0 + c.weights[$1] }
        XCTAssertGreaterThan(value, KnapsackPricing.scale, label)
        XCTAssertEqual(p, p.sorted(), label)
        XCTAssertLessThanOrEqual(p.reduce(0) { $0 + c.sizes[$1] }, c.capacity, label)
        for t in c.sizes.indices {
          XCTAssertLessThanOrEqual(p.filter { $0 == t }.count, c.bounds[t], label)
        }
        XCTAssertTrue(Set(p).contains { Self.bruteForceBestHolding($0, c) == value }, "not a best row holding one of its types: \(p), \(label)")
      }
      othersSeen += answer.others.count
    }
    XCTAssertGreaterThan(othersSeen, 100, "the seeds must exercise the other patterns")
  }

  /// Diversified other patterns (``KnapsackPricing/othersPerType``): the
  /// same checks, and besides no type in more of them than the limit, and
  /// a pattern of the undiversified ones left out only where one of its
  /// types has reached it.
  func testDiversifiedOtherPatternsKeepEachTypeUnderTheLimit() {
    let far = TestDeadline.far
    var skipped = 0
    for seed in UInt64(1)...300 {
      var c = Self.randomCase(seed: seed)
      c.weights = c.weights.map { $0 + $0 / 4 }
      var pricing = KnapsackPricing(sizes: c.sizes, capacity: c.capacity)
      guard let plain = pricing.best(weights: c.weights, bounds: c.bounds, until: far, others: 100) else {
        return XCTFail("seed \(seed): not decided")
      }
      let limit = Int(seed % 3) + 1
      pricing.othersPerType = limit
      guard let answer = pricing.best(weights: c.weights, bounds: c.bounds, until: far, others: 100) else {
        return XCTFail("seed \(seed): not decided")
      }
      let label = "seed \(seed), limit \(limit): \(c)"
      check(c, answer: answer, label: label)
      XCTAssertEqual(answer.pattern, plain.pattern, label)
      for p in answer.others {
        XCTAssertTrue(Set(p).contains { Self.bruteForceBestHolding($0, c) == p.reduce(0) { $0 + c.weights[$1] } }, label)
      }
      var counts: [Int: Int] = [:]
      for p in answer.others { for t in Set(p) { counts[t, default: 0] += 1 } }
      XCTAssertLessThanOrEqual(counts.values.max() ?? 0, limit, label)
      // A candidate left out has a type the kept ones (the best one too) hold the limit of times.
      for t in Set(answer.pattern) { counts[t, default: 0] += 1 }
      for p in plain.others where !answer.others.contains(p) {
        skipped += 1
        XCTAssertTrue(p.contains { counts[$0, default: 0] >= limit }, "left out with room: \(p), \(label)")
      }
    }
    XCTAssertGreaterThan(skipped, 15, "the seeds must exercise the limit")
  }

  /// At capacities of about a million units (the grid-bounded search or
  /// the branch and bound, no table), other patterns come from the search: each a valid row worth
  /// more than the scale, none twice, none the best one, and the best
  /// still the maximum.
  func testOtherPatternsOfTheBranchAndBoundAreValidRows() {
    let far = TestDeadline.far
    var othersSeen = 0
    for seed in UInt64(1)...300 {
      var c = Self.randomCase(seed: seed)
      c.weights = c.weights.map { $0 + $0 / 4 }
      var random = SplitMix64(seed: seed &+ 7_000_003)
      c.sizes = c.sizes.map { $0 * 20011 + Int(random.next() % 20011) }
      c.capacity = c.capacity * 20011 + Int(random.next() % 20011)
      var pricing = KnapsackPricing(sizes: c.sizes, capacity: c.capacity)
      // Every other seed past the grid-bounded search, into the branch and bound.
      if seed % 2 == 0 { pricing.gridBoundNodes = 0 }
      let answer = pricing.best(weights: c.weights, bounds: c.bounds, until: far, others: 100)
      let label = "seed \(seed): \(c)"
      check(c, answer: answer, label: label)
      guard let answer else { continue }
      XCTAssertEqual(Set(answer.others).count, answer.others.count, label)
      XCTAssertFalse(answer.others.contains(answer.pattern), label)
      for p in answer.others {
        XCTAssertGreaterThan(p.reduce(0) { $0 + c.weights[$1] }, KnapsackPricing.scale, label)
        XCTAssertEqual(p, p.sorted(), label)
        XCTAssertLessThanOrEqual(p.reduce(0) { $0 + c.sizes[$1] }, c.capacity, label)
        for t in c.sizes.indices {
          XCTAssertLessThanOrEqual(p.filter { $0 == t }.count, c.bounds[t], label)
        }
      }
      othersSeen += answer.others.count
    }
    XCTAssertGreaterThan(othersSeen, 20, "the seeds must exercise the other patterns")
  }
}
