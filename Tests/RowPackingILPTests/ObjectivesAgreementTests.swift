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
}
