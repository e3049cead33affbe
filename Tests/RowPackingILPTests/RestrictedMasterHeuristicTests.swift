@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// ``RestrictedMasterHeuristic`` against brute force on small seeded
/// instances whose sizes sum to exactly K rows (half cut from K full rows,
/// so feasible): over a random part of the exactly-full patterns (and some
/// that no K-row packing can use: too big for the demands, or not full),
/// its packing is valid and made of pool rows, and it finds one exactly
/// when brute force finds a K-row packing whose rows are all in the pool.
final class RestrictedMasterHeuristicTests: XCTestCase {
  /// Sizes summing to exactly `rows` rows of `capacity`: cut from full rows
  /// when `cut`, else drawn at random and filled up.
  static func exactlyFullSizes(_ random: inout SplitMix64, capacity: Int, rows: Int, cut: Bool) -> [Int] {
    if cut { return sizesCutFromFullRows(&random, capacity: capacity, rows: rows) }
    var sizes: [Int] = []
    var total = 0
    while total < rows * capacity {
      let s = min(rows * capacity - total, capacity / 4 + Int(random.next() % UInt64(capacity / 2)))
      sizes.append(s)
      total += s
    }
    return sizes
  }

  func testFindsAPackingExactlyWhenThePoolHoldsOne() throws {
    var random = SplitMix64(seed: 4040)
    let far = ContinuousClock().now + .seconds(60)
    var found = 0, notFound = 0, relaxAndFixRuns = 0
    for k in 0..<160 {
      let capacity = 12 + Int(random.next() % 30)
      let rows = 2 + Int(random.next() % 3)
      let sizes = Self.exactlyFullSizes(&random, capacity: capacity, rows: rows, cut: k % 2 == 0)
      if sizes.count > 10 { continue }  // keep brute force fast
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let full = try XCTUnwrap(NearFullRowsModel(types: types, rows: rows).patterns(budget: 0))
      // A random part of the exactly-full rows, in a random order, some
      // twice, with rows that no packing in `rows` rows can use.
      var pool: [Pattern] = []
      let keep = 30 + random.next() % 70  // percent
      for p in full where random.next() % 100 < keep {
        pool.append(p)
        if random.next() % 4 == 0 { pool.append(p) }
      }
      pool.append([0])  // not full (the largest item alone is rarely a full row)
      pool.append(Array(repeating: types.count - 1, count: types.demands[types.count - 1] + 1))
      for i in stride(from: pool.count - 1, to: 0, by: -1) { pool.swapAt(i, Int(random.next() % UInt64(i + 1))) }
      let inPool = Set(pool)
      let packingsInPool = types.allPackings(limit: rows).filter { rowsOf in
        rowsOf.count <= rows && rowsOf.allSatisfy { inPool.contains($0) }
      }
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      var heuristic = RestrictedMasterHeuristic(types: types, rows: rows)
      heuristic.relaxAndFix = k % 3 == 0
      heuristic.feasibilityPump = k % 2 == 0
      relaxAndFixRuns += heuristic.relaxAndFix ? 1 : 0
      let outcome = try heuristic.run(session: session, pool: pool, until: far)
      let message = "instance \(k): sizes \(sizes), capacity \(capacity), \(rows) rows, pool \(pool)"
      XCTAssertLessThanOrEqual(outcome.candidates, full.count, message)
      if let patterns = outcome.patterns {
        XCTAssertFalse(packingsInPool.isEmpty, message)
        XCTAssertLessThanOrEqual(patterns.count, rows, message)
        var used = [Int](repeating: 0, count: types.count)
        for p in patterns {
          XCTAssertTrue(inPool.contains(p), message)
          XCTAssertLessThanOrEqual(types.load(of: p), capacity, message)
          for t in p { used[t] += 1 }
        }
        XCTAssertEqual(used, types.demands, message)
        found += 1
      } else {
        XCTAssertTrue(packingsInPool.isEmpty, message)
        XCTAssertTrue(outcome.poolInfeasible, message + ": no limit was set")
        notFound += 1
      }
    }
    XCTAssertGreaterThan(found, 20)
    XCTAssertGreaterThan(notFound, 10)
    XCTAssertGreaterThan(relaxAndFixRuns, 10)
  }

