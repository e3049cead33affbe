import RowPacking

/// Decides the bound's rows by branch-and-price-and-cut, where one row is open.
///
/// ``RyanFosterBranchAndPrice`` with subset-row cuts at every node, where
/// a cut stage left the best packing one row above the bound (converged
/// with no violated cut, or out of its time): a packing in the bound's
/// rows, or a proof that there is none.
///
/// It gives up after a share of its time, counted in work from the end of
/// its root, unless it has refuted part of its tree: where the bound's rows
/// hold a packing the tree prunes nothing and the dives after it need the
/// time. A tree that has not given up runs to the solve's end.
///
/// Ryan, D. M. and Foster, B. A. (1981). An integer programming approach
/// to scheduling. Computer Scheduling of Public Transport.
struct BranchAndPriceStage: ExactStage {
  /// After the cuts of the same place.
  let place: SubsetRowCutsStage.Place
  let weight: Double
  var stage: SolveStage { .branchAndPrice }

  /// The share of the tree that must be refuted by the give-up point for
  /// it to go on (2^-10: a node pruned at depth 10 or less), and the share
  /// below which it still gives up when its progress stalls.
  static let giveUpRefutedShare = 0x1p-10
  static let giveUpOnStallBelow = 0x1p-4

  func applies(to state: SolveState) -> Bool {
    state.hasRootLP && state.cutsRan == place && state.cutsLeftOneRowOpen && state.isOneRowAbove
      && state.setup.scaled.isExact
      && !state.options.budget.isSpent(state.setup)
  }

  /// After the cuts of its place, where they leave the row open: it decides
  /// what they leave. Early, it follows them wherever they may run (rows
  /// exactly full), so that their share leaves it time.
  func mayApply(to state: SolveState) -> Bool {
    guard state.setup.scaled.isExact else { return false }
    if place == .early && !state.cutStageRan { return state.rowsMustBeFull }
    return state.cutsRan == place && state.cutsLeftOneRowOpen
  }

  func run(_ state: inout SolveState) throws(GLPKError) {
    guard let master = state.master, let root = state.root else { return }
    state.cutsLeftOneRowOpen = false
    let tree: RyanFosterBranchAndPrice.Outcome, patterns: [Pattern]?
    do {
      (tree, patterns) = try Self.decide(
        state: state, master: master, root: root, rows: state.bound.value, until: state.stageDeadline)
    } catch {
      // As with the cut master: a tree GLPK does not solve costs this
      // stage, not the ones after it.
      state.note("branch-and-price failed: \(error.description)")
      return
    }
    state.count(nodes: tree.nodes)
    state.note(tree.summary)
    if let patterns { state.offer(patterns, by: stage) }
    if case .infeasible = tree.answer {
      state.raiseBound(to: state.bound.value + 1, source: .branchAndPrice, by: stage)
    }
  }

