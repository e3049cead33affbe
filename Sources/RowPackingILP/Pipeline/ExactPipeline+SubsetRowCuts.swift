import RowPacking

extension ExactPipeline {
  /// The bound of cut-and-price with subset-row cuts at the root
  /// (``SubsetRowCutAndPrice``), started from the patterns of the root
  /// LP's solution `root` (the others of the master made GLPK's first
  /// solve take seconds on ANI) and the master's patterns near the face of
  /// `face` (``cutMasterFaceShare``), towards `target` rows, until
  /// `deadline` (`extendedDeadline` while cuts are still found:
  /// ``SubsetRowCutAndPrice/run(target:until:extendedDeadline:)``).
  ///
  /// It pays where the LP bound is one row below the best packing and the
  /// near-full-rows model did not close the gap (the augmented non-IRUP
  /// instances, ANI, whose optimum is the LP's ceiling plus one and whose
  /// rows within the gap are too many to list).
  func subsetRowCutBound(
    session: GLPKSession, types: ItemTypes, master: GilmoreGomoryColumnGeneration,
    root: GilmoreGomoryColumnGeneration.Solution, target: Int, face: NearFullRowsModel.DualRestriction? = nil,
    until deadline: ContinuousClock.Instant, extendedDeadline: ContinuousClock.Instant? = nil
  ) throws(GLPKError) -> SubsetRowCutAndPrice.Outcome {
    // Its own master: patterns beyond the demands are left out there.
    var initial = root.values.indices.filter { root.values[$0] > 1e-9 }.map { master.patterns[$0] }
    if let face, cutMasterFaceShare > 0 {
      // The plain master's patterns of reduced cost at most that share of
      // a row at optimal duals: near the optimal face, where the cut
      // master's first convergence would otherwise price them in again.
      let slack = Int(Double(face.maxWeight) * cutMasterFaceShare)
      let near = master.patterns.filter { p in
        p.reduce(0) { $0 + face.weights[$1] } >= face.maxWeight - slack
      }
      initial += near
    }
    if verbose { try session.log("cut master from \(initial.count) patterns") }
    let cutAndPrice = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: initial)
    cutAndPrice.dualTolerance = subsetRowCutDualTolerance
    cutAndPrice.exactDuals = subsetRowCutExactDuals
    return try cutAndPrice.run(target: target, until: deadline, extendedDeadline: extendedDeadline)
  }

  /// Whether the items fit in `rows` rows, decided by the near-full-rows
  /// model restricted by the duals of cut-and-price's masters
  /// (``NearFullRowsModel/CutRestriction``; a row must meet them all),
  /// with at most `patternLimit` rows (nil: the model's own limit), until
  /// `deadline`.
  func cutRestrictionModel(
    session: GLPKSession, types: ItemTypes, rows: Int, restrictions: [NearFullRowsModel.CutRestriction],
    patternLimit: Int? = nil, until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> (answer: BinCompletion.Answer, nodes: Int) {
    var model = NearFullRowsModel(types: types, rows: rows)
    if let patternLimit { model.patternLimit = patternLimit }
    model.cutRestrictions = restrictions
    return try model.decide(session: session, until: deadline)
  }
}
