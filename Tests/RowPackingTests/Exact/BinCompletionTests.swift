@testable import RowPacking
import TestSupport
import XCTest

/// The pure-Swift exact solver (bin completion) against brute force, and its
/// budget, bounds and statuses.
final class BinCompletionTests: XCTestCase {
  /// Thousands of seeded integer instances: the rows are the brute-force
  /// minimum, proven, and no bound exceeds it.
  func testAgreesWithBruteForceOnSeededIntegerInstances() throws {
    var proven = 0
    var searched = 0
    for seed in 0..<3000 {
      var rng = SplitMix64(seed: UInt64(seed))
      let instance = TestData.randomIntegerInstance(using: &rng, maxItems: 11, capacities: 10...60)
      let scaled = try instance.scaled()
      let minimum = bruteForceMinimumRows(sizes: scaled.sizes, capacity: scaled.capacity)
      XCTAssertLessThanOrEqual(scaled.dualFeasibleFunctionBound(), minimum, "DFF bound, seed \(seed)")
      let result = solveOptimally(instance, budget: .unlimited)
      XCTAssertEqual(result.status, .optimal, "seed \(seed): \(instance.widths) in \(instance.rowWidth)")
      XCTAssertEqual(result.rowCount, minimum, "seed \(seed): \(instance.widths) in \(instance.rowWidth)")
      XCTAssertLessThanOrEqual(result.lowerBound.value, minimum, "seed \(seed)")
      XCTAssertEqual(verify(result.packing!, for: instance), [], "seed \(seed)")
      if result.isProvenOptimal { proven += 1 }
      // Without the LP, bin completion itself has to prove it.
      let searchOnly = solveOptimally(scaled, budget: .unlimited, stages: ExactSearchStages(linearProgramming: false))
      XCTAssertTrue(searchOnly.isProvenOptimal, "seed \(seed)")
      XCTAssertEqual(searchOnly.packing.rowCount, minimum, "seed \(seed)")
      if [.binCompletion, .localSearch].contains(searchOnly.stage) { searched += 1 }
    }
    XCTAssertEqual(proven, 3000)
    // The search itself (not only the packers and bounds) is exercised:
    // since minimum bin slack joined the packers, on about ten of these
    // (testSearchRaisesTheBoundWhenRowsAboveTheSimpleBounds has more).
    XCTAssertGreaterThanOrEqual(searched, 5)
  }

  /// Instances where the packers miss and the simple bounds are weak: the
  /// search (without the LP) has to prove a count infeasible (the bound's source is `search`).
  func testSearchRaisesTheBoundWhenRowsAboveTheSimpleBounds() throws {
    var raised = 0
    for seed in 0..<400 {
      var rng = SplitMix64(seed: UInt64(10_000 + seed))
      let capacity = 100
      let widths = (0..<Int.random(in: 6...12, using: &rng)).map { _ in Int.random(in: 26...60, using: &rng) }
      let instance = try Instance(widths: widths, rowWidth: capacity)
      let minimum = bruteForceMinimumRows(sizes: widths, capacity: capacity)
      let result = solveOptimally(
        try instance.scaled(), budget: .unlimited, stages: ExactSearchStages(linearProgramming: false))
      XCTAssertEqual(result.packing.rowCount, minimum, "seed \(seed): \(widths)")
      XCTAssertTrue(result.isProvenOptimal)
      if result.lowerBound.source == .search { raised += 1 }
    }
    XCTAssertGreaterThan(raised, 0, "no instance needed the search to raise the bound")
  }

  /// Fractional widths: a proven result is the true optimum (between the
  /// brute-force minima of the rounded-down and rounded-up sizes), and a
  /// bound never exceeds the rounded-down minimum.
  func testFractionalWidthsProofHoldsForTheTrueWidths() throws {
    for seed in 0..<1500 {
      var rng = SplitMix64(seed: UInt64(50_000 + seed))
      let instance = TestData.randomFractionalInstance(using: &rng, maxItems: 10)
      let scaled = try instance.scaled()
      let low = bruteForceMinimumRows(sizes: scaled.boundSizes, capacity: scaled.boundCapacity)
      let high = bruteForceMinimumRows(sizes: scaled.sizes, capacity: scaled.capacity)
      let result = solveOptimally(instance, budget: .unlimited)
      XCTAssertEqual(verify(result.packing!, for: instance), [], "seed \(seed)")
      XCTAssertLessThanOrEqual(result.lowerBound.value, low, "seed \(seed): bound above the true optimum")
      XCTAssertEqual(result.rowCount, high, "seed \(seed): not the fewest rows of the packing sizes")
      if result.status == .optimal { XCTAssertEqual(result.rowCount, low, "seed \(seed)") }
      XCTAssertTrue(result.status == .optimal || result.status == .feasible, "seed \(seed): \(result.status)")
    }
  }

  /// Falkenauer-style triplets (every row filled exactly by three items):
  /// the search finds the n / 3 rows that the packers miss.
  func testTripletsAreSolvedAtTheirOptimum() throws {
    for seed in 0..<8 {
      var rng = SplitMix64(seed: UInt64(seed))
      let generated = InstanceGenerator.triplets.generate(name: "t", size: 60, using: &rng)
      let result = solveOptimally(generated.instance, budget: SearchBudget(timeLimit: .seconds(30)))
      XCTAssertEqual(result.status, SolveStatus.optimal, "seed \(seed)")
      XCTAssertEqual(result.rowCount, generated.optimum, "seed \(seed)")
    }
  }

  /// A budget of one node: a verified packing, a bound no higher than the
  /// optimum, and a status that does not claim optimality.
  func testExhaustedBudgetIsHonest() throws {
    var rng = SplitMix64(seed: 7)
    let generated = InstanceGenerator.triplets.generate(name: "t", size: 99, using: &rng)
    let result = solveOptimally(generated.instance, budget: SearchBudget(timeLimit: nil, nodeLimit: 1))
    let packing = try XCTUnwrap(result.packing)
    XCTAssertEqual(verify(packing, for: generated.instance), [])
    XCTAssertLessThanOrEqual(result.lowerBound.value, generated.optimum!)
    XCTAssertEqual(result.status, .timeLimit)
    XCTAssertFalse(result.isProvenOptimal)
    XCTAssertGreaterThan(packing.rowCount, generated.optimum!)
  }

  /// The app entry point of the README and the doc comment.
  func testPackRowsOptimallyAppEntryPoint() throws {
    let widths: [Double] = [96.5, 120, 64, 150, 88]
    let result = try packRowsOptimally(widths: widths, rowWidth: 358, spacing: 8)
    XCTAssertTrue(result.isProvenOptimal)
    XCTAssertEqual(result.rowCount, 2)
    XCTAssertThrowsError(try packRowsOptimally(widths: [-1], rowWidth: 10))
    XCTAssertThrowsError(try packRowsOptimally(widths: [20], rowWidth: 10))
  }
}
