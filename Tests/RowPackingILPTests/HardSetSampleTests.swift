import Foundation
import RowPacking
import RowPackingILP
import TestSupport
import XCTest

/// A short sample of the hard BPPLIB sets (AI, ANI, GI, Random in
/// `../shared/bpplib-hard`, or `$PACKBENCH_BPPLIB_HARD`), solved by `exact`
/// under a short time limit: every packing verifies, no packing has fewer
/// rows than the known optimum, no bound exceeds it, and "optimal" means
/// rows = optimum. A slow test (`PACKBENCH_SLOW_TESTS=1`); skipped with a
/// message when the sets are absent.
///
/// The sample: per set, the instances of the fewest items (the eight
/// smallest by n, ties by name), shuffled by SplitMix64 with a fixed seed,
/// the first few taken. The time limit only bounds the test's run time:
/// nothing here depends on how fast a solve is (scripts/exact-hard.sh
/// measures that).
final class HardSetSampleTests: XCTestCase {
  static let perSet = ["AI": 2, "ANI": 2, "GI": 1, "Random": 3]
  /// GI's instances are large (1000+ items, capacities up to 1.5 million):
  /// a short limit keeps the debug run short (pricing stops at the deadline).
  static let timeLimit = ["AI": Duration.seconds(4), "ANI": .seconds(4), "GI": .seconds(1), "Random": .seconds(4)]
  static let seed: UInt64 = 10

  func check(set: String) throws {
    try SlowTests.require("HardSetSampleTests (\(set))")
    for (entry, instance) in try HardSetFixture.sample(set: set, count: Self.perSet[set] ?? 1, seed: Self.seed) {
      let optimum = entry.optimum
      let result = solveExactly(
        instance, algorithm: .exact, options: ExactOptions(timeLimit: Self.timeLimit[set] ?? .seconds(4)))
      let name = "\(set)/\(instance.name)"
      let packing = try XCTUnwrap(result.packing, "\(name): no packing (\(result.status))")
      XCTAssertEqual(verify(packing, for: instance), [], name)
      XCTAssertGreaterThanOrEqual(packing.rowCount, optimum, "\(name): fewer rows than the known optimum")
      XCTAssertLessThanOrEqual(result.lowerBound.value, optimum, "\(name): a bound above the known optimum")
      if result.status == .optimal { XCTAssertEqual(packing.rowCount, optimum, name) }
      XCTAssertNotEqual(result.status.name, "error", "\(name): \(result.status.message ?? "")")
    }
  }

  func testAI() throws { try check(set: "AI") }
  func testANI() throws { try check(set: "ANI") }
  func testGI() throws { try check(set: "GI") }
  func testRandom() throws { try check(set: "Random") }
}
