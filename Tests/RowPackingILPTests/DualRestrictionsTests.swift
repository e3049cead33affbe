@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The dual restrictions from column generation
/// (``GilmoreGomoryColumnGeneration/dualRestrictions(vertices:epsilon:seed:until:)``)
/// on small seeded instances: each maximum weight is the exact maximum over
/// every pattern (brute force), so the restricted near-full-rows model
/// still finds a packing in the optimum's rows and none in one row fewer;
/// and the master's demands are the true ones afterwards (its LP bound is
/// unchanged). Sets from several calls (other perturbations) hold
/// together, as the pipeline accumulates them.
final class DualRestrictionsTests: XCTestCase {
  func testRestrictionsAreExactAndLoseNoPacking() throws {
    let far = TestDeadline.far
    var checked = 0
    for seed in UInt64(1)...30 {
      var random = SplitMix64(seed: seed)
      // Even seeds: rows of two or three items (sizes above a quarter).
      let (sizes, capacity) = SmallInstance.draw(&random, itemCounts: 4...11, capacities: 20...79) { c in
        let low = seed % 2 == 0 ? c / 4 + 1 : 1
        return low...(low + c / 2)
      }.pair
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let before = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
      // Two sets from other perturbations, accumulated as the pipeline does.
      let restrictions = try master.dualRestrictions(seed: seed, until: far)
        + master.dualRestrictions(epsilon: 0.3, seed: seed + 100, until: far)
      XCTAssertFalse(restrictions.isEmpty, "seed \(seed): converged, so restrictions")
      let every = try XCTUnwrap(NearFullRowsModel(types: types, rows: optimum).patterns(budget: capacity))
      for r in restrictions {
        let most = every.map { p in p.reduce(0) { $0 + r.weights[$1] } }.max() ?? 0
        XCTAssertEqual(r.maxWeight, most, "seed \(seed): the maximum weight is exact")
      }
      for rows in [optimum - 1, optimum] {
        let answer = try NearFullRowsModel(types: types, rows: rows, restrictions: restrictions)
          .decide(session: session, until: far).answer
        if rows < optimum {
          guard case .infeasible = answer else { return XCTFail("seed \(seed): \(rows) rows should be infeasible") }
        } else {
          guard case .packing = answer else { return XCTFail("seed \(seed): \(rows) rows should give a packing") }
        }
      }
      let after = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
      XCTAssertEqual(after.rowBound, before.rowBound, "seed \(seed): demands restored")
      checked += 1
    }
    XCTAssertEqual(checked, 30)
  }
}
