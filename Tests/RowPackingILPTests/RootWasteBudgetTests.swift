@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The root LP's shrinking waste budget (da Silva and Schouery): the
/// budgeted exact pricing against brute force on every path, the bound it
/// proves (capped at the rows the budget covers, plus one) against
/// brute-force optima for arbitrary weights, and the root LP with the
/// budget against brute force and against the plain root LP.
final class RootWasteBudgetTests: XCTestCase {
  let far = TestDeadline.far

  /// A small seeded instance: even seeds fill `rows` rows exactly (an
  /// ANI-like one when no packing in `rows` rows exists), odd ones leave
  /// some room. Sizes in `(C/5, C/2)` mostly, so that rows hold two to four.
  func instance(seed: UInt64) -> (sizes: [Int], capacity: Int)? {
    var random = SplitMix64(seed: seed)
    let rows = 2 + Int(random.next() % 2)
    let capacity = 30 + Int(random.next() % 40)
    var sizes = (0..<(3 * rows - 1)).map { _ in capacity / 5 + Int(random.next() % UInt64(capacity / 3)) }
    let last = rows * capacity - sizes.reduce(0, +)
    let fill = seed % 2 == 0 ? last : last - 1 - Int(random.next() % UInt64(capacity / 2))
    guard fill > 0, fill <= capacity else { return nil }
    sizes.append(fill)
    return (sizes, capacity)
  }

  /// `best(..., wasteBudget:)` by the table and by the searches without one
  /// (whose best, when over the budget, hands over to the budgeted table):
  /// the brute-force maximum over the patterns within the budget, 0 when
  /// none is worth more; its pattern and the others within the budget.
  func testBudgetedPricingMatchesBruteForceOnEveryPath() throws {
    var handedOver = 0, emptyDomain = 0
    for seed in UInt64(1)...400 {
      var random = SplitMix64(seed: seed)
      func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
      let capacity = uniform(20...80)
      let n = uniform(2...8)
      let sizes = (0..<n).map { _ in uniform(2...capacity) }
      let bounds = (0..<n).map { _ in uniform(0...3) }
      // Weights near the sizes (as optimal duals are), some 0, some far off.
      let weights = sizes.map { s in
        uniform(0...4) == 0 ? 0 : max(0, s * 1_000_000 / capacity + uniform(-200_000...200_000))
      }
      let budget = [0, 0, 1, 2, 4, capacity / 3, capacity][uniform(0...6)]
      var pricing = KnapsackPricing(sizes: sizes, capacity: capacity)
      if seed % 2 == 0 { pricing.dynamicProgrammingCells = 0 }
      let answer = try XCTUnwrap(pricing.best(
        weights: weights, bounds: bounds, until: far, others: 4, wasteBudget: budget))
      let patterns = allPatterns(sizes: sizes, bounds: bounds, capacity: capacity)
      func value(_ p: Pattern) -> Int { p.reduce(0) { $0 + weights[$1] } }
      func waste(_ p: Pattern) -> Int { capacity - p.reduce(0) { $0 + sizes[$1] } }
      let within = patterns.filter { waste($0) <= budget }
      let best = max(within.map(value).max() ?? 0, 0)
      let label = "seed \(seed): sizes \(sizes), bounds \(bounds), weights \(weights), capacity \(capacity), budget \(budget)"
      XCTAssertEqual(answer.value, best, label)
      if !answer.pattern.isEmpty {
        XCTAssertEqual(value(answer.pattern), answer.value, label)
      }
      for p in [answer.pattern] + answer.others where !p.isEmpty {
        XCTAssertLessThanOrEqual(waste(p), budget, "\(label): \(p)")
      }
      if within.isEmpty { emptyDomain += 1 }
      if seed % 2 == 0 && (patterns.map(value).max() ?? 0) > best { handedOver += 1 }
    }
    XCTAssertGreaterThan(handedOver, 40, "the searches' best was rarely over the budget: the hand-over is hardly tested")
    XCTAssertGreaterThan(emptyDomain, 5, "few cases without a pattern within the budget")
  }

  /// For arbitrary weights, the Farley bound over the rows within a budget,
  /// capped as ``GilmoreGomoryColumnGeneration/provenRows(_:)`` caps it,
  /// never passes the brute-force optimum; without the cap it would.
  func testBudgetedFarleyBoundIsCappedAtTheRowsTheBudgetCovers() throws {
    var capMattered = 0, checked = 0
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    for seed in UInt64(1)...120 {
      guard let (sizes, capacity) = instance(seed: seed) else { continue }
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let patterns = allPatterns(sizes: types.sizes, bounds: types.demands, capacity: capacity)
      let total = sizes.reduce(0, +)
      var random = SplitMix64(seed: seed &* 104_729)
      for budget in [0, 1, 3, capacity / 4, capacity / 2] {
        let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
        try master.shrinkWasteBudget(to: budget)
        for round in 0..<6 {
          // Proportional to the sizes, perturbed, and arbitrary.
          let weights = types.sizes.map { s in
            round == 0 ? s * 1000
              : round < 3 ? max(0, s * 1000 + Int(random.next() % 4001) - 2000) : Int(random.next() % 60_000)
          }
          let within = patterns.filter { capacity - types.load(of: $0) <= budget }
          guard let best = within.map({ $0.reduce(0) { $0 + weights[$1] } }).max(), best > 0 else { continue }
          let farley = master.farley(weights: weights, value: best).rows
          let proven = master.provenRows(farley)
          let label = "seed \(seed): sizes \(sizes), capacity \(capacity), optimum \(optimum), budget \(budget), weights \(weights)"
          XCTAssertLessThanOrEqual(proven, optimum, label)
          XCTAssertLessThanOrEqual(
            proven, GilmoreGomoryColumnGeneration.rowsCovered(byWasteBudget: budget, capacity: capacity, totalSize: total) + 1,
            label)
          checked += 1
          if farley > optimum { capMattered += 1 }
        }
      }
    }
    XCTAssertGreaterThan(checked, 500)
    XCTAssertGreaterThan(capMattered, 20, "the uncapped bound rarely passed the optimum: the cap is hardly tested")
  }

