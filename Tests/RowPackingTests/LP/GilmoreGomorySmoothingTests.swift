@testable import RowPacking
import TestSupport
import XCTest

/// Column generation with Wentges-smoothed pricing reaches the same LP as
/// plain column generation, on seeded small instances: small capacities
/// (the dynamic programme prices) and capacities near 100 000 (branch and
/// bound, then ``KnapsackGridBound``), with and without exchange columns.
final class GilmoreGomorySmoothingTests: XCTestCase {
  /// Item types, largest first, with their demands; every other seed at a
  /// capacity about 1000 times larger (the large-capacity pricing).
  func draw(seed: Int, maxTypes: Int, maxDemand: Int) -> (sizes: [Int], demands: [Int], capacity: Int) {
    var rng = SplitMix64(seed: UInt64(seed))
    let small = Int.random(in: 40...100, using: &rng)
    let factor = seed % 2 == 0 ? 1 : 1009
    let types = Int.random(in: 1...maxTypes, using: &rng)
    // At least a sixth of the row: a row holds at most six items, so brute
    // force enumerates every pattern quickly.
    let widths = Set((0..<types).map { _ in Int.random(in: (small / 6 + 1)...small, using: &rng) })
    let sizes = widths.sorted(by: >).map { $0 * factor - Int.random(in: 0..<factor, using: &rng) }
    let demands = sizes.map { _ in Int.random(in: 1...maxDemand, using: &rng) }
    return (sizes, demands, small * factor)
  }

  /// Solved to optimality, the smoothed LP has the plain LP's objective,
  /// and its duals are optimal: feasible for every pattern (enumerated by
  /// brute force) with the objective as their value.
  func testSmoothedColumnGenerationReachesThePlainOptimum() {
    for seed in 0..<300 {
      let (sizes, demands, capacity) = draw(seed: 40_000 + seed, maxTypes: 16, maxDemand: 12)
      let exchanges = seed % 3 == 0
      let context = "seed \(seed): sizes \(sizes), demands \(demands), capacity \(capacity), exchanges \(exchanges)"
      let plain = GilmoreGomory(
        sizes: sizes, demands: demands, capacity: capacity, tolerance: 1e-9, exchanges: exchanges)
      let smoothed = GilmoreGomory(
        sizes: sizes, demands: demands, capacity: capacity, tolerance: 1e-9, exchanges: exchanges, smoothing: 0.7)
      XCTAssertTrue(plain.isOptimal && smoothed.isOptimal, context)
      XCTAssertEqual(smoothed.objective, plain.objective, accuracy: 1e-6, context)
      XCTAssertTrue(smoothed.duals.allSatisfy { $0 >= -1e-9 }, context)
      let worst = bestPatternValue(sizes: sizes, demands: demands, capacity: capacity, values: smoothed.duals)
      XCTAssertLessThanOrEqual(worst, 1 + 1e-7, context)
      let dualObjective = zip(smoothed.duals, demands).map { $0 * Double($1) }.reduce(0, +)
      XCTAssertEqual(dualObjective, smoothed.objective, accuracy: 1e-6, context)
      assertPatternsFitAndCover(
        smoothed, sizes: sizes, capacity: capacity, demands: demands, exchanges: exchanges, context)
    }
  }

  /// With a row limit, pricing may stop at a smoothed dual point: Farley's
  /// bound from the final duals still proves the LP's ceiling (capped at
  /// the limit), as the plain LP's does, and never exceeds the brute-force
  /// minimum.
  func testSmoothedDualsProveTheRowLimit() {
    var mispriced = 0
    for seed in 0..<300 {
      let (sizes, demands, capacity) = draw(seed: 60_000 + seed, maxTypes: 5, maxDemand: 3)
      let items = zip(sizes, demands).flatMap { [Int](repeating: $0, count: $1) }
      let minimum = bruteForceMinimumRows(sizes: items, capacity: capacity)
      let plain = GilmoreGomory(sizes: sizes, demands: demands, capacity: capacity, tolerance: 1e-9, exchanges: true)
      let ceiling = Int((plain.objective - 1e-6).rounded(.up))
      let context = "seed \(seed): sizes \(sizes), demands \(demands), capacity \(capacity)"
      for rowLimit in [ceiling, minimum] {
        let smoothed = GilmoreGomory(
          sizes: sizes, demands: demands, capacity: capacity, rowLimit: rowLimit, tolerance: 1e-9, exchanges: true,
          smoothing: 0.7)
        XCTAssertTrue(smoothed.isOptimal, context)
        let bound = farleyBound(sizes: sizes, multiplicities: demands, capacity: capacity, duals: smoothed.duals)
        XCTAssertEqual(bound, min(rowLimit, ceiling), context + ", row limit \(rowLimit)")
        XCTAssertLessThanOrEqual(bound, minimum, context)
        if smoothed.mispricings > 0 { mispriced += 1 }
      }
    }
    // The smoothing did change the pricing somewhere (mispriced at least once).
    XCTAssertGreaterThan(mispriced, 0)
  }

  /// At a capacity above the dynamic programme's (where the root LP is
  /// smoothed), the solver's LP stage still proves the brute-force
  /// minimum: the smoothed root's bound and its dives agree with it.
  func testSolverWithSmoothedRootAgreesWithBruteForce() throws {
    var settledByLP = 0
    for seed in 0..<200 {
      var rng = SplitMix64(seed: UInt64(80_000 + seed))
      let capacity = 100_000
      let widths = (0..<Int.random(in: 6...12, using: &rng)).map { _ in Int.random(in: 26_000...60_000, using: &rng) }
      let instance = try Instance(widths: widths.map(Double.init), rowWidth: Double(capacity))
      let scaled = try instance.scaled()
      XCTAssertGreaterThan(scaled.capacity, 16_383)
      let minimum = bruteForceMinimumRows(sizes: widths, capacity: capacity)
      let outcome = solveOptimally(
        scaled, budget: .unlimited, stages: ExactSearchStages(briefSearch: false, localSearch: false))
      XCTAssertEqual(outcome.packing.rowCount, minimum, "seed \(seed): \(widths)")
      XCTAssertTrue(outcome.isProvenOptimal, "seed \(seed)")
      XCTAssertEqual(verify(outcome.packing, for: instance), [], "seed \(seed)")
      if outcome.stage == .rootLP { settledByLP += 1 }
    }
    XCTAssertGreaterThan(settledByLP, 0)
  }
}
