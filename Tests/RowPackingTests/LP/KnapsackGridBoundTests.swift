@testable import RowPacking
import TestSupport
import XCTest

/// The capacity-independent pricing of the pure-Swift LP (``KnapsackGridBound``)
/// and the LP at capacities where it is used, against dynamic programmes and
/// brute force.
final class KnapsackGridBoundTests: XCTestCase {
  /// The best value within each capacity, by a dynamic programme over it.
  private func dynamicProgramme(sizes: [Int], values: [Int], multiplicities: [Int], capacity: Int) -> Int {
    var best = [Int](repeating: 0, count: capacity + 1)
    for i in sizes.indices where values[i] > 0 {
      for _ in 0..<multiplicities[i] {
        if sizes[i] > capacity { break }
        for c in stride(from: capacity, through: sizes[i], by: -1) {
          best[c] = max(best[c], best[c - sizes[i]] + values[i])
        }
      }
    }
    return best[capacity]
  }

  /// The other fillings the search keeps (one per last type): each
  /// feasible, worth what its counts add up to and more than the floor,
  /// none twice, none the best, best first; keeping them changes neither
  /// the maximum (a dynamic programme's) nor the best counts.
  func testOtherFillingsAreValid() {
    var othersSeen = 0
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(330_000 + seed))
      let capacity = Int.random(in: 1...8_000, using: &rng)
      let types = Int.random(in: 1...9, using: &rng)
      let sizes = (0..<types).map { _ in Int.random(in: 0...(capacity / 2 + 10), using: &rng) }
      let multiplicities = (0..<types).map { _ in Int.random(in: 0...3, using: &rng) }
      let values = sizes.map { size in size * 7 + Int.random(in: -50...50, using: &rng) }
      let best = dynamicProgramme(sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity)
      let floor = best * 3 / 4
      var plain = KnapsackGridBound(sizes: sizes, multiplicities: multiplicities, capacity: capacity)
      var knapsack = plain
      let without = plain.solve(values: values)
      let solution = knapsack.solve(values: values, othersAbove: floor)
      let label = "seed \(seed)"
      XCTAssertEqual(solution.value, best, label)
      XCTAssertEqual(solution.counts, without.counts, label)
      XCTAssertTrue(without.others.isEmpty, label)
      XCTAssertEqual(
        otherFillingProblems(
          solution.others, best: solution.counts, floor: floor, maximum: best, sizes: sizes, values: values,
          multiplicities: multiplicities, capacity: capacity), [], label)
      othersSeen += solution.others.count
    }
    XCTAssertGreaterThan(othersSeen, 100, "the seeds must exercise the other fillings")
  }

  /// On capacities above the grid (sizes rounded down by steps of up
  /// to 7, or 125 on a grid of 64 cells), the value is the maximum, the counts fit and reach it, and the
  /// threshold form finds a filling above the threshold exactly when one
  /// exists; one solver serves several value vectors.
  func testMatchesDynamicProgrammingOnLargeCapacities() {
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(310_000 + seed))
      let capacity = Int.random(in: 1...8_000, using: &rng)
      let types = Int.random(in: 1...9, using: &rng)
      let sizes = (0..<types).map { _ in Int.random(in: 0...(capacity / 2 + 10), using: &rng) }
      let multiplicities = (0..<types).map { _ in Int.random(in: 0...3, using: &rng) }
      // The default grid, a coarse one and a fine one.
      let gridCells = [KnapsackGridBound.gridCells, 64, 4096][seed % 3]
      var knapsack = KnapsackGridBound(
        sizes: sizes, multiplicities: multiplicities, capacity: capacity, gridCells: gridCells)
      for round in 0..<3 {
        // Values nearly proportional to sizes (as duals are), or arbitrary.
        let values = sizes.map { size in
          round == 0 ? Int.random(in: -5...1000, using: &rng) : size * 7 + Int.random(in: -50...50, using: &rng)
        }
        let best = dynamicProgramme(sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity)
        let solution = knapsack.solve(values: values)
        XCTAssertEqual(solution.value, best, "seed \(seed), round \(round)")
        XCTAssertEqual(solution.upperBound, best, "seed \(seed), round \(round)")
        var size = 0
        var value = 0
        for i in 0..<types {
          XCTAssertTrue((0...multiplicities[i]).contains(solution.counts[i]), "seed \(seed)")
          size += solution.counts[i] * sizes[i]
          value += solution.counts[i] * values[i]
        }
        XCTAssertLessThanOrEqual(size, capacity, "seed \(seed), round \(round)")
        XCTAssertEqual(value, best, "seed \(seed), round \(round)")
        let threshold = best + Int.random(in: -20...20, using: &rng)
        let decision = knapsack.solve(values: values, threshold: threshold)
        XCTAssertEqual(decision.value > threshold, best > threshold, "seed \(seed), threshold \(threshold)")
        XCTAssertGreaterThanOrEqual(decision.upperBound, best, "seed \(seed), threshold \(threshold)")
        if best <= threshold { XCTAssertLessThanOrEqual(decision.upperBound, threshold, "seed \(seed)") }
        // Runners-up fit, stay within the multiplicities and beat the threshold.
        for runnerUp in decision.runnersUp {
          XCTAssertLessThanOrEqual(zip(runnerUp, sizes).map { $0 * $1 }.reduce(0, +), capacity, "seed \(seed)")
          XCTAssertTrue(zip(runnerUp, multiplicities).allSatisfy { $0 >= 0 && $0 <= $1 }, "seed \(seed)")
          let value = zip(runnerUp, values).map { $0 * $1 }.reduce(0, +)
          XCTAssertGreaterThan(value, threshold, "seed \(seed)")
          XCTAssertLessThan(value, decision.value, "seed \(seed)")
        }
        // A node limit keeps a valid upper bound.
        let limited = knapsack.solve(values: values, nodeLimit: 2)
        XCTAssertLessThanOrEqual(limited.value, best, "seed \(seed)")
        XCTAssertGreaterThanOrEqual(limited.upperBound, best, "seed \(seed)")
      }
    }
  }

  /// Values near 2^50, whose totals fall on either side of 2^53 (where the
  /// table, in `Double`, stops being exact and the search runs without it):
  /// the value and bound are still the maximum, and the threshold form
  /// decides exactly.
  /// One solver through value vectors with few, then all, then no
  /// positive values and back (its table holds a row per positive type
  /// and grows to them): each solve equals the dynamic programme.
  func testTableFollowsThePositiveTypes() {
    for seed in 0..<150 {
      var rng = SplitMix64(seed: UInt64(318_000 + seed))
      let capacity = Int.random(in: 1_000...9_000, using: &rng)
      let types = Int.random(in: 1...10, using: &rng)
      let sizes = (0..<types).map { _ in Int.random(in: 1...(capacity / 2 + 10), using: &rng) }
      let multiplicities = (0..<types).map { _ in Int.random(in: 0...3, using: &rng) }
      var knapsack = KnapsackGridBound(
        sizes: sizes, multiplicities: multiplicities, capacity: capacity, gridCells: [64, 1024][seed % 2])
      for share in [1, 4, 0, 2, 4, 1] {
        // Each type positive with probability share / 4, else 0 or negative.
        let values = sizes.map { size in
          Int.random(in: 0..<4, using: &rng) < share
            ? size * 5 + Int.random(in: -40...40, using: &rng) : -Int.random(in: 0...1, using: &rng)
        }
        let best = dynamicProgramme(sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity)
        let solution = knapsack.solve(values: values)
        XCTAssertEqual(solution.value, best, "seed \(seed), share \(share)")
        XCTAssertEqual(solution.upperBound, best, "seed \(seed), share \(share)")
        XCTAssertLessThanOrEqual(zip(solution.counts, sizes).map { $0 * $1 }.reduce(0, +), capacity, "seed \(seed)")
        XCTAssertEqual(zip(solution.counts, values).map { $0 * $1 }.reduce(0, +), best, "seed \(seed)")
        let threshold = best + Int.random(in: -30...30, using: &rng)
        let decision = knapsack.solve(values: values, threshold: threshold)
        XCTAssertEqual(decision.value > threshold, best > threshold, "seed \(seed), threshold \(threshold)")
        if best <= threshold { XCTAssertLessThanOrEqual(decision.upperBound, threshold, "seed \(seed)") }
      }
    }
  }

  func testHugeValuesStayExact() {
    for seed in 0..<200 {
      var rng = SplitMix64(seed: UInt64(315_000 + seed))
      let capacity = Int.random(in: 1...5_000, using: &rng)
      let types = Int.random(in: 1...8, using: &rng)
      let sizes = (0..<types).map { _ in Int.random(in: 1...(capacity / 2 + 10), using: &rng) }
      let multiplicities = (0..<types).map { _ in Int.random(in: 0...3, using: &rng) }
      let values = (0..<types).map { _ in Int.random(in: -(1 << 40)...(1 << 50), using: &rng) + (1 << 49) }
      var knapsack = KnapsackGridBound(sizes: sizes, multiplicities: multiplicities, capacity: capacity)
      let best = dynamicProgramme(sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity)
      let solution = knapsack.solve(values: values)
      XCTAssertEqual(solution.value, best, "seed \(seed)")
      XCTAssertEqual(solution.upperBound, best, "seed \(seed)")
      let threshold = best + Int.random(in: -2...2, using: &rng)
      let decision = knapsack.solve(values: values, threshold: threshold)
      XCTAssertEqual(decision.value > threshold, best > threshold, "seed \(seed), threshold \(threshold)")
      XCTAssertGreaterThanOrEqual(decision.upperBound, best, "seed \(seed)")
      if best <= threshold { XCTAssertLessThanOrEqual(decision.upperBound, threshold, "seed \(seed)") }
    }
  }

  /// The LP at a large capacity (where pricing is the grid-bound search):
  /// with no row limit its duals are feasible for every pattern (enumerated)
  /// and strong duality holds; with a row limit, Farley's bound from its
  /// duals never exceeds the brute-force minimum and reaches the limit
  /// or the objective's ceiling when pricing finished.
  func testColumnGenerationAtLargeCapacities() {
    for seed in 0..<150 {
      var rng = SplitMix64(seed: UInt64(320_000 + seed))
      let capacity = Int.random(in: 20_000...400_000, using: &rng)
      let items = (0..<Int.random(in: 2...9, using: &rng)).map { _ in
        Int.random(in: (capacity / 6)...(capacity * 3 / 4), using: &rng)
      }
      var counts: [Int: Int] = [:]
      for size in items { counts[size, default: 0] += 1 }
      let sizes = counts.keys.sorted(by: >)
      let demands = sizes.map { counts[$0]! }
      let minimum = bruteForceMinimumRows(sizes: items, capacity: capacity)
      let lp = GilmoreGomory(sizes: sizes, demands: demands, capacity: capacity)
      XCTAssertTrue(lp.isOptimal, "seed \(seed)")
      let worst = bestPatternValue(sizes: sizes, demands: demands, capacity: capacity, values: lp.duals)
      XCTAssertLessThanOrEqual(worst, 1 + 1e-6, "seed \(seed)")
      let dualObjective = zip(lp.duals, demands).map { $0 * Double($1) }.reduce(0, +)
      XCTAssertEqual(dualObjective, lp.objective, accuracy: 1e-6, "seed \(seed)")
      XCTAssertLessThanOrEqual(lp.objective, Double(minimum) + 1e-6, "seed \(seed)")
      for rowLimit in [minimum, minimum + 1] {
        let limited = GilmoreGomory(sizes: sizes, demands: demands, capacity: capacity, rowLimit: rowLimit)
        let target = min(rowLimit, Int((limited.objective - 1e-9).rounded(.up)))
        let bound = farleyBound(
          sizes: sizes, multiplicities: demands, capacity: capacity, duals: limited.duals, target: target)
        XCTAssertLessThanOrEqual(bound, minimum, "seed \(seed), row limit \(rowLimit)")
        // (Unless the objective is within the pricing tolerance of target - 1.)
        if limited.isOptimal && limited.objective > Double(target - 1) + 1e-5 {
          XCTAssertGreaterThanOrEqual(bound, target, "seed \(seed), row limit \(rowLimit)")
        }
      }
    }
  }

  /// Tag-cloud-like instances (fractional widths of 60 to 240 points in
  /// rows of 358 with a spacing of 8, packed at 1000 units per point, so
  /// the LP prices at a capacity of 366000): the solver agrees with brute
  /// force on the rounded sizes, its packing verifies, and with a budget of
  /// a few nodes it returns a verified packing and an honest status.
  func testTagCloudLikeInstancesAgreeWithBruteForce() throws {
    var lpOrDive = 0
    for seed in 0..<120 {
      var rng = SplitMix64(seed: UInt64(330_000 + seed))
      let widths = (0..<Int.random(in: 5...11, using: &rng)).map { _ in
        (Double.random(in: 60...240, using: &rng) * 64).rounded() / 64
      }
      let instance = try Instance(widths: widths, rowWidth: 358, spacing: 8)
      let scaled = try instance.scaled(resolution: 1000)
      let result = solveOptimally(instance, budget: .unlimited, resolution: 1000)
      let packing = try XCTUnwrap(result.packing)
      XCTAssertEqual(verify(packing, for: instance), [], "seed \(seed)")
      // The rows are at least the minimum for the rounded-down sizes and at
      // most the minimum for the rounded-up ones; proven means equal to a bound.
      let lower = bruteForceMinimumRows(sizes: scaled.boundSizes, capacity: scaled.boundCapacity)
      let upper = bruteForceMinimumRows(sizes: scaled.sizes, capacity: scaled.capacity)
      XCTAssertLessThanOrEqual(result.lowerBound.value, lower, "seed \(seed): \(widths)")
      XCTAssertGreaterThanOrEqual(packing.rowCount, lower, "seed \(seed)")
      XCTAssertLessThanOrEqual(packing.rowCount, upper, "seed \(seed): \(widths)")
      if lower == upper { XCTAssertEqual(result.status, .optimal, "seed \(seed): \(widths)") }
      // Without the brief search (which settles instances this small) the
      // LP at 366000 units does.
      let lpFirst = solveOptimally(
        scaled, budget: .unlimited, stages: ExactSearchStages(briefSearch: false, localSearch: false))
      XCTAssertEqual(verify(lpFirst.packing, for: instance), [], "seed \(seed)")
      XCTAssertLessThanOrEqual(lpFirst.lowerBound.value, lower, "seed \(seed)")
      XCTAssertGreaterThanOrEqual(lpFirst.packing.rowCount, lower, "seed \(seed)")
      XCTAssertLessThanOrEqual(lpFirst.packing.rowCount, upper, "seed \(seed): \(widths)")
      if lower == upper { XCTAssertTrue(lpFirst.isProvenOptimal, "seed \(seed): \(widths)") }
      if lpFirst.stage == .rootLP { lpOrDive += 1 }
      let starved = solveOptimally(instance, budget: SearchBudget(timeLimit: nil, nodeLimit: 3), resolution: 1000)
      let starvedPacking = try XCTUnwrap(starved.packing)
      XCTAssertEqual(verify(starvedPacking, for: instance), [], "seed \(seed)")
      XCTAssertLessThanOrEqual(starved.lowerBound.value, lower, "seed \(seed)")
      XCTAssertEqual(starved.status == .optimal, starvedPacking.rowCount == starved.lowerBound.value, "seed \(seed)")
    }
    XCTAssertGreaterThan(lpOrDive, 0)
  }
}
