import Foundation
@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// Branch-and-price with Ryan–Foster branching (``RyanFosterBranchAndPrice``)
/// and its pricing, the knapsack with conflicts (``ConflictKnapsackPricing``),
/// against brute force on small seeded instances: the pricing's maximum is
/// the enumerated one, the two children of a branching split the node's
/// packings, and the tree proves the optimum brute force finds (never a
/// bound above it).
final class BranchAndPriceTests: XCTestCase {
  let far = TestDeadline.far

  /// Every packing of items `0..<sizes.count` as rows of items (sets in
  /// increasing order), rows in the order of their first item.
  func allPackings(sizes: [Int], capacity: Int) -> [[[Int]]] {
    var rows: [[Int]] = []
    var loads: [Int] = []
    var packings: [[[Int]]] = []
    func place(_ i: Int) {
      if i == sizes.count { packings.append(rows); return }
      for r in rows.indices where loads[r] + sizes[i] <= capacity {
        rows[r].append(i)
        loads[r] += sizes[i]
        place(i + 1)
        rows[r].removeLast()
        loads[r] -= sizes[i]
      }
      rows.append([i])
      loads.append(sizes[i])
      place(i + 1)
      rows.removeLast()
      loads.removeLast()
    }
    place(0)
    return packings
  }

  /// A pricing problem drawn from `random`: 1-12 items of sizes up to a
  /// capacity in 10...60, weights in -3...40, and as conflicts the pairs of
  /// distinct items among `draws(n)` random pairs.
  func randomPricing(_ random: inout SplitMix64, draws: (Int) -> ClosedRange<Int>)
    -> (n: Int, capacity: Int, sizes: [Int], weights: [Int], conflicts: [(Int, Int)])
  {
    func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
    let n = uniform(1...12)
    let capacity = uniform(10...60)
    let sizes = (0..<n).map { _ in uniform(1...capacity) }
    let weights = (0..<n).map { _ in uniform(-3...40) }
    var conflicts: [(Int, Int)] = []
    for _ in 0..<uniform(draws(n)) {
      let (a, b) = (uniform(0...(n - 1)), uniform(0...(n - 1)))
      if a != b { conflicts.append((a, b)) }
    }
    return (n, capacity, sizes, weights, conflicts)
  }

  /// Up to `most` subset-row cuts on merged items: each cut's weight at
  /// most 0 (a third of them 0 where `zeroWeights`), each on 1-3 items
  /// holding 1-2 of its items.
  func randomCuts(
    _ random: inout SplitMix64, items n: Int, most: Int, zeroWeights: Bool
  ) -> (weights: [Int], counts: [[(cut: Int, count: Int)]]) {
    func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
    let cutCount = uniform(0...most)
    let weights = (0..<cutCount).map { _ in zeroWeights && uniform(0...2) == 0 ? 0 : -uniform(1...30) }
    var counts = [[(cut: Int, count: Int)]](repeating: [], count: n)
    for c in 0..<cutCount {
      for _ in 0..<uniform(1...3) {
        let g = uniform(0...(n - 1))
        if !counts[g].contains(where: { $0.cut == c }) { counts[g].append((cut: c, count: uniform(1...2))) }
      }
    }
    return (weights, counts)
  }

