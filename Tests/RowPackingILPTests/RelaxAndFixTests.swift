@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// Relax-and-fix inside branch-and-price
/// (``RyanFosterBranchAndPrice/relaxAndFix(_:_:_:)``): the rows it fixes
/// from an LP solution, the dive that completes them
/// (``LimitedDiscrepancyDiving`` from fixed rows, with backing off), and
/// the tree taking a completion's packing only when it verifies, against
/// brute force on small seeded instances.
final class RelaxAndFixTests: XCTestCase {
  let far = TestDeadline.far

  /// The rows at value 1, then the others by value while their values
  /// given up stay within the gap, disjoint, fewer than the rows; then
  /// the rows at value 1 alone.
  func testRowsFixedAreThoseAtOneThenByValueWithinTheGap() {
    let columns = [[0, 1], [2, 3], [4], [5, 6], [4, 5], [6]]
    let values = [1, 1, 0.6, 0.3, 0.4, 0.7]
    func fixings(rows: Int, objective: Double) -> [[[Int]]] {
      RyanFosterBranchAndPrice.relaxAndFixRows(columns: columns, values: values, rows: rows, objective: objective)
    }
    // Gap 0.4: [6] gives up 0.3; [4] would give up 0.7 in all.
    XCTAssertEqual(fixings(rows: 5, objective: 4.6), [[[0, 1], [2, 3], [6]], [[0, 1], [2, 3]]])
    // No gap: the rows at value 1 alone.
    XCTAssertEqual(fixings(rows: 5, objective: 5), [[[0, 1], [2, 3]]])
    // Gap 2.5: [6] and [4]; [4, 5] and [5, 6] overlap them.
    XCTAssertEqual(fixings(rows: 7, objective: 4.5), [[[0, 1], [2, 3], [6], [4]], [[0, 1], [2, 3]]])
    // At most one row fewer than the rows asked for.
    XCTAssertEqual(fixings(rows: 2, objective: 1.5), [[[0, 1]]])
    XCTAssertEqual(
      RyanFosterBranchAndPrice.relaxAndFixRows(columns: columns, values: values.map { _ in 0 }, rows: 5, objective: 0), [])
  }

  /// A dive from fixed rows keeps them: on seeded perfect packings (rows
  /// of five items filling the capacity exactly, shuffled), from some of
  /// the perfect packing's rows for first fit decreasing's rows, or from
  /// nothing for the perfect packing's rows, with or without backing off,
  /// every packing it returns holds the fixed rows and packs every item
  /// within the capacity, in the rows asked for; and backing off finds
  /// perfect packings that the dive alone missed.
  func testDiveFromFixedRowsKeepsThemAndEveryPackingVerifies() throws {
    var found = 0
    var foundBackingOff = 0
    for seed in UInt64(1)...120 {
      var random = SplitMix64(seed: seed)
      let capacity = 1_000
      let rows = 15 + Int(random.next() % 10)
      var perfect: [[Int]] = []
      for _ in 0..<rows {
        // Cuts of the capacity into five parts of at least 80.
        var cuts = (0..<4).map { _ in Int(random.next() % UInt64(capacity - 400)) }.sorted()
        cuts = [0] + cuts.enumerated().map { $0.element + 80 * ($0.offset + 1) } + [capacity]
        perfect.append((0..<5).map { cuts[$0 + 1] - cuts[$0] })
      }
      let sizes = perfect.joined().shuffled(using: &random)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let scaled = ScaledInstance(sizes: sizes, capacity: capacity)
      let greedy = types.patterns(of: FirstFitDecreasing().pack(scaled), itemSizes: scaled.sizes)
      // The perfect packing's rows, as types: rows first fit decreasing does not make.
      let perfectRows = perfect.map { row in row.map { size in types.sizes.firstIndex(of: size)! }.sorted() }
      let cases = [(0, 3, rows)] + (seed <= 40 ? [(rows / 2, 0, greedy.count), (rows - 1, 3, greedy.count)] : [])
      for (kept, backOffs, target) in cases {
        let fixed = Array(perfectRows.prefix(kept))
        let session = GLPKSession(verbose: false)
        defer { session.close() }
        let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
        var diving = LimitedDiscrepancyDiving(master: master, target: target)
        diving.exactItems = 0
        diving.maxDiscrepancy = 0
        diving.backOffs = backOffs
        diving.maxRestarts = 0
        let outcome = try diving.run(until: far, incumbentRows: sizes.count + 1, fixed: fixed)
        guard let patterns = outcome.patterns, patterns.count <= target else { continue }
        found += 1
        if outcome.backedOff > 0 { foundBackingOff += 1 }
        let message = "seed \(seed), \(kept) rows fixed, \(target) rows"
        var left = patterns.map { $0.sorted() }
        for row in fixed {
          guard let k = left.firstIndex(of: row.sorted()) else { XCTFail("\(message): lost \(row)"); break }
          left.remove(at: k)
        }
        var used = [Int](repeating: 0, count: types.count)
        for p in patterns {
          XCTAssertLessThanOrEqual(types.load(of: p), types.capacity, message)
          for t in p { used[t] += 1 }
        }
        XCTAssertEqual(used, types.demands, message)
      }
    }
    XCTAssertGreaterThan(found, 60, "few dives completed their fixed rows: the test is barely exercised")
    // With no restart, the packings found after a back-off are those the plain dive missed.
    XCTAssertGreaterThan(foundBackingOff, 1, "backing off found no packing: the test does not reach it")
  }

