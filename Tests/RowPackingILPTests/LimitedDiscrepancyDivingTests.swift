@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The diving search with limited discrepancies, against brute force on
/// small seeded instances: it never returns a packing in fewer rows than
/// the optimum, every packing it returns holds every item within the
/// capacity, and with the exact completion of small residuals it finds a
/// packing in the optimum's rows (the same decision as brute force).
/// With the perfect-packing search on residuals whose rows must be exactly
/// full, on seeded perfect packings, every packing it returns verifies and
/// is in the rows cut. With and without warm starts (saved bases, no
/// pricing where a residual LP meets L1) the same checks hold, and warm
/// starts take fewer simplex pivots per residual LP.
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
    _ types: ItemTypes, target: Int, exactItems: Int, maxDiscrepancy: Int, warmStarts: Bool = true
  ) throws -> LimitedDiscrepancyDiving.Outcome {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
    var diving = LimitedDiscrepancyDiving(master: master, target: target)
    diving.exactItems = exactItems
    diving.maxDiscrepancy = maxDiscrepancy
    diving.maxRestarts = 3
    diving.warmStarts = warmStarts
    let items = types.demands.reduce(0, +)
    return try diving.run(until: ContinuousClock().now + .seconds(30), incumbentRows: items + 1)
  }

  func testNeverFewerRowsThanTheOptimumAndEveryPackingValid() throws {
    for (k, instance) in instances().enumerated() {
      let optimum = bruteForceMinimumRows(sizes: instance.sizes, capacity: instance.capacity)
      let types = ItemTypes(sizes: instance.sizes, capacity: instance.capacity)
      for exactItems in [0, 60] {
        for target in [optimum - 1, optimum] {
          for warmStarts in [false, true] {
            let message = "instance \(k) \(instance), target \(target), exact completion up to \(exactItems) items, warm starts \(warmStarts)"
            let outcome = try search(types, target: target, exactItems: exactItems, maxDiscrepancy: 2, warmStarts: warmStarts)
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
  }

  func testWarmStartsReturnVerifiedPackingsInFewerPivots() throws {
    // Dives with discrepancies and restarts towards seeded perfect packings
    // (no completion of residuals): with warm starts (the node's basis for
    // its later children, the root's for the restarts, no pricing where the
    // residual LP meets L1) every packing still verifies, and the search
    // takes fewer simplex pivots over the set.
    var random = SplitMix64(seed: 6262)
    var pivots = [0, 0], found = [0, 0], lpSolves = [0, 0]
    let count = 25
    for k in 0..<count {
      let rows = 8 + Int(random.next() % 14)
      let capacity = 200 + Int(random.next() % 800)
      let sizes = perfectInstance(rows: rows, capacity: capacity, pieces: 3...5, random: &random)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))
      for (w, warmStarts) in [false, true].enumerated() {
        let message = "instance \(k): \(rows) rows of \(capacity), sizes \(sizes), warm starts \(warmStarts)"
        let session = GLPKSession(verbose: false)
        defer { session.close() }
        let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
        var diving = LimitedDiscrepancyDiving(master: master, target: rows)
        diving.exactItems = 0
        diving.maxDiscrepancy = 2
        diving.maxRestarts = 5
        diving.warmStarts = warmStarts
        let outcome = try diving.run(until: ContinuousClock().now + .seconds(30), incumbentRows: sizes.count + 1)
        XCTAssertFalse(outcome.timedOut, message)
        pivots[w] += outcome.simplexIterations
        lpSolves[w] += outcome.lpSolves
        if let patterns = outcome.patterns {
          XCTAssertGreaterThanOrEqual(patterns.count, rows, message)
          assertPacks(patterns, types, message)
          XCTAssertTrue(verify(types.packing(patterns: patterns), for: instance).isEmpty, message)
          if patterns.count == rows { found[w] += 1 }
        }
        // The master's demands and GLPK tolerances are restored after the search.
        XCTAssertEqual(master.demands, types.demands, message)
        XCTAssertNil(master.simplexTolerance, message)
        // A second search on the same master, from the first's root basis
        // (as the pipeline's wide dive after its short one).
        if warmStarts && outcome.lpSolves > 0 {
          let root = try XCTUnwrap(outcome.rootBasis, message)
          XCTAssertEqual(root.demands, types.demands, message)
          var again = LimitedDiscrepancyDiving(master: master, target: rows)
          again.exactItems = 0
          again.maxRestarts = 2
          again.rootBasis = root
          again.random = SplitMix64(seed: 77)
          let second = try again.run(until: ContinuousClock().now + .seconds(30), incumbentRows: sizes.count + 1)
          if let patterns = second.patterns {
            XCTAssertGreaterThanOrEqual(patterns.count, rows, message)
            assertPacks(patterns, types, message)
          }
        }
      }
    }
    XCTAssertGreaterThan(lpSolves[1], 0, "no residual LP was solved")
    XCTAssertLessThan(
      Double(pivots[1]) / Double(max(lpSolves[1], 1)), Double(pivots[0]) / Double(max(lpSolves[0], 1)),
      "pivots per residual LP: warm \(pivots[1]) over \(lpSolves[1]), cold \(pivots[0]) over \(lpSolves[0]); found \(found)")
    XCTAssertGreaterThanOrEqual(found[1], count * 7 / 10, "found \(found) of \(count)")
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

  /// `rows` rows of `capacity` each cut into `pieces` pieces (at most), shuffled.
  func perfectInstance(rows: Int, capacity: Int, pieces: ClosedRange<Int> = 2...4, random: inout SplitMix64) -> [Int] {
    var sizes: [Int] = []
    for _ in 0..<rows {
      let pieces = pieces.lowerBound + Int(random.next() % UInt64(pieces.count))
      var cuts = (0..<(pieces - 1)).map { _ in 1 + Int(random.next() % UInt64(capacity - 1)) } + [0, capacity]
      cuts.sort()
      for k in 1..<cuts.count where cuts[k] > cuts[k - 1] { sizes.append(cuts[k] - cuts[k - 1]) }
    }
    for i in stride(from: sizes.count - 1, to: 0, by: -1) { sizes.swapAt(i, Int(random.next() % UInt64(i + 1))) }
    return sizes
  }

  /// One dive towards `rows` on a fresh LP of `types`: no discrepancy, no
  /// restart and no exact completion of small residuals, then what
  /// `configure` sets; no incumbent (one row more than the items).
  private func plainDive(
    types: ItemTypes, rows: Int, configure: (inout LimitedDiscrepancyDiving) -> Void
  ) throws -> LimitedDiscrepancyDiving.Outcome {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
    var diving = LimitedDiscrepancyDiving(master: master, target: rows)
    diving.exactItems = 0
    diving.maxDiscrepancy = 0
    diving.maxRestarts = 0
    configure(&diving)
    let items = types.demands.reduce(0, +)
    return try diving.run(until: ContinuousClock().now + .seconds(30), incumbentRows: items + 1)
  }
}
