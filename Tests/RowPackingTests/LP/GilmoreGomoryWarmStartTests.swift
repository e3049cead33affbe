@testable import RowPacking
import TestSupport
import XCTest

/// The warm start of column generation (a dive's residual LP solved from
/// its parent's basis): dual simplex pivots, the new right-hand side and the
/// penalty on patterns that no longer fit, against a cold solve and brute
/// force.
final class GilmoreGomoryWarmStartTests: XCTestCase {
  /// Seeded small LPs solved, then solved again from their basis for fewer
  /// items of each type (some types used up): the warm solution covers the
  /// new demands, its duals are feasible for every pattern (enumerated by
  /// brute force), strong duality holds, and its optimum is the cold
  /// solve's.
  func testWarmStartReachesTheColdOptimum() {
    var agreed = 0
    var dualPivoted = 0
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(310_000 + seed))
      let capacity = Int.random(in: 20...100, using: &rng)
      let types = Int.random(in: 1...6, using: &rng)
      let sizes = Array(Set((0..<types).map { _ in Int.random(in: 1...capacity, using: &rng) })).sorted(by: >)
      let demands = sizes.map { _ in Int.random(in: 1...6, using: &rng) }
      let exchanges = Bool.random(using: &rng)
      let parent = GilmoreGomory(
        sizes: sizes, demands: demands, capacity: capacity, tolerance: 1e-9, exchanges: exchanges)
      var residual = demands.map { Int.random(in: 0...$0, using: &rng) }
      if residual.allSatisfy({ $0 == 0 }) { residual[0] = 1 }
      let warm = GilmoreGomory(resolving: parent, demands: residual, tolerance: 1e-9)
      let cold = GilmoreGomory(
        sizes: sizes, demands: residual, capacity: capacity, tolerance: 1e-9, exchanges: exchanges)
      let context = "seed \(seed): sizes \(sizes), \(demands) -> \(residual), exchanges \(exchanges)"
      XCTAssertTrue(warm.isOptimal, context)
      XCTAssertTrue(cold.isOptimal, context)
      XCTAssertEqual(warm.exchanges, exchanges)
      if warm.dualPivots > 0 { dualPivoted += 1 }
      // Primal: the patterns fit a row and cover the demands (with exchange
      // columns, a larger item's place may hold a smaller item: the
      // demands of the largest k types are covered by their places).
      assertPatternsFitAndCover(
        warm, sizes: sizes, capacity: capacity, demands: residual, exchanges: exchanges, positiveAmounts: true,
        context)
      // Dual: y >= 0 (and decreasing with exchange columns), y a <= 1 for
      // every pattern of the items left, y d = the objective.
      XCTAssertTrue(warm.duals.allSatisfy { $0 >= -1e-9 }, context)
      if exchanges {
        for i in sizes.indices.dropLast() { XCTAssertGreaterThanOrEqual(warm.duals[i], warm.duals[i + 1] - 1e-9, context) }
      }
      let worst = bestPatternValue(sizes: sizes, demands: residual, capacity: capacity, values: warm.duals)
      XCTAssertLessThanOrEqual(worst, 1 + 1e-7, context)
      let dualObjective = zip(warm.duals, residual).map { $0 * Double($1) }.reduce(0, +)
      XCTAssertEqual(dualObjective, warm.objective, accuracy: 1e-6, context)
      // Weak duality against the cold LP, and equality when every pattern
      // used fits the items left (the penalty drove the others out).
      XCTAssertLessThanOrEqual(dualObjective, cold.objective + 1e-6, context)
      let fits = warm.patterns.allSatisfy { p in p.indices.allSatisfy { p[$0] <= residual[$0] } }
      if fits {
        XCTAssertEqual(warm.objective, cold.objective, accuracy: 1e-6, context)
        agreed += 1
      }
    }
    XCTAssertGreaterThan(agreed, 270)
    XCTAssertGreaterThan(dualPivoted, 50)
  }

  /// Taking whole copies of basic patterns leaves the basis feasible: the
  /// warm solve needs no dual pivot (a pattern that no longer fits may
  /// still make it pivot, by its penalty).
  func testTakingWholeCopiesNeedsNoDualPivot() {
    var checked = 0
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(320_000 + seed))
      let capacity = Int.random(in: 20...100, using: &rng)
      let sizes = Array(Set((0..<Int.random(in: 1...6, using: &rng)).map { _ in Int.random(in: 1...capacity, using: &rng) }))
        .sorted(by: >)
      let demands = sizes.map { _ in Int.random(in: 1...12, using: &rng) }
      let parent = GilmoreGomory(
        sizes: sizes, demands: demands, capacity: capacity, tolerance: 1e-9, exchanges: Bool.random(using: &rng))
      var residual = demands
      var taken = 0.0
      for (pattern, amount) in zip(parent.patterns, parent.amounts) {
        let copies = Int((amount + 1e-9).rounded(.down))
        for i in sizes.indices { residual[i] -= copies * pattern[i] }
        taken += Double(copies)
      }
      guard taken > 0, residual.contains(where: { $0 > 0 }), residual.allSatisfy({ $0 >= 0 }) else { continue }
      let warm = GilmoreGomory(resolving: parent, demands: residual, tolerance: 1e-9)
      XCTAssertEqual(warm.dualPivots, 0, "seed \(seed)")
      XCTAssertTrue(warm.isOptimal, "seed \(seed)")
      checked += 1
    }
    XCTAssertGreaterThan(checked, 30)
  }

  /// The dense simplex's dual pivot and new right-hand side keep its
  /// state exact: on seeded small systems, after primal and dual pivots
  /// the stored inverse times the basis is the identity, the values solve
  /// `B x = b` and the duals solve `y B = c_B`.
  func testDualPivotKeepsInverseValuesAndDuals() {
    for seed in 0..<200 {
      var rng = SplitMix64(seed: UInt64(330_000 + seed))
      let m = Int.random(in: 1...7, using: &rng)
      let diagonal = (0..<m).map { _ in Double(Int.random(in: 1...5, using: &rng)) }
      var columns: [[Double]] = diagonal.enumerated().map { i, d in (0..<m).map { $0 == i ? d : 0 } }
      var costs = [Double](repeating: 1, count: m)
      var simplex = RevisedSimplex(
        diagonal: diagonal, rhs: (0..<m).map { _ in Double(Int.random(in: 0...9, using: &rng)) },
        costs: costs, identifiers: Array(0..<m))
      var rhs = (0..<m).map { i in simplex.values[i] * diagonal[i] }
      for step in 0..<12 {
        let column = (0..<m).map { _ in Double(Int.random(in: -1...3, using: &rng)) }
        let sparse = (0..<m).compactMap { column[$0] != 0 ? (row: $0, value: column[$0]) : nil }
        let cost = Double(Int.random(in: 0...2, using: &rng))
        if step % 3 == 2 {
          rhs = (0..<m).map { _ in Double(Int.random(in: -3...9, using: &rng)) }
          simplex.setRightHandSide(rhs)
        }
        // A dual pivot on the most negative value, else a primal one.
        let negative = (0..<m).filter { simplex.values[$0] < 0 }.min { simplex.values[$0] < simplex.values[$1] }
        let entered =
          negative.map { simplex.enter(column: sparse, cost: cost, identifier: columns.count, leaving: $0) }
          ?? simplex.enter(column: sparse, cost: cost, identifier: columns.count)
        columns.append(column)
        costs.append(cost)
        guard entered else { continue }
        // B from the basis identifiers; check B^-1 B = I, B x = b, y B = c_B.
        let basis = simplex.basis
        for i in 0..<m {
          for j in 0..<m {
            var product = 0.0
            for k in 0..<m { product += simplex.inverse(row: i, column: k) * columns[basis[j]][k] }
            XCTAssertEqual(product, i == j ? 1 : 0, accuracy: 1e-7, "seed \(seed) step \(step)")
          }
          var lhs = 0.0
          for j in 0..<m { lhs += columns[basis[j]][i] * simplex.values[j] }
          XCTAssertEqual(lhs, rhs[i], accuracy: 1e-7, "seed \(seed) step \(step)")
        }
        let y = simplex.duals()
        for j in 0..<m {
          var value = 0.0
          for i in 0..<m { value += y[i] * columns[basis[j]][i] }
          XCTAssertEqual(value, costs[basis[j]], accuracy: 1e-7, "seed \(seed) step \(step)")
        }
      }
    }
  }

  /// Warm dives (each residual LP solved from its parent's basis) round
  /// the relaxation to valid packings: on seeded small instances, bold and
  /// careful, every item placed once in rows that fit (the verifier), never
  /// fewer rows than brute force, and under a row limit only fewer rows.
  func testWarmDivesGiveValidPackings() throws {
    var dived = 0
    var optimal = 0
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(340_000 + seed))
      let capacity = Int.random(in: 40...100, using: &rng)
      let widths = (0..<Int.random(in: 4...11, using: &rng)).map { _ in Int.random(in: 5...(capacity * 2 / 3), using: &rng) }
      let instance = try Instance(widths: widths, rowWidth: capacity)
      let scaled = try instance.scaled()
      let minimum = bruteForceMinimumRows(sizes: widths, capacity: capacity)
      var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
      let relaxation = LPRelaxation(scaled, meter: &meter)
      for boldness in [0.5, nil] as [Double?] {
        let context = "seed \(seed): \(widths) in \(capacity), boldness \(String(describing: boldness))"
        let warm = relaxation.dive(rowLimit: widths.count + 1, boldness: boldness, warm: true, meter: &meter)
        guard let warm else {
          XCTFail("no packing, \(context)")
          continue
        }
        XCTAssertEqual(verify(warm, for: instance), [], context)
        XCTAssertGreaterThanOrEqual(warm.rowCount, minimum, context)
        XCTAssertLessThanOrEqual(warm.rowCount, widths.count, context)
        dived += 1
        if warm.rowCount == minimum { optimal += 1 }
        // Under a row limit at those rows, a packing only with fewer rows.
        if let fewer = relaxation.dive(rowLimit: warm.rowCount, boldness: boldness, warm: true, meter: &meter) {
          XCTAssertLessThan(fewer.rowCount, warm.rowCount, context)
          XCTAssertEqual(verify(fewer, for: instance), [], context)
        }
      }
    }
    XCTAssertEqual(dived, 600)
    XCTAssertGreaterThan(optimal, 450)
  }

  /// With a known bound, the relaxation skips Farley's bound (0) only when
  /// it could not pass that bound: the same instance without a known bound
  /// never proves more; and a known bound below the LP's ceiling still
  /// gets the LP's bound.
  func testFarleyBoundIsSkippedOnlyWhenItCannotPassTheKnownBound() throws {
    var skipped = 0
    var kept = 0
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(400_000 + seed))
      let capacity = Int.random(in: 40...200, using: &rng)
      let widths = (0..<Int.random(in: 4...30, using: &rng)).map { _ in Int.random(in: 1...(capacity * 3 / 4), using: &rng) }
      let scaled = try Instance(widths: widths, rowWidth: capacity).scaled()
      var meter = BudgetMeter(.unlimited, start: ContinuousClock().now)
      let full = LPRelaxation(scaled, meter: &meter).bound
      for known in [scaled.simpleLowerBound.value, full, full - 1] where known >= 1 {
        let relaxation = LPRelaxation(scaled, knownBound: known, meter: &meter)
        let context = "seed \(seed): \(widths) in \(capacity), known \(known)"
        if relaxation.bound == 0 {
          skipped += 1
          XCTAssertLessThanOrEqual(full, known, context)
        } else {
          kept += 1
          XCTAssertLessThanOrEqual(relaxation.bound, full, context)
        }
        if full > known { XCTAssertEqual(relaxation.bound, full, context) }
      }
    }
    XCTAssertGreaterThan(skipped, 0)
    XCTAssertGreaterThan(kept, 0)
  }
}