  /// Instances (found by a scan of seeded random ones) whose LP over the
  /// rows within the budget lies above the LP over all rows.
  let budgetLiftsTheLP: [(sizes: [Int], capacity: Int)] = [
    ([4, 7, 30, 23, 26, 2, 7], 33),
    ([26, 23, 23, 24, 23, 27, 23, 19, 24], 71),
    ([14, 40, 8, 14, 6, 66, 50], 67),
  ]

  /// The root LP with the shrinking budget for `K` rows (the bound L1,
  /// and the optimum, a count a packing achieves), to convergence: its row
  /// bound never passes the brute-force optimum, never falls below the plain
  /// root LP's, and its solution's columns are within the final budget;
  /// on some instances its LP lies above the plain one. Widened to the
  /// optimum's rows and solved again, the master still bounds at most the
  /// optimum.
  func testRootLPWithTheShrinkingBudgetAgreesWithBruteForce() throws {
    var liftedByTheBudget = 0, shrunk = 0, solved = 0
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let cases = (UInt64(1)...160).compactMap { instance(seed: $0) } + budgetLiftsTheLP
    for (index, (sizes, capacity)) in cases.enumerated() {
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let total = sizes.reduce(0, +)
      let l1 = (total + capacity - 1) / capacity
      let plain = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let plainRoot = try XCTUnwrap(plain.solve(until: far, toConvergence: true))
      for rows in Set([l1, optimum]) {
        let label = "case \(index): sizes \(sizes), capacity \(capacity), optimum \(optimum), K \(rows)"
        let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
        master.wasteBudgetRows = rows
        let root = try XCTUnwrap(master.solve(until: far, toConvergence: true), label)
        master.wasteBudgetRows = nil
        solved += 1
        XCTAssertLessThanOrEqual(root.rowBound, optimum, label)
        if root.converged && plainRoot.converged {
          XCTAssertGreaterThanOrEqual(root.rowBound, plainRoot.rowBound, label)
        }
        if root.lowerBound > plainRoot.lowerBound + 1e-6 { liftedByTheBudget += 1 }
        let budget = master.wasteBudget ?? .max
        if budget < capacity { shrunk += 1 }
        XCTAssertGreaterThanOrEqual(budget, rows * capacity - total, label)
        for (k, x) in root.values.enumerated() where x > 1e-9 {
          let p = master.patterns[k]
          XCTAssertTrue(capacity - types.load(of: p) <= budget || p.first == p.last, "\(label): \(p) at \(x)")
        }
        master.coverWasteBudget(rows: optimum)
        let widened = try XCTUnwrap(master.solve(until: far, toConvergence: true), label)
        XCTAssertLessThanOrEqual(widened.rowBound, optimum, "\(label), widened")
      }
    }
    XCTAssertGreaterThan(solved, 120)
    XCTAssertGreaterThan(shrunk, 60, "the budget rarely shrank below the capacity")
    XCTAssertGreaterThanOrEqual(liftedByTheBudget, 3, "the budget lifted no LP: its bound is hardly tested")
  }

  /// The exact pipeline with the root budget on and off proves the
  /// brute-force optimum of seeded instances whose sizes fill `K` rows
  /// exactly (drawn with a last size that fills them; mostly none in `K`
  /// rows, ANI-like), and the budget's root LP ran on many of them.
  func testPipelineWithTheRootBudgetProvesExactlyFullOptima() throws {
    var rootRan = 0
    for seed in UInt64(1)...200 where seed % 2 == 0 {
      guard let (sizes, capacity) = instance(seed: seed), sizes.count <= 11 else { continue }
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))
      for budget in [true, false] {
        var pipeline = ExactPipeline(setup: try SolveSetup(instance: instance, timeLimit: .seconds(10)), verbose: false)
        pipeline.options.rootLP.shrinkingWasteBudget = budget
        let result = pipeline.run()
        let label = "seed \(seed): sizes \(sizes), capacity \(capacity), optimum \(optimum), budget \(budget)"
        let packing = try XCTUnwrap(result.packing, label)
        XCTAssertLessThanOrEqual(result.lowerBound.value, optimum, label)
        XCTAssertEqual(result.status, .optimal, label)
        XCTAssertEqual(packing.rowCount, optimum, label)
        if budget && result.rootLPTime != nil { rootRan += 1 }
      }
    }
    XCTAssertGreaterThan(rootRan, 30, "the root LP rarely ran: the pipeline with the budget is hardly tested")
  }
}
