@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// Column cleaning at the nodes of branch-and-price, with a pool that
/// pricing reads first (``RyanFosterBranchAndPrice/columnCleaning``): the
/// tree with cleaning decides small seeded instances as brute force does
/// (with and without cuts, with and without the waste budget), and a
/// cleaned column comes back from the pool exactly when its reduced cost
/// turns negative at a node that allows it.
final class ColumnPoolTests: XCTestCase {
  typealias Cleaning = RyanFosterBranchAndPrice.ColumnCleaning
  let far = TestDeadline.far

  /// A small instance whose rows hold two or three items (as the tree's
  /// other tests draw them).
  func instance(_ random: inout SplitMix64) -> (sizes: [Int], capacity: Int) {
    SmallInstance.draw(&random, itemCounts: 5...11, capacities: 60...100) { c in (c / 5)...(c / 2 + 2) }.pair
  }

  /// The tree with cleaning refutes one row below the optimum and packs
  /// the optimum's rows (a partition of the items, each row within the
  /// capacity), its root bound never above the optimum; over the seeds,
  /// columns are cleaned and come back from the pool.
  func testTreeWithCleaningEqualsBruteForce() throws {
    var cleaned = 0, fromPool = 0, branched = 0
    for (cutRounds, cleaning) in [(0, Cleaning.everySolve), (3, .everySolve), (3, .converged)] {
      for seed in UInt64(1)...80 {
        var random = SplitMix64(seed: seed)
        let (sizes, capacity) = instance(&random)
        let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
        let session = GLPKSession(verbose: false)
        defer { session.close() }
        for rows in [optimum - 1, optimum] where rows >= 1 {
          let tree = try RyanFosterBranchAndPrice(session: session, sizes: sizes, capacity: capacity, initialColumns: [])
          tree.cutRoundsPerNode = cutRounds
          tree.columnCleaning = cleaning
          let outcome = try tree.decide(rows: rows, until: far)
          let what = "seed \(seed), \(cutRounds) cut rounds, \(cleaning), sizes \(sizes), capacity \(capacity), \(rows) rows: \(outcome.summary)"
          XCTAssertLessThanOrEqual(outcome.rootBound, optimum, what)
          cleaned += outcome.cleaned
          fromPool += outcome.fromPool
          if outcome.nodes > 1 { branched += 1 }
          check(outcome, rows: rows, optimum: optimum, sizes: sizes, capacity: capacity, what)
        }
      }
    }
    XCTAssertGreaterThan(branched, 10, "few trees branched: cleaning at the nodes is hardly tested")
    XCTAssertGreaterThan(cleaned, 100, "few columns cleaned: the pool is hardly tested")
    XCTAssertGreaterThan(fromPool, 20, "few columns back from the pool: it is hardly tested")
  }

  /// The same on instances whose sizes fill `K` rows exactly, with the
  /// waste budget of the rows asked for (exactly-full columns at 0) and the
  /// certified precision, as the pipeline runs the tree.
  func testTreeWithCleaningAndTheWasteBudgetEqualsBruteForce() throws {
    var decided = 0, cleaned = 0
    for seed in UInt64(1)...120 {
      let cleaning: Cleaning = seed % 2 == 0 ? .everySolve : .converged
      var random = SplitMix64(seed: seed)
      let rows = 2 + Int(random.next() % 2)
      let capacity = 40 + Int(random.next() % 30)
      var sizes = (0..<(3 * rows - 1)).map { _ in capacity / 5 + Int(random.next() % UInt64(capacity / 3)) }
      let fill = rows * capacity - sizes.reduce(0, +)
      guard fill > 0, fill <= capacity else { continue }
      sizes.append(fill)
      let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      for asked in [optimum - 1, optimum] where asked >= 1 {
        let budget = SubsetRowCutAndPrice.emptyRoom(types: types, rows: asked)
        guard budget >= 0 else { continue }
        let tree = try RyanFosterBranchAndPrice(
          session: session, sizes: sizes, capacity: capacity, initialColumns: [], wasteBudget: budget)
        tree.cutRoundsPerNode = 3
        tree.precision = .certified(capacity: capacity)
        tree.dualTolerance = tree.precision.dualTolerance
        tree.columnCleaning = cleaning
        let outcome = try tree.decide(rows: asked, until: far)
        let what = "seed \(seed), sizes \(sizes), capacity \(capacity), \(asked) rows, budget \(budget): \(outcome.summary)"
        XCTAssertLessThanOrEqual(outcome.rootBound, optimum, what)
        cleaned += outcome.cleaned
        // Under a budget above 0 the tree may stop undecided, never wrong.
        if case .unknown = outcome.answer, budget > 0 { continue }
        decided += 1
        check(outcome, rows: asked, optimum: optimum, sizes: sizes, capacity: capacity, what)
      }
    }
    XCTAssertGreaterThan(decided, 40, "few trees decided under the budget")
    XCTAssertGreaterThan(cleaned, 20, "few columns cleaned under the budget")
  }

  /// A refutation below the optimum, a verified packing at it.
  func check(
    _ outcome: RyanFosterBranchAndPrice.Outcome, rows: Int, optimum: Int, sizes: [Int], capacity: Int,
    _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    switch outcome.answer {
    case .infeasible:
      XCTAssertLessThan(rows, optimum, "the optimum refuted: \(what)", file: file, line: line)
    case .packing(let packing):
      XCTAssertEqual(rows, optimum, "a packing below the optimum: \(what)", file: file, line: line)
      XCTAssertLessThanOrEqual(packing.count, rows, what, file: file, line: line)
      XCTAssertNotNil(RyanFosterBranchAndPrice.partition(packing, itemCount: sizes.count), what, file: file, line: line)
      for row in packing {
        XCTAssertLessThanOrEqual(row.reduce(0) { $0 + sizes[$1] }, capacity, what, file: file, line: line)
      }
    case .unknown:
      XCTFail("not decided: \(what)", file: file, line: line)
    }
  }

