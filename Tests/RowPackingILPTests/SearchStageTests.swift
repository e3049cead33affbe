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
      let n = 4 + Int(random.next() % 8)
      let capacity = 20 + Int(random.next() % 60)
      let low = k % 2 == 0 ? 1 : capacity / 4 + 1
      let sizes = (0..<n).map { _ in low + Int(random.next() % UInt64(capacity - low + 1)) }
      return (sizes, capacity)
    }
  }

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

  func testBinCompletionAgreesWithBruteForce() {
    for (k, instance) in instances().enumerated() {
      let optimum = bruteForceMinimumRows(sizes: instance.sizes, capacity: instance.capacity)
      let types = ItemTypes(sizes: instance.sizes, capacity: instance.capacity)
      let search = BinCompletion(types: types)
      let deadline = ContinuousClock().now + .seconds(30)
      guard case .infeasible = search.decide(rows: optimum - 1, until: deadline).answer else {
        return XCTFail("instance \(k): \(optimum - 1) rows should be infeasible")
      }
      guard case .packing(let patterns) = search.decide(rows: optimum, until: deadline).answer else {
        return XCTFail("instance \(k): \(optimum) rows should give a packing")
      }
      assertPacks(patterns, types, rows: optimum, "instance \(k)")
    }
  }

  func testNearFullRowsModelAgreesWithBruteForce() throws {
    for (k, instance) in instances().enumerated() {
      let optimum = bruteForceMinimumRows(sizes: instance.sizes, capacity: instance.capacity)
      let types = ItemTypes(sizes: instance.sizes, capacity: instance.capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let deadline = ContinuousClock().now + .seconds(30)
      guard case .infeasible = try NearFullRowsModel(types: types, rows: optimum - 1).decide(session: session, until: deadline).answer else {
        return XCTFail("instance \(k): \(optimum - 1) rows should be infeasible")
      }
      guard case .packing(let patterns) = try NearFullRowsModel(types: types, rows: optimum).decide(session: session, until: deadline).answer else {
        return XCTFail("instance \(k): \(optimum) rows should give a packing")
      }
      assertPacks(patterns, types, rows: optimum, "instance \(k)")
    }
  }
}
