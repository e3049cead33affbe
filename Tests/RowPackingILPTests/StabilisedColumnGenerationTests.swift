@testable import RowPackingILP
import RowPacking
import Foundation
import TestSupport
import XCTest

/// Column generation with Wentges smoothing and coarse-grid columns (the
/// default) reaches the same row bound as plain column generation
/// (no smoothing) on seeded small instances at capacities large enough
/// for coarse grids; both converge, both bounds are the LP's ceiling and
/// never above the brute-force optimum.
final class StabilisedColumnGenerationTests: XCTestCase {
  let far = TestDeadline.far

  /// The converged solution of column generation with smoothing `alpha`.
  func solve(sizes: [Int], capacity: Int, smoothing alpha: Double, columnsPerPricing: Int = 30) throws
    -> GilmoreGomoryColumnGeneration.Solution
  {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let types = ItemTypes(sizes: sizes, capacity: capacity)
    let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
    master.smoothing = alpha
    master.columnsPerPricing = columnsPerPricing
    return try XCTUnwrap(try master.solve(until: far, toConvergence: true))
  }

  func testSmoothedAndPlainReachTheSameBound() throws {
    for seed in UInt64(1)...30 {
      var random = SplitMix64(seed: seed)
      // Every other instance: rows of two or three items (widths in (C/4, C/2]), as in AI and ANI.
      let (widths, small) = SmallInstance.draw(&random, itemCounts: 2...10, capacities: 20...99) { c in
        (seed % 2 == 0 ? c / 4 + 1 : 1)...(c / 2)
      }.pair
      // Capacities of about 20 000 to 100 000: two coarse grids.
      let factor = 1009
      let sizes = widths.map { $0 * factor + Int(random.next() % UInt64(factor)) }
      let capacity = small * factor
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      let (optimum, _, ceiling) = reference(sizes: sizes, capacity: capacity, label: label)
      let smoothed = try solve(sizes: sizes, capacity: capacity, smoothing: 0.7)
      let plain = try solve(sizes: sizes, capacity: capacity, smoothing: 0)
      XCTAssertTrue(smoothed.converged, label)
      XCTAssertTrue(plain.converged, label)
      XCTAssertEqual(smoothed.rowBound, plain.rowBound, label)
      XCTAssertEqual(smoothed.rowBound, ceiling, "the LP bound: \(label)")
      XCTAssertLessThanOrEqual(smoothed.rowBound, optimum, "a bound above the optimum: \(label)")
      XCTAssertEqual(smoothed.masterObjective, plain.masterObjective, accuracy: 1e-6, label)
    }
  }

  /// Several columns per pricing (the best row holding each type, from the
  /// pricing's dynamic programme) reach the same LP optimum and the same
  /// row bound as one column per pricing, on small capacities (exact
  /// dynamic programming) and on large ones (coarse grids too); the bound
  /// is the LP's ceiling and never above the brute-force optimum.
  func testSeveralColumnsPerPricingReachTheSameLP() throws {
    for seed in UInt64(1)...30 {
      var random = SplitMix64(seed: seed &+ 77)
      let (widths, small) = SmallInstance.draw(&random, itemCounts: 3...11, capacities: 20...99) { c in
        (seed % 2 == 0 ? c / 4 + 1 : 1)...(c / 2)
      }.pair
      let factor = seed % 3 == 0 ? 1 : 1009
      let sizes = widths.map { $0 * factor + (factor == 1 ? 0 : Int(random.next() % UInt64(factor))) }
      let capacity = small * factor
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      let (optimum, lp, ceiling) = reference(sizes: sizes, capacity: capacity, label: label)
      let several = try solve(sizes: sizes, capacity: capacity, smoothing: 0.7, columnsPerPricing: 30)
      let one = try solve(sizes: sizes, capacity: capacity, smoothing: 0.7, columnsPerPricing: 1)
      XCTAssertTrue(several.converged, label)
      XCTAssertTrue(one.converged, label)
      XCTAssertEqual(several.masterObjective, one.masterObjective, accuracy: 1e-6, label)
      XCTAssertEqual(several.masterObjective, lp.objective, accuracy: 1e-6, label)
      XCTAssertEqual(several.rowBound, one.rowBound, label)
      XCTAssertEqual(several.rowBound, ceiling, "the LP bound: \(label)")
      XCTAssertLessThanOrEqual(several.rowBound, optimum, "a bound above the optimum: \(label)")
    }
  }

