import RowPacking

extension ExactPipeline {
  /// Whether the items fit in `rows` rows, by ``RyanFosterBranchAndPrice``
  /// over the items of positive size (each its own item, so that a
  /// branching decision names two items), started from the best packing's
  /// rows and the patterns of the root LP's solution `root`, until
  /// `deadline`. A packing it finds comes back as type patterns (for
  /// `improvement(_:types:over:)`, which verifies it).
  ///
  /// It pays where the LP bound is one row below the best packing and the
  /// near-full-rows model did not close the gap (the augmented non-IRUP
  /// instances, ANI, whose optimum is the LP's ceiling plus one).
  func branchAndPrice(
    session: GLPKSession, types: ItemTypes, master: GilmoreGomoryColumnGeneration,
    root: GilmoreGomoryColumnGeneration.Solution, best: Packing, rows: Int,
    until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> (outcome: RyanFosterBranchAndPrice.Outcome, patterns: [Pattern]?) {
    // Items by type, as ItemTypes lists them; a type pattern takes the
    // first items of each of its types.
    let items = types.items.flatMap { $0 }
    var typeOf: [Int] = []
    var first: [Int] = []
    for (t, list) in types.items.enumerated() {
      first.append(typeOf.count)
      typeOf += Array(repeating: t, count: list.count)
    }
    var indexOf: [Int: Int] = [:]
    for (k, item) in items.enumerated() { indexOf[item] = k }
    // The LP's solution first (every shift of each pattern), then the
    // rest of its master's patterns.
    let basic = root.values.indices.filter { root.values[$0] > 1e-9 }.flatMap { i in
      Self.itemColumns(master.patterns[i], types: types, first: first, shifted: branchAndPriceShiftedColumns)
    }
    let others = master.patterns.flatMap { Self.itemColumns($0, types: types, first: first, shifted: false) }
    let bestRows = best.rows.map { row in row.compactMap { indexOf[$0] } }
    let search = try RyanFosterBranchAndPrice(
      session: session, sizes: typeOf.map { types.sizes[$0] }, capacity: types.capacity,
      initialColumns: bestRows + basic + (branchAndPriceOthersAfterFirstSolve ? [] : others))
    if branchAndPriceOthersAfterFirstSolve { search.laterColumns = others }
    search.branchingHistory = branchAndPriceHistory
    search.restartNodes = branchAndPriceRestartNodes
    search.cutRoundsPerNode = branchAndPriceCutRounds
    search.alternativeOptimaAtRoot = branchAndPriceAlternativeOptima
    search.giveUpWithoutPruning = branchAndPriceGiveUpNodes
    search.columnLimit = branchAndPriceColumnLimit
    search.steepestEdge = branchAndPriceSteepestEdge
    search.ratioTest = branchAndPriceRatioTest
    search.columnsPerPricing = branchAndPriceColumnsPerPricing
    search.giveUpTimeFromRoot = branchAndPriceGiveUpFromRoot
    search.exactBoundAtRoot = branchAndPriceExactRootBound
    search.exactBoundAtNodes = branchAndPriceExactNodeBound
    if let share = branchAndPriceGiveUpShare {
      let after = (deadline - ContinuousClock().now) * share
      if let perSecond = branchAndPriceGiveUpWorkPerSecond {
        search.giveUpWithoutPruningAfter = .work(Int(after / .seconds(1) * perSecond))
      } else {
        search.giveUpWithoutPruningAfter = .time(after)
      }
    }
    search.giveUpRefutedShare = branchAndPriceGiveUpRefutedShare
    search.giveUpOnStallBelow = branchAndPriceGiveUpOnStallBelow
    if branchAndPriceCutRounds > 0 { search.dualTolerance = subsetRowCutDualTolerance }
    let outcome = try search.decide(rows: rows, until: deadline)
    guard case .packing(let packing) = outcome.answer else { return (outcome, nil) }
    return (outcome, packing.map { row in row.map { typeOf[$0] }.sorted() })
  }

  /// The most shifts of a pattern (``itemColumns(_:types:first:shifted:)``).
  static let shiftLimit = 12

  /// A type pattern as rows of items: the `k`-th copy of type `t` takes
  /// the type's item `first[t] + (k + shift) mod demand` (items numbered
  /// type after type from `first`), for shift 0 alone, or when `shifted`
  /// for every shift below the least common multiple of the pattern's
  /// demands (``branchAndPriceShiftedColumns``; one when that exceeds
  /// ``shiftLimit``). The pattern's value spread evenly over its shifts
  /// covers each item of type `t` by the same share, `copies x value /
  /// demand`: a solution of the type LP that meets the demands exactly
  /// becomes an item-level one of the same value (where its exchange
  /// columns, the dual-optimal inequalities, let a larger item stand for
  /// a smaller one, nearly so), so that the tree's root starts at the LP's
  /// value and not at the best packing's rows (where only the first items
  /// of each type were covered). Shifts of the tree's first columns only:
  /// the tree prices any row of items it needs.
  ///
  /// - Complexity: O(shifts x pattern length).
  static func itemColumns(_ pattern: Pattern, types: ItemTypes, first: [Int], shifted: Bool) -> [[Int]] {
    var shifts = 1
    if shifted {
      func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
      for t in Set(pattern) {
        let d = types.demands[t]
        shifts = shifts / gcd(shifts, d) * d
        if shifts > shiftLimit { shifts = 1; break }
      }
    }
    return (0..<shifts).map { shift in
      var used = [Int: Int]()
      var column: [Int] = []
      for t in pattern {
        let k = used[t, default: 0]
        guard k < types.demands[t] else { continue }
        used[t] = k + 1
        column.append(first[t] + (k + shift) % types.demands[t])
      }
      return column
    }
  }
}

