@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The certified precision (``CertifiedBound``): its scale keeps the
/// pricings' products in an `Int`, its excess is the exact quotient, and a
/// bound certified at it never exceeds a brute-force optimum, whatever the
/// duals (perturbed, with cuts), in cut-and-price and in the tree; and it
/// lies within 1e-10 of a row of the LP.
final class CertifiedBoundTests: XCTestCase {
  let far = TestDeadline.far

  func testScaleKeepsEveryProductBelow2To62() {
    for capacity in [1, 2, 100, 1_024, 1_025, 20_000, 40_000, 80_000, 1_000_000, 1 << 30, 1 << 40] {
      let scale = CertifiedBound.scale(capacity: capacity)
      XCTAssertEqual(scale & (scale - 1), 0, "capacity \(capacity): a power of two")
      XCTAssertLessThanOrEqual(scale, 1 << 50)
      XCTAssertGreaterThanOrEqual(scale, 1 << 30)
      if scale > 1 << 30 {
        let (product, overflow) = (4 * scale).multipliedReportingOverflow(by: capacity)
        XCTAssertFalse(overflow, "capacity \(capacity)")
        XCTAssertLessThanOrEqual(product, 1 << 62, "capacity \(capacity)")
      }
      if scale < 1 << 50 && scale > 1 << 30 {
        XCTAssertGreaterThan((8 * scale).multipliedReportingOverflow(by: capacity).partialValue, 1 << 62,
          "capacity \(capacity): the largest such power")
      }
    }
    XCTAssertEqual(CertifiedBound.scale(capacity: 20_000), 1 << 45)
    XCTAssertEqual(CertifiedBound.improvingMargin(scale: 1 << 45), 1 << 7)
    XCTAssertEqual(CertifiedBound.improvingMargin(scale: 1 << 30), 1)
  }

  /// The excess is the quotient's distance to the rows, to the last unit
  /// of a 2^50 divisor, on both sides, and its sign is the bound's.
  func testExcessIsTheExactQuotient() throws {
    let maximum = 1 << 50
    XCTAssertEqual(CertifiedBound.excess(total: 200 * maximum + 1, maximum: maximum, rows: 200), 0x1p-50)
    XCTAssertEqual(CertifiedBound.excess(total: 200 * maximum - 1, maximum: maximum, rows: 200), -0x1p-50)
    XCTAssertEqual(CertifiedBound.excess(total: 200 * maximum, maximum: maximum, rows: 199), 1)
    XCTAssertNil(CertifiedBound.excess(total: 5, maximum: 0, rows: 1))
    var random = SplitMix64(seed: 38)
    for _ in 0..<2_000 {
      let maximum = 1 + Int(random.next() % (1 << 40))
      let total = Int(random.next() % (1 << 50)) - (1 << 48)
      let rows = Int(random.next() % 2_000)
      let excess = try XCTUnwrap(CertifiedBound.excess(total: total, maximum: maximum, rows: rows))
      let bound = total > 0 ? SubsetRowCutAndPrice.safeBound(
        weights: [total], demands: [1], cuts: [], cutWeights: [], maximum: maximum) : 0
      if total > 0 { XCTAssertEqual(excess > 0, bound > rows, "\(total) / \(maximum) against \(rows)") }
      XCTAssertEqual(excess, Double(total) / Double(maximum) - Double(rows), accuracy: 1e-6)
    }
  }