  /// Where pricing may take the large table for several columns or the
  /// single-pattern searches (here on every pricing: the small table's
  /// limit at zero), column generation weighs the two and tries both; it
  /// converges to the same LP optimum and row bound as one column a round
  /// and as the table every round, on seeded masters of at least
  /// ``KnapsackPricing/columnsMinimumTypes`` types.
  func testWeighedWaysOfPricingReachTheSameLP() throws {
    for seed in UInt64(1)...4 {
      var random = SplitMix64(seed: seed &+ 501)
      let capacity = 800 + Int(random.next() % 800)
      let sizes = (0..<(140 + Int(random.next() % 20))).map { _ in
        capacity / 20 + Int(random.next() % UInt64(capacity * 9 / 20))
      }
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let label = "seed \(seed): \(types.count) types, capacity \(capacity)"
      XCTAssertGreaterThanOrEqual(types.count, KnapsackPricing.columnsMinimumTypes, label)
      func solve(columnsPerPricing: Int, weighed: Bool) throws -> (GilmoreGomoryColumnGeneration.Solution, GilmoreGomoryColumnGeneration) {
        let session = GLPKSession(verbose: false)
        defer { session.close() }
        let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
        master.columnsPerPricing = columnsPerPricing
        if weighed { master.pricing.dynamicProgrammingCells = 0 }
        return (try XCTUnwrap(try master.solve(until: far, toConvergence: true)), master)
      }
      let (weighed, master) = try solve(columnsPerPricing: 30, weighed: true)
      let (table, _) = try solve(columnsPerPricing: 30, weighed: false)
      let (one, _) = try solve(columnsPerPricing: 1, weighed: true)
      XCTAssertGreaterThan(master.tableCost.pricings, 0, "the table must be probed: \(label)")
      XCTAssertGreaterThan(master.singleCost.pricings, 0, "the single pattern must be probed: \(label)")
      for other in [table, one] {
        XCTAssertTrue(other.converged, label)
        XCTAssertEqual(weighed.masterObjective, other.masterObjective, accuracy: 1e-6, label)
        XCTAssertEqual(weighed.rowBound, other.rowBound, label)
      }
      XCTAssertTrue(weighed.converged, label)
    }
  }

  /// The rule of the weighing: the single pattern first, the table once it
  /// entered a few columns; then the cheaper per column is taken, the other every
  /// ``GilmoreGomoryColumnGeneration/reprobeEvery``-th time. Costs are
  /// counted work (cells of a dynamic programme, about a nanosecond each).
  func testCheaperWayPerColumnIsPreferred() {
    typealias Cost = GilmoreGomoryColumnGeneration.ColumnCost
    let prefers = GilmoreGomoryColumnGeneration.prefersTable
    let every = GilmoreGomoryColumnGeneration.reprobeEvery
    let millisecond = 1_000_000
    var table = Cost()
    var single = Cost()
    XCTAssertFalse(prefers(table, single, 0), "the single pattern first")
    for k in 1...GilmoreGomoryColumnGeneration.probeTableAfter {
      single.charge(millisecond)
      single.credit(1, solve: millisecond)
      XCTAssertEqual(prefers(table, single, k), k == GilmoreGomoryColumnGeneration.probeTableAfter,
                     "the table once exact pricing went on for some columns")
    }
    // 40 ms and a 2 ms master solve for 30 columns against 2 ms for one: the table.
    table.charge(40 * millisecond)
    table.credit(30, solve: 2 * millisecond)
    XCTAssertTrue(prefers(table, single, 2))
    XCTAssertFalse(prefers(table, single, every), "the other way again")
    // Recent pricings weigh more: the table's columns are no longer
    // needed (the bound is reached), or few.
    for added in [0, 2, 0, 1] {
      table.charge(40 * millisecond)
      if added > 0 { table.credit(added, solve: 2 * millisecond) }
    }
    XCTAssertFalse(prefers(table, single, 7))
    XCTAssertTrue(prefers(table, single, 2 * every), "the other way again")
  }

