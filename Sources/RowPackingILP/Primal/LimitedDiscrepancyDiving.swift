import RowPacking

/// Finds a packing in `target` rows by diving on the LP, with limited discrepancies.
///
/// A primal heuristic: diving on the Gilmore–Gomory relaxation, with
/// backtracking by limited discrepancy search.
///
/// A node of the search is a residual problem: the items not yet in a fixed
/// row (a demand per type) and the rows left, `target` minus the fixed rows.
/// At each node:
/// 1. the residual is pruned when its total size exceeds the rows left
///    (L1), and closed when the packers (first fit and best fit decreasing)
///    complete it within the rows left;
/// 2. a small residual (at most ``exactItems`` items) is
///    decided by bin completion (``BinCompletionDecision``, at most
///    ``exactNodeLimit`` nodes): a packing closes it, a proof that none
///    exists prunes it;
/// 3. otherwise the residual LP is solved again by column generation
///    (pricing on the residual demands, from the last basis, or with
///    ``warmStarts`` from the basis its parent saved when the child before
///    it was explored; no pricing where the master meets the residual's
///    L1) and pruned when its bound exceeds the rows left;
/// 4. the children fix rows: the first child fixes the pattern of largest
///    LP value together with every pattern of value >= 1 (as many copies
///    as its value's integer part: residual rounding); the k-th child (a
///    discrepancy) fixes the k-th pattern instead and makes the k - 1
///    patterns before it tabu in its subtree. Only patterns whose waste fits
///    what the rows left may waste are candidates. Where the residual's
///    rows must be exactly full, with ``completionLookahead`` the first
///    candidates by LP value are ordered least constraining first: by how
///    many of the residual's items above half the capacity they leave
///    without an exactly full completion, then by how few completions
///    they leave them (one subset-sum count table over the small items).
///
/// A path takes at most ``maxDiscrepancy`` discrepancies, at its first
/// ``maxDiscrepancyDepth`` branching nodes; the first path is the plain
/// dive. When the tree is exhausted and time is left, the search restarts
/// with the LP values perturbed (seeded), from the root's saved basis.
/// The master's columns persist across dives and restarts (a
/// pattern pool): a column is
/// disabled while it does not fit the residual and enabled again after, so
/// later dives price fewer columns. Everything stops at the one deadline.
///
/// R. Sadykov, F. Vanderbeck, A. Pessoa, I. Tahiri and E. Uchoa, "Primal
/// heuristics for branch and price: the assets of diving methods",
/// INFORMS Journal on Computing 31(2):251-267, 2019 (diving with limited
/// discrepancy search and tabu columns); C. Joncour, S. Michel, R. Sadykov,
/// D. Sverdlov and F. Vanderbeck, "Column generation based primal
/// heuristics", Electronic Notes in Discrete Mathematics 36:695-702, 2010;
/// W. D. Harvey and M. L. Ginsberg,
/// "Limited discrepancy search", IJCAI 1995; G. Belov and G. Scheithauer,
/// European Journal of Operational Research 171(1):85-106, 2006 (residual
/// rounding).
///
/// - Complexity: at most `1 + Σ_{k ≤ D} C(depth, k) x width^k` dives per
///   round (D = ``maxDiscrepancy``, depth = ``maxDiscrepancyDepth``), each at
///   most *rows* column generations (each node, with
///   ``completionLookahead``, also O(small items x C / 2 + lookahead x row
///   length x C / 2) for the order); bounded by the deadline.
struct LimitedDiscrepancyDiving {
  let master: GilmoreGomoryColumnGeneration
  /// The rows wanted: a node that cannot reach them is pruned.
  let target: Int
  /// The most discrepancies on one path.
  var maxDiscrepancy = 2
  /// Discrepancies are taken only at this many first branching nodes of a path.
  var maxDiscrepancyDepth = 4
  /// Residuals of at most this many items are decided by bin completion.
  var exactItems = 60
  /// The node limit of each bin completion on a residual.
  var exactNodeLimit = 2_000
  /// Restarts (perturbed LP values) after the first round.
  var maxRestarts = 50
  /// Where the residual's rows must be exactly full, how many of a node's
  /// first candidates are ordered least constraining first
  /// (``orderedByLeastConstraining(_:residual:sizes:capacity:lookahead:workLimit:)``:
  /// by the exactly full completions they leave the residual's large
  /// items); 0, the default, none.
  var completionLookahead = 0
  /// The most cells (small items x C / 2) of that order's count table at
  /// a node; above it the node keeps the LP's order (capacities of a
  /// million units).
  var completionLookaheadWorkLimit = 50_000_000
  /// Whether nodes keep their LP basis for their next child, and skip pricing at L1.
  ///
  /// A node that has more children to explore (and the root, for
  /// the restarts) keeps its LP basis, so that its next child's residual
  /// LP starts from it rather than from the basis of the deepest residual
  /// of the subtree before (see
  /// ``GilmoreGomoryColumnGeneration/restore(_:)``); and a residual LP
  /// that meets L1 is taken without pricing (see
  /// ``GilmoreGomoryColumnGeneration/solve(until:enough:toConvergence:knownBound:)``).
  var warmStarts = true
  /// The root's basis saved by an earlier search on the same master (its
  /// ``Outcome/rootBasis``): with ``warmStarts`` the first dive starts
  /// from it too, rather than from whatever basis the stages in between
  /// left (perturbed demands, cut masters' columns).
  var rootBasis: GilmoreGomoryColumnGeneration.SavedBasis? = nil
  /// GLPK's tolerances on bounds and reduced costs (`tol_bnd`, `tol_dj`)
  /// for the master's solves during the search (nil: GLPK's 1e-7). At
  /// GLPK's default, residual LPs can end slightly primal infeasible and
  /// the dual simplex stalls on numerical instability; a tighter tolerance
  /// avoids most of it, a looser one is worse (docs/experiments/). The
  /// dives' bounds are Farley's in integer arithmetic, whatever the
  /// tolerance.
  var simplexTolerance: Double? = 1e-9
  /// How many times a dive that ends without a packing backs off a quarter
  /// of the rows it fixed and dives on from there, before the next
  /// restart (0, the default: none; da Silva and Schouery's relax-and-fix
  /// backs off three times).
  var backOffs = 0
  var random = SplitMix64(seed: 0x1d5)

