import RowPacking

/// `exact`: the minimum number of rows, proven, in stages that stop as soon
/// as a packing meets a lower bound.
///
/// 1. L1/L2 (Martello and Toth, 1990) and the core's packers (first fit and
///    best fit decreasing, knapsack rows): done when the best meets L2.
///    When the rows at that bound must be exactly full (no waste budget),
///    a short ``LimitedDiscrepancyBinCompletion`` for them (stage
///    "search"): it finds the perfect packings of AI instances that
///    column generation is too slow to reach. Where the pricing has no
///    dynamic programme (GI: capacities of a million units), the LP-free
///    ``ConsistentNeighbourhoodSearch`` first (stage "search"), briefly;
///    it goes on with the rest of the time when column generation has not
///    converged in most of what is left.
/// 2. The Gilmore–Gomory LP bound by column generation
///    (``GilmoreGomoryColumnGeneration``; equal to the arc-flow LP bound of
///    Valerio de Carvalho, 1999), its ceiling the bound; then
///    ``LimitedDiscrepancyDiving`` on that LP for a packing that meets it
///    (a short search: the plain dive and two restarts, with a fifth of
///    the time left, half where the LP-free search ran first); the dives
///    after it start from the root basis it saved
///    (``LimitedDiscrepancyDiving/rootBasis``). On masters of more than
///    600 types the root LP alone retires the columns of large reduced
///    cost from GLPK's simplex and restores them once it has ended
///    (``largeRootColumnDeletionFactor``). Where the rows must be
///    exactly full, each node tries its first candidate rows least
///    constraining first (``divingCompletionLookahead``).
///    Off by default (``divingSingleBacktracks``,
///    ``divingFullRowsNodesPerRow``): where the bound's rows must be
///    exactly full, the dives backtrack once where a child fails at its
///    own node (its residual LP above the rows left: up to that many other
///    candidates in its place, Achterberg 2007) and, in the last quarter of
///    the rows, try a short ``LimitedDiscrepancyBinCompletion`` on the
///    residual (that many nodes a row left). Measured (release, 60 s,
///    machine shared with other jobs, each run side by side with one
///    without): with 10 backtracks and 2 nodes a row, AI 600_20000_DI_7
///    found in 4 of 4 runs (45-54 s), 600_20000_DI_25 in 0 of 2 (the
///    backtracks took the first dive's time) and 402_10000_DI_47 in 0 of
///    1; without, DI_7 in 5 of 9 (17-54 s), DI_25 in 5 of 7, DI_47 in 1
///    of 3. The perfect-packing search alone: DI_7 in 4 of 5, DI_25 in 3
///    of 4 (in the last 3 pairs of each, both sides solved both). The dives, which find these packings, die 30-45 rows before
///    the end on 600_20000_DI_1 (rows 152-166 of 198), DI_13 and DI_49
///    either way; the runs vary more with the machine's load than with
///    either option, so they stay off.
/// 3. Do the items fit in the bound's rows? The set-partitioning MIP over
///    the rows that waste at most the budget and whose reduced cost fits in
///    the gap, for integer weights from optimal duals at several vertices
///    of the optimal dual face and their mean
///    (``GilmoreGomoryColumnGeneration/dualRestrictions(vertices:epsilon:seed:until:)``;
///    ``NearFullRowsModel``, GLPK with clique cuts, stage "MIP"; while
///    more rows remain than clique cuts can take, the restrictions from
///    other perturbations are added to those before, each set being valid
///    on its own); without converged duals, a short branch and bound by
///    bin completion first (``BinCompletion``, stage "search"; 20 000
///    nodes and a tenth of the time left at most) and the model on waste
///    alone, unless a count of its rows passes its limit
///    (``countNearFullRows``). Either a
///    packing in that many rows, or a proof that there is none (the bound
///    goes up by one, source MIP), repeated. This settles the instances
///    whose LP bound is below the optimum (non-IRUP), where the gap is tiny
///    and few rows fit in it.
///    Then a wider diving search (limited discrepancies, restarts) towards
///    the bound, possibly raised, with most of the time left (0.6 of it,
///    0.8 where no arc-flow MIP can follow, all of it where the rows need
///    not be exactly full). When the
///    bound's rows must still be exactly full, ``LimitedDiscrepancyBinCompletion``
///    again with half the time left (all of it where no MIP follows), its
///    rows restricted by the same duals (stage "search").
///    Off by default (``exactCoverStage``): before the near-full-rows
///    model, when every row at the bound must be exactly full, an exact
///    cover of the exactly-full rows within the gap of the first set of
///    restrictions by ``AlgorithmX`` (stage "search"). A refutation raises
///    the bound only because those rows are all the rows such a packing can
///    use. Measured (release, 60 s, loaded machine): it proves ANI
///    201_2500_NR_27 in 0.63 s (141 rows, 50 nodes; the MIP: 0.9 s), but on
///    ANI 402_10000_NR_45 its 21 197 rows were not decided in 197 120 nodes
///    and 34 s, where the near-full-rows model's LP proves it in 3.5 s;
///    ANI 402_10000_NR_1 left 414 655 rows (1 280 nodes in 27 s, no answer)
///    and AI 600_20000_DI_1 more than 3 million. The small-item rows of
///    reduced cost 0 at every dual vertex found are too many to cover row
///    by row; the set-partitioning LP is the stronger decision.
/// 4. On by default (``subsetRowCutStage``): where the bound is then one
///    row below the best packing, cut-and-price at the root with
///    subset-row cuts (``SubsetRowCutAndPrice``, stage and bound source
///    "cuts"), whose safe bound may reach the packing; where it does not,
///    the near-full-rows model restricted by the duals of the run's
///    masters (``NearFullRowsModel/CutRestriction``, a row must meet them
///    all). With ``subsetRowCutStageEarly`` (the default when the stage
///    is on) it runs where the bound's rows must be exactly full and the
///    first near-full-rows model had too many rows, else before the
///    arc-flow MIP. Its master is
///    solved with GLPK's reduced-cost tolerance at
///    ``subsetRowCutDualTolerance`` (1e-10): ANI's cut LP rises above K by
///    less than K x 1e-7 rows, so that at GLPK's default (1e-7) the safe
///    bound stayed at K (measured before: 132.0, 132.0 and 198.0 on
///    402_10000_NR_1, NR_7 and 600_20000_NR_7 with every violated 3-type
///    or 5-type cut added). Measured at 1e-10 (release, 60 s, machine
///    shared, stage on and early): 24 of the 25 ANI 402_10000 instances
///    proven in 2.6-10.0 s, NR_45 by the first near-full-rows model (as
///    without the stage), 20 by the safe bound (133 after 2-12 cuts), NR_5,
///    NR_19 and NR_37 by the restricted model (302, 338 and 261 rows,
///    infeasible); without the stage the pipeline proves none of NR_1,
///    NR_3, NR_7, NR_9, NR_13, NR_27, NR_31, NR_35, NR_41 in 60 s. NR_3
///    and 600_20000 NR_1, NR_7, NR_11, NR_21 converge at K with no
///    violated cut and more rows than the restricted model takes. Right
///    after the short dive (its first place) the stage also ran where the
///    first near-full-rows model proves the instance (ANI 201,
///    402_10000_NR_23, NR_45) and cost 0.4-13 s there.
///    On by default since measured on the hard sample of
///    `scripts/exact-hard.sh` (results/exact-hard.md); AI instances whose
///    packing the short dive missed pay its time too, hence its shares
///    (``earlyCutsShare``). The cut master starts near the optimal face
///    (``cutMasterFaceShare``): with the root's basic patterns alone its
///    first convergence took 200-300 master solves on ANI n = 600 and
///    often not within its share under load; with the plain master's
///    patterns of reduced cost under a thousandth of a row at the first
///    dual restriction's weights (4 000-6 700 of them), 14-108. That
///    proved ANI 600_20000_NR_11 and NR_3 by the safe bound in some runs
///    (199, 26 and 16 cuts, 26 s and 29 s; in others NR_11 converged at
///    198, NR_3 ran out of its share). In the early place its restricted model
///    stops at ``earlyCutRestrictionPatternLimit`` rows (a model that big
///    is not decided in its share, and on AI its enumeration took the
///    dives' time).
///    Off by default too (``branchAndPriceStage``): where the bound is
///    then one row below the best packing, branch-and-price with
///    Ryan–Foster branching (``RyanFosterBranchAndPrice``, stage and bound
///    source "branch-and-price"): a packing in the bound's rows, or a proof
///    that there is none. Measured (release, 60 s, the stage moved right
///    after the LP so that it had most of the time, machine shared with
///    other jobs): it proves all 11 ANI 201_2500 instances tried in
///    3 to 75 nodes and 0.9 to 22 s (NR_13, 19, 45 in 4.7-5.7 s with the
///    primal simplex at every node), but none of ANI 402_10000 (NR_1,
///    NR_7: 211 and 299 nodes in 45 s, 80 % of it in GLPK's master
///    solves; NR_45: 92 nodes in 29 s), and the near-full-rows
///    model already proves those 201 instances in 0.6-4.1 s and
///    402_10000_NR_45 in 9 s. Where it stands, after the other stages,
///    it had 5 s on 402_10000_NR_1. Given 300 s right after the LP, NR_1
///    was still undecided after 2 090 nodes (depth 55, 238 s, 202 s of it
///    in master solves): far more nodes than faster solves can buy. It
///    proves no ANI instance the pipeline does not, so it stays off, kept
///    with its tests.
///    Where a cut stage converged at the bound with no violated cut and
///    the best packing is one row above it, branch-and-price-and-cut
///    (``branchAndPriceAfterCuts``, ``branchAndPriceCutRounds``: that tree
///    with subset-row cuts on three items at every node), which gives up
///    after a quarter of its time (``branchAndPriceGiveUpShare``, counted
///    in work since session 19: ``branchAndPriceGiveUpWorkPerSecond``) if it
///    has refuted less than 2^-10 of itself
///    (``branchAndPriceGiveUpRefutedShare``). The cuts keep ANI's trees 3 to 10
///    times shallower and decide ANI 600_20000_NR_7 and NR_17 given 105 s
///    and 49 s of tree; at 60 s they prove 402_10000_NR_3 (17-19 nodes,
///    13-15 s of tree), which nothing else proves; of 18 ANI 402 files
///    tried, the other 17 were proven before as now. Without the give-up,
///    on AI (whose bound's rows are feasible) the tree took 35-39 s of the
///    wide dive's time and lost 600_20000_DI_41; with it, 8.5-10 s
///    (docs/ARCHITECTURE.md, session 17). Its master starts from every
///    shift of the LP's patterns over the items of each type
///    (``branchAndPriceShiftedColumns``), so that its root starts at the
///    LP's value instead of the best packing's rows; the root's cuts on
///    items then refuted ANI 600_20000_NR_7 at 60 s (session 18).
///    Off by default (``restrictedMasterAfterShortDive``,
///    ``restrictedMasterAfterRestrictions``, ``restrictedMasterAfterWideDive``,
///    ``restrictedMasterRounds``): the restricted master heuristic
///    (``RestrictedMasterHeuristic``, "price-and-branch"), a
///    set-partitioning MIP in the bound's rows over the master's pattern
///    pool, filtered by waste and by the dual restrictions. Measured
///    (release, 60 s, machine shared; docs/ARCHITECTURE.md, session 19):
///    it found AI 201_2500_DI_5 in 1.4 s after the short dive (the
///    default: 19-30 s), but on AI 600 GLPK's branch and bound reaches
///    3 nodes a second over 2 500-6 000 exactly-full rows and found
///    nothing in 90-160 s; on AI 801 the pool's exactly-full rows do not
///    even partition the items fractionally; its time cost 600_20000_DI_5,
///    DI_7 and 402_10000_DI_47, which the default found.
/// 5. As a last resort, the arc-flow MIP by GLPK's branch and bound, with the
///    best packing offered as incumbent (`glp_ios_heur_sol`).
///
/// For fractional widths the bound is computed on the bound sizes (a second
/// column generation when they differ from the packing sizes).
/// Every stage runs under the one deadline.
struct ExactPipeline {
  let setup: SolveSetup
  let verbose: Bool
  /// The largest arc-flow graph the MIP stage builds.
  var arcLimit = 400_000
  /// The most discrepancies on a path of the second diving search
  /// (``LimitedDiscrepancyDiving``), and its restarts.
  var maxDiscrepancy = 2
  var maxRestarts = 40
  /// Where the rows left in a dive must be exactly full, the nodes per
  /// row left of ``LimitedDiscrepancyBinCompletion`` on its residual, in
  /// the last ``LimitedDiscrepancyDiving/fullRowsShare`` of the rows (see
  /// stage 2 above).
  var divingFullRowsNodesPerRow = 0
  /// Where the rows left in a dive must be exactly full, the candidates
  /// tried by single backtracking after a child that failed at its own
  /// node (``LimitedDiscrepancyDiving/singleBacktracks``; see stage 2).
  var divingSingleBacktracks = 0
  /// The dives' ``LimitedDiscrepancyDiving/completionLookahead``: where
  /// the residual's rows must be exactly full, a node's first 8 candidate
  /// rows by LP value are tried least constraining first, by the exactly
  /// full completions they leave the residual's items above half the
  /// capacity (0: the LP's order alone). On AI (session 20) it found
  /// 402_10000_DI_47 and 600_20000_DI_13 (and DI_41, not in the sample),
  /// which the LP's order did not, and lost none of the files it finds.
  var divingCompletionLookahead = 8
  /// The most sets of dual restrictions for the near-full-rows model (each
  /// from other perturbations of the demands).
  var restrictionAttempts = 6
  /// ``LimitedDiscrepancyBinCompletion`` runs when the waste budget at the
  /// simple bound is at most this share of the capacity (0: only when
  /// every row must be exactly full, where its look-ahead is exact). With
  /// a tenth of a row it also ran, mostly in vain, on Scholl, Schwerin,
  /// Falkenauer_U and Waescher instances, slowing ones the LP settles in
  /// 0.1 s by up to 0.5 s.
  var fullRowsWasteShare = 0.0
  /// Its node limit per row of the bound (the first dive takes one per
  /// row, the second pass has the rest), and its share of the time limit
  /// at most: where it finds nothing, this is all it costs.
  var fullRowsNodesPerRow = 2
  var fullRowsShare = 0.03
  /// The share of the time left for ``FailFirstBinCompletion`` before the
  /// LP, where every row at the simple bound must be exactly full (0: off),
  /// and its node limit per row there. Where the rows must still be
  /// exactly full at the end, it has half the time of the long full rows
  /// search, before it. On AI (session 21) it finds in under 2 s packings
  /// the LP's dives did not find in 60 s (600_20000_DI_1, 801_40000_DI_11
  /// and DI_27, 1002_80000_DI_11 and DI_39); where there is none (ANI)
  /// this is its cost.
  var failFirstShare = 0.1
  var failFirstNodesPerRow = 1_000
  /// The share of the time limit for ``ConsistentNeighbourhoodSearch``
  /// before the LP, where the LP's pricing has no dynamic programme. A
  /// tenth: its first rows fewer come within a second or two and give the
  /// LP good columns; later attempts cost seconds each and the LP settles
  /// those instances anyway (GI csAA500_11: the search took 11.8 s of 18 s
  /// at a fifth, under load); a twentieth cut csBB500_1's search, which
  /// finds the optimum in 2.4-2.9 s, on a loaded machine.
  var lpFreeShare = 0.1
  /// Where the search ran first, the share of the time left that column
  /// generation may take; when it does not converge by then, the search
  /// goes on from the best packing with the rest (GI csBB500_5: the LP
  /// needs about 52 s, and the search keeps the rows it would have found
  /// with a longer first share).
  var lpShareAfterSearch = 0.8
  /// Where the search ran first (pricing without a dynamic programme),
  /// the share of the time left after the LP for the first, short dive
  /// (0.2 elsewhere): on GI the dives are what find the optimum (every GI
  /// instance of the hard sample was proven at stage LP), while the
  /// near-full-rows model after them has, at capacities of a million
  /// units, no dual restrictions in time and decides nothing.
  var shortDiveShareAfterSearch = 0.5
  /// The share of the time left for cut-and-price with subset-row cuts
  /// (``SubsetRowCutAndPrice``), where the bound is still one row below
  /// the best packing before the arc-flow MIP.
  var cutsShare = 0.6
  /// Whether that stage runs at all (see stage 4 above): on by default
  /// since GLPK solves its master at ``subsetRowCutDualTolerance``.
  var subsetRowCutStage = true
  /// GLPK's tolerance on reduced costs in that stage's master
  /// (``SubsetRowCutAndPrice/dualTolerance``): with its default, 1e-7,
  /// the safe bound loses up to about K x 1e-7 rows, more than the cuts
  /// gain on ANI (see stage 4 above).
  var subsetRowCutDualTolerance: Double? = 1e-10
  /// Whether that stage's master, each time it converges, is solved again
  /// in exact rational arithmetic and the safe bound taken at those duals
  /// (``SubsetRowCutAndPrice/exactDuals``).
  var subsetRowCutExactDuals = false
  /// Where that stage's bound stays one row below the best packing, the
  /// share of the time left for the near-full-rows model restricted by
  /// its last master's duals (``NearFullRowsModel/CutRestriction``); 0:
  /// no such model.
  var cutRestrictionModelShare = 0.8
  /// Whether that stage runs early instead, where the bound's rows must
  /// be exactly full: after the first near-full-rows model found too many
  /// rows for the plain LP's restrictions (before further sets, whose
  /// enumerations took 30 s of 60 on ANI 402_10000_NR_1 and NR_3), with
  /// these shares of the time left for cut-and-price and for its
  /// restricted model: a sixth or so each (0.3 at first), as the cuts
  /// prove ANI 402_10000 after one or two rounds (1.3-2.1 s) while on AI,
  /// where no packing is refuted, every second goes from the dives (on
  /// 801_40000_DI_45, which the wide dive had found at 44.5 s, the stage
  /// took 12.7 s and the packing was not found).
  var subsetRowCutStageEarly = true
  var earlyCutsShare = 0.15
  var earlyCutRestrictionModelShare = 0.15
  /// The cut master starts, besides the root LP's basic patterns, from the
  /// plain master's patterns whose reduced cost at the first dual
  /// restriction's (optimal) weights is at most this share of a row (0:
  /// none).
  var cutMasterFaceShare = 0.001
  /// The most rows of that restricted model in the early place (nil: the
  /// model's own limit).
  var earlyCutRestrictionPatternLimit: Int? = 40_000
  /// The share of the time left up to which the early cut-and-price goes
  /// on where it added cuts and has not converged within
  /// ``earlyCutsShare`` (nil: no extension). Off by default: on ANI
  /// 600_20000 NR_5, NR_13, NR_15 it let the cuts converge, at 198, in
  /// 5-10 s, proving none.
  var earlyCutsExtendedShare: Double? = nil
  /// Whether branch-and-price (``RyanFosterBranchAndPrice``) runs where
  /// the bound is one row below the best packing before the arc-flow MIP
  /// (stage 4 above): not by default (see there for what was measured);
  /// and its share of the time left.
  var branchAndPriceStage = false
  var branchAndPriceShare = 0.8
  /// Whether that tree picks its pairs first by their failures so far
  /// (``RyanFosterBranchAndPrice/branchingHistory``): not by default.
  var branchAndPriceHistory = false
  /// With it, the first run's nodes before the tree restarts
  /// (``RyanFosterBranchAndPrice/restartNodes``); nil: no restarts.
  var branchAndPriceRestartNodes: Int? = nil
  /// Rounds of subset-row cut separation at each node of that tree
  /// (``RyanFosterBranchAndPrice/cutRoundsPerNode``; 0: plain
  /// branch-and-price): branch-and-price-and-cut.
  var branchAndPriceCutRounds = 3
  /// Whether branch-and-price(-and-cut) runs right after the subset-row
  /// cut stage (and its restricted model) where that stage converged with
  /// no violated cut and its bound stays one row below the best packing,
  /// with ``branchAndPriceShare`` of the time left.
  var branchAndPriceAfterCuts = true
  /// The nodes after which that tree gives up when it has pruned none
  /// (``RyanFosterBranchAndPrice/giveUpWithoutPruning``; nil: never).
  var branchAndPriceGiveUpNodes: Int? = nil
  /// The share of that tree's time after which it gives up when it has
  /// pruned no node, or refuted less than
  /// ``branchAndPriceGiveUpRefutedShare`` of itself
  /// (``RyanFosterBranchAndPrice/giveUpWithoutPruningAfter``; nil: never). On ANI the tree mostly prunes within its first nodes; on
  /// AI, whose bound's rows are feasible, it prunes none (600_20000_DI_7:
  /// 14 nodes in 39 s, DI_41: 5 in 36 s), and the wide dive after it
  /// needs the time (DI_41 was lost without this rule). A quarter keeps
  /// 402_10000_NR_3's proof (its tree prunes within seconds).
  var branchAndPriceGiveUpShare: Double? = 0.25
  /// Whether that tree's give-up counts work instead of time, and the
  /// work (``RyanFosterBranchAndPrice/Outcome/work``) a second of its time
  /// stands for (``RyanFosterBranchAndPrice/Effort/work(_:)``; nil: by the
  /// clock, ``RyanFosterBranchAndPrice/Effort/time(_:)``). Counted, the
  /// tree follows the same nodes whatever the machine's load (ANI 600_20000_NR_7 gave up after 2 nodes when run
  /// beside a copy of itself, and was proven alone); the amount is still
  /// the share of the time left when the tree starts. 1.6e9: the tree's
  /// count per second of its time on ANI 600_20000_NR_9 (16.1e9 in 9.9 s,
  /// a core to itself), where the clock gave up after 11 nodes and the
  /// count after 10 (docs/ARCHITECTURE.md, session 19).
  var branchAndPriceGiveUpWorkPerSecond: Double? = 1.6e9
  /// That tree's master: the most columns it keeps
  /// (``RyanFosterBranchAndPrice/columnLimit``; nil: all), GLPK's pricing
  /// rule and ratio test, and the columns one pricing adds.
  var branchAndPriceColumnLimit: Int? = nil
  var branchAndPriceSteepestEdge = true
  var branchAndPriceRatioTest = GLPKProblem.RatioTest.harris
  var branchAndPriceColumnsPerPricing = 30
  /// Whether that tree's master starts from every shift of the root LP's
  /// basic patterns over the items of each type
  /// (``itemColumns(_:types:first:shifted:)``: an item-level solution of
  /// the LP's value) instead of each pattern on the first items of its
  /// types only, whose LP was the best packing's rows and took the tree's
  /// root 40-80 master solves back down to the LP's value (ANI
  /// 600_20000_NR_7: 198.04 after 8 s, when the tree gave up). On by
  /// default (docs/ARCHITECTURE.md, session 18): the root then starts at
  /// the LP's value, and its cuts on items refuted ANI 600 NR_7 and NR_31
  /// at the root in 5 s.
  var branchAndPriceShiftedColumns = true
  /// Whether the master goes back to the root LP's basis and demands after
  /// each dive (``GilmoreGomoryColumnGeneration/restore(_:)``), so that
  /// the column generation of the stages after it (the dual restrictions,
  /// the cuts) starts from an optimal basis instead of the dive's last
  /// residual's (docs/ARCHITECTURE.md, session 19).
  var restoreRootBasisAfterDives = true
  /// Other optimal solutions of the tree's root master on which its cuts
  /// are separated too (``RyanFosterBranchAndPrice/alternativeOptimaAtRoot``;
  /// 0: off, the default).
  var branchAndPriceAlternativeOptima = 0
  /// Whether that tree's give-up time (``branchAndPriceGiveUpShare``)
  /// runs again from the end of its root node
  /// (``RyanFosterBranchAndPrice/giveUpTimeFromRoot``).
  var branchAndPriceGiveUpFromRoot = false
  /// Whether that tree's master gets the LP master's other patterns only
  /// after its first solve (``RyanFosterBranchAndPrice/laterColumns``):
  /// on by default, the first solve from GLPK's standard basis then runs
  /// over the LP's solution and the best packing alone (AI
  /// 600_20000_DI_7: 1 714 + 1 145 simplex iterations to the LP's value
  /// with the others, against 6 284 with all at once; ANI NR_7: 2 329
  /// against 6 253).
  var branchAndPriceOthersAfterFirstSolve = true
  /// Whether the tree's root, its cuts exhausted and its floating LP more
  /// than ``RyanFosterBranchAndPrice/exactBoundTrigger`` above the rows,
  /// takes its safe bound again from the master solved in exact
  /// arithmetic at a finer scale (``RyanFosterBranchAndPrice/exactBoundAtRoot``).
  var branchAndPriceExactRootBound = true
  /// The same at every converged node of the tree
  /// (``RyanFosterBranchAndPrice/exactBoundAtNodes``): ANI 600_20000_NR_1
  /// and NR_13, undecided in 60 s with it at the root only, were proven in
  /// 25.6 s (9 nodes, 2 pruned by it) and 37.3 s (31 nodes, 3 pruned).
  var branchAndPriceExactNodeBound = true
  /// The share of that tree that must be refuted by then for it to go on
  /// (``RyanFosterBranchAndPrice/giveUpRefutedShare``; 0: any pruned
  /// node), 2^-10: a node pruned at depth 10 or less. On AI the trees
  /// that prune at all prune deep (201_2500_DI_5: 4.8e-8 refuted, and the
  /// tree then kept 45 s, the packing found at 49 s instead of 3-13 s;
  /// DI_15 2e-6 and 8e-6), while the ANI trees that prove refute a share
  /// of their first nodes (402_10000_NR_3's proofs are 6-7 deep).
  var branchAndPriceGiveUpRefutedShare = 0x1p-10
  /// The share below which that tree, once it refuted the share above,
  /// still gives up when its progress stalls for as long
  /// (``RyanFosterBranchAndPrice/giveUpOnStallBelow``), 2^-4: a node
  /// pruned at depth 4 or less lets it go on. On AI 201_2500_DI_5 it
  /// refuted 2^-8 at once and then kept 47 s; ANI's proofs refute a
  /// quarter with their first pruned node (docs/ARCHITECTURE.md, session 18).
  var branchAndPriceGiveUpOnStallBelow: Double? = 0x1p-4
  /// When the LP, the dives and the near-full-rows model found no packing
  /// and the bound's rows must still be exactly full, the search again
  /// (another seed, no node limit, its randomized restarts, the dual
  /// restrictions) with this share of the time left before the MIP.
  var fullRowsLongShare = 0.5
  /// The share of the time left for the wider diving search: 0.6 when the
  /// arc-flow MIP can follow it, else (no graph within ``arcLimit``, and
  /// no branch-and-price or cut stage) ``wideDiveShareWithoutMIP``, and
  /// the exactly-full-rows search after it then takes all that is left:
  /// before, a fifth of the time left was spent on nothing where the
  /// graph was too large (AI 600_20000: 3.7 s).
  var wideDiveShareWithoutMIP = 0.8
  /// The short bin completion before the near-full-rows model where there
  /// are no dual restrictions: its share of the time left at most (and
  /// 20 000 nodes). Where there are restrictions the model comes alone:
  /// the bin completion that followed an undecided model settled none of
  /// the hard sample nor of the 1587 classic instances, took 16 s of 60 on
  /// AI 600_20000_DI_1 (600 items), and 3-4 s on Waescher TEST0030 (111
  /// items) in about one run in ten, before the wide dive found the
  /// packing the short dive had missed.
  var searchBeforeModelShare = 0.1
  /// The share of the time left for the dive (with backtracking) after the
  /// first near-full-rows model too big for its dual restrictions, before
  /// more restrictions: on Waescher TEST0030, whose short dive misses in
  /// about one run in ten, the five further sets of restrictions and
  /// their models took 2 s and decided nothing, and the wide dive after
  /// them found the packing in 0.2 s. Not where the bound's rows must be
  /// exactly full: on ANI 402_10000_NR_23 that dive took 2.7 s of the
  /// near-full-rows model's time and could find nothing (the optimum is
  /// one row above the bound).
  var diveBetweenRestrictionsShare = 0.05
  /// Whether the exact cover of exactly-full rows runs (stage 3 above):
  /// not by default (see there for what was measured).
  var exactCoverStage = false
  /// The most exactly-full rows it enumerates for ``AlgorithmX``.
  var exactCoverRowLimit = 3_000_000
  /// The columns each pricing gives the plain master where at least
  /// ``manyColumnsMinimumTypes`` types take part (30, the default, as
  /// on fewer; one on fewer than ``KnapsackPricing/columnsMinimumTypes``).
  /// More is off by default, as ``columnDeletionFactor`` is: together (100 columns,
  /// factor 6) they took the root LP of AI 801_40000_DI_27 to 9.2 s
  /// from 15.1 (171 master solves instead of 310), DI_45 to 9.8-10.1 s
  /// from 17.2, 1002_80000_DI_11 to 24.5 s from 43.4, DI_25 to 28.1 s
  /// from 41.3, ANI 600_20000_NR_11 to 3.0 s from 4.9, but proved no
  /// more files in 60 s: on 801 the dual restrictions then came back
  /// empty, and AI 600_20000_DI_7, proven by the default in 47 s side by
  /// side, was not (docs/ARCHITECTURE.md, session 16).
  var manyColumnsPerPricing = 30
  static let manyColumnsMinimumTypes = 400
  /// Column deletion in the plain master
  /// (``GilmoreGomoryColumnGeneration/retireColumns(duals:values:)``):
  /// when more than this many columns per type take part in its simplex,
  /// the non-basic ones of largest reduced cost leave it until half as
  /// many take part (nil: none, the default; see
  /// ``manyColumnsPerPricing``). With 30 columns a pricing, deletion
  /// alone halved each master solve but took 30-50 % more of them.
  var columnDeletionFactor: Int? = nil
  /// Column deletion switched on once the root LP has ended, where at
  /// least ``manyColumnsMinimumTypes`` types take part (nil: never, the
  /// default): the columns of reduced cost above
  /// ``GilmoreGomoryColumnGeneration/retireReducedCost`` at the root's
  /// duals leave the simplex down to half this many per type (non-basic
  /// at 0, so the root solution and basis stay), and the dives' residual
  /// LPs, the dual restrictions' solves and later stages retire as
  /// ``columnDeletionFactor`` does (pricing brings a needed column back:
  /// the LP values do not change). Measured with 6 (release, 60 s, side
  /// by side, machine shared; docs/ARCHITECTURE.md, session 17): the
  /// wide dive's master solves about a third to a half shorter on AI 801,
  /// but the dives follow other residual solutions, and the files found
  /// moved both ways within the noise of the runs.
  var columnDeletionAfterRoot: Int? = nil
  /// Column deletion in the root LP alone, on masters of at least
  /// ``largeMasterMinimumTypes`` types (nil: none), where
  /// ``columnDeletionFactor`` is nil: when more than this many columns
  /// per type take part in the master's simplex, the non-basic ones of
  /// largest reduced cost leave it until half as many take part
  /// (``GilmoreGomoryColumnGeneration/retireColumns(duals:values:)``),
  /// and once the root LP has ended every retired column comes back
  /// (``GilmoreGomoryColumnGeneration/restoreRetiredColumns()``), so that
  /// the dives and later stages see every pattern, as before. On AI and
  /// ANI 801 and 1002 the root LP's GLPK time is its pivots (60 000 to
  /// 90 000, whatever the columns a pricing) times a cost per pivot that
  /// grows with the master's nonzeros (about 90 us a pivot at 10 000,
  /// 200-450 at 40 000); the deletion keeps the master at 10 000-20 000
  /// for the same pivots: GLPK's CPU time in the root LP 17-36 % lower
  /// (factor 3 or 4 alike in sum; 4 kept, as 3 nearly doubled the master
  /// solves on three 1002-item files; docs/ARCHITECTURE.md, session 20).
  var largeRootColumnDeletionFactor: Int? = 4
  /// The types from which a master counts as large
  /// (``largeRootColumnDeletionFactor``): more than 600, so that every
  /// instance of up to 600 items (at most 600 types; AI and ANI 600 have
  /// at most 539, 801 at least 679) takes the same path as before.
  var largeMasterMinimumTypes = 601
  /// The column deletion factor of the root LP of a master of `typeCount`
  /// types: ``largeRootColumnDeletionFactor`` on large masters
  /// (``largeMasterMinimumTypes``), else none.
  ///
  /// - Complexity: O(1).
  func rootColumnDeletion(typeCount: Int) -> Int? {
    typeCount >= largeMasterMinimumTypes ? largeRootColumnDeletionFactor : nil
  }
  /// Whether the near-full-rows model on waste alone (no dual
  /// restrictions) is skipped when a count of its rows
  /// (``NearFullRowsModel/rowCount(types:budget:cap:workLimit:)``)
  /// passes its row limit: its enumeration would then stop at that limit
  /// and answer "unknown" anyway, so the skip changes no answer, only
  /// the time. Measured (release, 60 s, machine shared): where AI
  /// 600_20000 and 801_40000's dual restrictions came back empty, the
  /// bin completion and that enumeration (more than 150 000 exactly-full
  /// rows) took 3.1-8.3 s together, the bin completion alone 1.5-3.4 s
  /// and the count 0.1 s: 1.6-4.9 s more for the wide dive.
  var countNearFullRows = true
  /// The most additions the count of near-full rows may take (about 0.5 s;
  /// AI 1002_80000 needs 58 million).
  var nearFullRowsCountWorkLimit = 100_000_000
  /// The restricted master heuristic (``RestrictedMasterHeuristic``:
  /// a set-partitioning MIP over the master's pattern pool, K rows) and
  /// its share of the time left at each of its places (nil: not there):
  /// right after the short dive, after the near-full-rows stage (the pool
  /// then holds the dual restrictions' columns, and their restrictions
  /// filter it), after the wide dive (the pool holds the dives' columns).
  var restrictedMasterAfterShortDive: Double? = nil
  var restrictedMasterAfterRestrictions: Double? = nil
  var restrictedMasterAfterWideDive: Double? = nil
  /// Its options: relax-and-fix first, GLPK's feasibility pump, its
  /// proximity search's share of the heuristic's time.
  var restrictedMasterRelaxAndFix = false
  var restrictedMasterFeasibilityPump = true
  var restrictedMasterProximitySearch: Double? = nil
  var restrictedMasterDepthFirst = true
  /// The wide dive in this many rounds (1: one dive, the default), each
  /// followed by the restricted master with
  /// ``restrictedMasterRoundShare`` of the round's time.
  var restrictedMasterRounds = 1
  /// Where given, before each restricted master, column generation to
  /// convergence without the exchange columns
  /// (``GilmoreGomoryColumnGeneration/setExchangeColumns(enabled:)``)
  /// with this share of the heuristic's time.
  var restrictedMasterPureColumns: Double? = nil
  var restrictedMasterRoundShare = 0.3

