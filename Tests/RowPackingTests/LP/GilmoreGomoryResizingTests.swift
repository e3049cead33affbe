@testable import RowPacking
import TestSupport
import XCTest

/// Column generation solved again for other sizes of the same item types
/// (a fractional instance's bound sizes after its packing sizes), from the
/// first solve's basis, against a cold solve on the new sizes and brute
/// force.
final class GilmoreGomoryResizingTests: XCTestCase {
  /// Seeded small LPs solved on sizes rounded up, then again from their
  /// basis on the sizes rounded down (each at most the first, in a
  /// capacity at least as large) or, every fourth seed, on larger sizes
  /// (some basic patterns no longer fit): the resized solution is optimal,
  /// its patterns fit the new sizes and cover the demands, its duals are
  /// feasible for every pattern (enumerated by brute force), and its
  /// optimum is the cold solve's.
  func testResizedSolveReachesTheColdOptimum() {
    var fewerPivots = 0
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(320_000 + seed))
      let capacity = Int.random(in: 20...100, using: &rng)
      let types = Int.random(in: 1...7, using: &rng)
      let sizes = Array(Set((0..<types).map { _ in Int.random(in: 2...capacity, using: &rng) })).sorted(by: >)
      let demands = sizes.map { _ in Int.random(in: 1...5, using: &rng) }
      let exchanges = Bool.random(using: &rng)
      let grows = seed % 4 == 3
      let newCapacity = grows ? capacity : capacity + Int.random(in: 0...2, using: &rng)
      // Each size moved by at most 2 (down, or up when `grows`), the order kept.
      var newSizes = sizes.map { s in
        grows ? min(newCapacity, s + Int.random(in: 0...2, using: &rng)) : max(1, s - Int.random(in: 0...2, using: &rng))
      }
      for i in newSizes.indices.dropFirst() { newSizes[i] = min(newSizes[i], newSizes[i - 1]) }
      let parent = GilmoreGomory(
        sizes: sizes, demands: demands, capacity: capacity, tolerance: 1e-9, exchanges: exchanges)
      let resized = GilmoreGomory(resizing: parent, sizes: newSizes, capacity: newCapacity, tolerance: 1e-9)
      let cold = GilmoreGomory(
        sizes: newSizes, demands: demands, capacity: newCapacity, tolerance: 1e-9, exchanges: exchanges)
      let context = "seed \(seed): sizes \(sizes) in \(capacity) -> \(newSizes) in \(newCapacity), \(demands), exchanges \(exchanges)"
      XCTAssertTrue(resized.isOptimal, context)
      XCTAssertTrue(cold.isOptimal, context)
      XCTAssertEqual(resized.exchanges, exchanges, context)
      if resized.iterations < cold.iterations { fewerPivots += 1 }
      // Primal: the patterns fit the new sizes and cover the demands (with
      // exchange columns, by the places of the largest types).
      assertPatternsFitAndCover(
        resized, sizes: newSizes, capacity: newCapacity, demands: demands, exchanges: exchanges, context)
      // Dual: y >= 0, y a <= 1 for every pattern of the new sizes, y d = the objective = the cold optimum.
      XCTAssertTrue(resized.duals.allSatisfy { $0 >= -1e-9 }, context)
      let worst = bestPatternValue(sizes: newSizes, demands: demands, capacity: newCapacity, values: resized.duals)
      XCTAssertLessThanOrEqual(worst, 1 + 1e-7, context)
      let dualObjective = zip(resized.duals, demands).map { $0 * Double($1) }.reduce(0, +)
      XCTAssertEqual(dualObjective, resized.objective, accuracy: 1e-6, context)
      XCTAssertEqual(resized.objective, cold.objective, accuracy: 1e-6, context)
    }
    XCTAssertGreaterThan(fewerPivots, 100)
  }
}
