import RowPacking

/// Branch-and-price with Ryan–Foster branching: do the items fit in `k` rows?
///
/// Column generation on the set-partitioning LP at every node of a
/// depth-first tree, until a node's LP gives a packing in `k` rows, every
/// node is pruned (no packing in `k` rows: the proof that `k + 1` rows are
/// needed), or the deadline passes.
///
/// The master has one row per item, `sum_{p ∋ i} x_p = 1`, and a column per
/// row pattern (a set of items that fits the capacity). A node is a list of
/// decisions on pairs of items: *together* (in the same row) or *apart*
/// (in different rows). Items that must be together are merged into one
/// item of their total size (``NodeItems``), pairs that must be apart are
/// conflicts, so that a node's pricing is a knapsack with conflicts
/// (``ConflictKnapsackPricing``); one GLPK master serves the whole tree,
/// the columns a node forbids fixed at 0.
///
/// A node is pruned by a Farley/Lagrangian bound in exact arithmetic: for
/// any weights `w >= 0` of the node's merged items and `kappa` the
/// largest weight of a row the node allows (the pricing's exact maximum),
/// every packing of the node in `K` rows has `K kappa >= sum_g w_g`, as its
/// rows partition the items. The weights are the master's duals summed
/// over each merged item, scaled by ``precision``'s scale and rounded
/// down; the bound is `ceil(sum w / kappa)` in integers
/// (``SubsetRowCutAndPrice/safeBound(weights:demands:cuts:cutWeights:maximum:)``),
/// so floating point can weaken it but never make it wrong. A node is
/// pruned as soon as the bound reaches `k + 1`, even before its LP has
/// converged.
///
/// At a converged node the branching pair is two merged items whose
/// together-value (the sum of `x_p` over the patterns holding both) is
/// fractional (Ryan and Foster's theorem: a fractional set-partitioning
/// solution has such a pair): the largest such pair, then the one nearest
/// 0.5 (largest first decides the trees in far fewer nodes). The two
/// children split the node's packings: those with the pair in one row, and
/// the others. Without a fractional pair the LP solution is integral, or its
/// together-relation gives the rows.
///
/// With ``cutRoundsPerNode``, branch-and-price-and-cut: subset-row cuts on
/// three items (``SubsetRowCut`` with every demand 1,
/// `sum_p floor(|p ∩ S| / 2) x_p <= 1`) separated at every converged node, a
/// few rounds a node, valid for every packing and so kept in the one master
/// for the whole tree; a node's pricing then has the cuts' terms besides its
/// conflicts, and its bound the cuts' term `sum_c s_c floor(|S_c| / 2)`,
/// still in integers. Cuts on items can lift the LP by less than GLPK's
/// floating duals certify; with ``exactBoundAtRoot`` and
/// ``exactBoundAtNodes`` a node takes its bound once more from the master
/// solved in exact rational arithmetic, scaled finer
/// (``exactBound(node:rows:pricing:cutCounts:until:)``).
/// docs/experiments/ has the measurements behind these choices.
///
/// D. M. Ryan and B. A. Foster, "An integer programming approach to
/// scheduling", Computer Scheduling of Public Transport, 1981; P. H. Vance,
/// C. Barnhart, E. L. Johnson and G. L. Nemhauser, "Solving binary cutting
/// stock problems by column generation and branch-and-bound", Computational
/// Optimization and Applications 3, 1994; L. Wei, Z. Luo, R. Baldacci and
/// A. Lim, "A new branch-and-price-and-cut algorithm for one-dimensional
/// bin-packing problems", INFORMS Journal on Computing 32(2), 2020; R. F. F. da Silva and
/// R. C. S. Schouery, "Solving cutting stock problems via an extended
/// Ryan-Foster branching scheme and fast column generation", INFORMS
/// Journal on Computing, 2025 (arXiv 2308.03595).
///
/// - Complexity: exponential in the worst case: each node runs column
///   generation (master LP solves by GLPK's simplex, exact pricing).
final class RyanFosterBranchAndPrice {
  let sizes: [Int]
  let capacity: Int
  /// Nil, or the most capacity a column may leave empty
  /// (``init(session:sizes:capacity:initialColumns:wasteBudget:)``).
  let wasteBudget: Int?
  let problem: GLPKProblem
  /// The master's columns: items, increasing.
  var columns: [[Int]] = []
  /// The master's columns, as a set.
  var known: Set<[Int]> = []
  /// Whether each column is free at the current node (else fixed at 0).
  var free: [Bool] = []
  /// Each column's nonzeros in the master (its items and its cuts), for
  /// the counted work (``Outcome/work``).
  var entryCounts: [Int] = []
  /// The most columns one pricing adds.
  var columnsPerPricing = 30
  /// Where set, each pricing's other rows are diversified
  /// (``ConflictKnapsackPricing/othersPerType``).
  var othersPerType: Int? = nil
  /// Columns added after the root's first master solve (empty by
  /// default), so that the first solve, from GLPK's standard basis, runs
  /// over the initial columns alone and the others enter from its
  /// optimal basis.
  var laterColumns: [[Int]] = []
  /// When the nodes clean their master into a pool that pricing reads
  /// first (off by default; ``cleanColumns(node:duals:rows:lowerBound:)``).
  var columnCleaning = ColumnCleaning.off
  /// The columns cleaned out of the master (within the waste budget), and
  /// the same as a set; the array may hold columns back in the master until
  /// ``pricedFromPool(node:duals:)`` drops them (`poolIsStale`).
  var pool: [[Int]] = []
  var pooled: Set<[Int]> = []
  var poolIsStale = false
  /// The most pooled columns one pricing returns to the master.
  var poolColumnsPerPricing = 60
  /// The weight of the centre (the dual point of best Lagrangian bound at
  /// the node) in the smoothed duals (Wentges, 1997, as in
  /// ``GilmoreGomoryColumnGeneration``); 0 turns smoothing off.
  var smoothing = 0.7
  /// Rounds of subset-row cut separation at each node (0, the default:
  /// none, plain branch-and-price): branch-and-price-and-cut
  /// (``ConflictKnapsackPricing/best(weights:cutCounts:cutWeights:threshold:others:until:)``
  /// prices with the cuts' duals); the cuts, on three items, are global
  /// and stay in the master for the whole tree.
  var cutRoundsPerNode = 0
  /// Whether converged nodes (the root; the others) take an exact bound too.
  ///
  /// A converged node whose cuts are
  /// exhausted takes its safe bound once more from the master solved in
  /// exact rational arithmetic (`glp_exact` from the optimal basis), its
  /// duals scaled by ``exactScale`` rather than ``KnapsackPricing/scale``
  /// (``exactBound(node:rows:pricing:cutCounts:until:)``). Off by default.
  var exactBoundAtRoot = false
  var exactBoundAtNodes = false
  /// The most exact solves one such bound takes (each adding the rows
  /// that price out at its duals).
  var exactPricingRounds = 3
  /// How far above the rows to refute the floating LP must be for the
  /// exact bound to be tried (in rows): below it an exact solve costs
  /// seconds and certifies nothing.
  var exactBoundTrigger = 1e-9
  /// The most cuts one round adds, and in all.
  var cutsPerRound = 20
  var cutLimit = 300
  /// The least violation of a cut separated at a node.
  var minimumViolation = 1e-4
  /// Cut rounds at the root (nil: ``cutRoundsPerNode``).
  var rootCutRounds: Int? = nil
  /// The effort after which a tree that has pruned no node gives up (nil:
  /// never): a tree that refutes nothing early is most likely one over a
  /// packing that exists, whose time the searches that find packings need.
  /// Once a node is pruned (and
  /// ``giveUpRefutedShare`` of the tree refuted) the tree has its whole
  /// time, unless its progress stalls below ``giveUpOnStallBelow``
  /// (``giveUpPoint(after:closed:share:lastMark:stallBelow:)``). Counted
  /// in work (``Effort/work(_:)``, as the pipeline does by default), the
  /// tree gives up at the same node on every run, loaded or not, and only
  /// the deadline of the whole tree stays in time; on the clock
  /// (``Effort/time(_:)``), its solves and pricings stop at the give-up.
  var giveUpWithoutPruningAfter: Effort? = nil
  /// Whether ``giveUpWithoutPruningAfter`` counts from the end of the
  /// root's LP rather than the tree's start (false, the default): a tree
  /// whose root is still open has learnt nothing about the packing, and
  /// where the root takes most of the give-up (1 000 items and more) the
  /// tree would stop before its first branching.
  var giveUpCountsFromRoot = false
  /// The share of the tree (``Outcome/closed``) that must be refuted for
  /// the give-up not to apply (0, the default: any pruned node). A single
  /// pruned node deep in the tree refutes a tiny share, while the trees
  /// that prove refute large shares within their first nodes (a pruned
  /// child of the root is a half).
  var giveUpRefutedShare = 0.0
  /// The share refuted below which a stalled tree still gives up (nil: never).
  ///
  /// A tree that refuted enough still gives
  /// up when its progress stalls (nil, the default: never): no new mark
  /// of the share refuted (``closedMarks``, each two to sixteen times the
  /// one before) within ``giveUpWithoutPruningAfter`` of the last: a tree
  /// that refutes a little and then stalls is most likely over a packing
  /// that exists, while the trees that prove refute a quarter or more with
  /// their first pruned node.
  var giveUpOnStallBelow: Double? = nil
  /// Where set, relax-and-fix at converged nodes completes the rows their
  /// LP fixes (``relaxAndFix(_:_:_:)``; nil, the default: none).
  var completion: Completion? = nil
  /// The most relax-and-fix takes of the tree's time after its root, and
  /// the least time one call is given.
  var relaxAndFixShare = 0.1
  var relaxAndFixLeastTime = Duration.milliseconds(500)
  /// Where set, relax-and-fix's time is counted in the tree's work at this
  /// many units a second, so that a give-up in work falls no later on the
  /// clock for it: the stages after the tree keep their time.
  var relaxAndFixWorkPerSecond: Double? = nil
  /// The share of the tree refuted at which relax-and-fix stops: a tree
  /// that refutes is most likely over rows that hold no packing.
  var relaxAndFixRefutedBelow = 1.0
  /// GLPK's tolerance on reduced costs for the master (nil: its default).
  var dualTolerance: Double? = nil
  /// The scale of the floating duals' integer weights, the least
  /// improvement of a row that enters and GLPK's tolerance on bounds
  /// (``CertifiedBound/Precision``; its tolerance on reduced costs and
  /// exact rounds are ``dualTolerance`` and ``exactPricingRounds`` here).
  var precision = CertifiedBound.Precision.standard
  /// The master's simplex: GLPK's pricing rule (projected steepest edge,
  /// or Dantzig's) and ratio test.
  var steepestEdge: Bool {
    get { problem.steepestEdge }
    set { problem.steepestEdge = newValue }
  }
  var ratioTest: GLPKProblem.RatioTest {
    get { problem.ratioTest }
    set { problem.ratioTest = newValue }
  }
  /// The subset-row cuts on items (each of demand 1), rows `items + c` of
  /// the master.
  private(set) var cuts: [SubsetRowCut] = []
  var cutSet: Set<SubsetRowCut> = []
  /// The cuts holding each item.
  var cutsOfItem: [[Int]] = []
  /// Every item's demand, 1 (a merged item's too: the safe bound reads the
  /// first of these, one per merged item).
  let itemDemands: [Int]