  func testConflictKnapsackEqualsEnumeration() throws {
    var withConflicts = 0
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      let (n, capacity, sizes, weights, conflicts) = randomPricing(&random) { 0...(2 * $0) }
      if !conflicts.isEmpty { withConflicts += 1 }
      let pricing = ConflictKnapsackPricing(sizes: sizes, capacity: capacity, conflicts: conflicts)
      var best = 0
      for mask in 0..<(1 << n) {
        let items = (0..<n).filter { mask & (1 << $0) != 0 }
        if pricing.allows(items) { best = max(best, items.reduce(0) { $0 + weights[$1] }) }
      }
      let answer = try XCTUnwrap(pricing.best(weights: weights, threshold: 0, others: 5, until: far))
      XCTAssertEqual(answer.value, best, "seed \(seed)")
      XCTAssertTrue(pricing.allows(answer.items), "seed \(seed)")
      XCTAssertEqual(answer.items.reduce(0) { $0 + weights[$1] }, answer.value, "seed \(seed)")
      for other in answer.others { XCTAssertTrue(pricing.allows(other), "seed \(seed): \(other)") }
    }
    XCTAssertGreaterThan(withConflicts, 200)
  }

  /// The pricing with subset-row cuts (merged items holding 0-2 items of
  /// each cut, cut weights at most 0) against enumeration: the maximum of
  /// `w . a + sum_c s_c floor(m_c / 2)` over the rows that fit and hold no
  /// conflict.
  func testConflictKnapsackWithCutsEqualsEnumeration() throws {
    var withCuts = 0
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      let (n, capacity, sizes, weights, conflicts) = randomPricing(&random) { 0...$0 }
      let (cutWeights, cutCounts) = randomCuts(&random, items: n, most: 5, zeroWeights: true)
      if cutWeights.contains(where: { $0 < 0 }) { withCuts += 1 }
      let pricing = ConflictKnapsackPricing(sizes: sizes, capacity: capacity, conflicts: conflicts)
      func value(_ row: [Int]) -> Int {
        ConflictKnapsackPricing.value(of: row, weights: weights, cutCounts: cutCounts, cutWeights: cutWeights)
      }
      var best = 0
      for mask in 0..<(1 << n) {
        let items = (0..<n).filter { mask & (1 << $0) != 0 }
        if pricing.allows(items) { best = max(best, value(items)) }
      }
      let answer = try XCTUnwrap(pricing.best(
        weights: weights, cutCounts: cutCounts, cutWeights: cutWeights, threshold: 0, others: 5, until: far))
      XCTAssertEqual(answer.value, best, "seed \(seed)")
      XCTAssertTrue(pricing.allows(answer.items), "seed \(seed)")
      XCTAssertEqual(value(answer.items), answer.value, "seed \(seed)")
      for other in answer.others { XCTAssertTrue(pricing.allows(other), "seed \(seed): \(other)") }
    }
    XCTAssertGreaterThan(withCuts, 150)
  }

  /// Diversified other rows (``ConflictKnapsackPricing/othersPerType``),
  /// with conflicts and with cuts: the best row as without, and every other
  /// row allowed, improving (worth more than the threshold, cuts counted),
  /// not the best and not repeated.
  func testDiversifiedOtherRowsAreImprovingAllowedRows() throws {
    var others = 0
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      let (n, capacity, sizes, weights, conflicts) = randomPricing(&random) { 0...$0 }
      func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
      let (cutWeights, cutCounts) = randomCuts(&random, items: n, most: 3, zeroWeights: false)
      let plain = ConflictKnapsackPricing(sizes: sizes, capacity: capacity, conflicts: conflicts)
      var pricing = plain
      pricing.othersPerType = uniform(1...3)
      func value(_ row: [Int]) -> Int {
        ConflictKnapsackPricing.value(of: row, weights: weights, cutCounts: cutCounts, cutWeights: cutWeights)
      }
      let threshold = uniform(0...20)
      let expected = try XCTUnwrap(plain.best(
        weights: weights, cutCounts: cutCounts, cutWeights: cutWeights, threshold: threshold, others: 8, until: far))
      let answer = try XCTUnwrap(pricing.best(
        weights: weights, cutCounts: cutCounts, cutWeights: cutWeights, threshold: threshold, others: 8, until: far))
      let label = "seed \(seed)"
      XCTAssertEqual(answer.value, expected.value, label)
      XCTAssertEqual(value(answer.items), answer.value, label)
      XCTAssertEqual(Set(answer.others).count, answer.others.count, label)
      XCTAssertLessThanOrEqual(answer.others.count, 8, label)
      XCTAssertFalse(answer.others.contains(answer.items), label)
      for other in answer.others {
        XCTAssertTrue(pricing.allows(other), "\(label): \(other)")
        XCTAssertGreaterThan(value(other), threshold, "\(label): \(other)")
        XCTAssertEqual(other, other.sorted(), label)
      }
      others += answer.others.count
    }
    XCTAssertGreaterThan(others, 300, "the seeds must exercise the other rows")
  }

  /// A small instance whose rows hold two or three items.
  func instance(_ random: inout SplitMix64, items: ClosedRange<Int>) -> (sizes: [Int], capacity: Int) {
    SmallInstance.draw(&random, itemCounts: items, capacities: 60...100) { c in (c / 5)...(c / 2 + 2) }.pair
  }

  /// Random decisions on pairs, each consistent with those before (as a
  /// branching makes them: two merged items not in conflict).
  func decisions(_ random: inout SplitMix64, itemCount n: Int, count: Int) -> [RyanFosterBranchAndPrice.Decision] {
    var decisions: [RyanFosterBranchAndPrice.Decision] = []
    for _ in 0..<count {
      let node = RyanFosterBranchAndPrice.NodeItems(itemCount: n, decisions: decisions)
      let (a, b) = (Int(random.next() % UInt64(n)), Int(random.next() % UInt64(n)))
      let (g, h) = (node.groupOf[a], node.groupOf[b])
      guard g != h, !node.conflict(g, h) else { continue }
      decisions.append(.init(first: a, second: b, together: random.next() % 2 == 0))
    }
    return decisions
  }

  func testChildrenPartitionTheNodesPackingsAndPricingSeesTheNodesRows() throws {
    var split = 0
    for seed in UInt64(1)...60 {
      var random = SplitMix64(seed: seed)
      let (sizes, capacity) = instance(&random, items: 4...7)
      let n = sizes.count
      let packings = allPackings(sizes: sizes, capacity: capacity)
      let parent = decisions(&random, itemCount: n, count: 3)
      let node = RyanFosterBranchAndPrice.NodeItems(itemCount: n, decisions: parent)
      func allowed(_ node: RyanFosterBranchAndPrice.NodeItems, _ packing: [[Int]]) -> Bool {
        packing.allSatisfy { node.mergedItems(of: $0) != nil }
      }
      // The node's pricing: the best row of merged items is the best row
      // of items the node allows.
      let weights = (0..<n).map { _ in Int(random.next() % 50) }
      let groupSizes = node.groups.map { $0.reduce(0) { $0 + sizes[$1] } }
      let pricing = ConflictKnapsackPricing(sizes: groupSizes, capacity: capacity, conflicts: node.conflicts)
      let answer = try XCTUnwrap(pricing.best(weights: node.groups.map { $0.reduce(0) { $0 + weights[$1] } }, until: far))
      var best = 0
      for mask in 1..<(1 << n) {
        let row = (0..<n).filter { mask & (1 << $0) != 0 }
        if row.reduce(0, { $0 + sizes[$1] }) <= capacity, node.mergedItems(of: row) != nil {
          best = max(best, row.reduce(0) { $0 + weights[$1] })
        }
      }
      XCTAssertEqual(answer.value, best, "seed \(seed)")
      // Every pair the node may still branch on.
      for a in 0..<n {
        for b in (a + 1)..<n where node.groupOf[a] != node.groupOf[b] && !node.conflict(node.groupOf[a], node.groupOf[b]) {
          let together = RyanFosterBranchAndPrice.NodeItems(itemCount: n, decisions: parent + [.init(first: a, second: b, together: true)])
          let apart = RyanFosterBranchAndPrice.NodeItems(itemCount: n, decisions: parent + [.init(first: a, second: b, together: false)])
          for packing in packings {
            let inNode = allowed(node, packing)
            let inTogether = allowed(together, packing), inApart = allowed(apart, packing)
            XCTAssertEqual(inNode, inTogether || inApart, "seed \(seed): \(packing) with \(a), \(b)")
            XCTAssertFalse(inTogether && inApart, "seed \(seed): \(packing) in both children of \(a), \(b)")
            if inNode { split += 1 }
          }
        }
      }
    }
    XCTAssertGreaterThan(split, 1000)
  }

  func testProvenOptimumEqualsBruteForce() throws {
    try provenOptimumEqualsBruteForce()
  }

  /// And with subset-row cuts separated at every node
  /// (branch-and-price-and-cut): the cuts and their pricing must never
  /// refute a row count that holds a packing, nor give a root bound above
  /// the optimum.
  func testProvenOptimumEqualsBruteForceWithCutsAtEveryNode() throws {
    try provenOptimumEqualsBruteForce(cutRounds: 3, seeds: 1...150)
  }

  /// And with the safe bound taken again from the master solved in exact
  /// arithmetic at a finer scale (``RyanFosterBranchAndPrice/exactBoundAtRoot``,
  /// here at every converged node and whatever its LP value): the rows it
  /// prices in, the exact duals and the finer scale must never refute a
  /// row count that holds a packing, nor give a root bound above the
  /// optimum.
  func testProvenOptimumEqualsBruteForceWithExactBound() throws {
    try provenOptimumEqualsBruteForce(cutRounds: 3, seeds: 1...150, exactBound: true)
    try provenOptimumEqualsBruteForce(seeds: 1...60, exactBound: true)
  }

  /// The same after a time without pruning
  /// (``RyanFosterBranchAndPrice/giveUpWithoutPruningAfter`` on the clock,
  /// ``RyanFosterBranchAndPrice/Effort/time(_:)``): at zero
  /// every tree gives up before its first master solve; with an hour each
  /// decides (with the stall rule too), and never wrongly.
  func testGivingUpAfterATimeWithoutPruningNeverAnswersWrong() throws {
    let counts = try giveUpCounts([
      { $0.giveUpWithoutPruningAfter = .time(.zero) }, { $0.giveUpWithoutPruningAfter = .time(.seconds(3600)) },
      { $0.giveUpWithoutPruningAfter = .time(.seconds(3600)); $0.giveUpOnStallBelow = 1 },
    ])
    XCTAssertGreaterThan(counts[0].gaveUp, 0, "no tree gave up: the rule is untested")
    for k in 1...2 {
      XCTAssertEqual(counts[k].gaveUp, 0, "undecided with all the time")
      XCTAssertEqual(counts[k].decided, 120, "every tree with all the time decides")
    }
  }

  /// The same give-up in counted work
  /// (``RyanFosterBranchAndPrice/Effort/work(_:)``), which replaces the
  /// time: at zero every tree gives up before its first master solve
  /// (whatever the time left), with a great deal each decides (with the
  /// stall rule too), and never wrongly.
  func testGivingUpAfterCountedWorkNeverAnswersWrong() throws {
    let plenty = 1 << 50
    let counts = try giveUpCounts([
      { $0.giveUpWithoutPruningAfter = .work(0) },
      { $0.giveUpWithoutPruningAfter = .work(plenty) },
      { $0.giveUpWithoutPruningAfter = .work(plenty); $0.giveUpOnStallBelow = 1 },
    ])
    XCTAssertEqual(counts[0].decided, 0, "a tree went on past a work limit of zero")
    for k in 1...2 {
      XCTAssertEqual(counts[k].gaveUp, 0, "undecided with all the work")
      XCTAssertEqual(counts[k].decided, 120, "every tree with all the work decides")
    }
  }

  /// Counted from the root's end (``RyanFosterBranchAndPrice/giveUpCountsFromRoot``),
  /// a give-up at zero work still lets every tree converge (or prune) its
  /// root and stops it right after; counted from the start, no root ends.
  /// Never a wrong answer either way (``giveUpCounts(_:items:cutRounds:)``).
  func testGivingUpCountedFromTheRootLetsTheRootConverge() throws {
    let counts = try giveUpCounts([
      { $0.giveUpWithoutPruningAfter = .work(0) },
      { $0.giveUpWithoutPruningAfter = .work(0); $0.giveUpCountsFromRoot = true },
    ], items: 8...12)
    XCTAssertEqual(counts[0].rootsEnded, 0, "a root ended with no work allowed")
    XCTAssertEqual(counts[1].gaveUpInsideRoot, 0, "gave up inside the root though counted from its end")
    XCTAssertLessThanOrEqual(counts[1].mostNodes, 3, "went on past the give-up")
    XCTAssertGreaterThan(counts[1].rootsEnded, 20, "few roots converged: the rule is barely tested")
  }

  /// The tree's counted work is the same on every run of the same tree, so
  /// that a give-up in work falls at the same node: the same seeded
  /// instance decided twice gives the same nodes, solves and work, and a
  /// work limit of half a run's work gives up with no more work than that
  /// plus one node's.
  func testCountedWorkIsTheSameFromRunToRun() throws {
    for seed in UInt64(1)...20 {
      var random = SplitMix64(seed: seed)
      let (sizes, capacity) = instance(&random, items: 8...12)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      func run(_ limit: Int?) throws -> RyanFosterBranchAndPrice.Outcome {
        let tree = try RyanFosterBranchAndPrice(session: session, sizes: sizes, capacity: capacity, initialColumns: [])
        tree.cutRoundsPerNode = 1
        tree.giveUpWithoutPruningAfter = limit.map { .work($0) }
        return try tree.decide(rows: optimum - 1, until: far)
      }
      let (a, b) = (try run(nil), try run(nil))
      XCTAssertGreaterThan(a.work, 0, "seed \(seed)")
      XCTAssertEqual(a.work, b.work, "seed \(seed)")
      XCTAssertEqual(a.nodes, b.nodes, "seed \(seed)")
      XCTAssertEqual(a.solves, b.solves, "seed \(seed)")
      let (c, d) = (try run(a.work / 2), try run(a.work / 2))
      XCTAssertEqual(c.work, d.work, "seed \(seed)")
      XCTAssertEqual(c.nodes, d.nodes, "seed \(seed)")
      XCTAssertLessThanOrEqual(c.work, a.work, "seed \(seed)")
      if case .packing = c.answer { XCTFail("seed \(seed): a packing below the optimum") }
    }
  }

  /// The give-up applies unless a share of the tree is refuted
  /// (``RyanFosterBranchAndPrice/giveUpRefutedShare``): with share 0 any
  /// pruned node lets the tree go on (the rule before the share), with a
  /// share only that much refuted does; a tree with nothing refuted always
  /// gives up.
  func testRefutedShareDecidesTheGiveUp() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<2_000 {
      let closed = Double(random.next() % 1025) / 1024 * (random.next() % 4 == 0 ? 1e-6 : 1)
      let share = Double(random.next() % 1025) / 1024 * (random.next() % 4 == 0 ? 0 : 1)
      let goesOn = RyanFosterBranchAndPrice.refutedEnough(closed: closed, share: share)
      XCTAssertEqual(goesOn, closed > 0 && closed >= share, "closed \(closed), share \(share)")
    }
    XCTAssertFalse(RyanFosterBranchAndPrice.refutedEnough(closed: 0, share: 0))
    XCTAssertTrue(RyanFosterBranchAndPrice.refutedEnough(closed: 4e-8, share: 0))
    XCTAssertFalse(RyanFosterBranchAndPrice.refutedEnough(closed: 4e-8, share: 0.01))
    XCTAssertTrue(RyanFosterBranchAndPrice.refutedEnough(closed: 0.5, share: 0.01))
  }

  /// A tree that refuted enough gives up on a stall only below
  /// ``RyanFosterBranchAndPrice/giveUpOnStallBelow``, and then a give-up
  /// time past its last mark of progress, never before the first
  /// checkpoint.
  func testStallGivesUpOnlyBelowItsShare() {
    typealias Tree = RyanFosterBranchAndPrice
    let after = Duration.seconds(10)
    // Nothing refuted: the checkpoint, whatever the rest.
    XCTAssertEqual(Tree.giveUpTime(after: after, closed: 0, share: 0, lastMark: nil, stallBelow: 0x1p-4), after)
    // Less than the share: the checkpoint.
    XCTAssertEqual(
      Tree.giveUpTime(after: after, closed: 0x1p-12, share: 0x1p-10, lastMark: .seconds(1), stallBelow: 0x1p-4), after)
    // AI 201_2500_DI_5's case: 2^-8 at 0.7 s, the give-up 10 s after it.
    XCTAssertEqual(
      Tree.giveUpTime(after: after, closed: 0x1p-8, share: 0x1p-10, lastMark: .milliseconds(700), stallBelow: 0x1p-4),
      .milliseconds(10_700))
    // A late mark moves the give-up on.
    XCTAssertEqual(
      Tree.giveUpTime(after: after, closed: 0x1p-6, share: 0x1p-10, lastMark: .seconds(25), stallBelow: 0x1p-4),
      .seconds(35))
    // A quarter refuted, or no stall rule: the tree keeps its time.
    XCTAssertNil(Tree.giveUpTime(after: after, closed: 0.25, share: 0x1p-10, lastMark: .seconds(5), stallBelow: 0x1p-4))
    XCTAssertNil(Tree.giveUpTime(after: after, closed: 0x1p-8, share: 0x1p-10, lastMark: .seconds(1), stallBelow: nil))
    // Over seeded random values: never before the checkpoint, nil only
    // when enough is refuted and no stall rule applies.
    var random = SplitMix64(seed: 11)
    for _ in 0..<2_000 {
      let closed = random.next() % 5 == 0 ? 0 : Double(sign: .plus, exponent: -Int(random.next() % 22), significand: 1)
      let share = Double(sign: .plus, exponent: -Int(random.next() % 12), significand: 1)
      let below: Double? = random.next() % 3 == 0 ? nil : Double(sign: .plus, exponent: -Int(random.next() % 8), significand: 1)
      let mark = Duration.milliseconds(Int(random.next() % 30_000))
      let time = Tree.giveUpTime(after: after, closed: closed, share: share, lastMark: mark, stallBelow: below)
      if let time { XCTAssertGreaterThanOrEqual(time, after) }
      XCTAssertEqual(
        time == nil, Tree.refutedEnough(closed: closed, share: share) && !(below.map { closed < $0 } ?? false),
        "closed \(closed), share \(share), below \(String(describing: below))")
    }
  }

  /// The give-up point keeps the measure of its give-up
  /// (``RyanFosterBranchAndPrice/Effort``): a time reads the time of the
  /// last mark of progress, counted work its work, each by the same rule
  /// (``RyanFosterBranchAndPrice/giveUpTime(after:closed:share:lastMark:stallBelow:)``);
  /// from the root, the amount runs past the root's time or work.
  func testGiveUpPointKeepsItsMeasure() {
    typealias Tree = RyanFosterBranchAndPrice
    let mark = (time: Duration.milliseconds(700), work: 5_000)
    for (closed, share, below) in [(0.0, 0.0, 0x1p-4), (0x1p-12, 0x1p-10, 0x1p-4), (0x1p-8, 0x1p-10, 0x1p-4), (0.25, 0x1p-10, 0x1p-4)] {
      XCTAssertEqual(
        Tree.giveUpPoint(after: .time(.seconds(10)), closed: closed, share: share, lastMark: mark, stallBelow: below),
        Tree.giveUpTime(after: .seconds(10), closed: closed, share: share, lastMark: mark.time, stallBelow: below)
          .map { .time($0) })
      XCTAssertEqual(
        Tree.giveUpPoint(after: .work(20_000), closed: closed, share: share, lastMark: mark, stallBelow: below),
        Tree.giveUpTime(after: 20_000, closed: closed, share: share, lastMark: mark.work, stallBelow: below)
          .map { .work($0) })
    }
    XCTAssertEqual(
      Tree.giveUpPoint(after: .work(20_000), closed: 0x1p-8, share: 0x1p-10, lastMark: mark, stallBelow: 0x1p-4),
      .work(25_000))
    XCTAssertEqual(Tree.Effort.time(.seconds(10)).past(time: mark.time, work: mark.work), .time(.milliseconds(10_700)))
    XCTAssertEqual(Tree.Effort.work(20_000).past(time: mark.time, work: mark.work), .work(25_000))
    XCTAssertTrue(Tree.Effort.work(20_000).isReached(work: 20_000))
    XCTAssertFalse(Tree.Effort.work(20_000).isReached(work: 19_999))
    XCTAssertFalse(Tree.Effort.time(.zero).isReached(work: .max))
  }

  /// Trees that give up after their first master solve unless a share of the tree is
  /// refuted answer "not decided" or the truth, whatever the share; a
  /// tree that gives up has refuted less than the share. (Small random
  /// instances prune no node below the root: a refuted row count is
  /// refuted at the root, and a tree over the optimum's rows finds its
  /// packing without pruning, so the share itself is checked above.)
  func testGivingUpUnlessAShareIsRefutedNeverAnswersWrong() throws {
    let shares = [0.0, 0.01, 1.0]
    let counts = try giveUpCounts(shares.map { share in
      { $0.giveUpWithoutPruningAfter = .work(1); $0.giveUpRefutedShare = share; $0.giveUpOnStallBelow = 0x1p-4 }
    })
    for (share, count) in zip(shares, counts) {
      XCTAssertLessThan(count.mostRefutedGivenUp, max(share, 1e-300), "a tree gave up with \(share) refuted")
      XCTAssertEqual(count.gaveUp + count.decided, 120)
    }
    XCTAssertGreaterThan(counts[2].gaveUp, 0, "no tree gave up: the rule is untested")
  }

  /// For one configuration of ``giveUpCounts(_:)``: trees that gave up,
  /// trees that decided, and the largest share refuted by a tree that gave up.
  struct GiveUpCount {
    var gaveUp = 0
    var decided = 0
    var mostRefutedGivenUp = 0.0
    /// Trees whose root converged, trees that gave up before it did, and
    /// the most nodes of any tree.
    var rootsEnded = 0
    var gaveUpInsideRoot = 0
    var mostNodes = 0
  }

  /// Trees with one round of cuts a node, each set up by one of
  /// `configurations`, on seeds 1...60 for the optimum's rows and one
  /// fewer, their answers checked against brute force (never a packing
  /// below the optimum, never the optimum refuted); for each
  /// configuration, how many trees gave up and how many decided.
  func giveUpCounts(
    _ configurations: [(RyanFosterBranchAndPrice) -> Void], items: ClosedRange<Int> = 5...11, cutRounds: Int = 1
  ) throws -> [GiveUpCount] {
    var counts = configurations.map { _ in GiveUpCount() }
    for seed in UInt64(1)...60 {
      var random = SplitMix64(seed: seed)
      let (sizes, capacity) = instance(&random, items: items)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      for rows in [optimum - 1, optimum] {
        for (k, configure) in configurations.enumerated() {
          let tree = try RyanFosterBranchAndPrice(session: session, sizes: sizes, capacity: capacity, initialColumns: [])
          tree.cutRoundsPerNode = cutRounds
          configure(tree)
          let outcome = try tree.decide(rows: rows, until: far)
          // The progress marks: rising shares at rising times, none above
          // the share refuted, the whole tree where it was refuted.
          let trace = outcome.closedTrace
          XCTAssert(zip(trace, trace.dropFirst()).allSatisfy { $0.share < $1.share && $0.time <= $1.time }, "seed \(seed)")
          XCTAssertLessThanOrEqual(trace.last?.share ?? 0, outcome.closed, "seed \(seed)")
          XCTAssert(trace.allSatisfy { RyanFosterBranchAndPrice.closedMarks.contains($0.share) }, "seed \(seed)")
          if case .infeasible = outcome.answer { XCTAssertEqual(trace.last?.share, 1, "seed \(seed)") }
          switch outcome.answer {
          case .packing(let packing):
            XCTAssertEqual(rows, optimum, "seed \(seed): a packing in \(rows) rows, below the optimum")
            XCTAssertLessThanOrEqual(packing.count, rows, "seed \(seed)")
            counts[k].decided += 1
          case .infeasible:
            XCTAssertLessThan(rows, optimum, "seed \(seed): the optimum refuted")
            counts[k].decided += 1
          case .unknown:
            counts[k].gaveUp += 1
            counts[k].mostRefutedGivenUp = max(counts[k].mostRefutedGivenUp, outcome.closed)
            if outcome.rootTime == nil { counts[k].gaveUpInsideRoot += 1 }
          }
          if outcome.rootTime != nil { counts[k].rootsEnded += 1 }
          counts[k].mostNodes = max(counts[k].mostNodes, outcome.nodes)
        }
      }
    }
    return counts
  }

  /// And with first-fit rows of shuffled items given as columns after
  /// the root's first solve (``RyanFosterBranchAndPrice/laterColumns``).
  func testProvenOptimumEqualsBruteForceWithLaterColumns() throws {
    try provenOptimumEqualsBruteForce(cutRounds: 3, seeds: 1...80, laterColumns: true)
  }

  /// First-fit rows of the items in five random orders.
  func firstFitRows(_ random: inout SplitMix64, sizes: [Int], capacity: Int) -> [[Int]] {
    var rows: [[Int]] = []
    for _ in 0..<5 {
      var order = Array(sizes.indices)
      for k in order.indices.reversed() { order.swapAt(k, Int(random.next() % UInt64(k + 1))) }
      var open: [(items: [Int], load: Int)] = []
      for i in order {
        if let r = open.firstIndex(where: { $0.load + sizes[i] <= capacity }) {
          open[r].items.append(i)
          open[r].load += sizes[i]
        } else {
          open.append(([i], sizes[i]))
        }
      }
      rows += open.map(\.items)
    }
    return rows
  }

  func provenOptimumEqualsBruteForce(
    cutRounds: Int = 0, seeds: ClosedRange<UInt64> = 1...40, laterColumns: Bool = false, exactBound: Bool = false
  ) throws {
    var exactSolves = 0
    var added = 0
    var branched = 0
    var cuts = 0
    for seed in seeds {
      var random = SplitMix64(seed: seed)
      let (sizes, capacity) = instance(&random, items: 5...11)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      /// A tree that starts from the single items only (it must find the
      /// rows), set up as asked, and its outcome on `rows` rows.
      func decide(rows: Int) throws -> RyanFosterBranchAndPrice.Outcome {
        let tree = try RyanFosterBranchAndPrice(session: session, sizes: sizes, capacity: capacity, initialColumns: [])
        tree.cutRoundsPerNode = cutRounds
        if exactBound {
          // At every converged node, whatever its LP: the exact bound must
          // never exceed what the node holds.
          tree.exactBoundAtRoot = true
          tree.exactBoundAtNodes = true
          tree.exactBoundTrigger = -1
        }
        if laterColumns { tree.laterColumns = firstFitRows(&random, sizes: sizes, capacity: capacity) }
        let outcome = try tree.decide(rows: rows, until: far)
        if laterColumns && tree.laterColumns.isEmpty { added += 1 }
        cuts += outcome.cuts
        exactSolves += outcome.exactSolves
        return outcome
      }
      let proof = try decide(rows: optimum - 1)
      guard case .infeasible = proof.answer else {
        XCTFail("seed \(seed): \(optimum - 1) rows not refuted: \(proof.summary)")
        continue
      }
      XCTAssertLessThanOrEqual(proof.rootBound, optimum, "seed \(seed)")
      let found = try decide(rows: optimum)
      XCTAssertLessThanOrEqual(found.rootBound, optimum, "seed \(seed): a bound above the optimum")
      guard case .packing(let rows) = found.answer else {
        XCTFail("seed \(seed): no packing in \(optimum) rows: \(found.summary)")
        continue
      }
      XCTAssertLessThanOrEqual(rows.count, optimum, "seed \(seed)")
      XCTAssertNotNil(RyanFosterBranchAndPrice.partition(rows, itemCount: sizes.count), "seed \(seed): \(rows)")
      for row in rows { XCTAssertLessThanOrEqual(row.reduce(0) { $0 + sizes[$1] }, capacity, "seed \(seed): \(row)") }
      if found.nodes > 1 || proof.nodes > 1 { branched += 1 }
    }
    XCTAssertGreaterThan(branched, 0, "no instance branched: the tree is untested")
    if cutRounds > 0 { XCTAssertGreaterThan(cuts, 20, "few cuts: the cuts at the nodes are hardly tested") }
    if exactBound { XCTAssertGreaterThan(exactSolves, 50, "few exact solves: the exact bound is hardly tested") }
    if laterColumns { XCTAssertGreaterThan(added, 20, "few trees took their later columns: they are hardly tested") }
  }

  /// The pipeline's stage over item types (repeated sizes): items taken
  /// from types and back, the LP's patterns as first columns; it refutes
  /// one row below the optimum and gives a packing that verifies at it.
  func testPipelineStageOverItemTypesAgreesWithBruteForce() throws {
    try pipelineStageOverItemTypesAgreesWithBruteForce(cutRounds: 0)
  }

  /// The same with subset-row cuts at every node (at the cut stage's
  /// tighter GLPK tolerance).
  func testPipelineStageWithCutsOverItemTypesAgreesWithBruteForce() throws {
    try pipelineStageOverItemTypesAgreesWithBruteForce(cutRounds: 3)
  }


  /// The shifts of the root LP's patterns
  /// (``BranchAndPriceStage/itemColumns(_:types:first:shifted:)``), each pattern's
  /// value spread evenly over its shifts, cover the items of a type all
  /// alike, each by the type's copies in the solution over its demand, at
  /// the LP's value, and are rows (distinct items that fit), on seeded
  /// instances whose sizes repeat; shift 0 alone covers some items of a
  /// type more than others.
  func testShiftedColumnsCoverTheItemsOfATypeAlike() throws {
    var unevenByFirstItems = 0
    var checked = 0
    for seed in UInt64(1)...40 {
      var random = SplitMix64(seed: seed &+ 900)
      let drawn = SmallInstance.draw(&random, itemCounts: 6...14, capacities: 60...100) { c in (c / 5)...(c / 2 + 2) }
      let palette = Array(drawn.sizes.prefix(4))
      let sizes = drawn.sizes.map { palette[$0 % palette.count] }
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(drawn.capacity))
      let solved = try PipelineRoot(instance)
      defer { solved.session.close() }
      let (types, master, root) = (solved.types, solved.master, solved.root)
      var first: [Int] = []
      var typeOf: [Int] = []
      for (t, list) in types.items.enumerated() { first.append(typeOf.count); typeOf += Array(repeating: t, count: list.count) }
      let message = "seed \(seed): sizes \(sizes), capacity \(drawn.capacity)"
      var coverage = [Double](repeating: 0, count: typeOf.count)
      var firstOnly = [Double](repeating: 0, count: typeOf.count)
      var copies = [Double](repeating: 0, count: types.sizes.count)
      var total = 0.0
      var exact = true
      for (p, value) in zip(master.patterns, root.values) where value > 1e-9 {
        let columns = BranchAndPriceStage.itemColumns(p, types: types, first: first, shifted: true)
        for column in columns {
          XCTAssertEqual(Set(column).count, column.count, message)
          XCTAssertLessThanOrEqual(column.reduce(0) { $0 + types.sizes[typeOf[$1]] }, types.capacity, message)
          for i in column { coverage[i] += value / Double(columns.count) }
          total += value / Double(columns.count)
        }
        for t in Set(p) { copies[t] += Double(min(p.filter { $0 == t }.count, types.demands[t])) * value }
        if columns.count == 1 && Set(p).contains(where: { types.demands[$0] > 1 }) { exact = false }
        for i in BranchAndPriceStage.itemColumns(p, types: types, first: first, shifted: false)[0] { firstOnly[i] += value }
      }
      XCTAssertEqual(total, root.masterObjective, accuracy: 1e-6, message)
      guard exact else { continue }
      checked += 1
      for (i, t) in typeOf.enumerated() {
        let share = copies[t] / Double(types.demands[t])
        XCTAssertEqual(coverage[i], share, accuracy: 1e-6, "\(message): item \(i)")
      }
      if typeOf.indices.contains(where: { abs(firstOnly[$0] - firstOnly[first[typeOf[$0]]]) > 1e-6 }) { unevenByFirstItems += 1 }
    }
    XCTAssertGreaterThan(checked, 20, "few instances within the shift limit: the shifts are hardly tested")
    XCTAssertGreaterThan(unevenByFirstItems, 0, "shift 0 alone always covered a type's items alike: the test shows nothing")
  }

  /// The tree's master started from every shift of the LP's patterns over
  /// the items of a type, with `cutRounds` rounds of cuts at each node.
  func pipelineStageOverItemTypesAgreesWithBruteForce(cutRounds: Int) throws {
    for seed in UInt64(1)...20 {
      var random = SplitMix64(seed: seed)
      let drawn = SmallInstance.draw(&random, itemCounts: 5...10, capacities: 60...100) { c in (c / 5)...(c / 2 + 2) }
      // Sizes from a few values, so that types repeat.
      let palette = Array(drawn.sizes.prefix(3))
      let sizes = drawn.sizes.map { palette[$0 % palette.count] }
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: drawn.capacity)
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(drawn.capacity))
      let solved = try PipelineRoot(instance)
      defer { solved.session.close() }
      let state = solved.state()
      let message = "seed \(seed): sizes \(sizes), capacity \(drawn.capacity), optimum \(optimum)"
      let refuted = try BranchAndPriceStage.decide(
        state: state, master: solved.master, root: solved.root, rows: optimum - 1, cutRounds: cutRounds, until: far)
      guard case .infeasible = refuted.outcome.answer else { XCTFail(message); continue }
      let found = try BranchAndPriceStage.decide(
        state: state, master: solved.master, root: solved.root, rows: optimum, cutRounds: cutRounds, until: far)
      let patterns = try XCTUnwrap(found.patterns, message)
      let packing = solved.types.packing(patterns: patterns)
      XCTAssertEqual(packing.rowCount, optimum, message)
      XCTAssertEqual(verify(packing, for: instance), [], message)
    }
  }

  /// On two ANI instances of 201 items (the hard sets, skipped when
  /// absent), whose optimum is the LP bound plus one, with subset-row cuts
  /// at every node (on ANI the cuts' duals are what the bound at a node
  /// rests on): asked for the LP bound's rows, the tree never gives a
  /// packing (there is none); asked for the optimum's rows, it never
  /// refutes them. Its deadline bounds the run; it need not decide.
  func testCutsAtEveryNodeAgreeWithTheKnownOptimumOnANI() throws {
    try SlowTests.require("Branch-and-price-and-cut on two ANI root LPs")
    for (entry, instance) in try HardSetFixture.instances(set: "ANI", items: 201, count: 2) {
      let solved = try PipelineRoot(instance)
      defer { solved.session.close() }
      let lp = solved.root
      XCTAssertLessThanOrEqual(lp.rowBound, entry.optimum, entry.instance)
      for rows in [entry.optimum - 1, entry.optimum] {
        let (outcome, patterns) = try BranchAndPriceStage.decide(
          state: solved.state(), master: solved.master, root: lp, rows: rows, cutRounds: 3,
          until: ContinuousClock().now + .seconds(rows < entry.optimum ? 5 : 2))
        XCTAssertLessThanOrEqual(outcome.rootBound, entry.optimum, "\(entry.instance): a bound above the optimum")
        if rows < entry.optimum {
          XCTAssertNil(patterns, "\(entry.instance): a packing in \(rows) rows, below the optimum \(entry.optimum)")
        } else if case .infeasible = outcome.answer {
          XCTFail("\(entry.instance): \(rows) rows refuted, the optimum: \(outcome.summary)")
        }
      }
    }
  }
}
