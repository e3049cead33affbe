import RowPacking

extension RyanFosterBranchAndPrice {
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
    /// Branching nodes whose two children were both pruned.
    var failedPairs = 0
    /// The share of the tree refuted, `sum 2^-depth` over the pruned
    /// nodes (1 when every node is pruned): how far an undecided tree got.
    var closed = 0.0
    /// The root's best safe row bound.
    var rootBound = 0
    /// Columns in the master at the end, and the most at once.
    var columns = 0
    var peakColumns = 0
    /// With column cleaning: columns moved to the pool, and columns the
    /// pool gave back to the master.
    var cleaned = 0
    var fromPool = 0
    /// The time in cleaning and in reading the pool (not counted in ``work``).
    var poolTime = Duration.zero
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
    /// The work counted so far (``work(pivots:rows:nonzeros:allNonzeros:)`` for the
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
    /// How far the root's best certified value lies above the rows to
    /// refute (``CertifiedBound/excess(total:maximum:rows:)``).
    var rootCertifiedExcess: Double? = nil
    /// Relax-and-fix: its completions tried, the packings they found, and its time.
    var heuristicCalls = 0
    var heuristicPackings = 0
    var heuristicTime = Duration.zero

    /// Raises ``rootCertifiedExcess`` to the certified value of `weights`
    /// whose exact maximum is `maximum`.
    mutating func noteRootCertified(
      weights: [Int], demands: [Int], cuts: [SubsetRowCut], cutWeights: [Int], maximum: Int, rows: Int
    ) {
      guard let total = CertifiedBound.total(weights: weights, demands: demands, cuts: cuts, cutWeights: cutWeights),
        let excess = CertifiedBound.excess(total: total, maximum: maximum, rows: rows)
      else { return }
      rootCertifiedExcess = max(rootCertifiedExcess ?? -.infinity, excess)
    }

    /// One line for the verbose log.
    var summary: String {
      let what: String
      switch answer {
      case .packing(let rows): what = "a packing in \(rows.count) rows"
      case .infeasible: what = "infeasible"
      case .unknown: what = "not decided"
      }
      return "branch-and-price: \(what) after \(nodes) nodes (depth \(depth), \(failedPairs) pairs failed, closed \(closed), \(cuts) cuts in \(cutRounds) rounds, \(solves) master solves, "
        + "\(iterations) simplex iterations, \(pricingNodes) pricing nodes, \(columns) columns (\(peakColumns) at most), root bound \(rootBound), root \(rootTime.map { "\($0)" } ?? "-"), first pruned \(firstPruned.map { "\($0)" } ?? "-"), refuted \(closedTrace.map { "2^\(Int($0.share.exponent)) at \(((($0.time / .seconds(1)) * 100).rounded() / 100)) s" }.joined(separator: " ")), \(elapsed); "
        + "master \(masterTime), pricing \(pricingTime), work \(work))"
        + (exactSolves == 0 ? "" : "; \(exactSolves) exact solves in \(exactTime), root exact LP \(exactRootObjective.map { "\($0)" } ?? "-"), \(exactPrunes) pruned by it")
        + (cleaned == 0 ? "" : "; \(cleaned) columns cleaned to the pool, \(fromPool) back from it, in \(poolTime)")
        + (heuristicCalls == 0 ? "" : "; relax-and-fix: \(heuristicCalls) completions, \(heuristicPackings) packings, in \(heuristicTime)")
        + (rootCertifiedExcess.map { "; root certified value minus the rows \($0)" } ?? "")
        + (rootTrace.isEmpty ? "" : "; root LP by cuts: " + rootTrace.map { "\($0.cuts): \($0.objective)" }.joined(separator: ", "))
    }
  }
}
