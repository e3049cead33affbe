@testable import RowPacking
import TestSupport
import XCTest

/// The set-partitioning relaxation of the fewest moves: its pricing against
/// brute force over every row, its bound never above brute force's fewest
/// moves, its dives' layouts valid.
final class FewestMovesColumnGenerationTests: XCTestCase {
  /// The pricing's best value equals the best over every subset of tags
  /// that fits and every span (or none) of unblocked positions, at random
  /// duals; each row it returns fits, holds active tags only, spans no
  /// blocked position and is worth at least what it was priced at.
  func testPricingFindsTheBestRowOfBruteForce() {
    var rowsChecked = 0
    for seed in UInt64(0)..<300 {
      var rng = SplitMix64(seed: 31_000 + seed)
      let capacity = Int.random(in: 6...30, using: &rng)
      let n = Int.random(in: 1...9, using: &rng)
      let sizes = (0..<n).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let values = (0..<n).map { _ in Double(Int.random(in: -12...12, using: &rng)) / 8 }
      let costs = (0..<n).map { _ in Double(Int.random(in: 0...8, using: &rng)) / 8 }
      let rowValue = -Double(Int.random(in: 0...8, using: &rng)) / 8
      let active = (0..<n).map { _ in Int.random(in: 0..<5, using: &rng) > 0 }
      let blocked = (0..<n).map { _ in Int.random(in: 0..<6, using: &rng) == 0 }
      func worth(_ tags: [Int], span: ClosedRange<Int>?) -> Double {
        var total = rowValue
        for i in tags { total += values[i] + (span?.contains(i) == true ? 1 : 0) }
        if let span { for p in span { total -= costs[p] } }
        return total
      }
      var expected = -Double.infinity
      for mask in 0..<(1 << n) {
        let tags = (0..<n).filter { mask & (1 << $0) != 0 }
        guard tags.allSatisfy({ active[$0] }), tags.reduce(0, { $0 + sizes[$1] }) <= capacity else { continue }
        expected = max(expected, worth(tags, span: nil))
        for a in 0..<n {
          for b in a..<n where !(a...b).contains(where: { blocked[$0] }) {
            expected = max(expected, worth(tags, span: a...b))
          }
        }
      }
      var pricing = FewestMovesRowPricing(sizes: sizes, capacity: capacity)
      let priced = pricing.price(
        tagValues: values, positionCosts: costs, rowValue: rowValue, active: active, blocked: blocked,
        mayKeep: active.map { _ in true }, mustKeep: active.map { _ in false }, threshold: -.infinity, limit: 50)
      let what = "seed \(seed): \(sizes) in \(capacity)"
      XCTAssertEqual(priced.best, expected, accuracy: 1e-9, what)
      XCTAssertEqual(priced.rows.first?.value ?? expected, expected, accuracy: 1e-9, what)
      for candidate in priced.rows {
        let row = candidate.row
        let tags = row.kept + row.moved
        XCTAssertLessThanOrEqual(tags.reduce(0) { $0 + sizes[$1] }, capacity, what)
        XCTAssertEqual(Set(tags).count, tags.count, what)
        XCTAssertTrue(tags.allSatisfy { active[$0] }, what)
        if let span = row.span {
          XCTAssertFalse(span.contains { blocked[$0] }, what)
          XCTAssertTrue(row.moved.allSatisfy { !span.contains($0) }, "a tag within its own row's span moved: \(what)")
        }
        XCTAssertGreaterThanOrEqual(worth(tags, span: row.span), candidate.value - 1e-9, what)
        rowsChecked += 1
      }
    }
    XCTAssertGreaterThan(rowsChecked, 600)
  }

  /// On seeded small lists at every row count brute force reaches, the
  /// relaxation's bound is never above the fewest moves and equals it on
  /// most; every dive's layout is a layout, at least the fewest moves,
  /// and the dives find the fewest on most cases.
  func testBoundIsBelowBruteForceAndDivesFindLayouts() throws {
    var cases = 0, tight = 0, found = 0
    try forEachSmallFewestMovesCase(seedBase: 32_000) { _, sizes, capacity, rows, expected, what in
      var relaxation = FewestMovesColumnGeneration(sizes: sizes, capacity: capacity, rows: rows)
      var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
      let result = relaxation.fewestMoves(upper: nil, meter: &meter)
      cases += 1
      XCTAssertLessThanOrEqual(result.lowerBound, expected, what)
      if result.lowerBound == expected { tight += 1 }
      if let layout = result.layout {
        try checkFewestMovesLayout(layout, sizes: sizes, capacity: capacity, rows: rows, fewest: expected, what)
        if layout.moved.count == expected { found += 1 }
      }
    }
    XCTAssertGreaterThan(tight, cases * 9 / 10, "\(tight) of \(cases) bounds tight")
    XCTAssertGreaterThan(found, cases * 9 / 10, "\(found) of \(cases) dives at the fewest moves")
  }