  /// For every packing of small instances, in exact integer arithmetic: the
  /// rows' values at any integer weights (duals near the sizes' shares,
  /// perturbed by 1e-12 to 1e-2, at the certified scale, some cuts of
  /// negative weight) sum to at least the Lagrangian total, so that the
  /// safe bound is at most the packing's rows and never above the
  /// optimum; its excess over the optimum is at most 0.
  func testCertifiedBoundHoldsForEveryPackingWithPerturbedDuals() throws {
    var checked = 0, atOptimum = 0
    for seed in UInt64(1)...150 {
      var random = SplitMix64(seed: seed)
      func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
      let drawn = SmallInstance.draw(&random, itemCounts: 4...8, capacities: 30...60) { c in (c / 6)...(c * 2 / 3) }
      let palette = Array(drawn.sizes.prefix(5))
      let sizes = drawn.sizes.map { palette[$0 % palette.count] }
      let types = ItemTypes(sizes: sizes, capacity: drawn.capacity)
      let packings = types.allPackings(limit: sizes.count)
      let optimum = try XCTUnwrap(packings.map(\.count).min())
      XCTAssertEqual(optimum, bruteForceMinimumRows(sizes: sizes, capacity: drawn.capacity))
      let scale = CertifiedBound.scale(capacity: types.capacity)
      for trial in 0..<6 {
        let noise = [1e-12, 1e-10, 1e-8, 1e-6, 1e-4, 1e-2][trial]
        let duals = types.sizes.map { s in
          Double(s) / Double(types.capacity) * (1 + noise * Double(uniform(-1000...1000)) / 1000)
        }
        let weights = duals.map { integerWeight(dual: $0, scale: Double(scale)) }
        var cuts: [SubsetRowCut] = []
        if types.count >= 3 {
          for _ in 0..<uniform(0...3) {
            var triple: Set<Int> = []
            while triple.count < 3 { triple.insert(uniform(0...(types.count - 1))) }
            cuts.append(SubsetRowCut(types: Array(triple), demands: types.demands))
          }
        }
        let cutWeights = cuts.map { _ in -Int(Double(scale) * noise * Double(uniform(0...1000)) / 100) }
        let pricing = SubsetRowCutPricing(sizes: types.sizes, capacity: types.capacity)
        let answer = try XCTUnwrap(pricing.best(
          weights: weights, bounds: types.demands, cuts: cuts, cutWeights: cutWeights, until: far))
        let total = try XCTUnwrap(
          CertifiedBound.total(weights: weights, demands: types.demands, cuts: cuts, cutWeights: cutWeights))
        let label = "seed \(seed), noise \(noise): sizes \(sizes), capacity \(types.capacity)"
        for packing in packings {
          let values = packing.map {
            SubsetRowCutPricing.value(of: $0, weights: weights, cuts: cuts, cutWeights: cutWeights)
          }
          XCTAssertTrue(values.allSatisfy { $0 <= answer.value }, "\(label): a row above the maximum")
          // The cut terms of the rows sum to at most the cut's right side.
          XCTAssertGreaterThanOrEqual(values.reduce(0, +), total, "\(label): \(packing)")
          checked += 1
        }
        let bound = SubsetRowCutAndPrice.safeBound(
          weights: weights, demands: types.demands, cuts: cuts, cutWeights: cutWeights, maximum: answer.value)
        XCTAssertLessThanOrEqual(bound, optimum, label)
        XCTAssertLessThanOrEqual(
          try XCTUnwrap(CertifiedBound.excess(total: total, maximum: answer.value, rows: optimum)), 0, label)
        if bound == optimum { atOptimum += 1 }
      }
    }
    XCTAssertGreaterThan(checked, 10_000, "few packings: the inequality is hardly tested")
    XCTAssertGreaterThan(atOptimum, 50, "the bound rarely meets the optimum: the test is too weak")
  }

