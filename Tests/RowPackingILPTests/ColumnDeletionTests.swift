@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// Column deletion in the plain master
/// (``GilmoreGomoryColumnGeneration/retireColumns(duals:values:)``) leaves
/// the LP unchanged: on seeded small instances, a master that retires
/// columns at every chance (one column per type allowed) converges to the
/// same objective and row bound as one that keeps every column, and as the
/// core's dense-simplex LP; the bound never exceeds the brute-force
/// optimum; and a residual problem solved afterwards (new demands, as the
/// dives set them) reaches the same LP as on a master without deletion.
final class ColumnDeletionTests: XCTestCase {
  let far = TestDeadline.far

  /// Seed `seed`'s instance, drawn from `random`: rows of two or three
  /// items (widths in (C/4, C/2]) every other seed, as in AI and ANI; with
  /// its label, brute-force optimum and item types.
  func instance(_ random: inout SplitMix64, seed: UInt64, itemCounts: ClosedRange<Int>)
    -> (capacity: Int, label: String, optimum: Int, types: ItemTypes)
  {
    let (sizes, capacity) = SmallInstance.draw(&random, itemCounts: itemCounts, capacities: 20...99) { c in
      (seed % 2 == 0 ? c / 4 + 1 : 1)...(c / 2)
    }.pair
    let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
    return (capacity, label, bruteForceMinimumRows(sizes: sizes, capacity: capacity), ItemTypes(sizes: sizes, capacity: capacity))
  }

  /// The residual `residual` set on both masters and solved to
  /// convergence: the same LP value with and without deletion, and as the
  /// core's dense-simplex LP of the residual; the retiring master's
  /// solution.
  @discardableResult
  func sameResidualLP(
    kept: GilmoreGomoryColumnGeneration, retiring: GilmoreGomoryColumnGeneration, residual: [Int], types: ItemTypes,
    label: String
  ) throws -> GilmoreGomoryColumnGeneration.Solution {
    try kept.setDemands(residual)
    try retiring.setDemands(residual)
    let c = try XCTUnwrap(try kept.solve(until: far, toConvergence: true), label)
    let d = try XCTUnwrap(try retiring.solve(until: far, toConvergence: true), label)
    let left = residual.indices.filter { residual[$0] > 0 }
    let fresh = GilmoreGomory(
      sizes: left.map { types.sizes[$0] }, demands: left.map { residual[$0] }, capacity: types.capacity)
    XCTAssertEqual(d.masterObjective, c.masterObjective, accuracy: 1e-6, "residual \(residual): \(label)")
    XCTAssertEqual(d.masterObjective, fresh.objective, accuracy: 1e-6, "residual \(residual): \(label)")
    return d
  }

  /// A dive from the LP solution `values`: the largest positive pattern
  /// fixed at each step, each residual LP solved on both masters and
  /// checked by ``sameResidualLP(kept:retiring:residual:types:label:)``.
  func diveOnBothMasters(
    kept: GilmoreGomoryColumnGeneration, retiring: GilmoreGomoryColumnGeneration, from values: [Double],
    types: ItemTypes, label: String
  ) throws {
    var residual = types.demands
    var values = values
    while true {
      guard let k = values.indices.filter({ values[$0] > 1e-6 }).max(by: { values[$0] < values[$1] }) else { break }
      for t in retiring.patterns[k] { residual[t] -= 1 }
      guard residual.allSatisfy({ $0 >= 0 }), residual.contains(where: { $0 > 0 }) else { break }
      values = try sameResidualLP(kept: kept, retiring: retiring, residual: residual, types: types, label: label).values
    }
  }

  func testRetiringColumnsKeepsTheLP() throws {
    var retiredSomewhere = 0
    for seed in UInt64(1)...30 {
      var random = SplitMix64(seed: seed &+ 4_001)
      let (capacity, label, optimum, types) = instance(&random, seed: seed, itemCounts: 6...12)
      let reference = GilmoreGomory(sizes: types.sizes, demands: types.demands, capacity: capacity)
      XCTAssertTrue(reference.isOptimal, label)

      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let kept = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      kept.columnsPerPricing = 30
      let retiring = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      retiring.columnsPerPricing = 30
      retiring.retireAbove = 1
      retiring.retireReducedCost = 0
      let a = try XCTUnwrap(try kept.solve(until: far, toConvergence: true), label)
      let b = try XCTUnwrap(try retiring.solve(until: far, toConvergence: true), label)
      XCTAssertTrue(b.converged, label)
      XCTAssertEqual(b.masterObjective, a.masterObjective, accuracy: 1e-6, label)
      XCTAssertEqual(b.masterObjective, reference.objective, accuracy: 1e-6, label)
      XCTAssertEqual(b.rowBound, a.rowBound, label)
      XCTAssertLessThanOrEqual(b.rowBound, optimum, "a bound above the optimum: \(label)")
      XCTAssertLessThanOrEqual(retiring.activeColumnCount, retiring.patterns.count, label)
      retiredSomewhere += retiring.retiredCount

      // A residual: one item fewer of some types, on both masters.
      var residual = types.demands
      for t in residual.indices where random.next() % 3 == 0 { residual[t] -= 1 }
      guard residual.contains(where: { $0 > 0 }) else { continue }
      try sameResidualLP(kept: kept, retiring: retiring, residual: residual, types: types, label: label)
    }
    XCTAssertGreaterThan(retiredSomewhere, 0, "no column was ever retired: the test would not test deletion")
  }

