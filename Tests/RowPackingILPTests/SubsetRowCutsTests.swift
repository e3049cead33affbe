@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// Subset-row cuts (``SubsetRowCut``), their separation, the cut-aware
/// pricing (``SubsetRowCutPricing``) and the safe bound of cut-and-price
/// (``SubsetRowCutAndPrice``), against brute force on small seeded
/// instances: every cut holds for every packing, the pricing's maximum is
/// the enumerated one, and the bound never exceeds the optimum.
final class SubsetRowCutsTests: XCTestCase {
  let far = TestDeadline.far

  /// A small instance with repeated sizes (demands above 1), rows of two
  /// to four items.
  func instance(_ random: inout SplitMix64, items: ClosedRange<Int>) -> (sizes: [Int], capacity: Int) {
    let drawn = SmallInstance.draw(&random, itemCounts: items, capacities: 30...60) { c in (c / 5)...(c / 2) }
    // Sizes from a few values, so that types repeat.
    let palette = Array(Set(drawn.sizes.prefix(4)))
    return (drawn.sizes.map { palette[$0 % palette.count] }, drawn.capacity)
  }

  /// The instances of `seeds` with at least `leastTypes` item types, each
  /// with every packing in at most as many rows as items.
  func smallInstances(
    seeds: ClosedRange<UInt64>, items: ClosedRange<Int>, leastTypes: Int
  ) -> [(seed: UInt64, types: ItemTypes, packings: [[Pattern]])] {
    seeds.compactMap { seed in
      var random = SplitMix64(seed: seed)
      let (sizes, capacity) = instance(&random, items: items)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      guard types.count >= leastTypes else { return nil }
      return (seed, types, types.allPackings(limit: sizes.count))
    }
  }

  func testEveryTripleCutHoldsForEveryPacking() {
    var checked = 0
    for (seed, types, packings) in smallInstances(seeds: 1...30, items: 4...7, leastTypes: 3) {
      for i in 0..<types.count {
        for j in (i + 1)..<types.count {
          for k in (j + 1)..<types.count {
            let cut = SubsetRowCut(types: [k, i, j], demands: types.demands)
            XCTAssertEqual(cut.types, [i, j, k])
            for packing in packings {
              let left = packing.reduce(0) { $0 + cut.coefficient(of: $1.sorted()) }
              XCTAssertLessThanOrEqual(left, cut.rightHandSide, "seed \(seed): \(cut) on \(packing)")
              checked += 1
            }
          }
        }
      }
    }
    XCTAssertGreaterThan(checked, 1000)
  }

  /// Separated cuts are violated by the solution as claimed, and hold
  /// for every packing.
  func testSeparatedCutsAreViolatedAndValid() throws {
    var separated = 0
    for seed in UInt64(1)...60 {
      var random = SplitMix64(seed: seed)
      // Rows of two or three items, capacities where the LP is fractional.
      let n = 6 + Int(random.next() % 4)
      let capacity = 100
      let sizes = (0..<n).map { _ in 26 + Int(random.next() % 25) }
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let solution = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
      let found = SubsetRowCutSeparation.separate(
        patterns: master.patterns, values: solution.values, demands: types.demands, limit: 100)
      let packings = types.allPackings(limit: n)
      for (cut, violation) in found {
        var left = 0.0
        for (p, pattern) in master.patterns.enumerated() { left += Double(cut.coefficient(of: pattern)) * solution.values[p] }
        XCTAssertEqual(left - Double(cut.rightHandSide), violation, accuracy: 1e-9)
        XCTAssertGreaterThan(violation, 1e-4)
        for packing in packings {
          XCTAssertLessThanOrEqual(packing.reduce(0) { $0 + cut.coefficient(of: $1.sorted()) }, cut.rightHandSide)
        }
        separated += 1
      }
      XCTAssertEqual(found.map(\.violation), found.map(\.violation).sorted(by: >), "most violated first")
    }
    XCTAssertGreaterThan(separated, 0, "no instance had a violated cut: the test checks nothing")
  }

