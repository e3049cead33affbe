import RowPacking

/// One stage of the exact pipeline: when it applies to the solve so far,
/// and what it does to it (a packing offered, a bound raised).
///
/// Stages are values without state of their own; what they share lives in
/// ``SolveState``, and their budget comes from ``BudgetPolicy``.
protocol ExactStage: Sendable {
  /// The stage credited with what this one finds or proves.
  var stage: SolveStage { get }
  /// Whether it runs on `state` (checked just before it would).
  func applies(to state: SolveState) -> Bool
  /// Runs it on `state`.
  func run(_ state: inout SolveState) throws(GLPKError)
}

extension ExactPipeline {
  /// The stages in the order they run; each runs where it applies, and the
  /// solve stops once the best packing meets the bound. The near-full-rows
  /// stage runs the stages it is given where its model is too big for the
  /// dual restrictions so far, before it draws more.
  static let stages: [any ExactStage] = [
    FullRowsSearchStage(pass: .short),
    FailFirstSearchStage(pass: .short),
    LPFreeSearchStage(pass: .beforeLP),
    RootLPStage(),
    LPFreeSearchStage(pass: .afterUnconvergedLP),
    DiveStage(pass: .short),
    NearFullRowsStage(whenModelTooBig: [
      SubsetRowCutsStage(place: .early),
      BranchAndPriceStage(),
      DiveStage(pass: .betweenRestrictions),
    ]),
    DiveStage(pass: .wide),
    FailFirstSearchStage(pass: .long),
    FullRowsSearchStage(pass: .long),
    SubsetRowCutsStage(place: .late),
    BranchAndPriceStage(),
    ArcFlowMIPStage(),
  ]

  /// Every place a stage may run, in order, the near-full-rows stage's
  /// own stages right after it: what docs/ARCHITECTURE.md's stage table lists.
  static var stageOrder: [SolveStage] {
    stages.flatMap { stage -> [SolveStage] in
      guard let nearFullRows = stage as? NearFullRowsStage else { return [stage.stage] }
      return [stage.stage] + nearFullRows.whenModelTooBig.map(\.stage)
    }
  }
}