  /// Whether the items fit in `rows` rows, by branch-and-price over the items.
  ///
  /// The tree is over the items of
  /// positive size (each its own item, so that a branching decision names
  /// two items), started from the best packing's rows and every shift of
  /// the root LP's patterns. `deadline` ends the stage's share, which
  /// measures the give-up; a tree that has not given up runs to the
  /// solve's end. A packing it finds comes back as type patterns.
  static func decide(
    state: SolveState, master: GilmoreGomoryColumnGeneration, root: GilmoreGomoryColumnGeneration.Solution,
    rows: Int, cutRounds: Int? = nil, until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> (outcome: RyanFosterBranchAndPrice.Outcome, patterns: [Pattern]?) {
    let types = state.types
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
    // The LP's solution first (every shift of each pattern), the master's
    // other patterns after the first solve.
    let basic = root.values.indices.filter { root.values[$0] > 1e-9 }.flatMap { i in
      itemColumns(master.patterns[i], types: types, first: first, shifted: true)
    }
    let others = master.patterns.flatMap { itemColumns($0, types: types, first: first, shifted: false) }
    let bestRows = state.best.rows.map { row in row.compactMap { indexOf[$0] } }
    let search = try RyanFosterBranchAndPrice(
      session: state.session, sizes: typeOf.map { types.sizes[$0] }, capacity: types.capacity,
      initialColumns: bestRows + basic, wasteBudget: state.options.cuts.wasteBudget(types: types, rows: rows))
    search.laterColumns = others
    search.cutRoundsPerNode = cutRounds ?? state.options.branchAndPriceCutRounds
    search.columnCleaning = state.options.branchAndPriceColumnCleaning
    search.othersPerType = state.options.branchAndPriceOthersPerType
    search.exactBoundAtRoot = true
    search.exactBoundAtNodes = true
    let budget = state.options.budget
    let giveUpAfter = (deadline - ContinuousClock().now) * budget.branchAndPriceGiveUp
    search.giveUpWithoutPruningAfter = .work(Int(giveUpAfter / .seconds(1) * budget.workPerSecond))
    search.giveUpCountsFromRoot = true
    search.giveUpRefutedShare = giveUpRefutedShare
    search.giveUpOnStallBelow = giveUpOnStallBelow
    let precision = state.options.cuts.precision(capacity: types.capacity)
    search.precision = precision
    if search.cutRoundsPerNode > 0 { search.dualTolerance = precision.dualTolerance }
    // At the finer precision a rise of the LP of 1e-10 rows is certifiable.
    if state.options.cuts.certifiedPrecision { search.exactBoundTrigger = 1e-10 }
    search.minimumViolation = state.options.cuts.minimumViolation
    search.cutsPerRound = state.options.cuts.cutsPerRound
    if search.cutRoundsPerNode > 0 { search.rootCutRounds = state.options.cuts.treeRootCutRounds }
    // Relax-and-fix inside the tree: rows its nodes' LPs fix, completed by
    // a dive on the root LP's master (docs/experiments/063-relax-and-fix-in-the-tree.md).
    let rootBasis = state.diveRootBasis
    search.relaxAndFixRefutedBelow = giveUpRefutedShare
    search.relaxAndFixWorkPerSecond = budget.workPerSecond
    search.completion = { fixed, deadline throws(GLPKError) in
      try completion(
        of: fixed, master: master, rootBasis: rootBasis, rows: rows, typeOf: typeOf, first: first, until: deadline)
    }
    // The stage's share measures the give-up; a tree that has not given
    // up goes on to the solve's end: at 1 000 items its root alone takes
    // most of the share, and the stages after it settled none of those
    // solves (docs/experiments/062-tree-time-at-1002-items.md).
    let outcome = try search.decide(rows: rows, until: state.setup.deadline)
    guard case .packing(let packing) = outcome.answer else { return (outcome, nil) }
    return (outcome, packing.map { row in row.map { typeOf[$0] }.sorted() })
  }

  /// Rows of items fixed by the tree, completed by a short dive on the
  /// root LP's master (no discrepancy, two restarts) into a packing in
  /// `rows` rows, as rows of items; nil when the dive finds none. The
  /// master goes back to the root's basis after.
  static func completion(
    of fixed: [[Int]], master: GilmoreGomoryColumnGeneration, rootBasis: GilmoreGomoryColumnGeneration.SavedBasis?,
    rows: Int, typeOf: [Int], first: [Int], until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> [[Int]]? {
    var diving = DiveStage.diving(on: master, rows: rows, rootBasis: rootBasis)
    diving.maxDiscrepancy = 0
    diving.maxRestarts = 2
    diving.backOffs = 3
    let outcome = try diving.run(
      until: deadline, incumbentRows: rows + 1, fixed: fixed.map { row in row.map { typeOf[$0] }.sorted() })
    if let root = outcome.rootBasis { try master.restore(root) }
    guard let patterns = outcome.patterns, patterns.count <= rows else { return nil }
    // Items of one type are interchangeable: each type's next item.
    var next = first
    return patterns.map { row in
      row.map { t in
        defer { next[t] += 1 }
        return next[t]
      }
    }
  }

  /// The most shifts of a pattern (``itemColumns(_:types:first:shifted:)``).
  static let shiftLimit = 12

  /// A type pattern as rows of items, spread over the items of each type.
  ///
  /// The `k`-th copy of type `t` takes the
  /// type's item `first[t] + (k + shift) mod demand`, for shift 0 alone, or
  /// when `shifted` for every shift below the least common multiple of the
  /// pattern's demands (one when that exceeds ``shiftLimit``). Spread evenly
  /// over its shifts, a pattern covers each item of a type by the same
  /// share, so that a type LP solution becomes an item-level one of the
  /// same value and the tree's root starts at the LP's value.
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
