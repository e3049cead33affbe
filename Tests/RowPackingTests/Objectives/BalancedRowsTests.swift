import RowPacking
import TestSupport
import XCTest

/// Balanced rows (fewest rows, then the most even) against brute force.
final class BalancedRowsTests: XCTestCase {
  private func randomInstance(_ seed: Int, maxItems: Int) throws -> Instance {
    var rng = SplitMix64(seed: UInt64(seed))
    let capacity = Int.random(in: 12...40, using: &rng)
    let n = Int.random(in: 1...maxItems, using: &rng)
    let spacing = Int.random(in: 0...2, using: &rng)
    let widths = (0..<n).map { _ in Int.random(in: 1...capacity, using: &rng) }
    return try Instance(widths: widths, rowWidth: capacity, spacing: spacing)
  }

  func testOrderKeptAgreesWithBruteForce() throws {
    for seed in 0..<400 {
      let instance = try randomInstance(seed, maxItems: 11)
      let scaled = try instance.scaled()
      for measure in RowEvenness.allCases {
        let result = try balanceRows(instance, measure: measure, keepingOrder: true)
        let expected = bruteForceBalancedCost(sizes: scaled.sizes, capacity: scaled.capacity, measure: measure, keepingOrder: true)
        let rows = result.packing.rows
        XCTAssertEqual(rows.flatMap { $0 }, Array(0..<instance.count), "order kept, seed \(seed)")
        XCTAssertEqual(rows.count, expected.rows, "seed \(seed) \(measure)")
        XCTAssertEqual(rows.count, NextFit().pack(scaled).rowCount, "seed \(seed)")
        let cost = measure.cost(emptySpaces: rows.map { scaled.capacity - $0.reduce(0) { $0 + scaled.sizes[$1] } })
        XCTAssertEqual(cost.primary, expected.primary, "seed \(seed) \(measure) \(instance.widths) in \(instance.rowWidth)")
        if measure == .largestEmptySpace { XCTAssertEqual(cost.secondary, expected.secondary, "seed \(seed) tie-break") }
        XCTAssertTrue(result.isEvennessProven && result.isRowCountProven)
        XCTAssertEqual(verify(result.packing, for: instance), [])
      }
    }
  }

  func testReorderedAgreesWithBruteForce() throws {
    for seed in 1000..<1300 {
      let instance = try randomInstance(seed, maxItems: 8)
      let scaled = try instance.scaled()
      for measure in RowEvenness.allCases {
        let result = try balanceRows(instance, measure: measure, keepingOrder: false, budget: .unlimited)
        let expected = bruteForceBalancedCost(sizes: scaled.sizes, capacity: scaled.capacity, measure: measure, keepingOrder: false)
        let rows = result.packing.rows
        XCTAssertEqual(rows.count, expected.rows, "seed \(seed)")
        let cost = measure.cost(emptySpaces: rows.map { scaled.capacity - $0.reduce(0) { $0 + scaled.sizes[$1] } })
        XCTAssertEqual(cost.primary, expected.primary, "seed \(seed) \(measure) \(instance.widths) in \(instance.rowWidth)")
        // The tie-break is not part of the reordered proof: never better than the best, though.
        XCTAssertGreaterThanOrEqual(cost.secondary, expected.secondary, "seed \(seed) \(measure) secondary")
        XCTAssertTrue(result.isEvennessProven && result.isRowCountProven, "seed \(seed)")
        XCTAssertEqual(verify(result.packing, for: instance), [])
        XCTAssertTrue(rows.allSatisfy { !$0.isEmpty })
      }
    }
  }

  /// A budget of a few nodes ends the search honestly: a valid packing
  /// with the fewest rows found, evenness not claimed.
  func testExhaustedBudgetIsReportedNotClaimed() throws {
    var rng = SplitMix64(seed: 7)
    let widths = (0..<40).map { _ in Double(Int.random(in: 20...140, using: &rng)) }
    let instance = try Instance(widths: widths, rowWidth: 358, spacing: 8)
    let result = try balanceRows(instance, keepingOrder: false, budget: SearchBudget(timeLimit: nil, nodeLimit: 50))
    XCTAssertFalse(result.isEvennessProven)
    XCTAssertEqual(verify(result.packing, for: instance), [])
    XCTAssertLessThanOrEqual(result.largestEmptySpace, try balanceRows(instance, keepingOrder: true).largestEmptySpace + 358)
  }

  /// The app entry point: the documented example keeps the order and is proven.
  func testAppEntryPoint() throws {
    let balanced = try packRowsBalanced(widths: [96.5, 120, 64, 150, 88], rowWidth: 358, spacing: 8)
    XCTAssertEqual(balanced.packing.rows.flatMap { $0 }, [0, 1, 2, 3, 4])
    XCTAssertEqual(balanced.packing.rowCount, 2)
    XCTAssertTrue(balanced.isEvennessProven && balanced.isRowCountProven)
    // [0 1 2 | 3 4] leaves 61.5 and 112 pt empty; [0 1 | 2 3 4] would leave 133.5 and 40.
    XCTAssertEqual(balanced.packing.rows, [[0, 1, 2], [3, 4]])
    XCTAssertEqual(balanced.largestEmptySpace, 112, accuracy: 1e-9)
  }

  /// Fractional widths: the empty spaces are reported for the true widths.
  func testEmptySpacesAreInPointsForTrueWidths() throws {
    let instance = try Instance(widths: [10.25, 20.5, 30.75, 5.5], rowWidth: 40, spacing: 1.5)
    let result = try balanceRows(instance, keepingOrder: true)
    for (row, empty) in zip(result.packing.rows, result.emptySpaces) {
      let used = row.reduce(0) { $0 + instance.widths[$1] } + Double(row.count - 1) * 1.5
      XCTAssertEqual(empty, 40 - used, accuracy: 1e-9)
    }
  }
}