  func run() -> PackingResult {
    var best = setup.bestHeuristic
    var bound = setup.simpleBound
    if best.rowCount <= bound.value { return setup.result(packing: best, bound: bound, stage: "heuristic") }
    let scaled = setup.scaled
    let types = ItemTypes(sizes: scaled.sizes, capacity: scaled.capacity)
    let session = GLPKSession(verbose: verbose)
    defer { session.close() }
    var nodes: Int? = nil
    /// A stage's end in the `--verbose` log: the time since the start, the
    /// best packing's rows and the bound.
    func note(_ stage: String) {
      guard verbose else { return }
      try? session.log("stage \(stage): \(setup.elapsed) elapsed, \(best.rowCount) rows, bound \(bound.value)")
    }

    // Rows exactly full at the simple bound: a short bin completion by
    // limited discrepancy (its first dive and a little more), then the
    // fail-first one, may find them before any LP (a packing either finds
    // has the bound's rows).
    if rowsMustBeFull(rows: bound.value, scaled: scaled) {
      var (packing, searched) = fullRowsSearch(
        types: types, rows: bound.value, nodeLimit: fullRowsNodesPerRow * bound.value, seed: 0x5eed,
        until: setup.clock.now + setup.timeLeft * fullRowsShare, best: best)
      if packing == nil && failFirstShare > 0 {
        (packing, searched) = failFirstSearch(
          types: types, rows: bound.value, nodeLimit: failFirstNodesPerRow * bound.value, seed: 0x5eed,
          until: setup.clock.now + setup.timeLeft * failFirstShare, best: best)
        note("fail-first bin completion (\(searched) nodes)")
      }
      if let packing { return setup.result(packing: packing, bound: bound, stage: "search", nodes: searched) }
    }
    // Pricing without a dynamic programme (capacities of a million units):
    // the LP may not converge in the time limit; a search without it first.
    let searchFirst = ConsistentNeighbourhoodSearch.precedesLP(types)
    note("full rows search")
    if searchFirst {
      let search = ConsistentNeighbourhoodSearch(types: types)
      let (patterns, moves) = search.run(
        from: types.patterns(of: best, itemSizes: scaled.sizes), target: bound.value,
        until: setup.clock.now + setup.timeLeft * lpFreeShare)
      if let better = improvement(patterns, types: types, over: best) { best = better }
      if best.rowCount <= bound.value { return setup.result(packing: best, bound: bound, stage: "search", nodes: moves) }
    }
    do {
      let master = try GilmoreGomoryColumnGeneration(
        session: session, types: types, initialPatterns: types.patterns(of: best, itemSizes: scaled.sizes))
      // Several columns a round pay on large masters (AI and ANI); small
      // ones keep one: with 30, Scholl_2's N2W3B1R7 (100 items) took 8.7 s
      // or ran out of time on a loaded machine, 1.3 s with one (not yet
      // settled by a quiet A/B).
      master.columnsPerPricing =
        types.count < KnapsackPricing.columnsMinimumTypes ? 1
        : types.count < Self.manyColumnsMinimumTypes ? 30 : manyColumnsPerPricing
      master.retireAbove = columnDeletionFactor
      let rootOnlyDeletion =
        columnDeletionFactor == nil
        ? rootColumnDeletion(typeCount: types.count) : nil
      if let rootOnlyDeletion { master.retireAbove = rootOnlyDeletion }
      let lpDeadline = searchFirst ? setup.clock.now + setup.timeLeft * lpShareAfterSearch : setup.deadline
      let root = try master.solve(until: lpDeadline, enough: best.rowCount)
      if rootOnlyDeletion != nil { try master.restoreRetiredColumns() }
      if verbose { try session.log(master.summary) }
      guard let root else {
        // Out of time before the LP converged: Farley's bound so far still
        // holds; where the search ran first, it goes on with the rest.
        let farley = setup.bound(master.lastRowBound, source: .lp, over: bound)
        if searchFirst && farley.value < best.rowCount {
          var search = ConsistentNeighbourhoodSearch(types: types)
          search.failedAttemptLimit = .max
          search.seed = 0x10f
          let outcome = search.improve(
            types.patterns(of: best, itemSizes: scaled.sizes), target: farley.value, until: setup.deadline)
          if let better = improvement(outcome.patterns, types: types, over: best) { best = better }
          if best.rowCount <= farley.value {
            return setup.result(packing: best, bound: farley, stage: "search", nodes: outcome.moves)
          }
        }
        let stage = farley.value > bound.value ? "LP" : "heuristic"
        return setup.result(packing: best, bound: farley, stage: stage, limited: true)
      }
      note("LP")
      if let factor = columnDeletionAfterRoot, master.retireAbove == nil,
        types.count >= Self.manyColumnsMinimumTypes
      {
        // Non-basic columns only (reduced cost above 1e-3): the root
        // solution stays, and so does the root basis the dives save.
        master.retireAbove = factor
        try master.retireColumns(duals: master.lastDuals, values: root.values)
        note("column deletion: \(master.activeColumnCount) of \(master.patterns.count) columns take part")
      }
      if scaled.isExact {
        bound = bound.strongest(LowerBound(value: root.rowBound, source: .lp))
      } else {
        let boundTypes = ItemTypes(sizes: scaled.boundSizes, capacity: scaled.boundCapacity)
        let boundMaster = try GilmoreGomoryColumnGeneration(session: session, types: boundTypes, initialPatterns: [])
        boundMaster.columnsPerPricing = master.columnsPerPricing
        if let b = try boundMaster.solve(until: setup.deadline, enough: best.rowCount) {
          bound = bound.strongest(LowerBound(value: b.rowBound, source: .lp))
        }
      }
      if best.rowCount <= bound.value { return setup.result(packing: best, bound: bound, stage: "LP") }

      // A short search first (the plain dive and two perturbed ones), then
      // the decision on the bound's rows, then the wider search towards the
      // (possibly raised) bound with what is left.
      // The root LP's basis that the first dive saves, for the next dives
      // to start from.
      var diveRootBasis: GilmoreGomoryColumnGeneration.SavedBasis? = nil
      func dive(
        share: Double, maxDiscrepancy: Int, maxRestarts: Int, until end: ContinuousClock.Instant? = nil,
        seed: UInt64? = nil
      ) throws(GLPKError) {
        let until = end ?? setup.clock.now + setup.timeLeft * share
        var diving = LimitedDiscrepancyDiving(master: master, target: bound.value)
        if let seed { diving.random = SplitMix64(seed: seed) }
        diving.rootBasis = diveRootBasis
        diving.maxDiscrepancy = maxDiscrepancy
        diving.maxRestarts = maxRestarts
        diving.fullRowsNodesPerRow = divingFullRowsNodesPerRow
        diving.singleBacktracks = divingSingleBacktracks
        diving.completionLookahead = divingCompletionLookahead
        let outcome = try diving.run(until: until, incumbentRows: best.rowCount)
        diveRootBasis = outcome.rootBasis
        // Back to the root LP's basis (optimal for the full demands), so
        // that the next stage's solve (the dual restrictions' column
        // generation) starts from it, not by phase-1 pivots from the
        // basis of the dive's last residual: on ANI 600_20000_NR_7 that
        // solve took 10 000 to 19 000 pivots (5-10 s) depending on where
        // the dive ended, and the dual restrictions' share ran out.
        if restoreRootBasisAfterDives, let root = diveRootBasis { try master.restore(root) }
        if verbose {
          try session.log("dive: \(outcome.dives) dives, \(outcome.lpSolves) LP solves, \(outcome.completionNodes) completion nodes, \(outcome.fullRowsNodes) full-rows nodes, \(outcome.backtracks) backtracks, deepest \(outcome.deepestRows) rows, \(outcome.simplexIterations) simplex iterations; \(outcome.time) (master solves \(outcome.masterTime), pricing \(outcome.pricingTime))\(outcome.timedOut ? ", out of time" : "")")
          let ends = outcome.endRows.sorted()
          func count(_ end: LimitedDiscrepancyDiving.DiveEnd) -> Int { outcome.ends[end.rawValue] }
          if !ends.isEmpty {
            try session.log("dive ends: size \(count(.size)), completion \(count(.completion)), LP \(count(.lp)), no candidate \(count(.noCandidate)); rows fixed at the ends: least \(ends[0]), median \(ends[ends.count / 2]), most \(ends[ends.count - 1]) of \(bound.value)")
          }
        }
        if let patterns = outcome.patterns {
          if let better = improvement(patterns, types: types, over: best) { best = better }
        }
      }
      try dive(share: searchFirst ? shortDiveShareAfterSearch : 0.2, maxDiscrepancy: 0, maxRestarts: 2)
      note("short dive")
      if best.rowCount <= bound.value { return setup.result(packing: best, bound: bound, stage: "LP") }

      /// The restricted master heuristic over the master's patterns so
      /// far, with `share` of the time left: a packing it finds becomes
      /// the best.
      func restrictedMaster(
        share: Double, restrictions: [NearFullRowsModel.DualRestriction], until end: ContinuousClock.Instant? = nil
      ) throws(GLPKError) {
        var heuristic = RestrictedMasterHeuristic(types: types, rows: bound.value, restrictions: restrictions)
        heuristic.relaxAndFix = restrictedMasterRelaxAndFix
        heuristic.feasibilityPump = restrictedMasterFeasibilityPump
        heuristic.proximitySearchShare = restrictedMasterProximitySearch
        heuristic.depthFirst = restrictedMasterDepthFirst
        let until = end ?? setup.clock.now + setup.timeLeft * share
        if let pricingShare = restrictedMasterPureColumns {
          // Column generation without the exchange columns, so that the
          // pool holds an LP solution of patterns alone.
          try master.setExchangeColumns(enabled: false)
          let solved = try master.solve(
            until: setup.clock.now + (until - setup.clock.now) * pricingShare, toConvergence: true)
          try master.setExchangeColumns(enabled: true)
          note("column generation without exchange columns: \(solved.map { "\($0.masterObjective)" } ?? "not converged"), \(master.patterns.count) columns")
        }
        let outcome = try heuristic.run(session: session, pool: master.patterns, until: until)
        if verbose { try session.log(outcome.summary) }
        if let patterns = outcome.patterns, let better = improvement(patterns, types: types, over: best) {
          best = better
        }
      }
      if let share = restrictedMasterAfterShortDive, setup.timeLeft > .milliseconds(100) {
        try restrictedMaster(share: share, restrictions: [])
        note("restricted master")
        if best.rowCount <= bound.value { return setup.result(packing: best, bound: bound, stage: "LP") }
      }

      /// Branch-and-price(-and-cut) on the bound's rows, one row below the
      /// best packing, with ``branchAndPriceShare`` of the time left: a
      /// packing it finds becomes the best, a refutation raises the bound.
      func branchAndPriceStep() throws(GLPKError) {
        let (tree, patterns) = try branchAndPrice(
          session: session, types: types, master: master, root: root, best: best, rows: bound.value,
          until: setup.clock.now + setup.timeLeft * branchAndPriceShare)
        nodes = (nodes ?? 0) + tree.nodes
        if verbose { try session.log(tree.summary) }
        if let patterns, let better = improvement(patterns, types: types, over: best) { best = better }
        if case .infeasible = tree.answer { bound = LowerBound(value: bound.value + 1, source: .branchAndPrice) }
      }

      /// Stage 4's subset-row cuts: cut-and-price at the root with `share`
      /// of the time left, then, where its bound stays one row below the
      /// best packing, the near-full-rows model restricted by its last
      /// master's duals with `modelShare` of the time left; true when the
      /// best packing meets the bound.
      var cutStageRan = false
      /// The stage that decided where stage 4 did: the cuts, or the tree after them.
      var cutStageName = "cuts"
      func subsetRowCuts(
        share: Double, extendedShare: Double? = nil, modelShare: Double, modelPatternLimit: Int? = nil,
        dualRestrictions: [NearFullRowsModel.DualRestriction]
      ) throws(GLPKError) -> Bool {
        cutStageRan = true
        let outcome: SubsetRowCutAndPrice.Outcome
        do {
          outcome = try subsetRowCutBound(
            session: session, types: types, master: master, root: root, target: best.rowCount,
            face: dualRestrictions.first, until: setup.clock.now + setup.timeLeft * share,
            extendedDeadline: extendedShare.map { setup.clock.now + setup.timeLeft * $0 })
        } catch {
          // A cut master that GLPK does not solve (its tighter tolerance)
          // costs this stage, not the stages after it.
          note("subset-row cuts failed: \(error.description)")
          return false
        }
        nodes = (nodes ?? 0) + outcome.nodes
        if verbose { try session.log(outcome.summary) }
        if outcome.rowBound > bound.value { bound = LowerBound(value: outcome.rowBound, source: .cuts) }
        if best.rowCount <= bound.value { return true }
        // Still one row below: the rows a packing in the bound's rows can
        // use, restricted by the cut master's duals, may be few enough for
        // the near-full-rows model.
        if modelShare > 0, !outcome.restrictions.isEmpty, setup.timeLeft > .milliseconds(100) {
          let (answer, n) = try cutRestrictionModel(
            session: session, types: types, rows: bound.value, restrictions: outcome.restrictions,
            patternLimit: modelPatternLimit, until: setup.clock.now + setup.timeLeft * modelShare)
          nodes = (nodes ?? 0) + n
          note("near-full rows model with the cuts' duals: \(answer.summary)")
          if case .packing(let patterns) = answer, let better = improvement(patterns, types: types, over: best) {
            best = better
          } else if case .infeasible = answer {
            bound = LowerBound(value: bound.value + 1, source: .cuts)
          }
        }
        // Converged at the bound with no violated cut: only branching can
        // decide (the cuts at every node of the tree, if asked).
        if branchAndPriceAfterCuts && outcome.converged && best.rowCount == bound.value + 1
          && setup.timeLeft > .milliseconds(100)
        {
          try branchAndPriceStep()
          cutStageName = "branch-and-price"
        }
        return best.rowCount <= bound.value
      }

      // Branch and bound by bin completion: do the items fit in `bound` rows?
      // Either a packing (optimal) or a proof that they do not (bound + 1).
      var searchNodes = 0
      // Weights from optimal duals for the near-full-rows model: a first set
      // now (none when column generation does not converge in a fifth of the
      // time left), another (other perturbations) when too many rows fit in
      // the gap, up to `restrictionAttempts` sets.
      var restrictionAttempt = 0
      func nextRestrictions() throws(GLPKError) -> [NearFullRowsModel.DualRestriction] {
        defer { restrictionAttempt += 1 }
        return try master.dualRestrictions(
          vertices: 4, epsilon: restrictionAttempt % 2 == 0 ? 0.1 : 0.3, seed: UInt64(restrictionAttempt + 1),
          until: setup.clock.now + setup.timeLeft * 0.2)
      }
      var restrictions = try nextRestrictions()
      note("dual restrictions (\(restrictions.count))")
      var searchRaisedBound = false
      var divedBetweenRestrictions = false
      if exactCoverStage && rowsMustBeFull(rows: bound.value, scaled: scaled) && scaled.isExact && !restrictions.isEmpty {
        let outcome = exactCoverOfFullRows(
          types: types, rows: bound.value, restrictions: restrictions,
          enumerationDeadline: setup.clock.now + setup.timeLeft * 0.3, until: setup.clock.now + setup.timeLeft * 0.6)
        note("exact cover of \(outcome.candidates.map(String.init) ?? "too many") full rows, \(outcome.nodes) nodes")
        nodes = outcome.nodes
        if case .packing(let patterns) = outcome.answer {
          if let better = improvement(patterns, types: types, over: best) { best = better }
        } else if case .infeasible = outcome.answer {
          bound = LowerBound(value: bound.value + 1, source: .mip)
          searchRaisedBound = true
        }
        if best.rowCount <= bound.value { return setup.result(packing: best, bound: bound, stage: "search", nodes: nodes) }
      }
      var searchStage = "search"  // "MIP" once the near-full-rows MIP answered
      let searchDeadline = setup.clock.now + setup.timeLeft * 0.6
      while best.rowCount > bound.value && searchDeadline - setup.clock.now > .milliseconds(20) {
        // Under dual restrictions the near-full rows are few: that model
        // alone; without them, a short bin completion first.
        var answer = BinCompletion.Answer.unknown, n = 0
        for step in restrictions.isEmpty ? ["search", "MIP"] : ["MIP"] {
          if step == "MIP" {
            if countNearFullRows && restrictions.isEmpty {
              let model = NearFullRowsModel(types: types, rows: bound.value)
              let count = NearFullRowsModel.rowCount(
                types: types, budget: model.wasteBudget, cap: model.patternLimit + 1,
                workLimit: nearFullRowsCountWorkLimit)
              note("near-full rows counted: \(count.map(String.init) ?? "not counted")")
              if let count, count > model.patternLimit { continue }
            }
            while true {
              var model = NearFullRowsModel(types: types, rows: bound.value, restrictions: restrictions)
              // While another set of restrictions may still shrink it, a
              // model too big for clique cuts waits for that set.
              if !restrictions.isEmpty && restrictionAttempt < restrictionAttempts {
                model.patternLimit = model.cliqueCutLimit
              }
              (answer, n) = try model.decide(session: session, until: searchDeadline)
              note("near-full rows model, \(restrictions.count) restrictions: \(answer.summary)")
              searchNodes += n
              guard case .unknown = answer, !restrictions.isEmpty, restrictionAttempt < restrictionAttempts,
                searchDeadline - setup.clock.now > .milliseconds(100)
              else { break }
              // Too many rows for the plain LP's duals where the bound's
              // rows must be exactly full (ANI): the subset-row cuts first
              // (stage 4, ``subsetRowCutStageEarly``), once.
              if subsetRowCutStage && subsetRowCutStageEarly && !cutStageRan && best.rowCount == bound.value + 1
                && scaled.isExact && rowsMustBeFull(rows: bound.value, scaled: scaled)
              {
                if try subsetRowCuts(
                  share: earlyCutsShare, extendedShare: earlyCutsExtendedShare,
                  modelShare: earlyCutRestrictionModelShare,
                  modelPatternLimit: earlyCutRestrictionPatternLimit, dualRestrictions: restrictions)
                {
                  return setup.result(packing: best, bound: bound, stage: cutStageName, nodes: (nodes ?? 0) + searchNodes)
                }
              }
              // The model is too big for the restrictions so far. Where the
              // bound's rows hold a packing that the short dive missed, a
              // dive with backtracking finds it sooner than further sets
              // of restrictions: one, short, before them. Not where the
              // rows must be exactly full (AI, ANI): the dives there are
              // the wide dive's, and on ANI no packing is to be found.
              if !divedBetweenRestrictions && !rowsMustBeFull(rows: bound.value, scaled: scaled) {
                divedBetweenRestrictions = true
                try dive(share: diveBetweenRestrictionsShare, maxDiscrepancy: maxDiscrepancy, maxRestarts: maxRestarts)
                note("dive between restrictions")
                if best.rowCount <= bound.value {
                  return setup.result(
                    packing: best, bound: bound, stage: searchRaisedBound ? searchStage : "LP",
                    nodes: searchRaisedBound ? searchNodes : nil)
                }
              }
              // Every set holds on its own: a row must meet them all.
              let more = try nextRestrictions()
              // Each set's gaps (in units of 2^-36 of a row): the looser, the
              // more rows it lets through.
              note("\(more.count) more restrictions, gaps \(more.map { $0.gap(rows: bound.value, demands: types.demands) })")
              if more.isEmpty { break }
              restrictions += more
            }
          } else {
            let until = min(searchDeadline, setup.clock.now + setup.timeLeft * searchBeforeModelShare)
            (answer, n) = BinCompletion(types: types, nodeLimit: 20_000).decide(rows: bound.value, until: until)
            searchNodes += n
            note("bin completion before the near-full rows model, \(n) nodes")
          }
          if case .unknown = answer { continue }
          searchStage = step
          break
        }
        nodes = searchNodes
        if case .packing(let patterns) = answer {
          if let better = improvement(patterns, types: types, over: best) { best = better }
          break
        } else if case .infeasible = answer, scaled.isExact {
          bound = LowerBound(value: bound.value + 1, source: .mip)
          searchRaisedBound = true
        } else {
          break
        }
      }
      note("near-full rows (\(restrictions.count) restrictions)")
      if best.rowCount <= bound.value {
        return setup.result(packing: best, bound: bound, stage: searchStage, nodes: nodes)
      }
      if let share = restrictedMasterAfterRestrictions, setup.timeLeft > .milliseconds(100) {
        try restrictedMaster(share: share, restrictions: restrictions)
        note("restricted master")
        if best.rowCount <= bound.value {
          return setup.result(packing: best, bound: bound, stage: searchRaisedBound ? searchStage : "LP", nodes: nodes)
        }
      }
      // The last resort's graph, built now (a few milliseconds): without
      // it, the searches below may take all the time left.
      let arcFlowGraph = ArcFlowGraph(types: types, arcLimit: arcLimit)
      // The late cut stage does not shorten the searches where no MIP
      // follows: where its early place did not come (no converged duals),
      // its own column generation rarely converges either (AI 801_40000:
      // 127-226 master solves in 3-8 s without a cut), and the dives and
      // the search are what find AI's packings.
      let searchesEnd = arcFlowGraph == nil && !branchAndPriceStage
      let mustBeFull = rowsMustBeFull(rows: bound.value, scaled: scaled)
      if setup.timeLeft > .milliseconds(50) {
        let share = !searchesEnd ? 0.6 : mustBeFull ? wideDiveShareWithoutMIP : 1.0
        if restrictedMasterRounds > 1 {
          // The wide dive in rounds, each followed by the restricted
          // master over the pool the dives have grown.
          let end = setup.clock.now + setup.timeLeft * share
          for round in 0..<restrictedMasterRounds where best.rowCount > bound.value {
            let left = end - setup.clock.now
            guard left > .milliseconds(100) else { break }
            let roundEnd = setup.clock.now + left / (restrictedMasterRounds - round)
            let diveEnd = setup.clock.now + (roundEnd - setup.clock.now) * (1 - restrictedMasterRoundShare)
            try dive(
              share: share, maxDiscrepancy: maxDiscrepancy, maxRestarts: maxRestarts, until: diveEnd,
              seed: round == 0 ? nil : UInt64(round))
            note("wide dive, round \(round + 1)")
            if best.rowCount <= bound.value { break }
            try restrictedMaster(share: 1, restrictions: restrictions, until: roundEnd)
            note("restricted master, round \(round + 1)")
          }
        } else {
          try dive(share: share, maxDiscrepancy: maxDiscrepancy, maxRestarts: maxRestarts)
          note("wide dive")
        }
        // Column generation so far, the dives' residual LPs included.
        if verbose { try session.log(master.summary) }
        if best.rowCount <= bound.value {
          return setup.result(packing: best, bound: bound, stage: searchRaisedBound ? searchStage : "LP", nodes: nodes)
        }
      }
      if let share = restrictedMasterAfterWideDive, setup.timeLeft > .milliseconds(100) {
        try restrictedMaster(share: share, restrictions: restrictions)
        note("restricted master after the wide dive")
        if best.rowCount <= bound.value {
          return setup.result(packing: best, bound: bound, stage: searchRaisedBound ? searchStage : "LP", nodes: nodes)
        }
      }
      // Rows that must still be exactly full: the searches again, longer,
      // the second's rows restricted to those the duals allow, before the
      // MIP.
      if mustBeFull && failFirstShare > 0 && setup.timeLeft > .milliseconds(50) {
        let (packing, searched) = failFirstSearch(
          types: types, rows: bound.value, nodeLimit: .max, seed: 0x10f,
          until: setup.clock.now + setup.timeLeft * ((searchesEnd ? 1 : fullRowsLongShare) / 2), best: best)
        note("fail-first bin completion, long")
        if let packing {
          return setup.result(packing: packing, bound: bound, stage: "search", nodes: searched)
        }
      }
      if mustBeFull && setup.timeLeft > .milliseconds(50) {
        let (packing, searched) = fullRowsSearch(
          types: types, rows: bound.value, nodeLimit: .max, seed: 0x10f, restrictions: restrictions,
          until: setup.clock.now + setup.timeLeft * (searchesEnd ? 1 : fullRowsLongShare), best: best)
        note("full rows search, long")
        if let packing {
          return setup.result(packing: packing, bound: bound, stage: "search", nodes: searched)
        }
      }
      // Branch-and-price, where the bound is still one row below the best
      // packing (ANI): either that row fewer, or a proof there is none.
      if branchAndPriceStage && best.rowCount == bound.value + 1 && scaled.isExact && setup.timeLeft > .milliseconds(100) {
        try branchAndPriceStep()
        if best.rowCount <= bound.value {
          return setup.result(packing: best, bound: bound, stage: "branch-and-price", nodes: nodes)
        }
      }
      // Subset-row cuts at the root, where the bound is still one row below
      // the best packing (ANI): cut-and-price may raise it by that row. Last
      // but the arc-flow MIP, so that it takes no time from the stages that
      // find packings (ANI's optimal packings come from the wide dive);
      // with ``subsetRowCutStageEarly``, after the short dive instead.
      if subsetRowCutStage && !cutStageRan && best.rowCount == bound.value + 1 && scaled.isExact
        && setup.timeLeft > .milliseconds(100)
      {
        if try subsetRowCuts(
          share: cutsShare, modelShare: cutRestrictionModelShare, dualRestrictions: restrictions)
        {
          return setup.result(packing: best, bound: bound, stage: cutStageName, nodes: nodes)
        }
      }
      if setup.timeLeft <= .milliseconds(50) {
        return setup.result(packing: best, bound: bound, stage: "LP", limited: true)
      }

      note("before the arc-flow MIP")
      // Last resort: the arc-flow MIP from the best packing.
      guard let graph = arcFlowGraph else {
        return setup.result(packing: best, bound: bound, stage: "LP", limited: true)
      }
      let problem = try GLPKProblem(session: session, model: graph.model())
      let incumbent = graph.flow(of: types.patterns(of: best, itemSizes: scaled.sizes))
      let mip = try problem.solveIntegerProgram(timeLimit: setup.timeLeft, incumbent: incumbent)
      nodes = (nodes ?? 0) + mip.nodes
      if let b = mip.bound { bound = setup.bound(Int((b - 1e-6).rounded(.up)), source: .mip, over: bound) }
      if mip.status == .optimal || mip.status == .feasible {
        if let better = improvement(graph.patterns(fromFlow: mip.values), types: types, over: best) { best = better }
        if mip.status == .optimal { bound = setup.bound(Int(mip.objective.rounded()), source: .mip, over: bound) }
      }
      return setup.result(packing: best, bound: bound, stage: "MIP", nodes: nodes, limited: mip.status != .optimal)
    } catch {
      return setup.result(packing: best, bound: bound, stage: "heuristic", nodes: nodes, error: error.description)
    }
  }
}
