@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The stages that decide whether the items fit in a given number of rows
/// (bin completion, and the GLPK MIP over near-full rows), checked against
/// brute force on small seeded instances: one row fewer than the optimum is
/// infeasible, the optimum's rows give a packing.
final class SearchStageTests: XCTestCase {
  func instances() -> [(sizes: [Int], capacity: Int)] {
    var random = SplitMix64(seed: 77)
    return (0..<60).map { k in
      // Odd k: rows of two or three items (sizes above a quarter).
      SmallInstance.draw(&random, itemCounts: 4...11, capacities: 20...79) { c in
        (k % 2 == 0 ? 1 : c / 4 + 1)...c
      }.pair
    }
  }

  func testBinCompletionAgreesWithBruteForce() {
    for (k, instance) in instances().enumerated() {
      let optimum = bruteForceMinimumRows(sizes: instance.sizes, capacity: instance.capacity)
      let types = ItemTypes(sizes: instance.sizes, capacity: instance.capacity)
      let search = BinCompletionDecision(types: types)
      let deadline = ContinuousClock().now + .seconds(30)
      assertDecides(types, optimum: optimum, "instance \(k)") { search.decide(rows: $0, until: deadline).answer }
    }
  }

  func testNearFullRowsModelAgreesWithBruteForce() throws {
    for (k, instance) in instances().enumerated() {
      let optimum = bruteForceMinimumRows(sizes: instance.sizes, capacity: instance.capacity)
      let types = ItemTypes(sizes: instance.sizes, capacity: instance.capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let deadline = ContinuousClock().now + .seconds(30)
      try assertDecides(types, optimum: optimum, "instance \(k)") {
        try NearFullRowsModel(types: types, rows: $0).decide(session: session, until: deadline).answer
      }
    }
  }

  /// The dual restrictions of the near-full-rows model lose no packing,
  /// whatever the weights (random, proportional to the sizes as LP duals
  /// nearly are, or zero; one restriction or two at once): the optimum's
  /// rows still give a packing, one row fewer is still infeasible, and the
  /// enumeration (pruned by weight bounds, exact or Dantzig's) yields exactly
  /// the unrestricted patterns of enough weight under every restriction.
  func testDualRestrictionsLoseNoPacking() throws {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    var random = SplitMix64(seed: 78)
    for (k, instance) in instances().enumerated() {
      let optimum = bruteForceMinimumRows(sizes: instance.sizes, capacity: instance.capacity)
      let types = ItemTypes(sizes: instance.sizes, capacity: instance.capacity)
      func someWeights(_ kind: Int) -> [Int] {
        switch kind % 3 {
        case 0: return types.sizes.map { _ in Int(random.next() % 1000) }
        case 1: return types.sizes.map { $0 * 1000 / types.capacity + Int(random.next() % 3) }
        default: return [Int](repeating: 0, count: types.count)
        }
      }
      let every = try XCTUnwrap(NearFullRowsModel(types: types, rows: optimum).patterns(budget: types.capacity))
      let kinds = k % 4 < 2 ? [k] : [k, k + 1]
      let restrictions = kinds.map { kind -> NearFullRowsModel.DualRestriction in
        let weights = someWeights(kind)
        let maxWeight = every.map { p in p.reduce(0) { $0 + weights[$1] } }.max() ?? 0
        return NearFullRowsModel.DualRestriction(weights: weights, maxWeight: maxWeight)
      }
      for rows in [optimum - 1, optimum] {
        var model = NearFullRowsModel(types: types, rows: rows, restrictions: restrictions)
        // Half the instances bound the weight by Dantzig's relaxation, not the exact table.
        if k % 2 == 1 { model.weightTableLimit = 0 }
        let deadline = ContinuousClock().now + .seconds(30)
        let answer = try model.decide(session: session, until: deadline).answer
        if rows < optimum {
          guard case .infeasible = answer else { return XCTFail("instance \(k): \(rows) rows should be infeasible") }
        } else {
          guard case .packing(let patterns) = answer else { return XCTFail("instance \(k): \(rows) rows should give a packing") }
          assertPacks(patterns, types, rows: rows, "instance \(k)")
        }
        guard let least = model.leastRowWeights() else { continue }
        let budget = rows * types.capacity - zip(types.sizes, types.demands).reduce(0) { $0 + $1.0 * $1.1 }
        guard budget >= 0 else { continue }
        let pruned = try XCTUnwrap(model.patterns(budget: budget, leastWeights: least))
        let unpruned = try XCTUnwrap(NearFullRowsModel(types: types, rows: rows).patterns(budget: budget))
        let expected = unpruned.filter { p in
          restrictions.indices.allSatisfy { i in p.reduce(0) { $0 + restrictions[i].weights[$1] } >= least[i] }
        }
        XCTAssertEqual(Set(pruned), Set(expected), "instance \(k), \(rows) rows")
      }
    }
  }
}

extension XCTestCase {
  /// Checks a pattern list packs exactly the demands within the capacity.
  func assertPacks(_ patterns: [Pattern], _ types: ItemTypes, rows: Int, _ message: String) {
    XCTAssertLessThanOrEqual(patterns.count, rows, message)
    var used = [Int](repeating: 0, count: types.count)
    for p in patterns {
      XCTAssertLessThanOrEqual(types.load(of: p), types.capacity, message)
      for t in p { used[t] += 1 }
    }
    XCTAssertEqual(used, types.demands, message)
  }

  /// Checks a decision on the rows against a brute-force optimum: one row
  /// fewer is infeasible, and the optimum's rows give a packing of the
  /// demands (``assertPacks(_:_:rows:_:)``).
  func assertDecides(
    _ types: ItemTypes, optimum: Int, _ message: String,
    decide: (_ rows: Int) throws -> BinCompletionDecision.Answer
  ) rethrows {
    guard case .infeasible = try decide(optimum - 1) else {
      return XCTFail("\(message): \(optimum - 1) rows should be infeasible")
    }
    guard case .packing(let patterns) = try decide(optimum) else {
      return XCTFail("\(message): \(optimum) rows should give a packing")
    }
    assertPacks(patterns, types, rows: optimum, message)
  }
}
