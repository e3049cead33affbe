import RowPacking

/// Branch-and-price with Ryan–Foster branching: do the items fit in `k`
/// rows? Column generation on the set-partitioning LP at every node of a
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
/// over each merged item, scaled by ``KnapsackPricing/scale`` and rounded
/// down; the bound is `ceil(sum w / kappa)` in integers
/// (``SubsetRowCutAndPrice/safeBound(weights:demands:cuts:cutWeights:maximum:)``),
/// so floating point can weaken it but never make it wrong. A node is
/// pruned as soon as the bound reaches `k + 1`, even before its LP has
/// converged.
///
/// At a converged node the branching pair is two merged items whose
/// together-value (the sum of `x_p` over the patterns holding both) is
/// fractional (Ryan and Foster's theorem: a fractional set-partitioning
/// solution has such a pair), the largest such pair, then the one nearest
/// 0.5: on ANI 201_2500 NR_13 and NR_19 the pair nearest 0.5 first left
/// trees of 670-813 nodes undecided in 47 s, the largest first proved
/// them in 15 and 73 nodes (NR_45: 75 nodes instead of 39). The two children
/// split the node's packings: those with the pair in one row, and the
/// others. Without a fractional pair the LP solution is integral, or its
/// together-relation gives the rows.
///
/// Off by default (``cutRoundsPerNode``), branch-and-price-and-cut:
/// subset-row cuts on three items (``SubsetRowCut`` with every demand 1,
/// `sum_p floor(|p ∩ S| / 2) x_p <= 1`) separated at every converged node,
/// a few rounds a node, valid for every packing and so kept in the one
/// master for the whole tree; a node's pricing then has the cuts' terms
/// besides its conflicts (``ConflictKnapsackPricing/best(weights:cutCounts:cutWeights:threshold:others:until:)``,
/// a merged item counting its items in each cut), and its bound the
/// cuts' term `sum_c s_c floor(|S_c| / 2)`, still in integers. The root's
/// cuts do not lift ANI's LP (docs/ARCHITECTURE.md), but below the root
/// they do: given 300 s on ANI 600_20000_NR_7, the tree with them was
/// decided in 23 nodes (depth 10), the plain tree not in 1 413 (depth
/// 125); at 60 s neither (docs/ARCHITECTURE.md, session 17).
///
/// The root's cuts on items lift ANI 600's LP by 4e-9 to 1.2e-8 rows
/// (exact simplex), less than the floating duals at GLPK's tolerance
/// certify (their reduced costs of -1e-10 cost K x 1e-10 rows): with
/// ``exactBoundAtRoot`` the root takes its bound once more from the master
/// solved in exact rational arithmetic, scaled finer
/// (``exactBound(node:rows:pricing:cutCounts:until:)``), and refutes NR_7,
/// NR_17 and NR_31 at the root; at every node (``exactBoundAtNodes``) it
/// proved NR_1 and NR_13 in 9 and 31 nodes. At ANI 801 the root's closure of cuts on
/// three and five items is K + 3e-10 to 6e-10 in exact arithmetic, which
/// a few exact pricing rounds do not certify (docs/ARCHITECTURE.md).
///
/// Off by default, the branching history of da Silva and Schouery
/// (``branchingHistory``) and restarts from the root (``restartNodes``):
/// on ANI 402_10000 (NR_1, 3, 7, 9, 27; 60 s) neither decided an instance
/// the plain tree does not, and the share of the tree refuted in that time
/// (``Outcome/closed``) was not larger (docs/ARCHITECTURE.md has the numbers).
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
  private let problem: GLPKProblem
  /// The master's columns: items, increasing.
  private(set) var columns: [[Int]] = []
  private var known: Set<[Int]> = []
  /// Whether each column is free at the current node (else fixed at 0).
  private var free: [Bool] = []
  /// Each column's nonzeros in the master (its items and its cuts), for
  /// the counted work (``Outcome/work``).
  private var entryCounts: [Int] = []
  /// The most columns one pricing adds.
  var columnsPerPricing = 30
  /// Columns added after the root's first master solve (empty by
  /// default), so that the first solve, from GLPK's standard basis, runs
  /// over the initial columns alone and the others enter from its
  /// optimal basis.
  var laterColumns: [[Int]] = []
  /// The weight of the centre (the dual point of best Lagrangian bound at
  /// the node) in the smoothed duals (Wentges, 1997, as in
  /// ``GilmoreGomoryColumnGeneration``); 0 turns smoothing off.
  var smoothing = 0.7
  /// Whether the pair to branch on is chosen first by the failures of its
  /// sizes so far (off by default): each node whose two children were
  /// both pruned counts one failure for the sizes of its two merged items,
  /// and at a converged node the fractional pair whose sizes failed most
  /// often comes first, then the largest, then the nearest 0.5. This is
  /// the variable selection from branching history of da Silva and
  /// Schouery (a pair that refuted a subtree is tried high in the next
  /// ones, a fail-first rule: the tree must be refuted whole), keyed by
  /// sizes as theirs is by item types.
  var branchingHistory = false
  /// With the history, the nodes of a first run before the tree starts
  /// again from the root (nil: never), twice as many each time: the pairs
  /// that failed deep in one run are branched on near the root in the
  /// next (as restarts do in a SAT solver), and as the runs grow the
  /// last one is complete. Off by default.
  var restartNodes: Int? = nil
  /// Rounds of subset-row cut separation at each node (0, the default:
  /// none, plain branch-and-price): branch-and-price-and-cut
  /// (``ConflictKnapsackPricing/best(weights:cutCounts:cutWeights:threshold:others:until:)``
  /// prices with the cuts' duals); the cuts, on three items, are global
  /// and stay in the master for the whole tree.
  var cutRoundsPerNode = 0
  /// Rounds of cut separation at the root (nil, the default:
  /// ``cutRoundsPerNode``), and the most cuts a root round adds (nil:
  /// ``cutsPerRound``).
  var rootCutRounds: Int? = nil
  var rootCutsPerRound: Int? = nil
  /// Whether a converged node (the root; the others) whose cuts are
  /// exhausted takes its safe bound once more from the master solved in
  /// exact rational arithmetic (`glp_exact` from the optimal basis), its
  /// duals scaled by ``exactScale`` rather than ``KnapsackPricing/scale``
  /// (``exactBound(node:rows:pricing:cutCounts:until:)``). Off by default.
  var exactBoundAtRoot = false
  var exactBoundAtNodes = false
  /// The most exact solves one such bound takes (each adding the rows
  /// that price out at its duals): ANI 600_20000 NR_7 was refuted after
  /// 3 (0.4 s), NR_17 after 2 or 3 (not after 1).
  var exactPricingRounds = 3
  /// How far above the rows to refute the floating LP must be for the
  /// exact bound to be tried (in rows): where it is not, as on AI (a
  /// packing exists, the LP is the rows) or ANI 801 (3e-10 to 6e-10 above,
  /// about 3 s an exact solve there), the exact solves cost and prove
  /// nothing.
  var exactBoundTrigger = 1e-9
  /// Whether the root separates subset-row cuts on five items (multiplier
  /// 1/2, ``SubsetRowCutSeparation/separateFiveRows(patterns:values:demands:existing:limit:minimumViolation:until:)``)
  /// once no cut on three items is violated (off by default).
  var rootFiveItemCuts = false
  /// At the root, the other optimal solutions of the master on which
  /// cuts are separated too (0, the default: the master's solution only):
  /// the LP is degenerate, and the cuts that one optimal vertex violates
  /// depend on which vertex the simplex stopped at. The optimal face is
  /// the master with every column of positive reduced cost fixed at 0 and
  /// every cut of negative dual held at equality (complementary
  /// slackness: each feasible solution there is optimal); each further
  /// solve maximises a seeded random objective over it
  /// (``alternativeOptima(count:duals:seed:until:)``), and cuts are separated on
  /// each vertex and on the mean of all (a point inside the face).
  var alternativeOptimaAtRoot = 0
  /// The most cuts one round adds, and in all.
  var cutsPerRound = 20
  var cutLimit = 300
  /// The nodes after which a tree that has pruned none gives up (nil:
  /// never): a tree that refutes nothing in its first nodes is most
  /// likely one over a packing that exists (AI: none of 18 nodes pruned
  /// on 600_20000_DI_7, while on ANI 600 the first "together" child is
  /// mostly pruned within a few nodes), whose time the searches that find
  /// packings need. Off by default.
  var giveUpWithoutPruning: Int? = nil
  /// The effort after which a tree that has pruned no node gives up (nil:
  /// never), as ``giveUpWithoutPruning`` does after a count of nodes: a
  /// node can take seconds (AI 600_20000_DI_41: 5 nodes in 36 s, none
  /// pruned), so a count may never be reached. Once a node is pruned (and
  /// ``giveUpRefutedShare`` of the tree refuted) the tree has its whole
  /// time, unless its progress stalls below ``giveUpOnStallBelow``
  /// (``giveUpPoint(after:closed:share:lastMark:stallBelow:)``). Counted
  /// in work (``Effort/work(_:)``, as the pipeline does by default), the
  /// tree gives up at the same node on every run, loaded or not, and only
  /// the deadline of the whole tree stays in time; on the clock
  /// (``Effort/time(_:)``), its solves and pricings stop at the give-up.
  var giveUpWithoutPruningAfter: Effort? = nil
  /// An amount of a tree's effort, the measure of its give-up
  /// (``giveUpWithoutPruningAfter``): time on the clock or counted work.
  enum Effort: Equatable, Sendable {
    /// Time on the clock.
    case time(Duration)
    /// The tree's master solves and pricing counted (``Outcome/work``, in
    /// the units of ``KnapsackPricing/Work``, about a nanosecond on a
    /// quiet machine).
    case work(Int)

    /// This amount past a point of the tree (its time and counted work
    /// there), in the same measure.
    ///
    /// - Complexity: O(1).
    func past(time: Duration, work: Int) -> Effort {
      switch self {
      case .time(let amount): .time(time + amount)
      case .work(let amount): .work(work + amount)
      }
    }

    /// Whether a tree whose give-up point (from its start) is this one has
    /// reached it with `work` counted; a give-up point in time is the
    /// deadline of its solves instead.
    ///
    /// - Complexity: O(1).
    func isReached(work: Int) -> Bool {
      guard case .work(let amount) = self else { return false }
      return work >= amount
    }
  }
  /// Whether that give-up runs again from the end of the root node (its
  /// column generation and cut rounds, from the root's time or work), off
  /// by default: the root is the bound's work (its cuts on items alone
  /// refute the rows of some ANI instances), the give-up rule is about the
  /// branching below it. The root itself stays within
  /// ``giveUpWithoutPruningAfter``.
  var giveUpTimeFromRoot = false
  /// The share of the tree (``Outcome/closed``) that must be refuted for
  /// the two give-ups above not to apply (0, the default: any pruned node).
  /// A single pruned node deep in the tree refutes a tiny share (AI
  /// 201_2500_DI_5: 4e-8, the tree then kept 45 s the dives needed), while
  /// on ANI the trees that prove refute large shares within their first
  /// nodes (a pruned child of the root is a half).
  var giveUpRefutedShare = 0.0
  /// The share refuted below which a tree that refuted enough still gives
  /// up when its progress stalls (nil, the default: never): no new mark
  /// of the share refuted (``closedMarks``, each two to sixteen times the
  /// one before) within ``giveUpWithoutPruningAfter`` of the last. On AI
  /// 201_2500_DI_5 the tree refuted 2^-8 at 0.7 s and nothing more in the
  /// 47 s it then kept (the wide dive after it found the packing in 1 s);
  /// the ANI trees that prove refute a quarter or more with their first
  /// pruned node (600_20000_NR_7, NR_17, NR_31, 402_10000_NR_3), and may
  /// then take longer to the next mark (NR_17: 2^-2 at 5.0 s, not 2^-1 by
  /// 14.9 s in one run; proven in others).
  var giveUpOnStallBelow: Double? = nil
  /// GLPK's tolerance on reduced costs for the master (nil: its default).
  var dualTolerance: Double? = nil
  /// The most columns the master keeps (nil, the default: all): when a
  /// node starts with more, the non-basic columns of largest reduced cost
  /// at the last duals are deleted from the master (not only fixed at 0)
  /// until a quarter of the limit is free again; a deleted column that a
  /// later node needs is priced in again, as any other.
  var columnLimit: Int? = nil
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
  private var cutSet: Set<SubsetRowCut> = []
  /// The cuts holding each item.
  private var cutsOfItem: [[Int]] = []
  /// Every item's demand, 1 (a merged item's too: the safe bound reads the
  /// first of these, one per merged item).
  private let itemDemands: [Int]

  /// A branching decision: two items in one row (`together`) or not.
  struct Decision: Hashable {
    var first: Int
    var second: Int
    var together: Bool
  }

  /// The items of a node: the merged items (groups of items that must share
  /// a row) and the pairs of merged items that must not.
  struct NodeItems {
    /// The merged item of each item.
    let groupOf: [Int]
    /// The items of each merged item, increasing; merged items ordered by
    /// their first item.
    let groups: [[Int]]
    /// Pairs of merged items that may not share a row.
    let conflicts: [(Int, Int)]
    private let conflictKeys: Set<Int>

    /// The node of `decisions` over items `0..<itemCount`.
    ///
    /// - Complexity: O(items + decisions), nearly (union-find).
    init(itemCount: Int, decisions: [Decision]) {
      var parent = Array(0..<itemCount)
      func find(_ i: Int) -> Int {
        var i = i
        while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
        return i
      }
      for d in decisions where d.together {
        let (a, b) = (find(d.first), find(d.second))
        if a != b { parent[max(a, b)] = min(a, b) }
      }
      var index = [Int](repeating: -1, count: itemCount)
      var groups: [[Int]] = []
      var groupOf = [Int](repeating: 0, count: itemCount)
      for i in 0..<itemCount {
        let root = find(i)
        if index[root] < 0 { index[root] = groups.count; groups.append([]) }
        groups[index[root]].append(i)
        groupOf[i] = index[root]
      }
      var conflicts: [(Int, Int)] = []
      var keys = Set<Int>()
      for d in decisions where !d.together {
        let (g, h) = (groupOf[d.first], groupOf[d.second])
        let key = min(g, h) * itemCount + max(g, h)
        if g != h && keys.insert(key).inserted { conflicts.append((min(g, h), max(g, h))) }
      }
      self.groupOf = groupOf
      self.groups = groups
      self.conflicts = conflicts
      conflictKeys = keys
    }

    /// Whether merged items `g` and `h` may not share a row.
    func conflict(_ g: Int, _ h: Int) -> Bool { conflictKeys.contains(min(g, h) * groupOf.count + max(g, h)) }

    /// The merged items of a set of items, increasing, or `nil` when the set
    /// splits a merged item or holds a conflict (the node forbids it).
    ///
    /// - Complexity: O(items x merged items in the set).
    func mergedItems(of items: [Int]) -> [Int]? {
      var touched: [Int: Int] = [:]
      for i in items { touched[groupOf[i], default: 0] += 1 }
      guard touched.allSatisfy({ groups[$0.key].count == $0.value }) else { return nil }
      let merged = touched.keys.sorted()
      for a in merged.indices { for b in merged.indices where b > a && conflict(merged[a], merged[b]) { return nil } }
      return merged
    }
  }

  /// How a decision ended.
  enum Answer {
    /// Rows of items, at most the rows asked for (each item once).
    case packing([[Int]])
    /// Every node pruned: the items do not fit in the rows asked for.
    case infeasible
    /// Out of time, or a node the tree could not branch on.
    case unknown
  }

  /// What a run reached.
  struct Outcome {
    var answer: Answer
    /// Branch-and-bound nodes, master solves, pricing search nodes.
    var nodes = 0
    var solves = 0
    var pricingNodes = 0
    /// The deepest node.
    var depth = 0
    /// Subset-row cuts in the master at the end, and separation rounds
    /// that added some.
    var cuts = 0
    var cutRounds = 0
    /// Master solves for other optimal solutions (``alternativeOptimaAtRoot``).
    var alternativeSolves = 0
    /// Branching nodes whose two children were both pruned.
    var failedPairs = 0
    /// Runs started again from the root (``restartNodes``).
    var restarts = 0
    /// The share of the tree refuted, `sum 2^-depth` over the pruned
    /// nodes (1 when every node is pruned): how far an undecided tree got.
    var closed = 0.0
    /// The root's best safe row bound.
    var rootBound = 0
    /// Columns in the master at the end, the most at once, and those
    /// deleted (``columnLimit``).
    var columns = 0
    var peakColumns = 0
    var deletedColumns = 0
    /// GLPK's simplex iterations in the master solves.
    var iterations = 0
    var elapsed = Duration.zero
    /// When the root node's column generation and cuts ended, and when the
    /// first node was pruned (from the start).
    var rootTime: Duration? = nil
    var firstPruned: Duration? = nil
    /// How the refuted share grew: the time (from the start) at which it
    /// first reached `2^-k`, for `k` = 20, 16, 12, 10, 8, 6, 4, 3, 2, 1,
    /// 0 (the tree's progress; the give-up rule reads the share).
    var closedTrace: [(share: Double, time: Duration, work: Int)] = []
    /// The work counted so far (``work(pivots:rows:nonzeros:)`` for the
    /// master solves, ``pricingNodeWork`` a pricing node): the same on
    /// every run of the same tree.
    var work = 0
    /// The time in master solves and in pricing.
    var masterTime = Duration.zero
    var pricingTime = Duration.zero
    /// The root's converged LPs, one per cut round: the cuts in the master
    /// and the LP value (how far the root's cuts lift the bound).
    var rootTrace: [(cuts: Int, objective: Double)] = []
    /// Exact re-solves (``exactBoundAtRoot``), their time, the last exact
    /// objective at the root, and the nodes their bound pruned.
    var exactSolves = 0
    var exactTime = Duration.zero
    var exactRootObjective: Double? = nil
    var exactPrunes = 0
    /// Cuts on five items added at the root (``rootFiveItemCuts``).
    var fiveItemCuts = 0

    /// One line for the verbose log.
    var summary: String {
      let what: String
      switch answer {
      case .packing(let rows): what = "a packing in \(rows.count) rows"
      case .infeasible: what = "infeasible"
      case .unknown: what = "not decided"
      }
      return "branch-and-price: \(what) after \(nodes) nodes (depth \(depth), \(failedPairs) pairs failed, \(restarts) restarts, closed \(closed), \(cuts) cuts in \(cutRounds) rounds, \(solves) master solves\(alternativeSolves > 0 ? " (+\(alternativeSolves) for other optima)" : ""), "
        + "\(iterations) simplex iterations, \(pricingNodes) pricing nodes, \(columns) columns (\(peakColumns) at most, \(deletedColumns) deleted), root bound \(rootBound), root \(rootTime.map { "\($0)" } ?? "-"), first pruned \(firstPruned.map { "\($0)" } ?? "-"), refuted \(closedTrace.map { "2^\(Int($0.share.exponent)) at \(((($0.time / .seconds(1)) * 100).rounded() / 100)) s" }.joined(separator: " ")), \(elapsed); "
        + "master \(masterTime), pricing \(pricingTime), work \(work))"
        + (exactSolves == 0 ? "" : "; \(exactSolves) exact solves in \(exactTime), root exact LP \(exactRootObjective.map { "\($0)" } ?? "-"), \(exactPrunes) pruned by it")
        + (rootTrace.isEmpty ? "" : "; \(fiveItemCuts) five-item cuts; root LP by cuts: " + rootTrace.map { "\($0.cuts): \($0.objective)" }.joined(separator: ", "))
    }
  }

  /// - Parameters:
  ///   - sizes: the items' sizes (positive, each at most `capacity`).
  ///   - initialColumns: rows of items to start from (those that do not
  ///     fit are left out); one column per item is added.
  init(session: GLPKSession, sizes: [Int], capacity: Int, initialColumns: [[Int]]) throws(GLPKError) {
    self.sizes = sizes
    self.capacity = capacity
    cutsOfItem = Array(repeating: [], count: sizes.count)
    itemDemands = Array(repeating: 1, count: sizes.count)
    problem = try GLPKProblem(
      session: session, model: LinearModel(rows: sizes.map { _ in .fixed(1) }))
    try add(sizes.indices.map { [$0] } + initialColumns)
  }

  /// Adds the columns not yet in the master that fit the capacity (free:
  /// the caller adds only columns the current node allows); returns how
  /// many.
  @discardableResult
  private func add(_ newColumns: [[Int]]) throws(GLPKError) -> Int {
    var added: [LinearModel.Column] = []
    for items in newColumns {
      let column = items.sorted()
      guard !column.isEmpty, Set(column).count == column.count,
        column.reduce(0, { $0 + sizes[$1] }) <= capacity, known.insert(column).inserted
      else { continue }
      columns.append(column)
      free.append(true)
      var entries = column.map { (row: $0, value: 1.0) }
      for c in Set(column.flatMap { cutsOfItem[$0] }).sorted() {
        let coefficient = cuts[c].coefficient(of: column)
        if coefficient > 0 { entries.append((row: sizes.count + c, value: Double(coefficient))) }
      }
      added.append(LinearModel.Column(objective: 1, entries: entries))
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

  /// The reduced cost of `column` (items) at `duals` (the master's rows,
  /// then its cuts): 1 less its items' duals and each cut's coefficient
  /// times its dual, summed in the cuts' order.
  ///
  /// - Complexity: O(items of the column + cuts of its items).
  private func reducedCost(of column: [Int], duals: [Double]) -> Double {
    var cost = 1 - column.reduce(0.0) { $0 + duals[$1] }
    for c in Set(column.flatMap { cutsOfItem[$0] }).sorted() {
      let coefficient = cuts[c].coefficient(of: column)
      if coefficient > 0 { cost -= Double(coefficient) * duals[sizes.count + c] }
    }
    return cost
  }

  /// Deletes from the master the non-basic columns of largest reduced cost
  /// at `duals` (the last master's, rows then cuts) until at most
  /// three quarters of `limit` are left (or only basic ones); returns how
  /// many. The Swift side (columns, known, free) follows GLPK's
  /// renumbering, and a deleted column may be added again.
  ///
  /// - Complexity: O(columns x (items a column + cuts of its items)) and
  ///   a sort of the non-basic columns.
  private func deleteColumns(limit: Int, duals: [Double]) throws(GLPKError) -> Int {
    guard columns.count > limit, duals.count == sizes.count + cuts.count else { return 0 }
    let basis = try problem.basis().basis
    var candidates: [(index: Int, reducedCost: Double)] = []
    for (k, column) in columns.enumerated() where !basis.isBasic(column: k) {
      candidates.append((k, reducedCost(of: column, duals: duals)))
    }
    let excess = columns.count - limit * 3 / 4
    guard excess > 0 else { return 0 }
    let doomed = candidates.sorted { $0.reducedCost > $1.reducedCost }.prefix(excess).map(\.index).sorted()
    guard !doomed.isEmpty else { return 0 }
    try problem.deleteColumns(doomed)
    var gone = [Bool](repeating: false, count: columns.count)
    for k in doomed { gone[k] = true; known.remove(columns[k]) }
    columns = columns.indices.filter { !gone[$0] }.map { columns[$0] }
    free = free.indices.filter { !gone[$0] }.map { free[$0] }
    entryCounts = entryCounts.indices.filter { !gone[$0] }.map { entryCounts[$0] }
    return doomed.count
  }

  /// Other optimal solutions of the master just solved to optimality at
  /// `duals` (rows, then cuts), `count` at most: over its optimal face
  /// (columns of positive reduced cost fixed at 0, cuts of negative dual
  /// at equality), the optimum of a random objective (costs drawn in
  /// `[0.5, 1.5]` from SplitMix64 `seed`) each. The master's bounds and
  /// objective are restored afterwards; its basis is then a vertex of the
  /// face, still optimal.
  ///
  /// - Complexity: `count` master solves over the face's columns, and
  ///   O(columns x (items a column + cuts of its items)).
  func alternativeOptima(
    count: Int, duals: [Double], seed: UInt64, until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> [[Double]] {
    guard count > 0, duals.count == sizes.count + cuts.count else { return [] }
    var fixed: [(index: Int, bounds: LinearModel.Bounds)] = []
    var face: [Int] = []
    for (k, column) in columns.enumerated() where free[k] {
      if reducedCost(of: column, duals: duals) > 1e-7 { fixed.append((k, .fixed(0))) } else { face.append(k) }
    }
    let tight = cuts.indices.filter { duals[sizes.count + $0] < -1e-9 }
    try problem.setColumnBounds(fixed)
    try problem.setRowBounds(tight.map { (sizes.count + $0, .fixed(Double(cuts[$0].rightHandSide))) })
    defer {
      try? problem.setObjective(face.map { ($0, 1.0) })
      try? problem.setColumnBounds(fixed.map { ($0.index, .atLeast(0)) })
      try? problem.setRowBounds(tight.map { (sizes.count + $0, .atMost(Double(cuts[$0].rightHandSide))) })
    }
    var random = SplitMix64(seed: seed)
    var solutions: [[Double]] = []
    for _ in 0..<count {
      try problem.setObjective(face.map { ($0, 0.5 + Double(random.next() % 1024) / 1024) })
      let left = deadline - ContinuousClock().now
      guard left > .zero else { break }
      let solution = try problem.solveLP(timeLimit: left, dualTolerance: dualTolerance)
      guard solution.status == .optimal else { break }
      solutions.append(solution.values)
    }
    return solutions
  }

  /// Frees the columns `node` allows, fixes the others at 0, and adds one
  /// column per merged item (so that the master is feasible).
  private func restrict(to node: NodeItems) throws(GLPKError) {
    var changes: [(index: Int, bounds: LinearModel.Bounds)] = []
    for c in columns.indices {
      let allowed = node.mergedItems(of: columns[c]) != nil
      if allowed != free[c] {
        free[c] = allowed
        changes.append((index: c, bounds: allowed ? .atLeast(0) : .fixed(0)))
      }
    }
    try problem.setColumnBounds(changes)
    try add(node.groups)
  }

  /// Whether the items fit in `rows` rows: a packing, a proof that they do
  /// not, or neither when `deadline` passes first.
  ///
  /// - Complexity: exponential in the worst case (see the type).
  func decide(rows: Int, until fullDeadline: ContinuousClock.Instant) throws(GLPKError) -> Outcome {
    let clock = ContinuousClock()
    let start = clock.now
    // Until enough of the tree is refuted, where it gives up (from its
    // start; nil: never, ``giveUpWithoutPruningAfter``).
    var giveUpPoint = giveUpWithoutPruningAfter
    // The deadline of its solves and searches: the give-up point when that
    // is a time.
    var deadline: ContinuousClock.Instant {
      guard case .time(let after)? = giveUpPoint else { return fullDeadline }
      return min(fullDeadline, start + after)
    }
    var outcome = Outcome(answer: .unknown)
    let scale = KnapsackPricing.scale
    let target = rows + 1

    enum NodeEnd { case pruned, packing([[Int]]), unknown }
    /// Failures (both children pruned) by the sizes of the pair.
    var failures: [Int: Int] = [:]
    /// Nodes of the current run, and the most it may take.
    var runNodes = 0
    var runLimit = branchingHistory ? restartNodes : nil
    func sizesKey(_ a: Int, _ b: Int) -> Int { min(a, b) * (capacity + 1) + max(a, b) }
    func refutedEnough() -> Bool { Self.refutedEnough(closed: outcome.closed, share: giveUpRefutedShare) }

    /// The last master's duals (rows, then cuts).
    var lastDuals: [Double] = []

    func explore(_ decisions: [Decision]) throws(GLPKError) -> NodeEnd {
      outcome.nodes += 1
      runNodes += 1
      if let limit = runLimit, runNodes > limit { return .unknown }
      if let limit = giveUpWithoutPruning, outcome.nodes > limit, !refutedEnough() { return .unknown }
      outcome.depth = max(outcome.depth, decisions.count)
      let node = NodeItems(itemCount: sizes.count, decisions: decisions)
      if let columnLimit { outcome.deletedColumns += try deleteColumns(limit: columnLimit, duals: lastDuals) }
      try restrict(to: node)
      let groupSizes = node.groups.map { $0.reduce(0) { $0 + sizes[$1] } }
      let pricing = ConflictKnapsackPricing(sizes: groupSizes, capacity: capacity, conflicts: node.conflicts)
      var solution: ProgramSolution
      var center: (point: [Double], value: Double)? = nil
      var cutRounds = 0
      var exactTried = false
      /// For each merged item, the cuts holding its items and how many.
      func groupCutCounts() -> [[(cut: Int, count: Int)]] {
        node.groups.map { group in
          var counts: [Int: Int] = [:]
          for i in group { for c in cutsOfItem[i] { counts[c, default: 0] += 1 } }
          return counts.sorted { $0.key < $1.key }.map { (cut: $0.key, count: $0.value) }
        }
      }
      var cutCounts = groupCutCounts()
      while true {
        guard clock.now < deadline, !(giveUpPoint?.isReached(work: outcome.work) ?? false) else { return .unknown }
        // The primal simplex throughout: after the bounds changed, the dual
        // simplex (the last basis stays dual feasible) took 74 ms a solve
        // on ANI 402_10000_NR_45 against 47 ms, and on 201_2500_NR_19 the
        // tree took 22 s instead of 5.7 s.
        let solveStart = clock.now
        let iterationsBefore = try problem.iterationCount()
        outcome.peakColumns = max(outcome.peakColumns, columns.count)
        solution = try problem.solveLP(timeLimit: deadline - clock.now, dualTolerance: dualTolerance)
        outcome.masterTime += clock.now - solveStart
        let pivots = try problem.iterationCount() - iterationsBefore
        outcome.iterations += pivots
        outcome.solves += 1
        outcome.work += Self.work(
          pivots: pivots, rows: sizes.count + cuts.count,
          nonzeros: entryCounts.indices.reduce(0) { free[$1] ? $0 + entryCounts[$1] : $0 },
          allNonzeros: entryCounts.reduce(0, +))
        guard solution.status == .optimal else {
          if solution.status == .timeLimit { return .unknown }
          throw .solverFailed(routine: "glp_simplex", code: 0, meaning: "branch-and-price master not optimal (\(solution.status))")
        }
        if !laterColumns.isEmpty {
          let later = laterColumns
          laterColumns = []
          if try add(later.filter { node.mergedItems(of: $0.sorted()) != nil }) > 0 { continue }
        }
        let duals = solution.duals
        lastDuals = duals
        let groupDuals = node.groups.map { $0.reduce(0.0) { $0 + duals[$1] } }
        // The cuts' duals (rows `<= 1` of a minimisation: at most 0).
        let cutDuals = cuts.indices.map { min(0, duals[sizes.count + $0]) }
        /// A row of merged items prices out for the master's duals.
        func pricesOut(_ row: [Int]) -> Bool {
          guard !row.isEmpty else { return false }
          var cost = 1 - row.reduce(0.0) { $0 + groupDuals[$1] }
          if !cuts.isEmpty {
            var sums: [Int: Int] = [:]
            for g in row { for (c, m) in cutCounts[g] where cutDuals[c] != 0 { sums[c, default: 0] += m } }
            // In the cuts' order, not the dictionary's (seeded anew in
            // every process): the sum's rounding decides a column near
            // the threshold.
            for (c, m) in sums.sorted(by: { $0.key < $1.key }) { cost -= cutDuals[c] * Double(m / 2) }
          }
          return cost < -1e-9
        }
        /// Exact pricing at `point` (merged items' duals, then the cuts'):
        /// its answer, after its safe bound has been taken (nil: out of
        /// time).
        func price(at point: [Double]) -> (answer: ConflictKnapsackPricing.Answer, bound: Int)? {
          let weights = KnapsackPricing.weights(duals: Array(point.prefix(node.groups.count)))
          let cutWeights = point.dropFirst(node.groups.count).map { -integerWeight(dual: -$0, scale: Double(scale)) }
          let priceStart = clock.now
          let priced = cuts.isEmpty
            ? pricing.best(weights: weights, threshold: scale, others: columnsPerPricing - 1, until: deadline)
            : pricing.best(
              weights: weights, cutCounts: cutCounts, cutWeights: cutWeights, threshold: scale,
              others: columnsPerPricing - 1, until: deadline)
          outcome.pricingTime += clock.now - priceStart
          guard let answer = priced else { return nil }
          outcome.pricingNodes += answer.nodes
          outcome.work += answer.nodes * Self.pricingNodeWork * (1 + node.groups.count / 64)
            + node.groups.count * KnapsackPricing.Work.perTypeCells
          let bound = SubsetRowCutAndPrice.safeBound(
            weights: weights, demands: itemDemands, cuts: cuts, cutWeights: cutWeights,
            maximum: answer.value)
          if decisions.isEmpty { outcome.rootBound = max(outcome.rootBound, bound) }
          // The point of best Lagrangian value is the smoothing's centre.
          let total = weights.reduce(0.0) { $0 + Double($1) }
            + zip(cuts, cutWeights).reduce(0.0) { $0 + Double($1.1 * $1.0.rightHandSide) }
          let value = total / Double(max(answer.value, 1))
          if center == nil || value > center!.value { center = (point, value) }
          return (answer, bound)
        }
        /// The node is pruned by its bound: its share of the tree is refuted.
        func prunedByBound() -> NodeEnd {
          outcome.closed += Double(sign: .plus, exponent: -decisions.count, significand: 1)
          if outcome.firstPruned == nil { outcome.firstPruned = clock.now - start }
          while let share = Self.closedMarks.first(where: { $0 > (outcome.closedTrace.last?.share ?? 0) }),
            outcome.closed >= share
          {
            outcome.closedTrace.append((share, clock.now - start, outcome.work))
          }
          // Without a give-up the tree has its whole time already.
          if let after = giveUpWithoutPruningAfter {
            giveUpPoint = Self.giveUpPoint(
              after: after, closed: outcome.closed, share: giveUpRefutedShare,
              lastMark: outcome.closedTrace.last.map { (time: $0.time, work: $0.work) },
              stallBelow: giveUpOnStallBelow)
          }
          return .pruned
        }
        let masterPoint = groupDuals + cutDuals
        var entering: [[Int]] = []
        var converged = false
        // Wentges smoothing: first at a point between the centre and the
        // master's duals; at the master's duals when that misprices.
        if let c = center, smoothing > 0, c.point.count == masterPoint.count {
          let point = masterPoint.indices.map { smoothing * c.point[$0] + (1 - smoothing) * masterPoint[$0] }
          guard let (answer, bound) = price(at: point) else { return .unknown }
          if bound >= target { return prunedByBound() }
          entering = ([answer.items] + answer.others).filter(pricesOut)
        }
        if entering.isEmpty {
          guard let (answer, bound) = price(at: masterPoint) else { return .unknown }
          if bound >= target { return prunedByBound() }
          entering = ([answer.items] + answer.others).filter(pricesOut)
          converged = answer.value <= scale + scale / 1_000_000_000 || entering.isEmpty
        }
        if !converged, try add(entering.map { row in row.flatMap { node.groups[$0] } }) > 0 { continue }
        // Converged: subset-row cuts on items that the LP solution
        // violates, a few rounds a node (branch-and-price-and-cut).
        if decisions.isEmpty { outcome.rootTrace.append((cuts.count, solution.objective)) }
        let roundLimit = decisions.isEmpty ? rootCutRounds ?? cutRoundsPerNode : cutRoundsPerNode
        if cutRounds < roundLimit && cuts.count < cutLimit {
          cutRounds += 1
          let limit = min(decisions.isEmpty ? rootCutsPerRound ?? cutsPerRound : cutsPerRound, cutLimit - cuts.count)
          var found = SubsetRowCutSeparation.separate(
            patterns: columns, values: solution.values, demands: itemDemands, existing: cutSet,
            limit: limit
          ).map(\.cut)
          if found.isEmpty && decisions.isEmpty && rootFiveItemCuts {
            found = SubsetRowCutSeparation.separateFiveRows(
              patterns: columns, values: solution.values, demands: itemDemands, existing: cutSet,
              limit: limit, until: min(deadline, clock.now + .seconds(20))
            ).map(\.cut)
            outcome.fiveItemCuts += found.count
          }
          if decisions.isEmpty && alternativeOptimaAtRoot > 0 {
            let others = try alternativeOptima(
              count: alternativeOptimaAtRoot, duals: duals, seed: UInt64(cutRounds + 1), until: deadline)
            outcome.alternativeSolves += others.count
            var points = others
            if !others.isEmpty {
              var mean = solution.values
              for values in others { for k in mean.indices { mean[k] += values[k] } }
              points.append(mean.map { $0 / Double(others.count + 1) })
            }
            var existing = cutSet.union(found)
            for point in points {
              let more = SubsetRowCutSeparation.separate(
                patterns: columns, values: point, demands: itemDemands, existing: existing,
                limit: limit
              ).map(\.cut)
              found += more
              existing.formUnion(more)
            }
            found = Array(found.prefix(min(2 * cutsPerRound, cutLimit - cuts.count)))
          }
          if try add(cuts: found) > 0 {
            outcome.cutRounds += 1
            cutCounts = groupCutCounts()
            center = nil
            continue
          }
        }
        // Converged, no cut added: the safe bound again at the duals of the
        // master solved in exact arithmetic, at a finer scale.
        if decisions.isEmpty ? exactBoundAtRoot : exactBoundAtNodes, !exactTried,
          solution.objective > Double(rows) + exactBoundTrigger
        {
          exactTried = true
          let exactStart = clock.now
          let columnsBefore = columns.count
          let exact = try exactBound(node: node, rows: rows, pricing: pricing, cutCounts: cutCounts, until: deadline)
          outcome.exactSolves += exact.solves
          outcome.exactTime += clock.now - exactStart
          if decisions.isEmpty { outcome.exactRootObjective = exact.objective }
          guard let bound = exact.bound else {
            if columns.count > columnsBefore { continue }
            break
          }
          if decisions.isEmpty { outcome.rootBound = max(outcome.rootBound, bound) }
          if bound >= target {
            outcome.exactPrunes += 1
            return prunedByBound()
          }
          // Rows the exact duals priced in: the floating master again
          // (its solution must cover every column before branching).
          if columns.count > columnsBefore { continue }
        }
        break
      }

      // Converged: a packing, or a pair to branch on.
      if decisions.isEmpty {
        outcome.rootTime = clock.now - start
        if giveUpTimeFromRoot, let after = giveUpWithoutPruningAfter, !refutedEnough() {
          giveUpPoint = after.past(time: clock.now - start, work: outcome.work)
        }
      }
      let active = columns.indices.filter { solution.values[$0] > 1e-9 }
      if active.allSatisfy({ solution.values[$0] > 1 - 1e-6 }), active.count <= rows,
        let packing = Self.partition(active.map { columns[$0] }, itemCount: sizes.count)
      {
        return .packing(packing)
      }
      var together: [Int: Double] = [:]
      let count = node.groups.count
      for c in active {
        guard let merged = node.mergedItems(of: columns[c]) else { continue }
        for a in merged.indices { for b in merged.indices where b > a { together[merged[a] * count + merged[b], default: 0] += solution.values[c] } }
      }
      var pick: (g: Int, h: Int, score: Double, size: Int, failed: Int)? = nil
      // Ties go to the first pair (by merged items): the dictionary's own
      // order is seeded anew in every process, and the tree must not
      // differ from run to run.
      for (key, value) in together where value > 1e-6 && value < 1 - 1e-6 {
        let (g, h) = (key / count, key % count)
        let score = min(value, 1 - value), size = groupSizes[g] + groupSizes[h]
        let failed = branchingHistory ? failures[sizesKey(groupSizes[g], groupSizes[h]), default: 0] : 0
        if let p = pick {
          guard failed > p.failed || (failed == p.failed && (size > p.size || (size == p.size
            && (score > p.score || (score == p.score && key < p.g * count + p.h)))))
          else { continue }
        }
        pick = (g, h, score, size, failed)
      }
      guard let pick else {
        // No fractional pair: the together-relation's classes are rows.
        var classOf = Array(0..<count)
        func find(_ g: Int) -> Int { classOf[g] == g ? g : find(classOf[g]) }
        for (key, value) in together where value >= 1 - 1e-6 {
          let (a, b) = (find(key / count), find(key % count))
          if a != b { classOf[max(a, b)] = min(a, b) }
        }
        var rowsOfClass: [Int: [Int]] = [:]
        for g in 0..<count { rowsOfClass[find(g), default: []] += node.groups[g] }
        // Rows by their first merged item, not in the dictionary's order.
        let packing = rowsOfClass.sorted(by: { $0.key < $1.key }).map { $0.value.sorted() }
        if packing.count <= rows, packing.allSatisfy({ $0.reduce(0) { $0 + sizes[$1] } <= capacity }) {
          return .packing(packing)
        }
        return .unknown
      }
      let (first, second) = (node.groups[pick.g][0], node.groups[pick.h][0])
      for together in [true, false] {
        let end = try explore(decisions + [Decision(first: first, second: second, together: together)])
        if case .pruned = end { continue }
        return end
      }
      outcome.failedPairs += 1
      if branchingHistory { failures[sizesKey(groupSizes[pick.g], groupSizes[pick.h]), default: 0] += 1 }
      return .pruned
    }

    var end = try explore([])
    while case .unknown = end, let limit = runLimit, runNodes > limit, clock.now < deadline {
      outcome.restarts += 1
      outcome.closed = 0
      runNodes = 0
      runLimit = limit * 2
      end = try explore([])
    }
    switch end {
    case .pruned: outcome.answer = .infeasible
    case .packing(let packing): outcome.answer = .packing(packing)
    case .unknown: outcome.answer = .unknown
    }
    outcome.columns = columns.count
    outcome.cuts = cuts.count
    outcome.elapsed = clock.now - start
    return outcome
  }

  /// The shares of the tree whose first reaching ``Outcome/closedTrace``
  /// records: the marks of the tree's progress.
  static let closedMarks: [Double] = [0x1p-20, 0x1p-16, 0x1p-12, 0x1p-10, 0x1p-8, 0x1p-6, 0x1p-4, 0x1p-3, 0x1p-2, 0x1p-1, 1]

  /// Whether a tree that has refuted `closed` of itself (``Outcome/closed``)
  /// goes on past its give-up: some node pruned, and at least `share`.
  static func refutedEnough(closed: Double, share: Double) -> Bool { closed > 0 && closed >= share }

  /// Where (from the tree's start) a tree gives up, `after` being
  /// ``giveUpWithoutPruningAfter``: the rule of
  /// ``giveUpTime(after:closed:share:lastMark:stallBelow:)`` in the measure
  /// of `after`, the last mark of its progress reached at `lastMark`'s time
  /// or counted work; nil: never.
  ///
  /// - Complexity: O(1).
  static func giveUpPoint(
    after: Effort, closed: Double, share: Double, lastMark: (time: Duration, work: Int)?, stallBelow: Double?
  ) -> Effort? {
    switch after {
    case .time(let after):
      giveUpTime(after: after, closed: closed, share: share, lastMark: lastMark?.time, stallBelow: stallBelow)
        .map(Effort.time)
    case .work(let after):
      giveUpTime(after: after, closed: closed, share: share, lastMark: lastMark?.work, stallBelow: stallBelow)
        .map(Effort.work)
    }
  }

  /// When (from the tree's start) a tree gives up, in one measure of its
  /// effort (``Effort``: a time, or counted work): at `after` unless it
  /// has refuted enough (``refutedEnough(closed:share:)``); then, while it
  /// has refuted less than `stallBelow` (``giveUpOnStallBelow``), `after`
  /// past the last mark of its progress (``closedMarks``) reached at
  /// `lastMark`, if that is later; else never (nil).
  static func giveUpTime<Amount: Comparable & AdditiveArithmetic>(
    after: Amount, closed: Double, share: Double, lastMark: Amount?, stallBelow: Double?
  ) -> Amount? {
    guard refutedEnough(closed: closed, share: share) else { return after }
    guard let stallBelow, closed < stallBelow, let lastMark else { return nil }
    return max(after, lastMark + after)
  }

  /// The scale of the exact bound's weights: the largest power of two up
  /// to 2^50 at which a weight (a dual of at most 4, as
  /// `integerWeight(dual:scale:)` caps it) times a size stays below 2^62,
  /// as the pricing's order of items multiplies them.
  var exactScale: Int {
    var bits = 50
    while bits > 30 && (4 << bits) > (1 << 62) / max(capacity, 1) { bits -= 1 }
    return 1 << bits
  }

  /// The safe bound at the duals of the current master solved again in
  /// exact rational arithmetic from its optimal basis (GLPK's `glp_exact`;
  /// a numerically exact bound as Baldacci, Coniglio, Cordeau and Furini
  /// 2024 ask for): the merged items' duals and the cuts' scaled by
  /// ``exactScale`` and rounded down, the pricing's exact maximum at those
  /// weights, `ceil(sum / maximum)` in integers
  /// (``SubsetRowCutAndPrice/safeBound(weights:demands:cuts:cutWeights:maximum:)``).
  /// Valid for any weights, as the bound at GLPK's floating duals is; the
  /// finer scale and the exact duals keep a rise of the LP above the rows
  /// of about 1e-9 (ANI 600's item-level cuts) that the floating duals at
  /// 2^-36, with their reduced costs of -1e-10, lose. Nil bound: the exact
  /// solve or the pricing did not end by `deadline`.
  ///
  /// - Complexity: one exact simplex run from the optimal basis (few
  ///   pivots, each in rational arithmetic) and one exact pricing.
  private func exactBound(
    node: NodeItems, rows: Int, pricing: ConflictKnapsackPricing, cutCounts: [[(cut: Int, count: Int)]],
    until deadline: ContinuousClock.Instant
  ) throws(GLPKError) -> (bound: Int?, objective: Double?, solves: Int) {
    var best: Int? = nil
    var objective: Double? = nil
    var solves = 0
    for _ in 0..<exactPricingRounds {
      solves += 1
      let solution = try problem.solveExactLP(timeLimit: deadline - ContinuousClock().now)
      guard solution.status == .optimal else { break }
      objective = solution.objective
      let duals = solution.duals
      let scale = exactScale
      let weights = node.groups.map { group in
        integerWeight(dual: group.reduce(0.0) { $0 + duals[$1] }, scale: Double(scale))
      }
      let cutWeights = cuts.indices.map { -integerWeight(dual: -min(0, duals[sizes.count + $0]), scale: Double(scale)) }
      let priced = cuts.isEmpty
        ? pricing.best(weights: weights, threshold: scale, others: columnsPerPricing - 1, until: deadline)
        : pricing.best(
          weights: weights, cutCounts: cutCounts, cutWeights: cutWeights, threshold: scale,
          others: columnsPerPricing - 1, until: deadline)
      guard let priced else { break }
      // The merged items' demands are 1, as the items' are.
      let bound = SubsetRowCutAndPrice.safeBound(
        weights: weights, demands: Array(repeating: 1, count: weights.count), cuts: cuts, cutWeights: cutWeights,
        maximum: priced.value)
      best = max(best ?? 0, bound)
      // Rows above 1 at the exact duals (the floating column generation
      // stopped at its tolerance): into the master, and solve again, while
      // the exact LP is still above the rows by the trigger (a bound is at
      // most the LP: on ANI 600_20000_NR_9, 7.7e-10 above, two more exact
      // solves took 17 s and proved nothing).
      guard priced.value > scale, solution.objective > Double(rows) + exactBoundTrigger else { break }
      let entering = ([priced.items] + priced.others).filter { !$0.isEmpty }
      guard try add(entering.map { row in row.flatMap { node.groups[$0] } }) > 0 else { break }
    }
    return (best, objective, solves)
  }

  /// The work counted for a master solve of `pivots` simplex iterations
  /// over `rows` rows (items and cuts) and `nonzeros` nonzeros in the
  /// columns free at the node (items and cuts), `allNonzeros` in the
  /// master, in the units of ``KnapsackPricing/Work``: column generation's
  /// count
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
  /// against its measured time per node beside the master's on ANI 600
  /// (docs/ARCHITECTURE.md, session 19: 10 us a node of 600 items, while
  /// the master counted 1.9 units a nanosecond).
  static let pricingNodeWork = 2_000

  /// The rows, when they hold every item of `0..<itemCount` exactly once.
  static func partition(_ rows: [[Int]], itemCount: Int) -> [[Int]]? {
    var seen = [Bool](repeating: false, count: itemCount)
    for row in rows { for i in row { if seen[i] { return nil }; seen[i] = true } }
    return seen.allSatisfy { $0 } ? rows : nil
  }
}
