import RowPacking
import RowPackingILP
import TestSupport
import Testing

/// CI's optimality regression: a seeded sample of every BPPLIB set and of
/// each hard set at its fewest items, each solved by `exact`: the packing
/// verifies, its rows are the known optimum of optima.tsv, and they are
/// proven (the bound equals them). Skipped with a message when
/// ../shared is absent. The full sets are slow tests
/// (``BPPLIBOptimalityTests``, ``HardSetSampleTests``,
/// `PACKBENCH_SLOW_TESTS=1`).
///
/// The time limit only guards against a hang; nothing here depends on how
/// fast a solve is (scripts/exact-bpplib.sh and scripts/exact-hard.sh
/// measure that).
@Suite struct OptimalitySampleTests {
  static let seed: UInt64 = 37
  static let timeLimit = Duration.seconds(120)

  /// Instances drawn from each classic set (every file of the set, shuffled).
  static let classic = [
    ("Falkenauer_U", 3), ("Falkenauer_T", 3), ("Scholl_1", 3), ("Scholl_2", 3), ("Scholl_3", 1),
    ("Schwerin_1", 2), ("Schwerin_2", 2), ("Waescher", 2),
  ]
  /// Instances drawn from each hard set (its eight instances of fewest items, shuffled).
  static let hard = [("AI", 2), ("ANI", 1), ("GI", 1), ("Random", 3)]

  @Test(
    "A seeded sample of a classic BPPLIB set is proven at its known optimum",
    .enabled(if: TestData.bpplibDirectory != nil, Comment(rawValue: TestData.bpplibMissing)),
    arguments: classic)
  func classicSet(_ set: String, count: Int) throws {
    let sample = try BPPLIBFixture.sample(set: set, count: count, seed: Self.seed)
    #expect(sample.count == count, "\(set): \(sample.count) instances drawn, \(count) asked")
    for (known, instance) in sample { try checkProvenOptimal(instance, optimum: known.optimum, "\(set)/\(instance.name)") }
  }

  @Test(
    "A seeded sample of a hard BPPLIB set at its fewest items is proven at its known optimum",
    .enabled(if: TestData.bpplibHardDirectory != nil, Comment(rawValue: TestData.bpplibHardMissing)),
    arguments: hard)
  func hardSet(_ set: String, count: Int) throws {
    let sample = try HardSetFixture.sample(set: set, count: count, seed: Self.seed)
    #expect(sample.count == count, "\(set): \(sample.count) instances drawn, \(count) asked")
    for (known, instance) in sample { try checkProvenOptimal(instance, optimum: known.optimum, "\(set)/\(instance.name)") }
  }

  func checkProvenOptimal(_ instance: Instance, optimum: Int, _ name: String) throws {
    let result = solveExactly(instance, algorithm: .exact, options: ExactOptions(timeLimit: Self.timeLimit))
    let packing = try #require(result.packing, "\(name): no packing (\(result.status.name))")
    #expect(verify(packing, for: instance) == [], "\(name)")
    #expect(packing.rowCount == optimum, "\(name): rows")
    #expect(result.lowerBound.value == optimum, "\(name): bound (\(result.lowerBound.source))")
    #expect(result.status == .optimal, "\(name): \(result.status.name) \(result.status.message ?? "")")
  }
}