  /// The filters lose no packing: under the dual restrictions of the full
  /// LP (every row of a K-row packing meets them), the candidates hold
  /// every row of every K-row packing.
  func testDualRestrictionsKeepEveryPackingsRows() throws {
    var random = SplitMix64(seed: 5050)
    let far = ContinuousClock().now + .seconds(60)
    var checked = 0
    for k in 0..<60 {
      let capacity = 12 + Int(random.next() % 30)
      let rows = 2 + Int(random.next() % 3)
      let sizes = Self.exactlyFullSizes(&random, capacity: capacity, rows: rows, cut: true)
      if sizes.count > 10 { continue }
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let restrictions = try master.dualRestrictions(seed: UInt64(k + 1), until: far)
      let full = try XCTUnwrap(NearFullRowsModel(types: types, rows: rows).patterns(budget: 0))
      let heuristic = RestrictedMasterHeuristic(types: types, rows: rows, restrictions: restrictions)
      let candidates = Set(heuristic.candidates(from: full))
      for packing in types.allPackings(limit: rows) where packing.count <= rows {
        for p in packing { XCTAssertTrue(candidates.contains(p), "instance \(k): sizes \(sizes), row \(p)") }
        checked += 1
      }
      let outcome = try heuristic.run(session: session, pool: full, until: far)
      XCTAssertNotNil(outcome.patterns, "instance \(k): sizes \(sizes), capacity \(capacity)")
    }
    XCTAssertGreaterThan(checked, 20)
  }

  /// The exact pipeline with the heuristic at each of its places, on
  /// seeded instances whose sizes sum to exactly K rows: its bound never
  /// passes the brute-force optimum, and it proves the optimum.
  func testPipelineWithTheHeuristicProvesTheOptimum() throws {
    try assertPipelineProvesExactlyFullOptima(
      seed: 6060,
      sizes: { random, k, capacity, rows in Self.exactlyFullSizes(&random, capacity: capacity, rows: rows, cut: k % 2 == 0) },
      configure: { pipeline, k in
        pipeline.restrictedMasterAfterShortDive = 0.3
        pipeline.restrictedMasterAfterRestrictions = 0.3
        pipeline.restrictedMasterAfterWideDive = 0.3
        pipeline.restrictedMasterRounds = 2
        pipeline.restrictedMasterRelaxAndFix = k % 3 == 0
      })
  }

  /// Column generation without the exchange columns converges at the same
  /// LP value, and where the items fill K rows exactly (cut from K full
  /// rows: LP bound K) its pool's exactly-full patterns partition the
  /// items fractionally: the heuristic's LP is feasible.
  func testPoolWithoutExchangeColumnsHoldsAnLPSolution() throws {
    var random = SplitMix64(seed: 7070)
    let far = ContinuousClock().now + .seconds(60)
    var checked = 0
    for _ in 0..<40 {
      let capacity = 30 + Int(random.next() % 70)
      let rows = 3 + Int(random.next() % 5)
      let sizes = Self.exactlyFullSizes(&random, capacity: capacity, rows: rows, cut: true)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let with = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
      try master.setExchangeColumns(enabled: false)
      let without = try XCTUnwrap(try master.solve(until: far, toConvergence: true))
      try master.setExchangeColumns(enabled: true)
      let message = "sizes \(sizes), capacity \(capacity)"
      XCTAssertEqual(with.masterObjective, without.masterObjective, accuracy: 1e-6, message)
      XCTAssertEqual(without.masterObjective, Double(rows), accuracy: 1e-6, message)
      var heuristic = RestrictedMasterHeuristic(types: types, rows: rows)
      heuristic.feasibilityPump = false
      let outcome = try heuristic.run(session: session, pool: master.patterns, until: ContinuousClock().now + .seconds(10))
      XCTAssertEqual(outcome.lpFeasible, true, message)
      checked += 1
    }
    XCTAssertGreaterThan(checked, 30)
  }
}