  /// Deletion switched on after a first dive, as the pipeline does
  /// (``the pipeline's former column deletion after the root``, or later: at the root's duals
  /// and values, then the root basis restored): the root's solution is the
  /// same after retiring (its retired columns are non-basic at 0 in that
  /// basis), and every residual LP along a dive, and the full LP solved
  /// again to convergence afterwards, has the same value with and without
  /// deletion (and as the core's dense-simplex LP of the residual).
  func testDeletionAfterAFirstDiveKeepsTheRootSolutionAndTheLPValues() throws {
    var retiredSomewhere = 0
    for seed in UInt64(1)...30 {
      var random = SplitMix64(seed: seed &+ 9_103)
      let (_, label, optimum, types) = instance(&random, seed: seed, itemCounts: 8...14)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let kept = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let retiring = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      for master in [kept, retiring] { master.columnsPerPricing = 30 }
      let a = try XCTUnwrap(try kept.solve(until: far, toConvergence: true), label)
      let root = try XCTUnwrap(try retiring.solve(until: far, toConvergence: true), label)
      XCTAssertEqual(root.masterObjective, a.masterObjective, accuracy: 1e-6, label)
      let rootDuals = retiring.lastDuals
      let rootBasis = try retiring.saveBasis()
      // A first residual (the short dive's), which may add columns.
      var first = types.demands
      for t in first.indices where random.next() % 2 == 0 { first[t] -= 1 }
      if first.contains(where: { $0 > 0 }) {
        try retiring.setDemands(first)
        _ = try XCTUnwrap(try retiring.solve(until: far, toConvergence: true), label)
      }
      // Switched on now, at the root's duals and values.
      retiring.retireAbove = 1
      retiring.retireReducedCost = 0
      let padded = root.values + repeatElement(0, count: retiring.patterns.count - root.values.count)
      try retiring.retireColumns(duals: rootDuals, values: padded)
      retiredSomewhere += retiring.retiredCount
      try retiring.restore(rootBasis)
      let again = try XCTUnwrap(try retiring.solve(until: far, toConvergence: true), label)
      XCTAssertEqual(again.masterObjective, root.masterObjective, accuracy: 1e-9, label)
      for k in again.values.indices {
        XCTAssertEqual(again.values[k], k < root.values.count ? root.values[k] : 0, accuracy: 1e-9,
          "pattern \(retiring.patterns[k]): \(label)")
      }
      XCTAssertLessThanOrEqual(again.rowBound, optimum, "a bound above the optimum: \(label)")
      try diveOnBothMasters(kept: kept, retiring: retiring, from: again.values, types: types, label: label)
      // The full demands again (as the later stages solve them).
      try kept.setDemands(types.demands)
      try retiring.setDemands(types.demands)
      let e = try XCTUnwrap(try kept.solve(until: far, toConvergence: true), label)
      let f = try XCTUnwrap(try retiring.solve(until: far, toConvergence: true), label)
      XCTAssertEqual(f.masterObjective, e.masterObjective, accuracy: 1e-6, label)
      XCTAssertEqual(f.rowBound, e.rowBound, label)
    }
    XCTAssertGreaterThan(retiredSomewhere, 0, "no column was ever retired: the test would not test deletion")
  }

