@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The near-full-rows model restricted by the duals of cut-and-price with
/// subset-row cuts (``NearFullRowsModel/CutRestriction``), against brute
/// force on small seeded instances: the restricted enumeration is exactly
/// the patterns whose value reaches the least value, each restriction's
/// maximum is exact, no row of any packing in the optimum's rows is cut
/// off, and the restricted model decides K rows as ``BinCompletionDecision`` does.
final class CutRestrictionTests: XCTestCase {
  let far = TestDeadline.far

  /// Rows of two or three items (sizes above a quarter), on even seeds
  /// from three sizes only (demands above 1), so that cuts are added.
  /// The near-full-rows model restricted by `restrictions` in one row
  /// below the brute-force `optimum` and in the optimum's rows: a packing
  /// only in the optimum's rows (at most that many), "infeasible" only one
  /// row below, or no answer.
  func assertRestrictedModelAgrees(
    session: GLPKSession, types: ItemTypes,
    restrictions: [NearFullRowsModel.CutRestriction], optimum: Int, label: String
  ) throws {
    for rows in [optimum - 1, optimum] where rows > 0 {
      let answer = try SubsetRowCutsStage.restrictedModel(
        session: session, types: types, rows: rows, restrictions: restrictions, until: far).answer
      switch answer {
      case .packing(let patterns):
        XCTAssertEqual(rows, optimum, "\(label): a packing in \(rows) rows")
        XCTAssertLessThanOrEqual(patterns.count, rows, label)
      case .infeasible: XCTAssertEqual(rows, optimum - 1, "\(label): the optimum's rows refuted")
      case .unknown: break
      }
    }
  }

  /// The cut restrictions of cut-and-price lose no packing: every row of
  /// every packing in the optimum's rows meets each of them, each maximum
  /// is the enumerated one, and the model with them (alone, and with the
  /// plain LP's restrictions) finds a packing in the optimum's rows and
  /// none in one row fewer, as bin completion does.
  func testCutRestrictionsLoseNoPacking() throws {
    try checkCutRestrictions(dualTolerance: nil)
  }

  /// The same with GLPK's reduced costs at 1e-10 (as the pipeline's
  /// stage solves the cut master): the restrictions and the safe bound
  /// hold whatever the duals.
  func testCutRestrictionsLoseNoPackingAtTightTolerance() throws {
    try checkCutRestrictions(dualTolerance: 1e-10)
  }