  /// The tree takes a completion's packing only when it verifies: with a
  /// completion that returns too many rows, rows missing items or an
  /// overfull row, every answer is brute force's (a packing only in the
  /// optimum's rows or more, a refutation only below), and with one that
  /// returns the first fit decreasing rows, those are taken where they
  /// are few enough. Each completion is given disjoint rows that fit.
  func testTreeTakesOnlyCompletionsThatVerify() throws {
    var calls = 0
    var taken = 0
    for seed in UInt64(1)...60 {
      var random = SplitMix64(seed: seed)
      let instance = SmallInstance.draw(&random, itemCounts: 8...12, capacities: 60...100) { c in (c / 5)...(c / 2 + 2) }
      let (sizes, capacity) = (instance.sizes, instance.capacity)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let greedy = FirstFitDecreasing().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rows
      // Too many rows; items missing; an overfull row; items twice.
      let wrong: [[[Int]]] = [
        greedy + [[]], greedy.dropLast(), [Array(sizes.indices)], greedy.dropLast() + [greedy[0]],
      ]
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      for rows in Set([optimum - 1, optimum, greedy.count]).sorted() {
        for answer in wrong + [greedy] {
          let message = "seed \(seed), \(rows) rows, completion \(answer)"
          let tree = try RyanFosterBranchAndPrice(session: session, sizes: sizes, capacity: capacity, initialColumns: [])
          tree.relaxAndFixShare = 1
          tree.relaxAndFixLeastTime = .zero
          tree.completion = { fixed, _ throws(GLPKError) in
            XCTAssertEqual(Set(fixed.joined()).count, fixed.joined().count, message)
            XCTAssert(fixed.allSatisfy { $0.reduce(0) { $0 + sizes[$1] } <= capacity }, message)
            XCTAssertLessThan(fixed.count, rows, message)
            return answer
          }
          let outcome = try tree.decide(rows: rows, until: far)
          calls += outcome.heuristicCalls
          if answer == greedy { taken += outcome.heuristicPackings } else { XCTAssertEqual(outcome.heuristicPackings, 0, message) }
          switch outcome.answer {
          case .packing(let packing):
            XCTAssertGreaterThanOrEqual(rows, optimum, message)
            XCTAssertLessThanOrEqual(packing.count, rows, message)
            XCTAssertNotNil(RyanFosterBranchAndPrice.partition(packing, itemCount: sizes.count), message)
            XCTAssert(packing.allSatisfy { $0.reduce(0) { $0 + sizes[$1] } <= capacity }, message)
          case .infeasible: XCTAssertLessThan(rows, optimum, message)
          case .unknown: XCTFail("undecided with all the time: \(message)")
          }
        }
      }
    }
    XCTAssertGreaterThan(calls, 100, "the trees seldom called the completion: the test is barely exercised")
    XCTAssertGreaterThan(taken, 10, "no verified completion was taken")
  }
}
