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
    func columnItems(_ pattern: Pattern) -> [Int] {
      var used = [Int: Int]()
      var column: [Int] = []
      for t in pattern {
        let k = used[t, default: 0]
        guard k < types.demands[t] else { continue }
        used[t] = k + 1
        column.append(first[t] + k)
      }
      return column
    }
    // The LP's solution first, then the rest of its master's patterns.
    let basic = root.values.indices.filter { root.values[$0] > 1e-9 }.map { columnItems(master.patterns[$0]) }
      + master.patterns.map(columnItems)
    let bestRows = best.rows.map { row in row.compactMap { indexOf[$0] } }
    let search = try RyanFosterBranchAndPrice(
      session: session, sizes: typeOf.map { types.sizes[$0] }, capacity: types.capacity,
      initialColumns: bestRows + basic)
    search.branchingHistory = branchAndPriceHistory
    search.restartNodes = branchAndPriceRestartNodes
    search.cutRoundsPerNode = branchAndPriceCutRounds
    search.giveUpWithoutPruning = branchAndPriceGiveUpNodes
    if let share = branchAndPriceGiveUpShare {
      search.giveUpWithoutPruningAfter = (deadline - ContinuousClock().now) * share
    }
    search.giveUpRefutedShare = branchAndPriceGiveUpRefutedShare
    if branchAndPriceCutRounds > 0 { search.dualTolerance = subsetRowCutDualTolerance }
    let outcome = try search.decide(rows: rows, until: deadline)
    guard case .packing(let packing) = outcome.answer else { return (outcome, nil) }
    return (outcome, packing.map { row in row.map { typeOf[$0] }.sorted() })
  }
}

