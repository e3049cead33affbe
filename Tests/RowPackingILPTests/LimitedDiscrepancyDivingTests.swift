@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The diving search with limited discrepancies, against brute force on
/// small seeded instances: it never returns a packing in fewer rows than
/// the optimum, every packing it returns holds every item within the
/// capacity, and with the exact completion of small residuals it finds a
/// packing in the optimum's rows (the same decision as brute force).
final class LimitedDiscrepancyDivingTests: XCTestCase {
  /// Seeded instances where the packers often miss the optimum: widths in
  /// (C/5, 2C/3), up to 12 items.
  func instances() -> [(sizes: [Int], capacity: Int)] {
    var random = SplitMix64(seed: 1010)
    return (0..<40).map { _ in
      let n = 5 + Int(random.next() % 8)
      let capacity = 30 + Int(random.next() % 70)
      let low = capacity / 5 + 1
      let high = 2 * capacity / 3
      return ((0..<n).map { _ in low + Int(random.next() % UInt64(high - low + 1)) }, capacity)
    }
  }

  /// Checks that the patterns pack exactly the demands, each within the capacity.
  func assertPacks(_ patterns: [Pattern], _ types: ItemTypes, _ message: String) {
    var used = [Int](repeating: 0, count: types.count)
    for p in patterns {
      XCTAssertLessThanOrEqual(types.load(of: p), types.capacity, message)
      for t in p { used[t] += 1 }
    }
    XCTAssertEqual(used, types.demands, message)
  }

  /// Runs the search for `target` rows; the incumbent is one row per item
  /// (so any packing it finds is returned).
  func search(
    _ types: ItemTypes, target: Int, exactItems: Int, maxDiscrepancy: Int
  ) throws -> LimitedDiscrepancyDiving.Outcome {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
    var diving = LimitedDiscrepancyDiving(master: master, target: target)
    diving.exactItems = exactItems
    diving.maxDiscrepancy = maxDiscrepancy
    diving.maxRestarts = 3
    let items = types.demands.reduce(0, +)
    return try diving.run(until: ContinuousClock().now + .seconds(30), incumbentRows: items + 1)
  }

  func testNeverFewerRowsThanTheOptimumAndEveryPackingValid() throws {
    for (k, instance) in instances().enumerated() {
      let optimum = bruteForceMinimumRows(sizes: instance.sizes, capacity: instance.capacity)
      let types = ItemTypes(sizes: instance.sizes, capacity: instance.capacity)
      for exactItems in [0, 60] {
        for target in [optimum - 1, optimum] {
          let message = "instance \(k) \(instance), target \(target), exact completion up to \(exactItems) items"
          let outcome = try search(types, target: target, exactItems: exactItems, maxDiscrepancy: 2)
          XCTAssertFalse(outcome.timedOut, message)
          // Below L1 the root is pruned before any packing is tried.
          if target < optimum && outcome.patterns == nil { continue }
          let patterns = try XCTUnwrap(outcome.patterns, message)
          XCTAssertGreaterThanOrEqual(patterns.count, optimum, message)
          assertPacks(patterns, types, message)
          if exactItems > 0 && target == optimum {
            // The same decision as brute force: a packing in the optimum's rows.
            XCTAssertEqual(patterns.count, optimum, message)
          }
        }
      }
    }
  }

  func testTheLPDrivenDivesAloneReachTheOptimumOnMost() throws {
    // No exact completion: the packing comes from the LP's columns, the
    // packers on the residual, and the backtracking. Not a guarantee, but
    // most of these small instances must be solved, or the dives are broken.
    var reached = 0
    var beyondPackers = 0
    var solvedLPs = 0
    let all = instances()
    for instance in all {
      let optimum = bruteForceMinimumRows(sizes: instance.sizes, capacity: instance.capacity)
      let types = ItemTypes(sizes: instance.sizes, capacity: instance.capacity)
      let greedy = types.greedyCompletion(types.demands).count
      let outcome = try search(types, target: optimum, exactItems: 0, maxDiscrepancy: 2)
      if outcome.lpSolves > 0 { solvedLPs += 1 }
      if outcome.patterns?.count == optimum {
        reached += 1
        if greedy > optimum { beyondPackers += 1 }
      }
    }
    XCTAssertGreaterThanOrEqual(reached, all.count * 9 / 10, "reached the optimum on \(reached) of \(all.count)")
    XCTAssertGreaterThan(beyondPackers, 0, "no instance where the packers miss the optimum was solved by the dives")
    XCTAssertGreaterThan(solvedLPs, 0, "the LP was never solved: the dives were not exercised")
  }

  func testExactCompletionMapsTheResidualBackToItsTypes() {
    var random = SplitMix64(seed: 99)
    for k in 0..<30 {
      let capacity = 40 + Int(random.next() % 40)
      let sizes = (0..<(6 + Int(random.next() % 8))).map { _ in 1 + Int(random.next() % UInt64(capacity)) }
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      // A residual: every other type at its demand, the rest at zero.
      let residual = types.demands.indices.map { $0 % 2 == 0 ? types.demands[$0] : 0 }
      let residualSizes = residual.indices.flatMap { repeatElement(types.sizes[$0], count: residual[$0]) }
      let optimum = bruteForceMinimumRows(sizes: residualSizes, capacity: capacity)
      let deadline = ContinuousClock().now + .seconds(30)
      guard case .packing(let patterns) = types.exactCompletion(residual, rows: optimum, nodeLimit: 1_000_000, until: deadline).answer
      else { return XCTFail("residual \(k): \(optimum) rows should give a packing") }
      XCTAssertLessThanOrEqual(patterns.count, optimum)
      var used = [Int](repeating: 0, count: types.count)
      for p in patterns {
        XCTAssertLessThanOrEqual(types.load(of: p), capacity, "residual \(k)")
        for t in p { used[t] += 1 }
      }
      XCTAssertEqual(used, residual, "residual \(k)")
      guard case .infeasible = types.exactCompletion(residual, rows: optimum - 1, nodeLimit: 1_000_000, until: deadline).answer
      else { return XCTFail("residual \(k): \(optimum - 1) rows should be infeasible") }
    }
  }
}
