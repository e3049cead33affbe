import RowPacking

extension ExactPipeline {
  /// The bound of cut-and-price with subset-row cuts at the root
  /// (``SubsetRowCutAndPrice``), started from the patterns of the root
  /// LP's solution `root` (the others of the master made GLPK's first
  /// solve take seconds on ANI), towards `target` rows, until `deadline`; nil when it found
  /// no bound (out of time before any exact pricing).
  ///
  /// It pays where the LP bound is one row below the best packing and the
  /// near-full-rows model did not close the gap (the augmented non-IRUP
  /// instances, ANI, whose optimum is the LP's ceiling plus one and whose
  /// rows within the gap are too many to list).
  func subsetRowCutBound(
    session: GLPKSession, types: ItemTypes, master: GilmoreGomoryColumnGeneration,
    root: GilmoreGomoryColumnGeneration.Solution, target: Int,
    until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> SubsetRowCutAndPrice.Outcome {
    // Its own master: patterns beyond the demands are left out there.
    let basic = root.values.indices.filter { root.values[$0] > 1e-9 }.map { master.patterns[$0] }
    let cutAndPrice = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: basic)
    cutAndPrice.dualTolerance = subsetRowCutDualTolerance
    return try cutAndPrice.run(target: target, until: deadline)
  }

  /// Whether the items fit in `rows` rows, decided by the near-full-rows
  /// model restricted by the duals of cut-and-price's masters
  /// (``NearFullRowsModel/CutRestriction``; a row must meet them all),
  /// until `deadline`.
  func cutRestrictionModel(
    session: GLPKSession, types: ItemTypes, rows: Int, restrictions: [NearFullRowsModel.CutRestriction],
    until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> (answer: BinCompletion.Answer, nodes: Int) {
    var model = NearFullRowsModel(types: types, rows: rows)
    model.cutRestrictions = restrictions
    return try model.decide(session: session, until: deadline)
  }
}