  /// The choices of column generation (coarse grid or exact pricing, the
  /// table or the single pattern) are weighed by counted work, not the
  /// clock: the same instance solved twice, once while another thread
  /// loads the machine, gives the same columns, the same solution and the
  /// same counts. Seeded instances where both choices are open (at least
  /// ``KnapsackPricing/columnsMinimumTypes`` types, capacities with a
  /// coarse grid, tables above the small limit).
  func testSameInstanceGivesTheSameColumns() throws {
    for seed in UInt64(1)...3 {
      var random = SplitMix64(seed: seed &+ 901)
      let capacity = 8_000 + Int(random.next() % 4_000)
      let sizes = (0..<(130 + Int(random.next() % 30))).map { _ in
        capacity / 20 + Int(random.next() % UInt64(capacity * 9 / 20))
      }
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let label = "seed \(seed): \(types.count) types, capacity \(capacity)"
      func solve(load: Bool) throws -> (GilmoreGomoryColumnGeneration.Solution, GilmoreGomoryColumnGeneration) {
        let session = GLPKSession(verbose: false)
        defer { session.close() }
        let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
        master.pricing.dynamicProgrammingCells = 100_000
        // Another thread spinning while this one solves, so that clock
        // costs would differ from the first solve's.
        let busy = load ? LoadThread() : nil
        defer { busy?.stop() }
        return (try XCTUnwrap(try master.solve(until: far, toConvergence: true)), master)
      }
      let (first, a) = try solve(load: false)
      let (second, b) = try solve(load: true)
      XCTAssertGreaterThan(a.statistics.coarseCalls, 0, "a coarse grid must be tried: \(label)")
      XCTAssertGreaterThan(a.tableCost.pricings + a.singleCost.pricings, 0, "the ways must be weighed: \(label)")
      XCTAssertEqual(a.patterns, b.patterns, label)
      XCTAssertEqual(first.values, second.values, label)
      XCTAssertEqual(first.masterObjective, second.masterObjective, label)
      XCTAssertEqual(a.iterations, b.iterations, label)
      XCTAssertEqual(a.statistics.masterIterations, b.statistics.masterIterations, label)
      XCTAssertEqual(a.statistics.masterWork, b.statistics.masterWork, label)
      XCTAssertEqual(a.statistics.exactCalls, b.statistics.exactCalls, label)
      XCTAssertEqual(a.statistics.coarseCalls, b.statistics.coarseCalls, label)
      XCTAssertEqual(a.tableCost.pricings, b.tableCost.pricings, label)
    }
  }

  /// A thread that keeps a core busy until stopped.
  private final class LoadThread: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true

    init() {
      Thread { [self] in while isRunning {} }.start()
    }
    var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }
    func stop() { lock.lock(); running = false; lock.unlock() }
  }

  /// The brute-force optimum and the core's dense-simplex LP (and its
  /// ceiling, the LP bound) that a column generation must agree with.
  private func reference(sizes: [Int], capacity: Int, label: String) -> (optimum: Int, lp: GilmoreGomory, ceiling: Int) {
    let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
    let types = ItemTypes(sizes: sizes, capacity: capacity)
    let lp = GilmoreGomory(sizes: types.sizes, demands: types.demands, capacity: capacity)
    XCTAssertTrue(lp.isOptimal, label)
    return (optimum, lp, Int((lp.objective - 1e-7).rounded(.up)))
  }
}
