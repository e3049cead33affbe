import RowPacking

/// One stage of the exact pipeline: when it applies to the solve so far,
/// and what it does to it (a packing offered, a bound raised).
///
/// Stages are values without state of their own; what they share lives in
/// ``SolveState``, and their budget comes from their weight by ``BudgetPolicy``.
protocol ExactStage: Sendable {
  /// The stage credited with what this one finds or proves.
  var stage: SolveStage { get }
  /// Its weight in the shares of the time left (``BudgetPolicy``).
  var weight: Double { get }
  /// Whether it runs on `state` (checked just before it would).
  func applies(to state: SolveState) -> Bool
  /// Whether it may still run after the stages before it, as `state` stands:
  /// what decides its share of the time of the stages before it. Unlike
  /// ``applies(to:)``, it does not wait for what those stages will leave.
  func mayApply(to state: SolveState) -> Bool
  /// Whether it runs only after a converged root LP.
  var needsRootLP: Bool { get }
  /// Runs it on `state`, until `state.stageDeadline`.
  func run(_ state: inout SolveState) throws(GLPKError)
}

extension ExactStage {
  var needsRootLP: Bool { true }
}

extension ExactPipeline {
  /// The stages in the order they run, with their weights; each runs where
  /// it applies, and the solve stops once the best packing meets the bound.
  /// The near-full-rows stage runs the stages it is given where its model is
  /// too big for the dual restrictions so far, before it draws more.
  ///
  /// The weights are relative: the searches before the LP take a few
  /// hundredths of the time, the root LP all of it unless the LP-free search
  /// may follow, and after it the near-full-rows decisions and the dives
  /// most, branch-and-price most of what is left once the cuts call for it.
  /// Where the rows must be exactly full, the cuts and branch-and-price come
  /// before the near-full-rows decisions, the tree with most of the time.
  static let stages: [any ExactStage] = [
    FullRowsSearchStage(pass: .short, weight: 17),
    FailFirstSearchStage(pass: .short, weight: 75),
    LPFreeSearchStage(pass: .beforeLP, weight: 60),
    RootLPStage(weight: 400),
    LPFreeSearchStage(pass: .afterUnconvergedLP, weight: 100),
    DiveStage(pass: .short, weight: 40),
    SubsetRowCutsStage(place: .early, weight: 15),
    BranchAndPriceStage(place: .early, weight: 150),
    NearFullRowsStage(weight: 30, whenModelTooBig: [
      DiveStage(pass: .betweenRestrictions, weight: 1),
    ]),
    DiveStage(pass: .wide, weight: 16),
    FailFirstSearchStage(pass: .long, weight: 4),
    FullRowsSearchStage(pass: .long, weight: 7),
    SubsetRowCutsStage(place: .late, weight: 8),
    BranchAndPriceStage(place: .late, weight: 32),
    ArcFlowMIPStage(weight: 1),
  ]

  /// Every place a stage may run, in order, the near-full-rows stage's
  /// own stages right after it: what docs/ARCHITECTURE.md's stage table lists.
  static var stageOrder: [SolveStage] { places.map(\.stage) }

  /// The weights of ``stageOrder``'s places, as the table lists them.
  static var stageWeights: [Double] { places.map(\.weight) }

  static var places: [any ExactStage] {
    stages.flatMap { stage -> [any ExactStage] in
      guard let nearFullRows = stage as? NearFullRowsStage else { return [stage] }
      return [stage] + nearFullRows.whenModelTooBig
    }
  }
}