  /// Cut-and-price at the certified precision to the end: its bound never
  /// exceeds the optimum, and its certified value lies within 1e-10 of a
  /// row below the master's LP value (and never above the exact one).
  func testCertifiedCutAndPriceNeverExceedsTheOptimumAndMeetsTheLP() throws {
    var exactSolves = 0, cuts = 0
    for seed in UInt64(1)...150 {
      let (sizes, capacity) = rowsOfTwoOrThree(seed: seed)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      _ = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
      let cutAndPrice = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: master.patterns)
      cutAndPrice.precision = .certified(capacity: capacity)
      cutAndPrice.minimumViolation = 5e-9
      // One above the optimum: the run converges, its excess is over the optimum.
      let outcome = try cutAndPrice.run(target: optimum + 1, until: far)
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity): \(outcome.summary)"
      XCTAssertLessThanOrEqual(outcome.rowBound, optimum, label)
      XCTAssertTrue(outcome.converged, label)
      let excess = try XCTUnwrap(outcome.certifiedExcess, label)
      XCTAssertLessThanOrEqual(excess, 0, label)
      XCTAssertGreaterThanOrEqual(excess, outcome.objective - Double(optimum) - 1e-10, label)
      if outcome.exactSolves > 0 {
        XCTAssertLessThanOrEqual(excess, outcome.exactObjective - Double(optimum) + 1e-12, label)
      }
      cuts += outcome.cuts
      // Without a target every convergence is certified by exact re-solves.
      let again = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: master.patterns)
      again.precision = .certified(capacity: capacity)
      again.minimumViolation = 5e-9
      let exact = try again.run(target: .max, until: far)
      XCTAssertLessThanOrEqual(exact.rowBound, optimum, "\(label); without a target: \(exact.summary)")
      XCTAssertLessThanOrEqual(exact.exactBound, optimum, label)
      XCTAssertTrue(exact.converged, label)
      exactSolves += exact.exactSolves
    }
    XCTAssertGreaterThan(cuts, 20, "few cuts: the cut terms are hardly tested")
    XCTAssertGreaterThan(exactSolves, 20, "few exact solves: the certification is hardly tested")
  }

  /// Branch-and-price-and-cut at the certified precision, its exact bound
  /// at every converged node whatever the LP: refutes one row below the
  /// brute-force optimum, finds a packing at it, never a root bound above.
  func testCertifiedTreeAgreesWithBruteForce() throws {
    var exactSolves = 0
    for seed in UInt64(1)...100 {
      var random = SplitMix64(seed: seed)
      let (sizes, capacity) = SmallInstance.draw(&random, itemCounts: 5...11, capacities: 20...60) { c in
        (c / 6)...(c * 2 / 3)
      }.pair
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      func decide(rows: Int) throws -> RyanFosterBranchAndPrice.Outcome {
        let tree = try RyanFosterBranchAndPrice(session: session, sizes: sizes, capacity: capacity, initialColumns: [])
        tree.cutRoundsPerNode = 3
        tree.precision = .certified(capacity: capacity)
        tree.dualTolerance = tree.precision.dualTolerance
        tree.exactBoundAtRoot = true
        tree.exactBoundAtNodes = true
        tree.exactBoundTrigger = -1
        let outcome = try tree.decide(rows: rows, until: far)
        exactSolves += outcome.exactSolves
        return outcome
      }
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      let proof = try decide(rows: optimum - 1)
      guard case .infeasible = proof.answer else { XCTFail("\(label): not refuted: \(proof.summary)"); continue }
      XCTAssertLessThanOrEqual(proof.rootBound, optimum, label)
      let found = try decide(rows: optimum)
      XCTAssertLessThanOrEqual(found.rootBound, optimum, label)
      XCTAssertLessThanOrEqual(try XCTUnwrap(found.rootCertifiedExcess, label), 0, label)
      guard case .packing(let rows) = found.answer else { XCTFail("\(label): no packing: \(found.summary)"); continue }
      XCTAssertNotNil(RyanFosterBranchAndPrice.partition(rows, itemCount: sizes.count), label)
      for row in rows { XCTAssertLessThanOrEqual(row.reduce(0) { $0 + sizes[$1] }, capacity, label) }
    }
    XCTAssertGreaterThan(exactSolves, 50, "few exact solves: the exact bound is hardly tested")
  }

  /// Small ANI-like instances: sizes that fill `K` rows exactly (their sum
  /// is `K x C`) but have no packing in `K` rows (brute force); at this
  /// size the LP mostly settles them already (the LP at `K` and the
  /// optimum `K + 1` of ANI need hundreds of items). With the
  /// cut loop of the pipeline (violation above 5e-9, 20 cuts a round, the
  /// certified precision) cut-and-price never certifies more than `K + 1`,
  /// and the tree with 10 cut rounds at its root refutes `K` and finds
  /// `K + 1`.
  func testCutLoopOnExactlyFullInstancesWithoutAPerfectPacking() throws {
    var instances = 0, provenByCuts = 0
    for seed in UInt64(1)...400 where instances < 40 {
      var random = SplitMix64(seed: seed)
      let rows = 2 + Int(random.next() % 2)
      let capacity = 40 + Int(random.next() % 30)
      var sizes = (0..<(3 * rows - 1)).map { _ in capacity / 5 + Int(random.next() % UInt64(capacity / 3)) }
      let last = rows * capacity - sizes.reduce(0, +)
      guard last > 0, last <= capacity else { continue }
      sizes.append(last)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      guard optimum == rows + 1 else { continue }
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity), optimum \(optimum)"
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let root = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
      XCTAssertLessThanOrEqual(root.rowBound, optimum, label)
      instances += 1
      let options = SubsetRowCutsStage.Options()
      let outcome = try SubsetRowCutsStage.bound(
        session: session, types: types, master: master, root: root, target: optimum, face: nil, options: options,
        until: far)
      XCTAssertLessThanOrEqual(outcome.rowBound, optimum, "\(label): \(outcome.summary)")
      if outcome.rowBound == optimum { provenByCuts += 1 }
      let tree = try RyanFosterBranchAndPrice(session: session, sizes: sizes, capacity: capacity, initialColumns: [])
      tree.cutRoundsPerNode = 3
      tree.rootCutRounds = options.treeRootCutRounds
      tree.minimumViolation = options.minimumViolation
      tree.precision = options.precision(capacity: capacity)
      tree.dualTolerance = tree.precision.dualTolerance
      tree.exactBoundAtRoot = true
      tree.exactBoundAtNodes = true
      let proof = try tree.decide(rows: rows, until: far)
      guard case .infeasible = proof.answer else { XCTFail("\(label): \(rows) rows not refuted: \(proof.summary)"); continue }
      XCTAssertLessThanOrEqual(proof.rootBound, optimum, label)
    }
    XCTAssertGreaterThan(instances, 10, "few exactly-full instances without a perfect packing: the test checks little")
    print("exactly full, no perfect packing: \(instances) instances, \(provenByCuts) proven by cut-and-price alone")
  }
}
