@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The waste budget (da Silva and Schouery's exactly-full columns): the
/// budgeted pricings against brute force over every pattern, and
/// cut-and-price and the tree with the budget against brute-force optima
/// on small instances whose sizes fill their rows exactly (and on others).
final class WasteBudgetTests: XCTestCase {
  let far = TestDeadline.far

  /// A small seeded case: sizes, bounds, weights (some 0), capacity, budget.
  func draw(seed: UInt64) -> (sizes: [Int], bounds: [Int], weights: [Int], capacity: Int, budget: Int) {
    var random = SplitMix64(seed: seed)
    func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
    let capacity = uniform(20...60)
    let n = uniform(2...7)
    let sizes = (0..<n).map { _ in uniform(3...capacity) }
    let bounds = (0..<n).map { _ in uniform(1...3) }
    let weights = (0..<n).map { _ in uniform(0...3) == 0 ? 0 : uniform(1...1_000_000) }
    let budget = [0, 0, 1, 2, 5, capacity][uniform(0...5)]
    return (sizes, bounds, weights, capacity, budget)
  }

  /// The table with a budget: at every room `c` the best weight of a
  /// filling of total size in `c - budget ... c` (brute force), negative
  /// where there is none, and the filling it reads back has that weight
  /// and fits there.
  func testBudgetedTableMatchesBruteForceAtEveryRoom() {
    var unreachableRooms = 0, exactlyFullChecked = 0
    for seed in UInt64(1)...300 {
      let (sizes, bounds, weights, capacity, budget) = draw(seed: seed)
      let candidates = Array(sizes.indices)
      let table = KnapsackPricing.Table(
        weights: weights, bounds: bounds, candidates: candidates, sizes: sizes, capacity: capacity, wasteBudget: budget)
      let patterns = allPatterns(sizes: sizes, bounds: bounds, capacity: capacity)
      for room in 0...capacity {
        let fitting = patterns.filter { p in
          let load = p.reduce(0) { $0 + sizes[$1] }
          return load <= room && room - load <= budget
        }
        let label = "seed \(seed): sizes \(sizes), bounds \(bounds), capacity \(capacity), budget \(budget), room \(room)"
        guard let best = fitting.map({ $0.reduce(0) { $0 + weights[$1] } }).max() else {
          XCTAssertLessThan(table.best[room], 0, label)
          unreachableRooms += 1
          continue
        }
        XCTAssertEqual(table.best[room], best, label)
        let pattern = table.pattern(room: room)
        let load = pattern.reduce(0) { $0 + sizes[$1] }
        XCTAssertEqual(pattern.reduce(0) { $0 + weights[$1] }, best, label)
        XCTAssertTrue(load <= room && room - load <= budget, "\(label): \(pattern)")
        if budget == 0 && room == capacity { exactlyFullChecked += 1 }
      }
    }
    XCTAssertGreaterThan(unreachableRooms, 1_000, "few rooms without a filling: the budget is hardly tested")
    XCTAssertGreaterThan(exactlyFullChecked, 20, "few exactly-full rows: subset-sum exactness is hardly tested")
  }

  /// Subset-row cut pricing with a budget and cuts of negative weight: its
  /// maximum is the brute-force maximum over the patterns within the
  /// budget (0 when none is worth more), its pattern and the others are
  /// within it.
  func testBudgetedSubsetRowCutPricingMatchesBruteForce() throws {
    var withCuts = 0
    for seed in UInt64(1)...300 {
      var (sizes, bounds, weights, capacity, budget) = draw(seed: seed)
      var random = SplitMix64(seed: seed &* 7_919)
      if sizes.count < 3 { sizes += [capacity / 3, capacity / 4]; bounds += [2, 3]; weights += [500_000, 0] }
      let types = sizes.count
      var cuts: [SubsetRowCut] = []
      for _ in 0..<Int(random.next() % 3) {
        var triple: Set<Int> = []
        while triple.count < 3 { triple.insert(Int(random.next() % UInt64(types))) }
        cuts.append(SubsetRowCut(types: Array(triple), demands: bounds))
      }
      let cutWeights = cuts.map { _ in -Int(random.next() % 800_000) }
      if !cuts.isEmpty { withCuts += 1 }
      let pricing = SubsetRowCutPricing(sizes: sizes, capacity: capacity)
      let answer = try XCTUnwrap(pricing.best(
        weights: weights, bounds: bounds, cuts: cuts, cutWeights: cutWeights, threshold: 0, others: 5,
        wasteBudget: budget, until: far))
      let within = allPatterns(sizes: sizes, bounds: bounds, capacity: capacity).filter {
        capacity - $0.reduce(0) { $0 + sizes[$1] } <= budget
      }
      let values = within.map { SubsetRowCutPricing.value(of: $0, weights: weights, cuts: cuts, cutWeights: cutWeights) }
      let label = "seed \(seed): sizes \(sizes), bounds \(bounds), capacity \(capacity), budget \(budget), cuts \(cuts.map(\.types))"
      XCTAssertEqual(answer.value, max(values.max() ?? 0, 0), label)
      for p in [answer.pattern] + answer.others where !p.isEmpty {
        XCTAssertLessThanOrEqual(capacity - p.reduce(0) { $0 + sizes[$1] }, budget, "\(label): \(p)")
      }
      if answer.value > 0 {
        XCTAssertEqual(
          SubsetRowCutPricing.value(of: answer.pattern, weights: weights, cuts: cuts, cutWeights: cutWeights),
          answer.value, label)
      }
    }
    XCTAssertGreaterThan(withCuts, 100)
  }

  /// The tree's pricing with a budget, conflicts and cuts on items: the
  /// brute-force maximum over the rows within the budget.
  func testBudgetedConflictPricingMatchesBruteForce() throws {
    var withConflicts = 0
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
      let capacity = uniform(20...60)
      let n = uniform(3...9)
      let sizes = (0..<n).map { _ in uniform(3...(capacity / 2)) }
      let weights = (0..<n).map { _ in uniform(0...3) == 0 ? 0 : uniform(1...1_000_000) }
      let budget = [0, 0, 1, 3, capacity][uniform(0...4)]
      var conflicts: [(Int, Int)] = []
      for _ in 0..<uniform(0...3) {
        let (g, h) = (uniform(0...(n - 1)), uniform(0...(n - 1)))
        if g != h { conflicts.append((g, h)) }
      }
      if !conflicts.isEmpty { withConflicts += 1 }
      var cutCounts = [[(cut: Int, count: Int)]](repeating: [], count: n)
      var cutWeights: [Int] = []
      var cutItems: [[Int]] = []
      for c in 0..<uniform(0...2) {
        var triple: Set<Int> = []
        while triple.count < 3 { triple.insert(uniform(0...(n - 1))) }
        for g in triple.sorted() { cutCounts[g].append((cut: c, count: 1)) }
        cutItems.append(triple.sorted())
        cutWeights.append(-uniform(0...800_000))
      }
      let pricing = ConflictKnapsackPricing(sizes: sizes, capacity: capacity, conflicts: conflicts, wasteBudget: budget)
      let answer = try XCTUnwrap(pricing.best(
        weights: weights, cutCounts: cutCounts, cutWeights: cutWeights, threshold: 0, others: 5, until: far))
      var best = 0
      for mask in 0..<(1 << n) {
        let row = (0..<n).filter { mask & (1 << $0) != 0 }
        let load = row.reduce(0) { $0 + sizes[$1] }
        guard load <= capacity, capacity - load <= budget, pricing.allows(row) else { continue }
        best = max(best, ConflictKnapsackPricing.value(
          of: row, weights: weights, cutCounts: cutCounts, cutWeights: cutWeights))
      }
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity), budget \(budget), conflicts \(conflicts), cuts \(cutItems)"
      XCTAssertEqual(answer.value, best, label)
      for row in [answer.items] + answer.others where !row.isEmpty {
        XCTAssertTrue(pricing.allows(row), "\(label): \(row)")
        XCTAssertLessThanOrEqual(capacity - row.reduce(0) { $0 + sizes[$1] }, budget, "\(label): \(row)")
      }
    }
    XCTAssertGreaterThan(withConflicts, 100)
  }

  /// Small instances whose sizes fill `K` rows exactly (ANI-like when
  /// there is no packing in `K` rows, AI-like when there is), and some
  /// that do not: the tree on `rows` rows with the budget
  /// `rows x C - sum` and without it answers as brute force does, and
  /// cut-and-price with the budget never bounds above the optimum.
  func testTreeAndCutsWithTheBudgetAgreeWithBruteForce() throws {
    var exactlyFull = 0, withoutPerfect = 0, refuted = 0
    for seed in UInt64(1)...160 {
      var random = SplitMix64(seed: seed)
      let rows = 2 + Int(random.next() % 2)
      let capacity = 40 + Int(random.next() % 30)
      var sizes = (0..<(3 * rows - 1)).map { _ in capacity / 5 + Int(random.next() % UInt64(capacity / 3)) }
      let last = rows * capacity - sizes.reduce(0, +)
      // Even seeds fill the rows exactly; odd ones leave a little room.
      let fill = seed % 2 == 0 ? last : last - 1 - Int(random.next() % 3)
      guard fill > 0, fill <= capacity else { continue }
      sizes.append(fill)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      if seed % 2 == 0 { exactlyFull += 1 }
      if seed % 2 == 0 && optimum > rows { withoutPerfect += 1 }
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity), optimum \(optimum)"
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      for asked in [optimum - 1, optimum] where asked >= 1 {
        let budget = SubsetRowCutAndPrice.emptyRoom(types: types, rows: asked)
        guard budget >= 0 else { continue }
        for wasteBudget in [nil, budget] {
          let tree = try RyanFosterBranchAndPrice(
            session: session, sizes: sizes, capacity: capacity, initialColumns: [], wasteBudget: wasteBudget)
          tree.cutRoundsPerNode = 3
          tree.precision = .certified(capacity: capacity)
          tree.dualTolerance = tree.precision.dualTolerance
          tree.exactBoundAtRoot = true
          let outcome = try tree.decide(rows: asked, until: far)
          let what = "\(label), \(asked) rows, budget \(wasteBudget.map(String.init) ?? "none"): \(outcome.summary)"
          XCTAssertLessThanOrEqual(outcome.rootBound, optimum, what)
          // Under a budget above 0 the tree may stop undecided (its
          // weights are clipped at 0), never wrong; at 0 it decides.
          if case .unknown = outcome.answer, let wasteBudget, wasteBudget > 0 { continue }
          if asked < optimum {
            guard case .infeasible = outcome.answer else { XCTFail("not refuted: \(what)"); continue }
            if wasteBudget == 0 { refuted += 1 }
          } else {
            guard case .packing(let found) = outcome.answer else { XCTFail("no packing: \(what)"); continue }
            XCTAssertNotNil(RyanFosterBranchAndPrice.partition(found, itemCount: sizes.count), what)
            XCTAssertLessThanOrEqual(found.count, asked, what)
            for row in found { XCTAssertLessThanOrEqual(row.reduce(0) { $0 + sizes[$1] }, capacity, what) }
          }
        }
        let cuts = try SubsetRowCutAndPrice(
          session: session, types: types, initialPatterns: [], wasteBudget: budget)
        cuts.precision = .certified(capacity: capacity)
        cuts.minimumViolation = 5e-9
        let outcome = try cuts.run(target: asked + 1, until: far)
        XCTAssertLessThanOrEqual(outcome.rowBound, optimum, "\(label), \(asked) rows: \(outcome.summary)")
        XCTAssertLessThanOrEqual(outcome.exactBound, optimum, "\(label), \(asked) rows: \(outcome.summary)")
      }
    }
    XCTAssertGreaterThan(exactlyFull, 30, "few exactly-full instances")
    XCTAssertGreaterThan(withoutPerfect, 5, "few exactly-full instances without a perfect packing (ANI-like)")
    XCTAssertGreaterThan(refuted, 10, "few refutations under a budget of 0: its proofs are hardly tested")
  }
}