  /// - Parameters:
  ///   - sizes: the items' sizes (positive, each at most `capacity`).
  ///   - initialColumns: rows of items to start from (those that do not
  ///     fit are left out); one column per item is added.
  ///   - wasteBudget: nil, or `k x C - sum sizes` for ``decide(rows:until:)``
  ///     on `k` rows: the master holds and prices only rows that leave at
  ///     most that much empty (see ``isWithinBudget(_:)``).
  init(
    session: GLPKSession, sizes: [Int], capacity: Int, initialColumns: [[Int]], wasteBudget: Int? = nil
  ) throws(GLPKError) {
    self.sizes = sizes
    self.capacity = capacity
    self.wasteBudget = wasteBudget
    cutsOfItem = Array(repeating: [], count: sizes.count)
    itemDemands = Array(repeating: 1, count: sizes.count)
    problem = try GLPKProblem(
      session: session, model: LinearModel(rows: sizes.map { _ in .fixed(1) }))
    try add(sizes.indices.map { [$0] }, artificial: true)
    try add(initialColumns)
  }

  /// Adds the columns not yet in the master that fit the capacity and the
  /// waste budget (`artificial`: any, those over it at ``artificialCost``;
  /// free: the caller adds only columns the current node allows); returns
  /// how many.
  @discardableResult
  func add(_ newColumns: [[Int]], artificial: Bool = false) throws(GLPKError) -> Int {
    var added: [LinearModel.Column] = []
    for items in newColumns {
      let column = items.sorted()
      let load = column.reduce(0, { $0 + sizes[$1] })
      guard !column.isEmpty, Set(column).count == column.count, load <= capacity,
        artificial || isWithinBudget(load: load), known.insert(column).inserted
      else { continue }
      if !pooled.isEmpty, pooled.remove(column) != nil { poolIsStale = true }
      columns.append(column)
      free.append(true)
      var entries = column.map { (row: $0, value: 1.0) }
      for c in Set(column.flatMap { cutsOfItem[$0] }).sorted() {
        let coefficient = cuts[c].coefficient(of: column)
        if coefficient > 0 { entries.append((row: sizes.count + c, value: Double(coefficient))) }
      }
      added.append(LinearModel.Column(objective: isWithinBudget(load: load) ? 1 : Self.artificialCost, entries: entries))
      entryCounts.append(entries.count)
    }
    try problem.addColumns(added)
    return added.count
  }

