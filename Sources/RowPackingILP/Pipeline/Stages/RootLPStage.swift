import RowPacking

/// The Gilmore–Gomory LP bound, and the master the later stages work on.
///
/// Column generation (``GilmoreGomoryColumnGeneration``) started from the
/// best packing's rows; its ceiling raises the bound.
///
/// Where widths are exact and the bound's rows must be exactly full, it
/// prices and holds only the rows a packing in the bound's rows (or in the
/// master's objective) may use, the waste budget shrinking with the
/// objective (da Silva and Schouery): its bound
/// then refutes the rows the budget covers, no more
/// (``GilmoreGomoryColumnGeneration/provenRows(_:)``), and the stages after
/// it widen the budget to the rows they ask for, or drop it
/// (docs/experiments/055-root-waste-budget.md).
///
/// Where it does not converge in time, Farley's bound from its last duals
/// still holds, and only the LP-free search may follow. For fractional
/// widths the bound comes from a second column generation on the bound
/// sizes.
///
/// Gilmore, P. C. and Gomory, R. E. (1961). A linear programming approach
/// to the cutting-stock problem. Operations Research 9(6).
struct RootLPStage: ExactStage {
  var stage: SolveStage { .rootLP }

  /// Column deletion on large masters, in the root LP alone.
  ///
  /// When more than `factor` columns per type take part in the simplex, the non-basic
  /// ones of largest reduced cost leave it, and come back once the root LP
  /// has ended (each pivot's cost grows with the master's nonzeros).
  struct Options: Sendable {
    /// Columns per type allowed before deletion (nil: none).
    var largeMasterDeletionFactor: Int? = 4
    /// The types from which a master counts as large.
    var largeMasterMinimumTypes = 601
    /// Whether the root LP prices and holds only the rows that a packing in
    /// the bound's rows, or in the master's objective, may use: the waste
    /// budget shrinking with the objective
    /// (``GilmoreGomoryColumnGeneration/shrinkingWasteBudget(rows:objective:capacity:totalSize:)``),
    /// where widths are exact, the bound's rows must be exactly full (there
    /// it ends at 0: the master after the root, which the dives price, holds
    /// only exactly-full rows) and the budgeted table is affordable.
    var shrinkingWasteBudget = false
    /// Where set, each pricing's other columns are diversified: each type in
    /// fewer than this many of them (``KnapsackPricing/othersPerType``).
    var othersPerType: Int? = 3
    /// The columns each pricing adds on masters of at least
    /// ``KnapsackPricing/columnsMinimumTypes`` types (one below: small masters
    /// pay more for the extra columns than they gain), where the dynamic
    /// programme may price them and diversifies them.
    var columnsPerPricing = 100
    /// The same where no table is affordable: the searches' other columns
    /// are alike (the best rows they met), and more of them only move the
    /// LP's solution.
    var searchColumnsPerPricing = 30

    /// The columns each pricing of a root master of `types` adds, whose
    /// full table has `tableCells` cells.
    ///
    /// - Complexity: O(1).
    func columnsPerPricing(types: ItemTypes, tableCells: Int) -> Int {
      if types.count < KnapsackPricing.columnsMinimumTypes { return 1 }
      return othersPerType != nil && tableCells <= KnapsackPricing.fallbackCells
        ? columnsPerPricing : searchColumnsPerPricing
    }

    /// The deletion factor of the root LP of a master of `typeCount` types.
    ///
    /// - Complexity: O(1).
    func columnDeletion(typeCount: Int) -> Int? {
      typeCount >= largeMasterMinimumTypes ? largeMasterDeletionFactor : nil
    }
  }

  let weight: Double
  var needsRootLP: Bool { false }

  func applies(to state: SolveState) -> Bool { !state.rootLPRan }
  func mayApply(to state: SolveState) -> Bool { !state.rootLPRan }

  func run(_ state: inout SolveState) throws(GLPKError) {
    state.rootLPRan = true
    let types = state.types, setup = state.setup
    let start = setup.elapsed
    let master = try GilmoreGomoryColumnGeneration(
      session: state.session, types: types, initialPatterns: state.bestPatterns)
    master.columnsPerPricing = state.options.rootLP.columnsPerPricing(
      types: types, tableCells: master.pricing.tableCells(bounds: types.demands))
    master.pricing.othersPerType = state.options.rootLP.othersPerType
    let deletion = state.options.rootLP.columnDeletion(typeCount: types.count)
    if let deletion { master.retireAbove = deletion }
    if state.options.rootLP.shrinkingWasteBudget && setup.scaled.isExact && state.rowsMustBeFull
      && master.pricing.tableCells(bounds: types.demands) <= KnapsackPricing.fallbackCells
    {
      // It refutes the bound's rows at most; the later stages widen it to
      // the rows they ask for (coverWasteBudget).
      master.wasteBudgetRows = state.bound.value
    }
    let root = try master.solve(until: state.stageDeadline, enough: state.best.rowCount)
    master.wasteBudgetRows = nil
    if deletion != nil { try master.restoreRetiredColumns() }
    state.note(master.summary)
    guard let root else {
      state.raiseBound(to: master.lastRowBound, source: .lp, by: stage)
      return
    }
    state.rootLPTime = setup.elapsed
    state.rootLPDuration = setup.elapsed - start
    state.master = master
    state.root = root
    if setup.scaled.isExact {
      state.raiseBound(to: root.rowBound, source: .lp, by: stage)
      return
    }
    let boundTypes = ItemTypes(sizes: setup.scaled.boundSizes, capacity: setup.scaled.boundCapacity)
    let boundMaster = try GilmoreGomoryColumnGeneration(session: state.session, types: boundTypes, initialPatterns: [])
    boundMaster.columnsPerPricing = master.columnsPerPricing
    if let solved = try boundMaster.solve(until: setup.deadline, enough: state.best.rowCount) {
      state.raiseBound(to: solved.rowBound, source: .lp, by: stage, onBoundSizes: true)
    }
  }
}
