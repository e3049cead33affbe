import RowPacking

extension ExactPipeline {
  /// Whether the items fit in `rows` rows when every row must be exactly
  /// full (their total is `rows x C`): ``AlgorithmX`` over every exactly-full
  /// row that meets `restrictions` (reduced cost within the gap at each set
  /// of duals: ``NearFullRowsModel/patterns(budget:leastWeights:until:)``
  /// with budget 0, at most ``exactCoverRowLimit`` rows, enumerated until
  /// `enumerationDeadline`), searched until `deadline`.
  ///
  /// The rows enumerated are all the rows a packing in `rows` rows can
  /// use (any such packing has only exactly-full rows, each within the gap
  /// of every restriction), so a refutation is a proof that `rows` rows
  /// are not enough; an enumeration cut by its limit or its deadline gives
  /// `.unknown`, never a refutation.
  ///
  /// - Returns: the answer, the nodes searched and the rows enumerated
  ///   (nil when the enumeration was cut).
  func exactCoverOfFullRows(
    types: ItemTypes, rows: Int, restrictions: [NearFullRowsModel.DualRestriction],
    enumerationDeadline: ContinuousClock.Instant, until deadline: ContinuousClock.Instant
  ) -> (answer: BinCompletion.Answer, nodes: Int, candidates: Int?) {
    var model = NearFullRowsModel(types: types, rows: rows, restrictions: restrictions)
    guard let leastWeights = model.leastRowWeights() else { return (.infeasible, 0, 0) }
    model.patternLimit = exactCoverRowLimit
    guard let candidates = model.patterns(budget: 0, leastWeights: leastWeights, until: enumerationDeadline) else {
      return (.unknown, 0, nil)
    }
    let (answer, nodes) = AlgorithmX(types: types, candidates: candidates).decide(rows: rows, until: deadline)
    return (answer, nodes, candidates.count)
  }
}