  var types: ItemTypes { master.types }

  /// What the search found and did.
  struct Outcome {
    /// The best packing's patterns, when it has fewer rows than the incumbent.
    var patterns: [Pattern]?
    /// Leaves reached (dives ended), nodes whose LP was solved, bin-completion nodes.
    var dives = 0
    var lpSolves = 0
    var completionNodes = 0
    /// The most rows fixed at a node reached (how deep the dives got).
    var deepestRows = 0
    /// Dives that backed off (``backOffs``).
    var backedOff = 0
    /// How the dives ended, by ``DiveEnd``: how many, and the rows fixed
    /// at each end (in the order reached).
    var ends = [Int](repeating: 0, count: DiveEnd.allCases.count)
    var endRows: [Int] = []
    /// GLPK's simplex iterations on the master during the search.
    var simplexIterations = 0
    /// The root's LP basis (with ``warmStarts``), for a later search.
    var rootBasis: GilmoreGomoryColumnGeneration.SavedBasis? = nil
    /// The time of the search, and of its master solves and pricings.
    var time = Duration.zero
    var masterTime = Duration.zero
    var pricingTime = Duration.zero
    /// Whether the search stopped at the deadline.
    var timedOut = false
  }

  /// Searches until a packing in `target` rows is found, the tree and the
  /// restarts are exhausted, or the deadline passes. `incumbentRows` is the
  /// rows of the best packing known (patterns are returned only when they
  /// beat it). Every dive starts with the rows `fixed` (relax-and-fix
  /// inside a tree: rows its LP fixed; none by default), which must fit
  /// the items. The master's demands are restored at the end.
  mutating func run(
    until deadline: ContinuousClock.Instant, incumbentRows: Int, fixed: [Pattern] = []
  ) throws(GLPKError) -> Outcome {
    let startResidual = residual(after: fixed)
    precondition(startResidual.allSatisfy { $0 >= 0 }, "the fixed rows hold more items than there are")
    var search = Search(
      master: master, target: target, deadline: deadline, bestRows: incumbentRows,
      maxDiscrepancy: maxDiscrepancy, maxDiscrepancyDepth: maxDiscrepancyDepth,
      exactItems: exactItems, exactNodeLimit: exactNodeLimit, warmStarts: warmStarts,
      completionLookahead: completionLookahead, completionLookaheadWorkLimit: completionLookaheadWorkLimit)
    if warmStarts { search.rootBasis = rootBasis }
    let iterationsBefore = try master.problem.iterationCount()
    let tolerance = master.simplexTolerance
    master.simplexTolerance = simplexTolerance
    defer { master.simplexTolerance = tolerance }
    let clock = ContinuousClock()
    let start = clock.now
    let (lpBefore, priceBefore) = (master.lpTime, master.priceTime)
    defer { _ = try? master.setDemands(types.demands) }
    for round in 0...maxRestarts {
      search.noise = round == 0 ? 0 : 0.5
      search.random = SplitMix64(seed: random.next())
      // A restart from the root's LP basis, not from the last dive's end.
      if let root = search.rootBasis { try master.restore(root) }
      var found = try search.explore(
        residual: startResidual, fixed: fixed, tabu: [], discrepancies: 0, branchDepth: 0)
      // Backing off: the last quarter of the rows the dive fixed freed, and
      // on from there with noise (no discrepancy).
      for _ in 0..<backOffs where !found && !search.outcome.timedOut && search.lastEnd.count > fixed.count + 1 {
        let kept = Array(search.lastEnd.prefix(fixed.count + (search.lastEnd.count - fixed.count) * 3 / 4))
        search.noise = 0.5
        search.outcome.backedOff += 1
        found = try search.explore(
          residual: residual(after: kept), fixed: kept, tabu: [], discrepancies: maxDiscrepancy, branchDepth: maxDiscrepancyDepth)
      }
      if found || search.outcome.timedOut { break }
    }
    search.outcome.simplexIterations = try master.problem.iterationCount() - iterationsBefore
    search.outcome.rootBasis = search.rootBasis
    search.outcome.time = clock.now - start
    search.outcome.masterTime = master.lpTime - lpBefore
    search.outcome.pricingTime = master.priceTime - priceBefore
    return search.outcome
  }