  /// A column moved to the pool stays there while its reduced cost is
  /// at least 0 and comes back (once, leaving the pool) when it turns
  /// negative, whether by the items' duals or by a cut's; never at a node
  /// that forbids it.
  func testCleanedColumnComesBackFromThePoolWhenItsReducedCostTurnsNegative() throws {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let sizes = [30, 30, 40, 20, 50]
    let tree = try RyanFosterBranchAndPrice(
      session: session, sizes: sizes, capacity: 100, initialColumns: [[0, 1, 2], [3, 4]])
    let root = RyanFosterBranchAndPrice.NodeItems(itemCount: 5, decisions: [])
    let column = [0, 1, 2]
    let index = try XCTUnwrap(tree.columns.firstIndex(of: column))
    // Before any solve every structural column is non-basic.
    try tree.moveToPool([index])
    XCTAssertFalse(tree.columns.contains(column))
    XCTAssertEqual(tree.pool, [column])
    // Reduced cost 1 - 0.9 = 0.1 >= 0: it stays in the pool.
    XCTAssertEqual(tree.pricedFromPool(node: root, duals: [0.3, 0.3, 0.3, 0.2, 0.5]), [])
    XCTAssertEqual(tree.pool, [column])
    // Apart, items 0 and 1 cannot share a row: a node that forbids it.
    let apart = RyanFosterBranchAndPrice.NodeItems(
      itemCount: 5, decisions: [.init(first: 0, second: 1, together: false)])
    XCTAssertEqual(tree.pricedFromPool(node: apart, duals: [0.4, 0.4, 0.4, 0.2, 0.5]), [])
    // Reduced cost 1 - 1.2 < 0 at the root: back, and out of the pool.
    XCTAssertEqual(tree.pricedFromPool(node: root, duals: [0.4, 0.4, 0.4, 0.2, 0.5]), [column])
    XCTAssertTrue(tree.pool.isEmpty)
    XCTAssertEqual(try tree.add([column]), 1)
    XCTAssertTrue(tree.columns.contains(column))

    // With a cut on items 0, 1, 2 (coefficient 1 on the column): its dual
    // -0.3 raises the reduced cost 1 - 1.2 to 0.1, -0.1 lowers it to -0.1.
    try tree.add(cuts: [SubsetRowCut(types: [0, 1, 2], demands: [1, 1, 1])])
    let inMaster = try XCTUnwrap(tree.columns.firstIndex(of: column))
    try tree.moveToPool([inMaster])
    XCTAssertEqual(tree.pricedFromPool(node: root, duals: [0.4, 0.4, 0.4, 0.2, 0.5, -0.3]), [])
    XCTAssertEqual(tree.pricedFromPool(node: root, duals: [0.4, 0.4, 0.4, 0.2, 0.5, -0.1]), [column])
  }

  /// Cleaning at a node moves out the non-basic columns whose reduced cost
  /// exceeds the gap and those the node forbids, and keeps the basic ones
  /// and the node's merged items.
  func testCleaningKeepsTheBasisAndTheMergedItems() throws {
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let sizes = [30, 30, 40, 20, 50, 60]
    let tree = try RyanFosterBranchAndPrice(
      session: session, sizes: sizes, capacity: 100,
      initialColumns: [[0, 1, 2], [3, 4], [5, 2], [0, 5], [1, 3, 4], [0, 1], [2, 3], [1, 2], [0, 3, 4], [5, 3]])
    let solution = try tree.problem.solveLP(timeLimit: .seconds(60))
    XCTAssertEqual(solution.status, .optimal)
    let basis = try tree.problem.basis().basis
    let basic = tree.columns.indices.filter { basis.isBasic(column: $0) }.map { tree.columns[$0] }
    // Six rows, so that at least four of the ten rows of two or more items are not basic.
    let root = RyanFosterBranchAndPrice.NodeItems(itemCount: 6, decisions: [])
    // A lower bound at the rows: every non-basic column of reduced cost
    // above the margin leaves (at duals 0.2 every row of two or more
    // items), the basic ones stay, and the singletons, merged items.
    let duals = [Double](repeating: 0.2, count: sizes.count)
    try tree.cleanColumns(node: root, duals: duals, rows: 3, lowerBound: 3)
    XCTAssertFalse(tree.pool.isEmpty, "nothing cleaned: \(tree.columns)")
    for column in basic { XCTAssertTrue(tree.columns.contains(column), "basic \(column) cleaned") }
    for i in sizes.indices { XCTAssertTrue(tree.columns.contains([i]), "merged item \(i) cleaned") }
    for column in tree.pool {
      XCTAssertGreaterThan(tree.reducedCost(of: column, duals: duals), 1e-9, "\(column)")
    }
    for column in tree.columns where !basic.contains(column) && column.count > 1 {
      XCTFail("\(column) kept: not basic, reduced cost \(tree.reducedCost(of: column, duals: duals))")
    }
    // The basis kept is still optimal for what is left.
    let again = try tree.problem.solveLP(timeLimit: .seconds(60))
    XCTAssertEqual(again.status, .optimal)
    XCTAssertEqual(again.objective, solution.objective, accuracy: 1e-9)
  }
}
