import RowPacking
import RowPackingILP
import XCTest

/// The pure-Swift objectives of issue 12 against their GLPK formulations.
final class ObjectivesAgreementTests: XCTestCase {
  func testBalancedRowsAgreeWithGLPK() throws {
    var compared = 0
    for seed in 0..<60 {
      var rng = SplitMix64(seed: UInt64(seed))
      let capacity = Int.random(in: 12...30, using: &rng)
      let widths = (0..<Int.random(in: 2...7, using: &rng)).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let instance = try Instance(widths: widths, rowWidth: capacity, spacing: Int.random(in: 0...2, using: &rng))
      let scaled = try instance.scaled()
      for measure in RowEvenness.allCases {
        for keepingOrder in [true, false] {
          let swift = try balanceRows(instance, measure: measure, keepingOrder: keepingOrder, budget: .unlimited)
          let emptySpaces = swift.packing.rows.map { scaled.capacity - $0.reduce(0) { $0 + scaled.sizes[$1] } }
          let model = BalancedRowsModel(
            sizes: scaled.sizes, capacity: scaled.capacity, rows: swift.packing.rowCount, measure: measure,
            keepingOrder: keepingOrder)
          let glpk = try model.solve()
          XCTAssertEqual(glpk.status, .optimal, "seed \(seed)")
          XCTAssertEqual(glpk.value, measure.cost(emptySpaces: emptySpaces).primary, "seed \(seed) \(measure) order kept \(keepingOrder): \(widths) in \(capacity)")
          if let packing = glpk.packing {
            XCTAssertEqual(verify(packing, for: instance), [], "GLPK's packing, seed \(seed)")
            if keepingOrder { XCTAssertEqual(packing.rows.flatMap { $0 }, Array(0..<widths.count)) }
          }
          compared += 1
        }
      }
    }
    XCTAssertEqual(compared, 240)
  }

  /// Every breakpoint of the exact step function is the least capacity of
  /// its row count (P||Cmax), solved by GLPK.
  func testExactBreakpointsAreLeastCapacities() throws {
    for seed in 0..<25 {
      var rng = SplitMix64(seed: UInt64(100 + seed))
      let widths = (0..<Int.random(in: 2...7, using: &rng)).map { _ in Double(Int.random(in: 1...25, using: &rng)) }
      let f = try rowsForEveryWidth(widths: widths, algorithm: .exact(.unlimited))
      let sizes = widths.map { Int($0) }
      for r in 1...f.steps[0].rows {
        let expected = f.steps.first { $0.rows <= r }!.capacity
        let glpk = try leastCapacityByGLPK(sizes: sizes, rows: r)
        XCTAssertEqual(glpk.status, .optimal)
        XCTAssertEqual(glpk.capacity, expected, "seed \(seed), \(r) rows, \(widths)")
      }
    }
  }

  /// The row limit with a "+k more" chip, in order and reordered, with and
  /// without priorities, against its GLPK model.
  func testRowLimitAgreesWithGLPK() throws {
    var compared = 0
    for seed in 0..<40 {
      var rng = SplitMix64(seed: UInt64(500 + seed))
      let capacity = Int.random(in: 12...30, using: &rng)
      let n = Int.random(in: 1...6, using: &rng)
      let widths = (0..<n).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let spacing = Int.random(in: 0...2, using: &rng)
      let instance = try Instance(widths: widths, rowWidth: capacity, spacing: spacing)
      let chips = (1...n).map { k in Swift.min(capacity, 3 + k) }
      let maxRows = Int.random(in: 1...3, using: &rng)
      let priorities: [Int]? = seed % 2 == 0 ? nil : (0..<n).map { _ in Int.random(in: 0...9, using: &rng) }
      for keepingOrder in [true, false] {
        let swift = try limitRows(
          instance, maxRows: maxRows, chipWidth: { Double(chips[$0 - 1]) }, priorities: priorities,
          keepingOrder: keepingOrder, budget: .unlimited)
        let model = RowLimitModel(
          sizes: widths.map { $0 + spacing }, chipSizes: chips.map { $0 + spacing }, capacity: capacity + spacing,
          maxRows: maxRows, values: priorities ?? [Int](repeating: 1, count: n), keepingOrder: keepingOrder)
        let glpk = try model.solve()
        XCTAssertEqual(glpk.status, .optimal, "seed \(seed)")
        XCTAssertEqual(glpk.value, swift.shownValue, "seed \(seed) order kept \(keepingOrder): \(widths) in \(capacity), N = \(maxRows)")
        XCTAssertTrue(swift.isProven)
        compared += 1
      }
    }
    XCTAssertEqual(compared, 80)
  }

  /// Rows against tags moved: every point of the Swift curve against the
  /// GLPK model for its row count, and one row fewer than the curve's last
  /// is infeasible for GLPK too.
  func testFewestMovesAgreeWithGLPK() throws {
    var compared = 0
    for seed in 0..<30 {
      var rng = SplitMix64(seed: UInt64(900 + seed))
      let capacity = Int.random(in: 12...30, using: &rng)
      let widths = (0..<Int.random(in: 2...7, using: &rng)).map { _ in Int.random(in: 1...capacity, using: &rng) }
      let spacing = Int.random(in: 0...2, using: &rng)
      let instance = try Instance(widths: widths, rowWidth: capacity, spacing: spacing)
      let tradeoff = try tradeoffRowsAndMoves(instance, budget: .unlimited)
      let sizes = widths.map { $0 + spacing }
      for point in tradeoff.points {
        let glpk = try FewestMovesModel(sizes: sizes, capacity: capacity + spacing, rows: point.rows).solve()
        XCTAssertEqual(glpk.status, .optimal, "seed \(seed)")
        XCTAssertEqual(glpk.moves, point.moves, "seed \(seed), \(point.rows) rows: \(widths) in \(capacity)")
        compared += 1
      }
      if let last = tradeoff.points.last, last.rows > 1 {
        let fewer = try FewestMovesModel(sizes: sizes, capacity: capacity + spacing, rows: last.rows - 1).solve()
        XCTAssertEqual(fewer.status, .infeasible, "seed \(seed): \(last.rows - 1) rows")
      }
    }
    XCTAssertGreaterThanOrEqual(compared, 30, "at least one point per instance")
  }
}