  /// A random LP solution for the separation tests, from `seed`: a count
  /// of types drawn from `types`, each of demand 2 with probability
  /// 1 / `twiceOneIn` (else 1); a count of rows drawn from `patterns`, each
  /// holding each type with probability 1 / `typeOneIn` (1 to its demand
  /// copies; an empty row gets one random type); their values, 0 for about
  /// a quarter, else in (0, 1].
  private func randomSolution(
    seed: UInt64, types: ClosedRange<Int>, twiceOneIn: Int, patterns: ClosedRange<Int>, typeOneIn: Int
  ) -> (typeCount: Int, demands: [Int], patterns: [Pattern], values: [Double]) {
    var random = SplitMix64(seed: seed)
    func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
    let typeCount = uniform(types)
    let demands = (0..<typeCount).map { _ in uniform(0...(twiceOneIn - 1)) == 0 ? 2 : 1 }
    let rows: [Pattern] = (0..<uniform(patterns)).map { _ in
      var pattern: Pattern = []
      for t in 0..<typeCount where uniform(0...(typeOneIn - 1)) == 0 {
        pattern += Array(repeating: t, count: uniform(1...demands[t]))
      }
      return pattern.isEmpty ? [uniform(0...(typeCount - 1))] : pattern
    }
    let values = rows.map { _ in uniform(0...3) == 0 ? 0 : Double(uniform(1...1000)) / 1000 }
    return (typeCount, demands, rows, values)
  }

  /// The exhaustive separation finds exactly the triples whose cut the
  /// solution violates, by brute force over every triple (random patterns
  /// and values, some types repeated in a pattern), and every cut the
  /// heuristic separation finds among them.
  func testExhaustiveSeparationFindsEveryViolatedTriple() {
    var violated = 0
    for seed in UInt64(1)...150 {
      // Enough patterns that the support's bit sets take several words.
      let (typeCount, demands, patterns, values) = randomSolution(
        seed: seed, types: 3...9, twiceOneIn: 4, patterns: 2...150, typeOneIn: 3)
      var expected: [[Int]: Double] = [:]
      for i in 0..<typeCount {
        for j in (i + 1)..<typeCount {
          for k in (j + 1)..<typeCount {
            let cut = SubsetRowCut(types: [i, j, k], demands: demands)
            var left = 0.0
            for (p, pattern) in patterns.enumerated() { left += Double(cut.coefficient(of: pattern)) * values[p] }
            if left - Double(cut.rightHandSide) > 1e-4 { expected[[i, j, k]] = left - Double(cut.rightHandSide) }
          }
        }
      }
      let found = SubsetRowCutSeparation.separateExhaustively(
        patterns: patterns, values: values, demands: demands, limit: .max)
      let label = "seed \(seed)"
      XCTAssertEqual(Set(found.map(\.cut.types)), Set(expected.keys), label)
      for (cut, violation) in found { XCTAssertEqual(violation, expected[cut.types] ?? -1, accuracy: 1e-9, label) }
      XCTAssertEqual(found.map(\.violation), found.map(\.violation).sorted(by: >), label)
      let heuristic = SubsetRowCutSeparation.separate(patterns: patterns, values: values, demands: demands, limit: .max)
      XCTAssertTrue(Set(heuristic.map(\.cut.types)).isSubset(of: Set(expected.keys)), label)
      // Existing cuts are left out.
      if let first = found.first {
        let again = SubsetRowCutSeparation.separateExhaustively(
          patterns: patterns, values: values, demands: demands, existing: [first.cut], limit: .max)
        XCTAssertFalse(again.contains { $0.cut == first.cut }, label)
        XCTAssertEqual(again.count, found.count - 1, label)
      }
      violated += expected.count
    }
    XCTAssertGreaterThan(violated, 100, "few violated triples: the test checks little")
  }

