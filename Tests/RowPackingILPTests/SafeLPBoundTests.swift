@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The row bound of GLPK column generation is Farley's bound in integer
/// arithmetic, never GLPK's objective rounded up: on small seeded instances
/// (small capacities and capacities near a million) it never exceeds the
/// brute-force optimum and equals the LP bound of the pure-Swift
/// ``GilmoreGomory``; where the LP sits just below an integer,
/// or exactly on one, the bound is that integer.
final class SafeLPBoundTests: XCTestCase {
  let far = TestDeadline.far

  /// The converged row bound of column generation on `sizes`.
  func rowBound(sizes: [Int], capacity: Int) throws -> (rows: Int, converged: Bool) {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let types = ItemTypes(sizes: sizes, capacity: capacity)
    let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
    let solution = try XCTUnwrap(try master.solve(until: far))
    return (solution.rowBound, solution.converged)
  }

  func testBoundIsNeverAboveTheOptimumAndMeetsTheLP() throws {
    var converged = 0
    for seed in UInt64(1)...40 {
      var random = SplitMix64(seed: seed)
      // Every third instance: rows of two or three items (widths in (C/4, C/2]).
      let (widths, small) = SmallInstance.draw(&random, itemCounts: 2...10, capacities: 20...99) { c in
        (seed % 3 == 0 ? c / 4 + 1 : 1)...(c / 2)
      }.pair
      // The same instance at a capacity near a million (pricing by branch and bound).
      let factor = seed % 2 == 0 ? 1 : 10_007
      let sizes = widths.map { $0 * factor + Int(random.next() % UInt64(factor)) }
      let capacity = small * factor
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let bound = try rowBound(sizes: sizes, capacity: capacity)
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      XCTAssertLessThanOrEqual(bound.rows, optimum, "a bound above the optimum: \(label)")
      // Converged, or stopped once the bound met the master's ceiling:
      // either way the LP bound.
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let lp = GilmoreGomory(sizes: types.sizes, demands: types.demands, capacity: capacity)
      XCTAssertTrue(lp.isOptimal, label)
      XCTAssertEqual(bound.rows, Int((lp.objective - 1e-7).rounded(.up)), "the LP bound: \(label)")
      if bound.converged { converged += 1 }
    }
    XCTAssertGreaterThan(converged, 5)
  }

  /// Items of 600 and 1 (times `unit`) in rows of 1000 units: the LP is
  /// `p + extra / 1000` for `p` large items and `400 p + extra` small ones
  /// (each row of a large item takes 400 small ones, the rest go 1000 to
  /// a row), and the optimum is its ceiling.
  func instance(large p: Int, extra: Int, unit: Int) -> (sizes: [Int], capacity: Int, optimum: Int) {
    let sizes = Array(repeating: 600 * unit, count: p) + Array(repeating: unit, count: 400 * p + extra)
    return (sizes, 1000 * unit, p + (extra + 999) / 1000)
  }

  func testLPJustBelowAnIntegerGivesThatInteger() throws {
    for unit in [1, 1009] {
      // LP = 3.999: the bound is 4.
      let below = instance(large: 3, extra: 999, unit: unit)
      XCTAssertEqual(try rowBound(sizes: below.sizes, capacity: below.capacity).rows, below.optimum, "unit \(unit)")
      XCTAssertEqual(below.optimum, 4)
      // LP = 4 exactly: the bound is 4, not 5.
      let exact = instance(large: 3, extra: 1000, unit: unit)
      XCTAssertEqual(try rowBound(sizes: exact.sizes, capacity: exact.capacity).rows, exact.optimum, "unit \(unit)")
      XCTAssertEqual(exact.optimum, 4)
    }
  }

  func testFarleyRowsAreExactWhereDoublesRoundUp() {
    // total = 7 (2^56 + 5): as doubles the quotient is a hair above 7.
    let value = (1 << 56) + 5
    let farley = GilmoreGomoryColumnGeneration.farley(weights: [value], demands: [7], value: value)
    XCTAssertGreaterThan((Double(7 * value) / Double(value)).rounded(.up), 7, "the doubles must mislead here")
    XCTAssertEqual(farley.rows, 7)
    XCTAssertEqual(GilmoreGomoryColumnGeneration.farley(weights: [value], demands: [7], value: value + 1).rows, 7)
    XCTAssertEqual(GilmoreGomoryColumnGeneration.farley(weights: [value, 1], demands: [7, 1], value: value).rows, 8)
    // An overflowing sum gives no bound rather than a wrong one.
    XCTAssertEqual(GilmoreGomoryColumnGeneration.farley(weights: [Int.max / 2], demands: [3], value: 5).rows, 0)
  }
}
