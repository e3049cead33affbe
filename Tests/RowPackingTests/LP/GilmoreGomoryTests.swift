@testable import RowPacking
import TestSupport
import XCTest

/// The LP pieces of the pure-Swift exact solver: the exact knapsack, the
/// column-generation simplex and Farley's safe bound, each against brute force.
final class GilmoreGomoryTests: XCTestCase {
  /// The bounded knapsack's value equals a dynamic programme over the
  /// capacity on thousands of seeded cases, and its counts are feasible and
  /// reach the value.
  func testKnapsackMatchesDynamicProgramming() {
    for seed in 0..<3000 {
      var rng = SplitMix64(seed: UInt64(seed))
      let types = Int.random(in: 1...8, using: &rng)
      let capacity = Int.random(in: 0...80, using: &rng)
      let sizes = (0..<types).map { _ in Int.random(in: 0...40, using: &rng) }
      let values = (0..<types).map { _ in Int.random(in: -5...60, using: &rng) }
      let multiplicities = (0..<types).map { _ in Int.random(in: 0...4, using: &rng) }
      let knapsack = KnapsackBranchAndBound(
        sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity)
      // Dynamic programme: best[c] = best value within size c.
      var best = [Int](repeating: 0, count: capacity + 1)
      for i in 0..<types where values[i] > 0 {
        for _ in 0..<multiplicities[i] {
          if sizes[i] > capacity { break }
          for c in stride(from: capacity, through: sizes[i], by: -1) {
            best[c] = max(best[c], best[c - sizes[i]] + values[i])
          }
        }
      }
      XCTAssertEqual(knapsack.value, best[capacity], "seed \(seed)")
      XCTAssertTrue(knapsack.isOptimal, "seed \(seed)")
      XCTAssertEqual(knapsack.upperBound, knapsack.value, "seed \(seed)")
      var size = 0
      var value = 0
      for i in 0..<types {
        XCTAssertTrue((0...multiplicities[i]).contains(knapsack.counts[i]), "seed \(seed)")
        size += knapsack.counts[i] * sizes[i]
        value += knapsack.counts[i] * values[i]
      }
      XCTAssertLessThanOrEqual(size, capacity, "seed \(seed)")
      XCTAssertEqual(value, knapsack.value, "seed \(seed)")
      // The decision form: a filling above the threshold exactly when the
      // maximum is, else the threshold as a proven upper bound.
      let threshold = Int.random(in: -3...(best[capacity] + 5), using: &rng)
      let decision = KnapsackBranchAndBound(
        sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity, threshold: threshold)
      XCTAssertEqual(decision.value > threshold, best[capacity] > threshold, "seed \(seed), threshold \(threshold)")
      XCTAssertGreaterThanOrEqual(decision.upperBound, best[capacity], "seed \(seed)")
      if decision.value > threshold {
        XCTAssertEqual(zip(decision.counts, values).map { $0 * $1 }.reduce(0, +), decision.value, "seed \(seed)")
        XCTAssertLessThanOrEqual(zip(decision.counts, sizes).map { $0 * $1 }.reduce(0, +), capacity, "seed \(seed)")
      } else {
        XCTAssertEqual(decision.upperBound, threshold, "seed \(seed)")
      }
      // Going on past the first filling above the threshold: still one
      // exactly when the maximum is, never above the maximum.
      let further = KnapsackBranchAndBound(
        sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity, threshold: threshold,
        improvementNodeLimit: 20)
      XCTAssertEqual(further.value > threshold, best[capacity] > threshold, "seed \(seed), threshold \(threshold)")
      XCTAssertLessThanOrEqual(further.value, best[capacity], "seed \(seed)")
      XCTAssertGreaterThanOrEqual(further.upperBound, best[capacity], "seed \(seed)")
      if further.value > threshold {
        XCTAssertGreaterThanOrEqual(further.value, decision.value, "seed \(seed)")
        XCTAssertEqual(zip(further.counts, values).map { $0 * $1 }.reduce(0, +), further.value, "seed \(seed)")
        XCTAssertLessThanOrEqual(zip(further.counts, sizes).map { $0 * $1 }.reduce(0, +), capacity, "seed \(seed)")
      }
    }
  }