  /// The five-type separation finds exactly the violated sets of five
  /// types that are connected (two types adjacent when a row of positive
  /// value holds both), by brute force over every set of five; each cut
  /// holds for every packing of small instances.
  func testFiveRowSeparationFindsEveryViolatedConnectedSet() {
    var violated = 0
    for seed in UInt64(1)...80 {
      let (typeCount, demands, patterns, values) = randomSolution(
        seed: seed, types: 5...10, twiceOneIn: 5, patterns: 2...25, typeOneIn: 4)
      var adjacent = Set<[Int]>()
      for (p, pattern) in patterns.enumerated() where values[p] > 1e-9 {
        for a in pattern { for b in pattern where a != b { adjacent.insert([a, b]) } }
      }
      var expected: [[Int]: Double] = [:]
      func visit(_ set: [Int], from next: Int) {
        if set.count == 5 {
          // Connected: grow from the first type.
          var reached: Set<Int> = [set[0]]
          var changed = true
          while changed {
            changed = false
            for a in set where !reached.contains(a) && reached.contains(where: { adjacent.contains([$0, a]) }) {
              reached.insert(a)
              changed = true
            }
          }
          guard reached.count == 5 else { return }
          let cut = SubsetRowCut(types: set, demands: demands)
          var left = 0.0
          for (p, pattern) in patterns.enumerated() { left += Double(cut.coefficient(of: pattern)) * values[p] }
          if left - Double(cut.rightHandSide) > 1e-4 { expected[set] = left - Double(cut.rightHandSide) }
          return
        }
        for t in next..<typeCount { visit(set + [t], from: t + 1) }
      }
      visit([], from: 0)
      let found = SubsetRowCutSeparation.separateFiveRows(
        patterns: patterns, values: values, demands: demands, limit: .max, until: far)
      let label = "seed \(seed)"
      XCTAssertEqual(found.count, Set(found.map(\.cut.types)).count, "each set once: \(label)")
      XCTAssertEqual(Set(found.map(\.cut.types)), Set(expected.keys), label)
      for (cut, violation) in found { XCTAssertEqual(violation, expected[cut.types] ?? -1, accuracy: 1e-9, label) }
      XCTAssertEqual(found.map(\.violation), found.map(\.violation).sorted(by: >), label)
      violated += expected.count
    }
    XCTAssertGreaterThan(violated, 50, "few violated sets: the test checks little")
    // Valid for every packing (any set of types, multiplier 1/2).
    for (_, types, packings) in smallInstances(seeds: 1...20, items: 5...7, leastTypes: 5) {
      let cut = SubsetRowCut(types: Array(0..<5), demands: types.demands)
      for packing in packings {
        XCTAssertLessThanOrEqual(packing.reduce(0) { $0 + cut.coefficient(of: $1.sorted()) }, cut.rightHandSide)
      }
    }
  }