  /// Branch and price from no layout at all: where it decides, it proves
  /// brute force's fewest moves and returns a layout that moves exactly
  /// as many; it decides most small cases.
  func testTreeProvesTheFewestMovesOfBruteForce() throws {
    var cases = 0, decided = 0
    try forEachSmallFewestMovesCase(seedBase: 34_000) { _, sizes, capacity, rows, expected, what in
      cases += 1
      guard let proven = try treeFromScratch(sizes: sizes, capacity: capacity, rows: rows, expected: expected, what) else { return }
      decided += 1
      XCTAssertEqual(proven, expected, what)
    }
    XCTAssertGreaterThan(decided, cases * 9 / 10, "\(decided) of \(cases) decided")
  }

  /// With artificials so cheap that the LP keeps them, nodes look
  /// infeasible that are not: the tree still proves only brute force's
  /// fewest moves, since only the bound cuts. (The tree is slow here, its
  /// LPs being poor: 40 lists at their fewest rows, where rows are tight,
  /// 0.3 s each; those it leaves undecided check nothing.)
  func testTreeIsExactWhenArtificialsStayInTheLP() throws {
    var decided = 0
    for seed in UInt64(0)..<40 {
      var rng = SplitMix64(seed: 35_000 + seed)
      let (sizes, capacity) = smallFewestMovesCase(&rng, repeated: seed % 2 == 1)
      let brute = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: sizes.count)
      guard let rows = brute.keys.min(), let expected = brute[rows] else { continue }
      let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows, \(expected) moves"
      guard let proven = try treeFromScratch(sizes: sizes, capacity: capacity, rows: rows, expected: expected, artificialCost: 0.75,
        budget: SearchBudget(timeLimit: .milliseconds(300)), what)
      else { continue }
      decided += 1
      XCTAssertEqual(proven, expected, what)
    }
    XCTAssertGreaterThan(decided, 10, "\(decided) of 40 decided")
  }

  /// The tree with nothing known: the moves it proves (and checks of its
  /// layout), or `nil` where it cannot decide.
  func treeFromScratch(
    sizes: [Int], capacity: Int, rows: Int, expected: Int, artificialCost: Double = 1e4,
    budget: SearchBudget = .unlimited, _ what: String
  ) throws -> Int? {
    var relaxation = FewestMovesColumnGeneration(sizes: sizes, capacity: capacity, rows: rows)
    relaxation.artificialCost = artificialCost
    var meter = BudgetMeter(budget, start: ContinuousClock().now)
    let start = FewestMovesColumnGeneration.Subproblem(tags: sizes.count, rows: rows)
    guard let root = relaxation.solve(start, meter: &meter) else { return nil }
    var mostKept = -1
    var best: FewestMovesColumnGeneration.Layout? = nil
    let proven = relaxation.branchAndPrice(start, root: root, mostKept: &mostKept, best: &best, meter: &meter)
    if let best { try checkFewestMovesLayout(best, sizes: sizes, capacity: capacity, rows: rows, fewest: expected, what) }
    if proven != nil { XCTAssertEqual(best?.moved.count, proven, what) }
    return proven
  }

  /// Longer lists with little room to spare (where the interval bound was
  /// wrong before): the bound stays at most brute force's fewest moves,
  /// and the tree proves exactly them where it decides.
  func testBoundHoldsOnTightLongerLists() throws {
    var compared = 0
    for seed in UInt64(0)..<3_000 where compared < 150 {
      var rng = SplitMix64(seed: 33_000 + seed)
      guard let (sizes, capacity, rows) = tightFewestMovesCase(&rng, tags: 7...10) else { continue }
      guard let expected = bruteForceFewestMoves(sizes: sizes, capacity: capacity, maxRows: rows)[rows] else { continue }
      var relaxation = FewestMovesColumnGeneration(sizes: sizes, capacity: capacity, rows: rows)
      var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
      let result = relaxation.fewestMoves(upper: nil, meter: &meter)
      let what = "seed \(seed): \(sizes) in \(capacity), \(rows) rows, \(expected) moves"
      XCTAssertLessThanOrEqual(result.lowerBound, expected, what)
      if let layout = result.layout { XCTAssertGreaterThanOrEqual(layout.moved.count, expected, what) }
      if let proven = try treeFromScratch(sizes: sizes, capacity: capacity, rows: rows, expected: expected, what) {
        XCTAssertEqual(proven, expected, what)
      }
      compared += 1
    }
    XCTAssertGreaterThan(compared, 100)
  }
}