  /// The demands the rows `fixed` leave (negative where they hold too many).
  private func residual(after fixed: [Pattern]) -> [Int] {
    var residual = types.demands
    for pattern in fixed { for t in pattern { residual[t] -= 1 } }
    return residual
  }

  /// Why a dive ended without a packing.
  enum DiveEnd: Int, CaseIterable {
    /// The residual's total size exceeds the rows left.
    case size
    /// Bin completion proved the residual does not fit the rows left.
    case completion
    /// The residual LP's bound exceeds the rows left.
    case lp
    /// No column of the residual LP fits the residual and its waste.
    case noCandidate
  }

  /// The state of one search: the best packing so far and the counters.
  private struct Search {
    let master: GilmoreGomoryColumnGeneration
    let target: Int
    let deadline: ContinuousClock.Instant
    var bestRows: Int
    let maxDiscrepancy: Int
    let maxDiscrepancyDepth: Int
    let exactItems: Int
    let exactNodeLimit: Int
    let warmStarts: Bool
    let completionLookahead: Int
    let completionLookaheadWorkLimit: Int
    /// The root's LP basis (with ``warmStarts``), for the restarts.
    var rootBasis: GilmoreGomoryColumnGeneration.SavedBasis? = nil
    var noise = 0.0
    var random = SplitMix64(seed: 0)
    var outcome = Outcome()
    /// The rows fixed where the last dive ended without a packing.
    var lastEnd: [Pattern] = []
    let clock = ContinuousClock()

    var types: ItemTypes { master.types }

    /// A dive ends without a packing at a node with the rows `fixed`.
    mutating func end(_ reason: DiveEnd, at fixed: [Pattern]) {
      outcome.dives += 1
      outcome.ends[reason.rawValue] += 1
      outcome.endRows.append(fixed.count)
      lastEnd = fixed
    }

    mutating func offer(_ patterns: [Pattern]) {
      if patterns.count < bestRows {
        bestRows = patterns.count
        outcome.patterns = patterns
      }
    }