  /// The root LP of `types` by plain column generation, then cut-and-price
  /// from its columns, set up further by `configure`, run to the end.
  private func cutAndPriceToTheEnd(
    _ types: ItemTypes, configure: (SubsetRowCutAndPrice) -> Void = { _ in }
  ) throws -> (root: GilmoreGomoryColumnGeneration.Solution, cutAndPrice: SubsetRowCutAndPrice,
    outcome: SubsetRowCutAndPrice.Outcome) {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
    let root = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
    let cutAndPrice = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: master.patterns)
    configure(cutAndPrice)
    return (root, cutAndPrice, try cutAndPrice.run(target: .max, until: far))
  }

  /// Cut-and-price with five-type cuts too: the bound never exceeds the
  /// optimum (brute force), and the run ends with no cut violated.
  func testCutAndPriceWithFiveRowCutsNeverExceedsTheOptimum() throws {
    var fiveRowCuts = 0
    for seed in UInt64(1)...120 {
      var random = SplitMix64(seed: seed)
      let (sizes, capacity) = quarterSizedInstance(&random, items: 6...10)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let (root, cutAndPrice, outcome) = try cutAndPriceToTheEnd(types) { $0.fiveRowCuts = true }
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      XCTAssertLessThanOrEqual(outcome.rowBound, optimum, label)
      XCTAssertGreaterThanOrEqual(outcome.rowBound, root.rowBound, label)
      XCTAssertTrue(outcome.converged, label)
      fiveRowCuts += cutAndPrice.cuts.filter { $0.types.count == 5 }.count
    }
    XCTAssertGreaterThan(fiveRowCuts, 0, "no five-type cut was ever added: the test checks little")
  }

  /// The largest value of a pattern by enumeration of every count vector.
  func bruteForceMaximum(
    sizes: [Int], capacity: Int, bounds: [Int], weights: [Int], cuts: [SubsetRowCut], cutWeights: [Int]
  ) -> Int {
    var best = 0
    var pattern: Pattern = []
    func visit(_ t: Int, room: Int) {
      if t == sizes.count {
        best = max(best, SubsetRowCutPricing.value(of: pattern, weights: weights, cuts: cuts, cutWeights: cutWeights))
        return
      }
      var a = 0
      while true {
        visit(t + 1, room: room - a * sizes[t])
        if a == bounds[t] || room - (a + 1) * sizes[t] < 0 { break }
        a += 1
        pattern.append(t)
      }
      pattern.removeLast(a)
    }
    visit(0, room: capacity)
    return best
  }

  func testCutAwarePricingEqualsEnumeration() throws {
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
      let typeCount = uniform(3...7)
      let capacity = uniform(20...60)
      let sizes = (0..<typeCount).map { _ in uniform(3...capacity) }.sorted(by: >)
      let bounds = (0..<typeCount).map { _ in uniform(1...3) }
      // Weights near proportional to the sizes (as duals are), some 0.
      let weights = sizes.map { s in uniform(0...5) == 0 ? 0 : s * 100 + uniform(-150...150) }.map { max(0, $0) }
      var cuts: [SubsetRowCut] = []
      for _ in 0..<uniform(0...5) {
        var triple: Set<Int> = []
        while triple.count < 3 { triple.insert(uniform(0...(typeCount - 1))) }
        cuts.append(SubsetRowCut(types: Array(triple), demands: bounds))
      }
      let cutWeights = cuts.map { _ in uniform(0...2) == 0 ? 0 : -uniform(1...3000) }
      let pricing = SubsetRowCutPricing(sizes: sizes, capacity: capacity)
      let answer = try XCTUnwrap(pricing.best(
        weights: weights, bounds: bounds, cuts: cuts, cutWeights: cutWeights, threshold: 0, others: 5, until: far))
      let expected = bruteForceMaximum(
        sizes: sizes, capacity: capacity, bounds: bounds, weights: weights, cuts: cuts, cutWeights: cutWeights)
      let label = "seed \(seed): sizes \(sizes) bounds \(bounds) weights \(weights) cuts \(cuts.map(\.types)) \(cutWeights)"
      XCTAssertEqual(answer.value, expected, label)
      for pattern in [answer.pattern] + answer.others {
        XCTAssertEqual(pattern, pattern.sorted(), label)
        XCTAssertLessThanOrEqual(pattern.reduce(0) { $0 + sizes[$1] }, capacity, label)
        for t in 0..<typeCount { XCTAssertLessThanOrEqual(pattern.filter { $0 == t }.count, bounds[t], label) }
      }
      XCTAssertEqual(
        SubsetRowCutPricing.value(of: answer.pattern, weights: weights, cuts: cuts, cutWeights: cutWeights),
        answer.value, label)
    }
  }

  /// Cut-and-price to the end: its safe bound never exceeds the optimum,
  /// and it is at least the plain LP's ceiling minus round-off (never
  /// weaker by a row where the LP is not near an integer).
  func testCutAndPriceBoundNeverExceedsTheOptimum() throws {
    var raised = 0
    var cutsAdded = 0
    for seed in UInt64(1)...200 {
      let (sizes, capacity) = rowsOfTwoOrThree(seed: seed)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let (root, _, outcome) = try cutAndPriceToTheEnd(types)
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      XCTAssertLessThanOrEqual(outcome.rowBound, optimum, label)
      XCTAssertTrue(outcome.converged, label)
      XCTAssertGreaterThanOrEqual(outcome.rowBound, root.rowBound, label)
      if outcome.rowBound > root.rowBound { raised += 1 }
      cutsAdded += outcome.cuts
    }
    XCTAssertGreaterThan(cutsAdded, 0, "no cut was ever added: the test checks nothing")
    print("cut-and-price raised the LP bound on \(raised) of 200 instances, \(cutsAdded) cuts")
  }

  /// Cut-and-price with the exact re-solve of each converged master
  /// (``CertifiedBound/Precision/exactRounds``): its bound never exceeds the
  /// brute-force optimum, each converged master was re-solved, and the
  /// exact objective is the floating one within GLPK's tolerances.
  func testExactResolveBoundNeverExceedsTheOptimum() throws {
    var resolves = 0
    for seed in UInt64(1)...120 {
      let (sizes, capacity) = rowsOfTwoOrThree(seed: seed)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let (root, _, outcome) = try cutAndPriceToTheEnd(types) { $0.precision.exactRounds = 1 }
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      XCTAssertLessThanOrEqual(outcome.rowBound, optimum, label)
      XCTAssertLessThanOrEqual(outcome.exactBound, optimum, label)
      XCTAssertGreaterThanOrEqual(outcome.rowBound, root.rowBound, label)
      XCTAssertTrue(outcome.converged, label)
      XCTAssertGreaterThanOrEqual(outcome.exactSolves, outcome.rounds, label)
      XCTAssertEqual(outcome.exactObjective, outcome.objective, accuracy: 1e-6, label)
      resolves += outcome.exactSolves
    }
    XCTAssertGreaterThan(resolves, 120, "few exact re-solves: the test checks little")
  }

  /// The extension past the first deadline
  /// (``SubsetRowCutAndPrice/run(target:until:extendedDeadline:)``) only
  /// where cuts were added: from a deadline already passed, a master
  /// without cuts stops at once, and one with a cut goes on to the very
  /// end the run without a deadline reaches (same safe bound, converged),
  /// never above the brute-force optimum.
  func testExtensionGoesOnOnlyWhereCutsWereAdded() throws {
    var extended = 0
    for seed in UInt64(1)...100 {
      let (sizes, capacity) = rowsOfTwoOrThree(seed: seed)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      guard types.count >= 3 else { continue }
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      let cut = SubsetRowCut(types: [0, 1, 2], demands: types.demands)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      _ = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
      let past = ContinuousClock().now
      let plain = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: master.patterns)
      let stopped = try plain.run(target: .max, until: past, extendedDeadline: far)
      XCTAssertEqual(stopped.solves, 0, "\(label): no cut, no extension")
      var outcomes: [SubsetRowCutAndPrice.Outcome] = []
      for firstDeadline in [past, far] {
        let cutAndPrice = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: master.patterns)
        try cutAndPrice.add(cuts: [cut])
        outcomes.append(try cutAndPrice.run(target: .max, until: firstDeadline, extendedDeadline: far))
      }
      XCTAssertTrue(outcomes[0].converged, label)
      XCTAssertEqual(outcomes[0].rowBound, outcomes[1].rowBound, label)
      XCTAssertLessThanOrEqual(outcomes[0].rowBound, optimum, label)
      if outcomes[0].solves > 0 { extended += 1 }
    }
    XCTAssertGreaterThan(extended, 10, "the run was rarely extended: the test checks little")
  }

  /// A run whose deadline has passed before its first master solve goes
  /// on to `firstSolveDeadline` (and then as a run to that deadline would),
  /// and stops at once without it.
  func testFirstSolveGoesOnToItsOwnDeadline() throws {
    var solved = 0
    for seed in UInt64(1)...60 {
      let (sizes, capacity) = rowsOfTwoOrThree(seed: seed)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let past = ContinuousClock().now
      let stopped = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: [])
        .run(target: .max, until: past)
      XCTAssertEqual(stopped.solves, 0, label)
      let whole = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: [])
        .run(target: .max, until: far)
      let late = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: [])
        .run(target: .max, until: past, firstSolveDeadline: far)
      XCTAssertGreaterThan(late.solves, 0, label)
      XCTAssertEqual(late.rowBound, whole.rowBound, label)
      XCTAssertLessThanOrEqual(late.rowBound, optimum, label)
      if late.rowBound > 0 { solved += 1 }
    }
    XCTAssertGreaterThan(solved, 50, "the runs must reach a bound")
  }

  /// Three items any two of which share a row, but not all three: the LP
  /// is 1.5 (each pair half a row), the cut on the three allows one pair
  /// row in all, so that the cut LP is 2, the optimum; with a fourth item
  /// alone the same (2.5 to 3).
  func testTheCutLiftsTheLPOfAnOddTriangle() throws {
    for (sizes, lp, optimum) in [([40, 41, 42], 1.5, 2.0), ([40, 41, 42, 90], 2.5, 3.0)] {
      let types = ItemTypes(sizes: sizes, capacity: 100)
      let (root, _, outcome) = try cutAndPriceToTheEnd(types)
      XCTAssertEqual(try XCTUnwrap(outcome.objectiveWithoutCuts), lp, accuracy: 1e-6, "\(sizes)")
      XCTAssertEqual(outcome.objective, optimum, accuracy: 1e-6, "\(sizes)")
      XCTAssertEqual(outcome.rowBound, Int(optimum), "\(sizes)")
      XCTAssertEqual(root.rowBound, Int(optimum), "\(sizes)")
      XCTAssertTrue(outcome.converged)
      XCTAssertEqual(outcome.cuts, 1, "\(sizes)")
    }
  }

  /// A row added with entries on existing columns constrains them.
  func testAddedRowWithEntriesBindsTheColumns() throws {
    for seed in UInt64(1)...20 {
      var random = SplitMix64(seed: seed)
      let n = 2 + Int(random.next() % 5)
      let limit = 1 + Int(random.next() % UInt64(n))
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      // maximise sum x (minimise -sum x), 0 <= x <= 1, then sum x <= limit.
      let problem = try GLPKProblem(session: session, model: LinearModel(
        columns: (0..<n).map { _ in LinearModel.Column(objective: -1, bounds: .between(0, 1), entries: []) }))
      XCTAssertEqual(try problem.solveLP(timeLimit: .seconds(10)).objective, -Double(n), accuracy: 1e-9)
      try problem.addRows([(bounds: .atMost(Double(limit)), entries: (0..<n).map { (column: $0, value: 1.0) })])
      let lp = try problem.solveLP(timeLimit: .seconds(10))
      XCTAssertEqual(lp.objective, -Double(limit), accuracy: 1e-9, "seed \(seed)")
      XCTAssertEqual(problem.rowCount, 1)
    }
  }

  func testSafeBoundArithmetic() {
    let cut = SubsetRowCut(types: [0, 1, 2], demands: [1, 2, 2])
    XCTAssertEqual(cut.rightHandSide, 2)
    // (3*10 + 5*2 + ... ) : weights 10, 20, 20 on demands 1, 2, 2 = 90, cut -10 x 2 = -20: 70 / 30 -> 3.
    XCTAssertEqual(
      SubsetRowCutAndPrice.safeBound(weights: [10, 20, 20], demands: [1, 2, 2], cuts: [cut], cutWeights: [-10], maximum: 30), 3)
    XCTAssertEqual(
      SubsetRowCutAndPrice.safeBound(weights: [10, 20, 20], demands: [1, 2, 2], cuts: [cut], cutWeights: [-10], maximum: 35), 2)
    XCTAssertEqual(SubsetRowCutAndPrice.safeBound(weights: [1], demands: [1], cuts: [], cutWeights: [], maximum: 0), 0)
    XCTAssertEqual(
      SubsetRowCutAndPrice.safeBound(weights: [Int.max / 2], demands: [3], cuts: [], cutWeights: [], maximum: 1), 0, "overflow")
  }
}