  private func checkCutRestrictions(dualTolerance: Double?) throws {
    var restrictionsChecked = 0
    var withCuts = 0
    var patternsRemoved = 0
    for seed in UInt64(1)...300 {
      let (sizes, capacity) = rowsOfTwoOrThree(seed: seed)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      _ = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
      let plain = try master.dualRestrictions(seed: seed, until: far)
      let cutAndPrice = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: master.patterns)
      cutAndPrice.dualTolerance = dualTolerance
      let outcome = try cutAndPrice.run(target: .max, until: far)
      XCTAssertLessThanOrEqual(outcome.rowBound, optimum, "\(label): the safe bound")
      let restrictions = outcome.restrictions
      XCTAssertFalse(restrictions.isEmpty, label)
      // Every pattern within the demands (any waste).
      let every = try XCTUnwrap(NearFullRowsModel(types: types, rows: optimum).patterns(budget: capacity))
      let packings = types.allPackings(limit: optimum)
      XCTAssertFalse(packings.isEmpty, label)
      for rows in [optimum - 1, optimum] {
        for (plainUsed, cutUsed) in [([], restrictions), (plain, restrictions), (plain, Array(restrictions.suffix(1)))] {
          var model = NearFullRowsModel(types: types, rows: rows, restrictions: plainUsed)
          model.cutRestrictions = cutUsed
          let answer = try model.decide(session: session, until: far).answer
          let expected = BinCompletionDecision(types: types, nodeLimit: .max).decide(rows: rows, until: far).answer
          switch (answer, expected) {
          case (.infeasible, .infeasible): break
          case (.packing(let patterns), .packing):
            XCTAssertLessThanOrEqual(patterns.count, rows, label)
            var count = [Int](repeating: 0, count: types.count)
            for p in patterns { for t in p { count[t] += 1 } }
            XCTAssertEqual(count, types.demands, "\(label): the model's packing holds every item once")
          default: XCTFail("\(label), \(rows) rows: model \(answer.summary), bin completion \(expected.summary)")
          }
        }
      }
      let model = NearFullRowsModel(types: types, rows: optimum)
      var cutModel = model
      cutModel.cutRestrictions = restrictions
      let least = try XCTUnwrap(cutModel.leastCutValues(), "\(label): a packing exists, so no gap is negative")
      for (r, restriction) in restrictions.enumerated() {
        XCTAssertEqual(restriction.maxValue, every.map(restriction.value(of:)).max() ?? 0, "\(label): exact maximum")
        for packing in packings {
          for row in packing {
            XCTAssertGreaterThanOrEqual(restriction.value(of: row), least[r], "\(label): row \(row) of \(packing) cut off")
          }
        }
        restrictionsChecked += 1
        if restriction.cutWeights.contains(where: { $0 < 0 }) { withCuts += 1 }
      }
      let budget = optimum * capacity - sizes.reduce(0, +)
      let unrestricted = try XCTUnwrap(model.patterns(budget: budget))
      let restricted = try XCTUnwrap(cutModel.patterns(budget: budget, leastCutValues: least))
      patternsRemoved += unrestricted.count - restricted.count
    }
    XCTAssertGreaterThan(withCuts, 10, "few restrictions with a cut in play: the test checks little")
    XCTAssertGreaterThan(patternsRemoved, 0, "the restrictions never removed a row: the test checks little")
    print("cut restrictions (tolerance \(dualTolerance.map(String.init(describing:)) ?? "default")): \(restrictionsChecked) checked, \(withCuts) with cuts, \(patternsRemoved) rows removed")
  }

  /// The restricted enumeration returns exactly the patterns of load
  /// within the budget whose value reaches the least value (brute-force
  /// filter), for random weights near proportional to the sizes, random
  /// cuts of negative weight and random least values; with exact tables,
  /// coarse grids and Dantzig's bound (table limits).
  func testRestrictedEnumerationIsTheFilter() throws {
    var kept = 0
    var removed = 0
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      func uniform(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
      let capacity = uniform(20...60)
      let sizes = (0..<uniform(4...9)).map { _ in uniform(3...(capacity / 2)) }
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let m = types.count
      guard m >= 3 else { continue }
      var restrictions: [NearFullRowsModel.CutRestriction] = []
      for _ in 0..<uniform(1...2) {
        let weights = types.sizes.map { s in uniform(0...6) == 0 ? 0 : max(0, s * 100 + uniform(-150...150)) }
        var cuts: [SubsetRowCut] = []
        for _ in 0..<uniform(0...4) {
          var triple: Set<Int> = []
          while triple.count < 3 { triple.insert(uniform(0...(m - 1))) }
          cuts.append(SubsetRowCut(types: Array(triple), demands: types.demands))
        }
        let cutWeights = cuts.map { _ in uniform(0...3) == 0 ? 0 : -uniform(1...3000) }
        restrictions.append(.init(weights: weights, cuts: cuts, cutWeights: cutWeights, maxValue: 0))
      }
      var model = NearFullRowsModel(types: types, rows: 1)
      model.cutRestrictions = restrictions
      model.weightTableLimit = [NearFullRowsModel.WeightBound.tableLimit, 3 * (m + 1), 1][Int(seed % 3)]
      let budget = uniform(0...(capacity / 2))
      let every = try XCTUnwrap(NearFullRowsModel(types: types, rows: 1).patterns(budget: budget))
      let least = restrictions.map { r in
        let values = every.map(r.value(of:))
        return (values.min() ?? 0) + uniform(0...max(0, (values.max() ?? 0) - (values.min() ?? 0)))
      }
      let expected = every.filter { p in restrictions.indices.allSatisfy { restrictions[$0].value(of: p) >= least[$0] } }
      let found = try XCTUnwrap(model.patterns(budget: budget, leastCutValues: least))
      XCTAssertEqual(Set(found), Set(expected), "seed \(seed): sizes \(sizes), capacity \(capacity), least \(least)")
      XCTAssertEqual(found.count, Set(found).count, "seed \(seed): no pattern twice")
      kept += expected.count
      removed += every.count - expected.count
    }
    XCTAssertGreaterThan(kept, 0)
    XCTAssertGreaterThan(removed, 0)
  }

  /// The pipeline's stage (``SubsetRowCutsStage/bound(session:types:master:root:target:face:options:until:)``
  /// at 1e-10, then ``SubsetRowCutsStage/restrictedModel(session:types:rows:restrictions:patternLimit:until:)``)
  /// against brute force: the bound never exceeds the optimum, the model
  /// refutes one row below it or says nothing, and never refutes the
  /// optimum's rows; the whole pipeline with the stage on (early) proves
  /// the optimum and its packing verifies.
  func testPipelineStageAgreesWithBruteForce() throws {
    for seed in UInt64(1)...60 {
      let (sizes, capacity) = rowsOfTwoOrThree(seed: seed)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity), optimum \(optimum)"
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))
      let solved = try PipelineRoot(instance)
      defer { solved.session.close() }
      let (types, session, master, root) = (solved.types, solved.session, solved.master, solved.root)
      let outcome = try SubsetRowCutsStage.bound(
        session: session, types: types, master: master, root: root, target: optimum, face: nil,
        options: .init(), until: far)
      XCTAssertLessThanOrEqual(outcome.rowBound, optimum, label)
      for restrictions in outcome.restrictions.map({ [$0] }) + [outcome.restrictions] {
        try assertRestrictedModelAgrees(
          session: session, types: types, restrictions: restrictions, optimum: optimum, label: label)
      }
      let result = solved.pipeline.run()
      let packing = try XCTUnwrap(result.packing, label)
      XCTAssertEqual(packing.rowCount, optimum, label)
      XCTAssertEqual(result.lowerBound.value, optimum, label)
      XCTAssertEqual(verify(packing, for: instance), [], label)
    }
  }

  /// The stage's cut master started from the plain master's patterns near
  /// the optimal face too (``SubsetRowCutsStage/Options/masterFaceShare``: none, a
  /// thousandth of a row, every pattern) against brute force: the safe
  /// bound never exceeds the optimum, whatever the start, and the model
  /// restricted by its duals refutes one row below the optimum or says
  /// nothing, never the optimum's rows.
  func testFaceStartAgreesWithBruteForce() throws {
    var withCuts = 0
    for seed in UInt64(1)...150 {
      let (sizes, capacity) = rowsOfTwoOrThree(seed: seed)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity), optimum \(optimum)"
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))
      let solved = try PipelineRoot(instance)
      defer { solved.session.close() }
      let (types, session, master, root) = (solved.types, solved.session, solved.master, solved.root)
      let face = try master.dualRestrictions(seed: seed, until: far).first
      for share in [0, 0.001, 1] {
        var options = SubsetRowCutsStage.Options()
        options.masterFaceShare = share
        let outcome = try SubsetRowCutsStage.bound(
          session: session, types: types, master: master, root: root, target: .max, face: face,
          options: options, until: far)
        XCTAssertLessThanOrEqual(outcome.rowBound, optimum, "\(label), share \(share): the safe bound")
        withCuts += outcome.restrictions.filter { $0.cutWeights.contains { $0 < 0 } }.count
        try assertRestrictedModelAgrees(
          session: session, types: types, restrictions: outcome.restrictions, optimum: optimum,
          label: "\(label), share \(share)")
      }
    }
    XCTAssertGreaterThan(withCuts, 10, "few restrictions with a cut in play: the test checks little")
  }

  /// On two ANI instances of 201 items (the hard sets, skipped when
  /// absent), whose optimum is the LP bound plus one: the stage's
  /// cut-and-price at 1e-10, started near the optimal face, never bounds above the optimum, and its
  /// restricted model gives no packing in one row fewer and never refutes
  /// the optimum's rows. Deadlines bound the run; it need not decide (a
  /// debug build is slow). A slow test (`PACKBENCH_SLOW_TESTS=1`).
  func testStageAgreesWithTheKnownOptimumOnANI() throws {
    try SlowTests.require("CutRestrictionTests.testStageAgreesWithTheKnownOptimumOnANI (two ANI root LPs and cuts)")
    for (entry, instance) in try HardSetFixture.instances(set: "ANI", items: 201, count: 2) {
      let solved = try PipelineRoot(instance)
      defer { solved.session.close() }
      let (types, session, master, lp) = (solved.types, solved.session, solved.master, solved.root)
      // Started as the pipeline starts it: near the face of its first
      // dual restriction (``SubsetRowCutsStage/Options/masterFaceShare``).
      let face = try master.dualRestrictions(until: ContinuousClock().now + .seconds(20)).first
      // Over all patterns: under the waste budget the master gives no restrictions.
      var options = SubsetRowCutsStage.Options()
      options.exactlyFullColumns = false
      let outcome = try SubsetRowCutsStage.bound(
        session: session, types: types, master: master, root: lp, target: entry.optimum, face: face,
        options: options, until: ContinuousClock().now + .seconds(20))
      XCTAssertLessThanOrEqual(outcome.rowBound, entry.optimum, "\(entry.instance): a bound above the optimum")
      guard !outcome.restrictions.isEmpty else { continue }
      for rows in [entry.optimum - 1, entry.optimum] {
        let answer = try SubsetRowCutsStage.restrictedModel(
          session: session, types: types, rows: rows, restrictions: outcome.restrictions,
          until: ContinuousClock().now + .seconds(5)).answer
        switch answer {
        case .packing: XCTAssertEqual(rows, entry.optimum, "\(entry.instance): a packing in \(rows) rows")
        case .infeasible: XCTAssertEqual(rows, entry.optimum - 1, "\(entry.instance): the optimum's rows refuted")
        case .unknown: break
        }
        print("\(entry.instance), \(rows) rows: bound \(outcome.rowBound), restricted model \(answer.summary)")
      }
    }
  }
}
