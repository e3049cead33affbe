import RowPacking

extension ExactPipeline {
  /// Whether the rows at `rows` rows must be exactly full, or nearly: the
  /// waste they may leave, `rows x C - total`, is at most
  /// ``fullRowsWasteShare`` of a row (0: exactly full).
  func rowsMustBeFull(rows: Int, scaled: ScaledInstance) -> Bool {
    let total = scaled.sizes.reduce(0, +)
    return rows * scaled.capacity - total <= Int(Double(scaled.capacity) * fullRowsWasteShare)
  }

  /// A packing in `rows` rows by ``LimitedDiscrepancyBinCompletion`` (at
  /// most `nodeLimit` nodes, until `deadline`, its restarts seeded by
  /// `seed`, its rows restricted by `restrictions`), when it finds one
  /// with fewer rows than `best` that verifies; and the nodes searched.
  func fullRowsSearch(
    types: ItemTypes, rows: Int, nodeLimit: Int, seed: UInt64, restrictions: [NearFullRowsModel.DualRestriction] = [],
    until deadline: ContinuousClock.Instant, best: Packing
  ) -> (packing: Packing?, nodes: Int) {
    var search = LimitedDiscrepancyBinCompletion(sizes: types.sizes, demands: types.demands, capacity: types.capacity)
    search.nodeLimit = nodeLimit
    search.seed = seed
    search.restrictions = restrictions
    let (patterns, searched) = search.run(rows: rows, until: deadline)
    guard let patterns else { return (nil, searched) }
    return (improvement(patterns, types: types, over: best), searched)
  }

  /// A packing in `rows` exactly full rows by ``FailFirstBinCompletion``
  /// (at most `nodeLimit` nodes, until `deadline`, its restarts seeded by
  /// `seed`) when it has fewer rows than `best` and verifies; and the
  /// nodes searched.
  func failFirstSearch(
    types: ItemTypes, rows: Int, nodeLimit: Int, seed: UInt64, until deadline: ContinuousClock.Instant, best: Packing
  ) -> (packing: Packing?, nodes: Int) {
    var search = FailFirstBinCompletion(sizes: types.sizes, demands: types.demands, capacity: types.capacity)
    search.nodeLimit = nodeLimit
    search.seed = seed
    let outcome = search.run(rows: rows, until: deadline)
    guard let patterns = outcome.patterns else { return (nil, outcome.nodes) }
    return (improvement(patterns, types: types, over: best), outcome.nodes)
  }

  /// The packing of `patterns` when it has fewer rows than `best` and
  /// passes the independent verifier; else nil. Every stage's packing
  /// goes through here before it can replace the best one.
  func improvement(_ patterns: [Pattern], types: ItemTypes, over best: Packing) -> Packing? {
    let packing = types.packing(patterns: patterns)
    guard packing.rowCount < best.rowCount && verify(packing, for: setup.instance).isEmpty else { return nil }
    return packing
  }
}