  /// Values per size that tie, or differ by less than a `Double` can tell
  /// (values from 2^53 on, where the types are ordered by exact products
  /// alone): the value is still the dynamic programme's, and the counts fit
  /// and reach it.
  func testKnapsackWithTiedAndHugeValuesMatchesDynamicProgramming() {
    for seed in 0..<1500 {
      var rng = SplitMix64(seed: UInt64(52_000 + seed))
      let types = Int.random(in: 1...8, using: &rng)
      let capacity = Int.random(in: 0...60, using: &rng)
      let sizes = (0..<types).map { _ in Int.random(in: 5...30, using: &rng) }
      let multiplicities = (0..<types).map { _ in Int.random(in: 0...3, using: &rng) }
      let huge = seed % 2 == 1
      let values = sizes.map { size in
        huge
          ? (1 << 54) + size * Int.random(in: 0...2, using: &rng) + Int.random(in: -1...1, using: &rng)
          : size * 3 + (Int.random(in: 0...3, using: &rng) == 0 ? 1 : 0)
      }
      var best = [Int](repeating: 0, count: capacity + 1)
      for i in 0..<types {
        for _ in 0..<multiplicities[i] where sizes[i] <= capacity {
          for c in stride(from: capacity, through: sizes[i], by: -1) {
            best[c] = max(best[c], best[c - sizes[i]] + values[i])
          }
        }
      }
      let knapsack = KnapsackBranchAndBound(
        sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity)
      XCTAssertEqual(knapsack.value, best[capacity], "seed \(seed)")
      XCTAssertEqual(zip(knapsack.counts, values).map { $0 * $1 }.reduce(0, +), best[capacity], "seed \(seed)")
      XCTAssertLessThanOrEqual(zip(knapsack.counts, sizes).map { $0 * $1 }.reduce(0, +), capacity, "seed \(seed)")
      XCTAssertTrue(zip(knapsack.counts, multiplicities).allSatisfy { $0 >= 0 && $0 <= $1 }, "seed \(seed)")
    }
  }

  /// The other fillings the branch and bound keeps (one per last type):
  /// each feasible, worth what its counts add up to and more than the
  /// floor, none twice, none the best, best first; and keeping them
  /// changes neither the maximum (a dynamic programme's) nor the best counts.
  func testKnapsackOtherFillingsAreValid() {
    var othersSeen = 0
    for seed in 0..<1500 {
      var rng = SplitMix64(seed: UInt64(90_000 + seed))
      let types = Int.random(in: 1...8, using: &rng)
      let capacity = Int.random(in: 0...80, using: &rng)
      let sizes = (0..<types).map { _ in Int.random(in: 0...40, using: &rng) }
      let values = (0..<types).map { _ in Int.random(in: -5...60, using: &rng) }
      let multiplicities = (0..<types).map { _ in Int.random(in: 0...4, using: &rng) }
      var best = [Int](repeating: 0, count: capacity + 1)
      for i in 0..<types where values[i] > 0 {
        for _ in 0..<multiplicities[i] where sizes[i] <= capacity {
          for c in stride(from: capacity, through: sizes[i], by: -1) {
            best[c] = max(best[c], best[c - sizes[i]] + values[i])
          }
        }
      }
      let floor = Int.random(in: -3...max(0, best[capacity]), using: &rng)
      let plain = KnapsackBranchAndBound(sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity)
      let knapsack = KnapsackBranchAndBound(
        sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity, othersAbove: floor)
      let label = "seed \(seed)"
      XCTAssertEqual(knapsack.value, best[capacity], label)
      XCTAssertTrue(knapsack.isOptimal, label)
      XCTAssertEqual(knapsack.counts, plain.counts, label)
      XCTAssertTrue(plain.others.isEmpty, label)
      XCTAssertEqual(
        otherFillingProblems(
          knapsack.others, best: knapsack.counts, floor: floor, maximum: best[capacity], sizes: sizes, values: values,
          multiplicities: multiplicities, capacity: capacity), [], label)
      othersSeen += knapsack.others.count
    }
    XCTAssertGreaterThan(othersSeen, 500, "the seeds must exercise the other fillings")
  }

