/// Whether the items fit in K rows, decided by an integer programme over
/// the only rows such a packing can use: rows that waste at most the
/// budget `K x C - S` (S the total size), since the waste of all rows
/// together is at most that. The set-partitioning model
///
///     minimise sum(x_p)  s.t.  sum(a_tp x_p) = d_t for every type t,
///                              sum(x_p) <= K,  x_p >= 0 integer,
///
/// over every such pattern p (enumerated), solved by GLPK: an infeasible LP
/// relaxation or MIP proves that K rows are not enough; an integer
/// solution is a packing in at most K rows. When the budget is small (where
/// the LP bound falls short of the optimum on BPPLIB) there are few such
/// patterns and the model is small.
///
/// The restriction of patterns by their waste is classical in proofs of
/// non-IRUP instances; see for example M. Delorme, M. Iori and S. Martello,
/// "Bin packing and cutting stock problems: mathematical models and exact
/// algorithms", European Journal of Operational Research 255(1):1-20, 2016.
///
/// With ``DualRestriction``s (each: integer weights `w_t >= 0` per type and the
/// exact maximum `kappa` of `sum(w_t a_tp)` over all patterns, as Farley's
/// bound computes them from column generation's duals) the patterns are
/// fewer still: in any packing in K rows the rows' patterns p_1..p_K hold
/// every item once, so `sum_k (kappa - w . a_pk) = K kappa - w . d = G`,
/// and as each term is at least 0, every row used has `w . a_p >= kappa - G`
/// (its reduced cost fits in the gap). G < 0 proves that K rows are not
/// enough. Integer arithmetic throughout: the restriction loses no packing
/// whatever the duals' round-off. When the LP bound equals K (duals near
/// optimal), G is tiny and only patterns of reduced cost about 0 remain:
/// the pattern enumeration "within the gap" of R. Baldacci, S. Coniglio,
/// J.-F. Cordeau and F. Furini, "A numerically exact algorithm for the bin
/// packing problem", INFORMS Journal on Computing, 2024. Several
/// restrictions (from several dual vertices) all hold at once: a row is
/// kept only if it meets every one; so does each ``CutRestriction`` (the
/// same argument with the duals of subset-row cuts in the reduced costs).
/// On models of up to ``cliqueCutLimit``
/// patterns GLPK's branch and bound adds clique cuts (valid for every
/// integer solution, so an infeasibility is still a proof).
///
/// - Complexity: enumeration O(patterns x types) (refused above
///   ``patternLimit``), then GLPK's simplex and branch and bound.
struct NearFullRowsModel {
  let types: ItemTypes
  let rows: Int
  /// Dual weights that restrict the patterns (none: waste alone).
  var restrictions: [DualRestriction] = []
  /// Duals of a master with subset-row cuts that restrict the patterns
  /// too (``CutRestriction``): a row must meet every restriction.
  var cutRestrictions: [CutRestriction] = []
  /// The most patterns enumerated (else the answer is unknown).
  var patternLimit = 150_000
  /// The most patterns for which GLPK's branch and bound also separates
  /// clique cuts. On a set-partitioning model whose LP sits just below
  /// the rows asked for, they close the last fraction of a row that
  /// branching alone does not (measured: an ANI instance with n = 201
  /// proven in 9 s, not in 30 s without). Their conflict graph takes
  /// about 1.1 GB at 35 000 columns and runs out of memory at 98 000
  /// (under the harness's 4 GiB limit), hence the cap.
  var cliqueCutLimit = 40_000
  /// The largest exact table of the weight bound (``WeightBound``).
  var weightTableLimit = WeightBound.tableLimit

  /// Integer weights per type and their exact maximum over all patterns.
  struct DualRestriction {
    /// `w_t >= 0`, indexed as the types.
    var weights: [Int]
    /// `max_p sum(w_t a_tp)` over every pattern that fits (exact).
    var maxWeight: Int

    /// The gap `G = rows x maxWeight - sum(w_t d_t)`: what the rows of a
    /// packing in `rows` rows may fall short of `maxWeight` in all
    /// (negative: no such packing).
    func gap(rows: Int, demands: [Int]) -> Int {
      rows * maxWeight - zip(weights, demands).reduce(0) { $0 + $1.0 * $1.1 }
    }
  }