  /// Adds subset-row cuts on items as rows `<= 1`, with their
  /// coefficients on the columns so far; returns how many were new.
  @discardableResult
  func add(cuts newCuts: [SubsetRowCut]) throws(GLPKError) -> Int {
    var rows: [(bounds: LinearModel.Bounds, entries: [(column: Int, value: Double)])] = []
    for cut in newCuts where cutSet.insert(cut).inserted {
      for i in cut.types { cutsOfItem[i].append(cuts.count) }
      cuts.append(cut)
      var entries: [(column: Int, value: Double)] = []
      for (k, column) in columns.enumerated() {
        let coefficient = cut.coefficient(of: column)
        if coefficient > 0 { entries.append((column: k, value: Double(coefficient))); entryCounts[k] += 1 }
      }
      rows.append((bounds: .atMost(Double(cut.rightHandSide)), entries: entries))
    }
    try problem.addRows(rows)
    return rows.count
  }

  /// Frees the columns `node` allows, fixes the others at 0 (with
  /// ``columnCleaning``, moves the non-basic ones to the pool), and adds one
  /// column per merged item (so that the master is feasible).
  func restrict(to node: NodeItems) throws(GLPKError) {
    var changes: [(index: Int, bounds: LinearModel.Bounds)] = []
    for c in columns.indices {
      let allowed = node.mergedItems(of: columns[c]) != nil
      if allowed != free[c] {
        free[c] = allowed
        changes.append((index: c, bounds: allowed ? .atLeast(0) : .fixed(0)))
      }
    }
    try problem.setColumnBounds(changes)
    if columnCleaning != .off {
      let basis = try problem.basis().basis
      try moveToPool(columns.indices.filter { !free[$0] && !basis.isBasic(column: $0) })
    }
    try add(node.groups, artificial: true)
  }