  /// A knapsack stopped by its node limit or its deadline still returns a
  /// feasible filling and an upper bound at least the true optimum.
  func testKnapsackNodeLimitAndDeadlineKeepAValidUpperBound() {
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(50_000 + seed))
      let sizes = (0..<12).map { _ in Int.random(in: 1...30, using: &rng) }
      let values = sizes.map { $0 * 10 + Int.random(in: 0...3, using: &rng) }
      let multiplicities = [Int](repeating: 2, count: 12)
      let exact = KnapsackBranchAndBound(sizes: sizes, values: values, multiplicities: multiplicities, capacity: 100)
      let limited = KnapsackBranchAndBound(
        sizes: sizes, values: values, multiplicities: multiplicities, capacity: 100, nodeLimit: 3)
      XCTAssertTrue(exact.isOptimal)
      XCTAssertLessThanOrEqual(limited.value, exact.value, "seed \(seed)")
      XCTAssertGreaterThanOrEqual(limited.upperBound, exact.value, "seed \(seed)")
      // A deadline already passed stops it at its first node.
      let late = KnapsackBranchAndBound(
        sizes: sizes, values: values, multiplicities: multiplicities, capacity: 100,
        deadline: ContinuousClock().now - .seconds(1))
      XCTAssertFalse(late.isOptimal, "seed \(seed)")
      XCTAssertLessThanOrEqual(late.value, exact.value, "seed \(seed)")
      XCTAssertGreaterThanOrEqual(late.upperBound, exact.value, "seed \(seed)")
      let early = KnapsackBranchAndBound(
        sizes: sizes, values: values, multiplicities: multiplicities, capacity: 100,
        deadline: TestDeadline.far)
      XCTAssertEqual(early.value, exact.value, "seed \(seed)")
      XCTAssertTrue(early.isOptimal, "seed \(seed)")
    }
  }

  /// On tiny instances, the column generation's solution is optimal: it
  /// covers the demands, its duals are feasible for every pattern (all
  /// enumerated by brute force) and the two objectives agree (strong duality).
  func testColumnGenerationReachesTheBruteForceOptimum() {
    for seed in 0..<400 {
      var rng = SplitMix64(seed: UInt64(70_000 + seed))
      let capacity = Int.random(in: 20...100, using: &rng)
      let types = Int.random(in: 1...5, using: &rng)
      let sizes = Array(Set((0..<types).map { _ in Int.random(in: 1...capacity, using: &rng) })).sorted(by: >)
      let demands = sizes.map { _ in Int.random(in: 1...6, using: &rng) }
      let lp = GilmoreGomory(sizes: sizes, demands: demands, capacity: capacity)
      XCTAssertTrue(lp.isOptimal, "seed \(seed)")
      // Primal: the patterns fit and cover the demands.
      var covered = [Double](repeating: 0, count: sizes.count)
      for (pattern, amount) in zip(lp.patterns, lp.amounts) {
        XCTAssertLessThanOrEqual(zip(pattern, sizes).map { $0 * $1 }.reduce(0, +), capacity, "seed \(seed)")
        XCTAssertGreaterThan(amount, 0)
        for i in sizes.indices { covered[i] += Double(pattern[i]) * amount }
      }
      for i in sizes.indices { XCTAssertGreaterThanOrEqual(covered[i], Double(demands[i]) - 1e-7, "seed \(seed)") }
      XCTAssertEqual(lp.amounts.reduce(0, +), lp.objective, accuracy: 1e-7, "seed \(seed)")
      // Dual: y >= 0 and y a <= 1 for every pattern (enumerated).
      XCTAssertTrue(lp.duals.allSatisfy { $0 >= -1e-9 }, "seed \(seed)")
      let worst = bestPatternValue(sizes: sizes, demands: demands, capacity: capacity, values: lp.duals)
      XCTAssertLessThanOrEqual(worst, 1 + 1e-7, "seed \(seed)")
      let dualObjective = zip(lp.duals, demands).map { $0 * Double($1) }.reduce(0, +)
      XCTAssertEqual(dualObjective, lp.objective, accuracy: 1e-6, "seed \(seed)")
      // One type: the optimum is demand / (items per row).
      if sizes.count == 1 {
        XCTAssertEqual(lp.objective, Double(demands[0]) / Double(min(demands[0], capacity / sizes[0])), accuracy: 1e-9)
      }
    }
  }

  /// Farley's bound, from the LP's duals or from arbitrary (even negative,
  /// NaN or huge) duals, never exceeds the brute-force minimum.
  func testFarleyBoundNeverExceedsTheBruteForceMinimum() {
    var reachedLP = 0
    for seed in 0..<1500 {
      var rng = SplitMix64(seed: UInt64(90_000 + seed))
      let capacity = Int.random(in: 10...60, using: &rng)
      let items = (0..<Int.random(in: 1...11, using: &rng)).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let minimum = bruteForceMinimumRows(sizes: items, capacity: capacity)
      var counts: [Int: Int] = [:]
      for size in items { counts[size, default: 0] += 1 }
      let sizes = counts.keys.sorted(by: >)
      let demands = sizes.map { counts[$0]! }
      let lp = GilmoreGomory(sizes: sizes, demands: demands, capacity: capacity)
      let bound = farleyBound(sizes: sizes, multiplicities: demands, capacity: capacity, duals: lp.duals)
      XCTAssertLessThanOrEqual(bound, minimum, "seed \(seed): \(items) in \(capacity)")
      // A target (even a wrong one) only changes the work, never the validity.
      for target in [minimum, minimum + 1, bound + 2] {
        let targeted = farleyBound(
          sizes: sizes, multiplicities: demands, capacity: capacity, duals: lp.duals, target: target)
        XCTAssertLessThanOrEqual(targeted, minimum, "seed \(seed), target \(target)")
      }
      // With the optimal duals the bound is the LP optimum rounded up.
      if bound == Int((lp.objective - 1e-6).rounded(.up)) { reachedLP += 1 }
      let noisy = lp.duals.map { $0 + Double.random(in: -0.3...0.3, using: &rng) }
      let noisyBound = farleyBound(sizes: sizes, multiplicities: demands, capacity: capacity, duals: noisy)
      XCTAssertLessThanOrEqual(noisyBound, minimum, "seed \(seed) (noisy duals)")
      let wild = sizes.map { _ in [Double.nan, 1e30, -1, 0.5, 3].randomElement(using: &rng)! }
      XCTAssertLessThanOrEqual(
        farleyBound(sizes: sizes, multiplicities: demands, capacity: capacity, duals: wild), minimum, "seed \(seed)")
    }
    XCTAssertGreaterThan(reachedLP, 1400)
  }

  /// Instances where the simple bounds are weak but the LP is tight: the
  /// solver settles them at the LP stage, agreeing with brute force.
  func testSolveOptimallyUsesTheLPBoundAndAgreesWithBruteForce() throws {
    var settledByLP = 0
    for seed in 0..<600 {
      var rng = SplitMix64(seed: UInt64(120_000 + seed))
      let capacity = 100
      let widths = (0..<Int.random(in: 6...12, using: &rng)).map { _ in Int.random(in: 26...60, using: &rng) }
      let instance = try Instance(widths: widths, rowWidth: capacity)
      let minimum = bruteForceMinimumRows(sizes: widths, capacity: capacity)
      let result = solveOptimally(instance, budget: .unlimited)
      XCTAssertEqual(result.status, .optimal, "seed \(seed)")
      XCTAssertEqual(result.rowCount, minimum, "seed \(seed): \(widths)")
      XCTAssertLessThanOrEqual(result.lowerBound.value, minimum, "seed \(seed)")
      XCTAssertEqual(verify(result.packing!, for: instance), [], "seed \(seed)")
      // Without the brief search (which settles instances this small) the LP does.
      let lpFirst = solveOptimally(
        try instance.scaled(), budget: .unlimited, stages: ExactSearchStages(briefSearch: false, localSearch: false))
      XCTAssertEqual(lpFirst.packing.rowCount, minimum, "seed \(seed): \(widths)")
      XCTAssertTrue(lpFirst.isProvenOptimal, "seed \(seed)")
      XCTAssertEqual(verify(lpFirst.packing, for: instance), [], "seed \(seed)")
      if lpFirst.stage == .rootLP { settledByLP += 1 }
    }
    XCTAssertGreaterThan(settledByLP, 0)
  }

  /// Fractional widths: the LP bound stays a proof for the true widths.
  func testFractionalInstancesStayHonest() throws {
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(150_000 + seed))
      let instance = TestData.randomFractionalInstance(using: &rng, maxItems: 10)
      let result = solveOptimally(instance, budget: .unlimited)
      XCTAssertEqual(verify(result.packing!, for: instance), [], "seed \(seed)")
      let scaled = try instance.scaled()
      let minimumOfRoundedDown = bruteForceMinimumRows(sizes: scaled.boundSizes, capacity: scaled.boundCapacity)
      XCTAssertLessThanOrEqual(result.lowerBound.value, minimumOfRoundedDown, "seed \(seed)")
    }
  }
}