    /// Explores the node of `residual` under `fixed` rows; true when a
    /// packing in `target` rows was found (it is in the outcome).
    mutating func explore(
      residual: [Int], fixed: [Pattern], tabu: Set<Pattern>, discrepancies: Int, branchDepth: Int
    ) throws(GLPKError) -> Bool {
      outcome.deepestRows = max(outcome.deepestRows, fixed.count)
      if clock.now >= deadline { outcome.timedOut = true; return false }
      let rowsLeft = target - fixed.count
      var size = 0
      var items = 0
      for t in residual.indices where residual[t] > 0 {
        size += residual[t] * types.sizes[t]
        items += residual[t]
      }
      if items == 0 {
        offer(fixed)
        return fixed.count <= target
      }
      let wasteLeft = rowsLeft * types.capacity - size
      if wasteLeft < 0 { end(.size, at: fixed); return false }
      let greedy = types.greedyCompletion(residual)
      offer(fixed + greedy)
      if greedy.count <= rowsLeft { return true }
      if items <= exactItems {
        let (answer, nodes) = types.exactCompletion(residual, rows: rowsLeft, nodeLimit: exactNodeLimit, until: deadline)
        outcome.completionNodes += nodes
        switch answer {
        case .packing(let patterns):
          offer(fixed + patterns)
          return true
        case .infeasible:
          end(.completion, at: fixed)
          return false
        case .unknown: break
        }
      }
      try master.setDemands(residual)
      // L1 of the residual: a residual LP that meets it needs no pricing.
      let simpleBound = warmStarts ? (size + types.capacity - 1) / types.capacity : 0
      guard let lp = try master.solve(until: deadline, enough: rowsLeft + 1, knownBound: simpleBound) else {
        outcome.timedOut = true
        return false
      }
      outcome.lpSolves += 1
      if lp.rowBound > rowsLeft { end(.lp, at: fixed); return false }

      // Candidates: positive columns that fit the residual and its waste, not tabu.
      var candidates: [(pattern: Pattern, value: Double, score: Double)] = []
      for (k, x) in lp.values.enumerated() where x > 1e-6 && master.enabled[k] {
        let p = master.patterns[k]
        if tabu.contains(p) || types.capacity - types.load(of: p) > wasteLeft { continue }
        var score = x + 1e-3 * Double(types.load(of: p)) / Double(types.capacity)
        if noise > 0 { score += noise * Double(random.next() % 1024) / 1024 }
        candidates.append((p, x, score))
      }
      candidates.sort { $0.score != $1.score ? $0.score > $1.score : $0.pattern.lexicographicallyPrecedes($1.pattern) }
      if candidates.isEmpty {
        end(.noCandidate, at: fixed)
        return false
      }
      if completionLookahead > 1 && wasteLeft == 0 {
        candidates = LimitedDiscrepancyDiving.orderedByLeastConstraining(
          candidates, residual: residual, sizes: types.sizes, capacity: types.capacity, lookahead: completionLookahead,
          workLimit: completionLookaheadWorkLimit)
      }
      let width = branchDepth < maxDiscrepancyDepth ? 1 + maxDiscrepancy - discrepancies : 1
      let branches = min(width, candidates.count)
      // This node's basis, for its children after the first (and the
      // restarts at the root).
      var basis: GilmoreGomoryColumnGeneration.SavedBasis? = nil
      if warmStarts && (branches > 1 || fixed.isEmpty) {
        basis = try master.saveBasis()
        if fixed.isEmpty { rootBasis = basis }
      }
      for k in 0..<branches {
        if k > 0, let basis { try master.restore(basis) }
        var left = residual
        var rows = fixed
        func take(_ pattern: Pattern, copies: Int) {
          for _ in 0..<copies {
            var r = left
            for t in pattern {
              r[t] -= 1
              if r[t] < 0 { return }
            }
            left = r
            rows.append(pattern)
          }
        }
        take(candidates[k].pattern, copies: max(1, Int((candidates[k].value + 1e-6).rounded(.down))))
        if k == 0 {
          // Residual rounding: every other column of value >= 1, its integer part.
          for c in candidates.dropFirst() where c.value >= 1 - 1e-6 {
            take(c.pattern, copies: Int((c.value + 1e-6).rounded(.down)))
          }
        }
        var childTabu = tabu
        for c in candidates.prefix(k) { childTabu.insert(c.pattern) }
        let branched = width > 1 && candidates.count > 1
        if try explore(
          residual: left, fixed: rows, tabu: childTabu, discrepancies: discrepancies + k,
          branchDepth: branchDepth + (branched ? 1 : 0))
        {
          return true
        }
        if outcome.timedOut { return false }
      }
      return false
    }
  }
}
