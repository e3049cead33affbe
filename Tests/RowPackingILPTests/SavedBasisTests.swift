@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The master's saved basis (``GilmoreGomoryColumnGeneration/saveBasis()``,
/// ``GilmoreGomoryColumnGeneration/restore(_:)``) and the known bound of
/// ``GilmoreGomoryColumnGeneration/solve(until:enough:toConvergence:knownBound:)``,
/// on seeded small instances: a restored basis gives the same LP optimum
/// as the core's dense simplex (the reference), in no simplex iteration
/// when no column was added since; a solve that stops at the known bound
/// has the LP bound's ceiling (the LP optimum where the items fill the
/// rows exactly) and a bound never above the brute-force optimum.
final class SavedBasisTests: XCTestCase {
  let far = TestDeadline.far

  /// The core's LP optimum for `demands` of `types`.
  func referenceLP(_ types: ItemTypes, demands: [Int]) -> Double {
    let t = demands.indices.filter { demands[$0] > 0 }
    let lp = GilmoreGomory(sizes: t.map { types.sizes[$0] }, demands: t.map { demands[$0] }, capacity: types.capacity)
    XCTAssertTrue(lp.isOptimal)
    return lp.objective
  }

  /// The pattern values cover the master's demands, up to the exchange
  /// columns (a slot of a larger type holds a smaller item): for every
  /// size, the slots of that size or larger cover the items of that size
  /// or larger (types are by decreasing size).
  func assertCovers(_ values: [Double], _ master: GilmoreGomoryColumnGeneration, _ label: String) {
    var covered = [Double](repeating: 0, count: master.types.count)
    for (k, x) in values.enumerated() where x > 0 { for t in master.patterns[k] { covered[t] += x } }
    var slots = 0.0, items = 0
    for t in 0..<master.types.count {
      slots += covered[t]
      items += master.demands[t]
      XCTAssertGreaterThanOrEqual(slots, Double(items) - 1e-6, "type \(t): \(label)")
    }
  }

  func testRestoredBasisGivesTheLPOptimumAgain() throws {
    for seed in UInt64(1)...30 {
      var random = SplitMix64(seed: seed &+ 501)
      let (sizes, capacity) = SmallInstance.draw(&random, itemCounts: 4...12, capacities: 20...99) { c in
        (c / 6 + 1)...(2 * c / 3)
      }.pair
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let root = try XCTUnwrap(try master.solve(until: far, toConvergence: true), label)
      XCTAssertEqual(root.masterObjective, referenceLP(types, demands: types.demands), accuracy: 1e-6, label)
      let saved = try master.saveBasis()
      // Unchanged: the restored basis is optimal at once.
      try master.restore(saved)
      let before = try master.problem.iterationCount()
      let again = try XCTUnwrap(try master.solve(until: far, toConvergence: true), label)
      XCTAssertEqual(try master.problem.iterationCount(), before, "pivots on the saved optimal basis: \(label)")
      XCTAssertEqual(again.masterObjective, root.masterObjective, accuracy: 1e-9, label)
      // A residual (about half of each demand), solved, then back.
      let residual = types.demands.map { $0 / 2 + Int(random.next() % 2) * ($0 % 2) }
      if residual.reduce(0, +) > 0 {
        try master.setDemands(residual)
        let lower = try XCTUnwrap(try master.solve(until: far, toConvergence: true), label)
        XCTAssertEqual(lower.masterObjective, referenceLP(types, demands: residual), accuracy: 1e-6, label)
      }
      try master.restore(saved)
      XCTAssertEqual(master.demands, types.demands, label)
      let back = try XCTUnwrap(try master.solve(until: far, toConvergence: true), label)
      XCTAssertTrue(back.converged, label)
      XCTAssertEqual(back.masterObjective, root.masterObjective, accuracy: 1e-6, label)
      assertCovers(back.values, master, label)
    }
  }

  func testKnownBoundStopsAtTheLPBound() throws {
    var stopped = 0
    for seed in UInt64(1)...40 {
      var random = SplitMix64(seed: seed &+ 907)
      // Half of the instances are perfect packings (rows exactly full): the
      // LP meets L1 there.
      let perfect = seed % 2 == 0
      let capacity = 30 + Int(random.next() % 70)
      var sizes: [Int] = []
      if perfect {
        for _ in 0..<(2 + Int(random.next() % 3)) {
          let cut = 1 + Int(random.next() % UInt64(capacity - 1))
          let cut2 = 1 + Int(random.next() % UInt64(capacity - 1))
          let (a, b) = (min(cut, cut2), max(cut, cut2))
          sizes += [a, b - a, capacity - b].filter { $0 > 0 }
        }
      } else {
        sizes = (0..<(4 + Int(random.next() % 8))).map { _ in capacity / 5 + 1 + Int(random.next() % UInt64(capacity / 2)) }
      }
      let label = "seed \(seed): sizes \(sizes), capacity \(capacity)"
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let l1 = (sizes.reduce(0, +) + capacity - 1) / capacity
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let lp = referenceLP(types, demands: types.demands)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let solution = try XCTUnwrap(try master.solve(until: far, knownBound: l1), label)
      XCTAssertLessThanOrEqual(solution.rowBound, optimum, "a bound above the optimum: \(label)")
      XCTAssertGreaterThanOrEqual(solution.rowBound, l1, label)
      XCTAssertGreaterThanOrEqual(solution.masterObjective, lp - 1e-6, label)
      assertCovers(solution.values, master, label)
      if Int((solution.masterObjective - 1e-6).rounded(.up)) <= l1 {
        stopped += 1
        // Stopped at the known bound: its ceiling is the LP bound, and where
        // the items fill the rows exactly, the master is the LP optimum.
        XCTAssertEqual(Int((lp - 1e-7).rounded(.up)), l1, label)
        if sizes.reduce(0, +) % capacity == 0 { XCTAssertEqual(solution.masterObjective, lp, accuracy: 1e-6, label) }
      } else {
        // A restricted master's optimum is never below the LP's.
        XCTAssertGreaterThanOrEqual(solution.masterObjective, lp - 1e-6, label)
      }
    }
    XCTAssertGreaterThan(stopped, 5, "the known bound never ended a solve")
  }

  /// A basis GLPK cannot factorise (here two equal columns both basic)
  /// does not end the solve: ``GLPKProblem/solveLP(timeLimit:dual:dualTolerance:primalTolerance:)``
  /// starts again from the standard basis, and the optimum comes out.
  /// Without that, glp_simplex's "singular matrix" is thrown.
  func testSingularBasisIsReplacedByTheStandardBasis() throws {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    // minimise x + y  s.t.  x + y >= 2,  x + y <= 5.
    let model = LinearModel(
      rows: [.atLeast(2), .atMost(5)],
      columns: [.init(objective: 1, entries: [(0, 1), (1, 1)]), .init(objective: 1, entries: [(0, 1), (1, 1)])])
    for dual in [false, true] {
      let problem = try GLPKProblem(session: session, model: model)
      // GLPK's statuses: 1 basic (GLP_BS), 2 non-basic at the lower bound (GLP_NL).
      try problem.setBasis(GLPKProblem.Basis(rows: [2, 2], columns: [1, 1]))
      let solution = try problem.solveLP(timeLimit: .seconds(10), dual: dual)
      XCTAssertEqual(solution.status, .optimal, "dual \(dual)")
      XCTAssertEqual(solution.objective, 2, accuracy: 1e-9, "dual \(dual)")
    }
  }
}