  /// The work counted for a master solve of the tree, in the units of ``KnapsackPricing/Work``.
  ///
  /// For `pivots` simplex iterations
  /// over `rows` rows (items and cuts) and `nonzeros` nonzeros in the
  /// columns free at the node (items and cuts), `allNonzeros` in the
  /// master: column generation's count
  /// (``GilmoreGomoryColumnGeneration/masterWork(iterations:rows:nonzeros:)``),
  /// plus the copy of the columns fixed at 0 that GLPK makes at each solve.
  ///
  /// - Complexity: O(1).
  static func work(pivots: Int, rows: Int, nonzeros: Int, allNonzeros: Int) -> Int {
    GilmoreGomoryColumnGeneration.masterWork(iterations: pivots, rows: rows, nonzeros: nonzeros)
      + GilmoreGomoryColumnGeneration.MasterWork.solveNonzero * max(0, allNonzeros - nonzeros)
  }
  /// The work a node of the pricing's search counts per 64 merged items
  /// (``ConflictKnapsackPricing``: its bound walks the items), calibrated
  /// against its measured time per node beside the master's
  /// (docs/experiments/).
  static let pricingNodeWork = 2_000

  /// The rows, when they hold every item of `0..<itemCount` exactly once.
  static func partition(_ rows: [[Int]], itemCount: Int) -> [[Int]]? {
    var seen = [Bool](repeating: false, count: itemCount)
    for row in rows { for i in row { if seen[i] { return nil }; seen[i] = true } }
    return seen.allSatisfy { $0 } ? rows : nil
  }
}