  init(types: ItemTypes, rows: Int, restrictions: [DualRestriction] = []) {
    self.types = types
    self.rows = rows
    self.restrictions = restrictions
  }

  /// The least weight a row of a K-row packing can have under each
  /// restriction (`kappa - G`), or nil when some G < 0 (no packing in K rows).
  func leastRowWeights() -> [Int]? {
    var least: [Int] = []
    for restriction in restrictions {
      let gap = restriction.gap(rows: rows, demands: types.demands)
      if gap < 0 { return nil }
      least.append(restriction.maxWeight - gap)
    }
    return least
  }

  /// Every pattern of load in `[C - budget, C]`, of weight at least
  /// `leastWeights[i]` under restriction `i` and of value at least
  /// `leastCutValues[j]` under cut restriction `j`; nil when there are too
  /// many or the deadline passes first.
  func patterns(
    budget: Int, leastWeights: [Int] = [], leastCutValues: [Int] = [], until deadline: ContinuousClock.Instant? = nil
  ) -> [Pattern]? {
    let m = types.count
    let sizes = types.sizes
    let capacity = types.capacity
    var suffix = [Int](repeating: 0, count: m + 1)
    for t in stride(from: m - 1, through: 0, by: -1) { suffix[t] = suffix[t + 1] + sizes[t] * types.demands[t] }
    let checked = Array(restrictions.prefix(leastWeights.count))
    let cutChecked = Array(cutRestrictions.prefix(leastCutValues.count))
    let tables = checked.count + cutChecked.count
    let tableLimit = tables == 0 ? 0 : weightTableLimit / tables
    let bounds = checked.map {
      WeightBound(sizes: sizes, demands: types.demands, weights: $0.weights, capacity: capacity, tableLimit: tableLimit)
    }
    // Cut restrictions: the weights' bound over the types left, the value
    // so far (its cut terms exact for the counts so far) and each cut's count.
    let cutBounds = cutChecked.map {
      WeightBound(sizes: sizes, demands: types.demands, weights: $0.weights, capacity: capacity, tableLimit: tableLimit)
    }
    let cutsOfType: [[[Int]]] = cutChecked.map { restriction in
      var cutsOf = [[Int]](repeating: [], count: m)
      for c in restriction.cuts.indices where restriction.cutWeights[c] != 0 {
        for t in restriction.cuts[c].types { cutsOf[t].append(c) }
      }
      return cutsOf
    }
    var cutValue = [Int](repeating: 0, count: cutChecked.count)
    var cutSums = cutChecked.map { [Int](repeating: 0, count: $0.cuts.count) }
    let clock = ContinuousClock()
    var result: [Pattern] = []
    var current: Pattern = []
    var weight = [Int](repeating: 0, count: checked.count)
    var overflow = false
    var visits = 0
    func visit(_ t: Int, _ load: Int) {
      if overflow { return }
      visits &+= 1
      if visits & 4095 == 0, let deadline, clock.now > deadline {
        overflow = true
        return
      }
      if load + suffix[t] < capacity - budget { return }
      for i in bounds.indices where weight[i] + bounds[i].most(from: t, room: capacity - load) < leastWeights[i] { return }
      for j in cutBounds.indices where cutValue[j] + cutBounds[j].most(from: t, room: capacity - load) < leastCutValues[j] {
        return
      }
      if t == m {
        if !current.isEmpty { result.append(current) }
        if result.count > patternLimit { overflow = true }
        return
      }
      let most = min(types.demands[t], (capacity - load) / sizes[t])
      for i in checked.indices { weight[i] += most * checked[i].weights[t] }
      let savedCutValue = cutValue
      var k = most
      while k >= 0 {
        // The cut restrictions' values with k copies of t.
        for j in cutChecked.indices {
          var value = savedCutValue[j] + k * cutChecked[j].weights[t]
          for c in cutsOfType[j][t] {
            let before = cutSums[j][c]
            value += cutChecked[j].cutWeights[c] * ((before + k) / 2 - before / 2)
            cutSums[j][c] = before + k
          }
          cutValue[j] = value
        }
        for _ in 0..<k { current.append(t) }
        visit(t + 1, load + k * sizes[t])
        current.removeLast(k)
        for j in cutChecked.indices { for c in cutsOfType[j][t] { cutSums[j][c] -= k } }
        cutValue = savedCutValue
        if overflow { return }
        for i in checked.indices { weight[i] -= checked[i].weights[t] }
        k -= 1
      }
      // k = -1 took one weight too many off: put it back.
      for i in checked.indices { weight[i] += checked[i].weights[t] }
    }
    visit(0, 0)
    return overflow ? nil : result
  }