/// The most valuable pattern's value (every pattern enumerated): brute force
/// for the LP tests.
func bestPatternValue(sizes: [Int], demands: [Int], capacity: Int, values: [Double]) -> Double {
  var best = 0.0
  func enumerate(_ i: Int, _ room: Int, _ value: Double) {
    best = max(best, value)
    if i == sizes.count { return }
    var count = 0
    while count <= demands[i] && count * sizes[i] <= room {
      enumerate(i + 1, room - count * sizes[i], value + Double(count) * values[i])
      count += 1
    }
  }
  enumerate(0, capacity, 0)
  return best
}

/// Checks an LP solution's primal side: every pattern fits a row of
/// `capacity`, every amount is positive when `positiveAmounts`, and the
/// patterns cover the demands (with exchange columns, a larger item's place
/// may hold a smaller item: the demands of the largest k types are covered
/// by their places).
func assertPatternsFitAndCover(
  _ lp: GilmoreGomory, sizes: [Int], capacity: Int, demands: [Int], exchanges: Bool,
  positiveAmounts: Bool = false, _ context: String, file: StaticString = #filePath, line: UInt = #line
) {
  var covered = [Double](repeating: 0, count: sizes.count)
  for (pattern, amount) in zip(lp.patterns, lp.amounts) {
    XCTAssertLessThanOrEqual(zip(pattern, sizes).map { $0 * $1 }.reduce(0, +), capacity, context, file: file, line: line)
    if positiveAmounts { XCTAssertGreaterThan(amount, 0, context, file: file, line: line) }
    for i in sizes.indices { covered[i] += Double(pattern[i]) * amount }
  }
  var places = 0.0
  var needed = 0.0
  for i in sizes.indices {
    places = exchanges ? places + covered[i] : covered[i]
    needed = exchanges ? needed + Double(demands[i]) : Double(demands[i])
    XCTAssertGreaterThanOrEqual(places, needed - 1e-7, context, file: file, line: line)
  }
}