  /// Deletion in the root LP alone, as the pipeline does on large masters
  /// (``RootLPStage/Options/largeMasterDeletionFactor``): a master that
  /// retires columns during its solve converges to the same objective and
  /// row bound as one that keeps every column (and as the core's
  /// dense-simplex LP); once its retired columns are restored
  /// (``GilmoreGomoryColumnGeneration/restoreRetiredColumns()``) every
  /// pattern that fits takes part again, no column retires any more, the
  /// solution stays when solved again, and the residual LPs along a dive
  /// have the same values as without deletion.
  func testDeletionInTheRootLPAloneKeepsTheLPAndRestoresEveryColumn() throws {
    var retiredSomewhere = 0
    for seed in UInt64(1)...30 {
      var random = SplitMix64(seed: seed &+ 7_207)
      let (capacity, label, optimum, types) = instance(&random, seed: seed, itemCounts: 6...12)
      let reference = GilmoreGomory(sizes: types.sizes, demands: types.demands, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let kept = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let retiring = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      for master in [kept, retiring] { master.columnsPerPricing = 30 }
      retiring.retireAbove = 1
      retiring.retireReducedCost = 0
      let a = try XCTUnwrap(try kept.solve(until: far, toConvergence: true), label)
      let root = try XCTUnwrap(try retiring.solve(until: far, toConvergence: true), label)
      XCTAssertEqual(root.masterObjective, a.masterObjective, accuracy: 1e-6, label)
      XCTAssertEqual(root.masterObjective, reference.objective, accuracy: 1e-6, label)
      XCTAssertEqual(root.rowBound, a.rowBound, label)
      XCTAssertLessThanOrEqual(root.rowBound, optimum, "a bound above the optimum: \(label)")
      let retired = retiring.retiredCount
      retiredSomewhere += retired
      try retiring.restoreRetiredColumns()
      XCTAssertNil(retiring.retireAbove, label)
      XCTAssertFalse(retiring.retired.contains(true), label)
      XCTAssertEqual(retiring.activeColumnCount, retiring.enabled.filter { $0 }.count, label)
      let again = try XCTUnwrap(try retiring.solve(until: far, toConvergence: true), label)
      XCTAssertEqual(again.masterObjective, root.masterObjective, accuracy: 1e-9, label)
      for k in root.values.indices {
        XCTAssertEqual(again.values[k], root.values[k], accuracy: 1e-9, "pattern \(retiring.patterns[k]): \(label)")
      }
      try diveOnBothMasters(kept: kept, retiring: retiring, from: again.values, types: types, label: label)
      XCTAssertEqual(retiring.retiredCount, retired, "a column retired after the restore: \(label)")
    }
    XCTAssertGreaterThan(retiredSomewhere, 0, "no column was ever retired: the test would not test deletion")
  }

  /// The root LP's columns a round: one below 100 types; the diversified
  /// 100 where the dynamic programme may price (a table of at most
  /// ``KnapsackPricing/fallbackCells``); the searches' 30 above it or
  /// without diversification.
  func testRootColumnsPerPricingFollowTheTable() {
    var options = RootLPStage.Options()
    let few = ItemTypes(sizes: Array(1...99), capacity: 1000)
    let many = ItemTypes(sizes: Array(1...100), capacity: 1000)
    XCTAssertEqual(few.count, 99)
    XCTAssertEqual(many.count, 100)
    XCTAssertEqual(options.columnsPerPricing(types: few, tableCells: 1000), 1)
    XCTAssertEqual(options.columnsPerPricing(types: many, tableCells: KnapsackPricing.fallbackCells), 100)
    XCTAssertEqual(options.columnsPerPricing(types: many, tableCells: KnapsackPricing.fallbackCells + 1), 30)
    options.othersPerType = nil
    XCTAssertEqual(options.columnsPerPricing(types: many, tableCells: 1000), 30)
  }

  /// The root LP's column deletion is for masters of more than 600 types
  /// alone (every instance of up to 600 items keeps its path), and off
  /// when switched off.
  func testRootColumnDeletionOnlyOnMastersOfMoreThan600Types() throws {
    var options = RootLPStage.Options()
    XCTAssertNil(options.columnDeletion(typeCount: 1))
    XCTAssertNil(options.columnDeletion(typeCount: 600))
    XCTAssertEqual(options.columnDeletion(typeCount: 601), 4)
    XCTAssertEqual(options.columnDeletion(typeCount: 1002), 4)
    options.largeMasterDeletionFactor = nil
    XCTAssertNil(options.columnDeletion(typeCount: 1002))
  }

  /// The pipeline with the root LP's column deletion on every master (one
  /// column per type allowed) still proves the brute-force optimum of
  /// seeded instances whose optimal rows are exactly full.
  func testPipelineWithRootColumnDeletionOnEveryMasterProvesOptima() throws {
    try assertPipelineProvesExactlyFullOptima(
      seed: 0x5EED_0020,
      sizes: { random, _, capacity, rows in sizesCutFromFullRows(&random, capacity: capacity, rows: rows) },
      configure: { pipeline, _ in
        pipeline.options.rootLP.largeMasterMinimumTypes = 1
        pipeline.options.rootLP.largeMasterDeletionFactor = 1
      })
  }
}