  /// The waste the rows may hold in all, `K x C - S`: a row's own waste
  /// is at most this (negative: the items do not fit in K rows).
  var wasteBudget: Int { rows * types.capacity - zip(types.sizes, types.demands).reduce(0) { $0 + $1.0 * $1.1 } }

  /// The answer with GLPK's nodes, within the deadline.
  func decide(session: GLPKSession, until deadline: ContinuousClock.Instant) throws(GLPKError) -> (answer: BinCompletionDecision.Answer, nodes: Int) {
    let budget = wasteBudget
    if budget < 0 { return (.infeasible, 0) }
    guard let leastWeights = leastRowWeights(), let leastValues = leastCutValues() else { return (.infeasible, 0) }
    guard let patterns = patterns(budget: budget, leastWeights: leastWeights, leastCutValues: leastValues, until: deadline)
    else {
      let why = ContinuousClock().now > deadline ? "out of time" : "more than \(patternLimit) rows"
      try session.log("near-full rows model: enumeration \(why)")
      return (.unknown, 0)
    }
    if patterns.isEmpty { return (.infeasible, 0) }
    try session.log(
      "near-full rows model: \(patterns.count) rows of \(restrictions.count) restrictions"
        + (cutRestrictions.isEmpty ? "" : " and \(cutRestrictions.count) cut restrictions"))
    var model = LinearModel(rows: types.demands.map { .fixed(Double($0)) } + [.atMost(Double(rows))])
    for p in patterns {
      let (entries, most) = Self.partitioningColumn(of: p, types: types)
      model.columns.append(.init(objective: 1, bounds: .between(0, Double(most)), isInteger: true, entries: entries))
    }
    let problem = try GLPKProblem(session: session, model: model)
    let left = deadline - ContinuousClock().now
    guard left > .milliseconds(5) else { return (.unknown, 0) }
    let lp = try problem.solveLP(timeLimit: left)
    switch lp.status {
    case .infeasible: return (.infeasible, 0)
    case .optimal: break
    default: return (.unknown, 0)
    }
    let mip = try problem.solveMIP(
      timeLimit: deadline - ContinuousClock().now, incumbent: nil, cliqueCuts: patterns.count <= cliqueCutLimit)
    switch mip.status {
    case .infeasible: return (.infeasible, mip.nodes)
    case .optimal, .feasible:
      var chosen: [Pattern] = []
      for (k, x) in mip.values.enumerated() {
        let copies = Int((x + 0.5).rounded(.down))
        for _ in 0..<max(0, copies) { chosen.append(patterns[k]) }
      }
      return (.packing(chosen), mip.nodes)
    default: return (.unknown, mip.nodes)
    }
  }
}

extension NearFullRowsModel {
  /// A row pattern's column in a set-partitioning model over the item
  /// types (one row per type with its demand, then one row for the row
  /// count, index `types.count`): its count of each type, 1 in the row
  /// count's row, and the most times a packing can use it (the least
  /// demand over count among its types). The pattern's equal types are
  /// adjacent (patterns are sorted).
  ///
  /// - Complexity: O(pattern length).
  static func partitioningColumn(of p: Pattern, types: ItemTypes) -> (entries: [(row: Int, value: Double)], most: Int) {
    var entries: [(row: Int, value: Double)] = []
    var most = Int.max
    var i = 0
    while i < p.count {
      var j = i
      while j < p.count && p[j] == p[i] { j += 1 }
      entries.append((p[i], Double(j - i)))
      most = min(most, types.demands[p[i]] / (j - i))
      i = j
    }
    entries.append((types.count, 1))
    return (entries, most)
  }
}
