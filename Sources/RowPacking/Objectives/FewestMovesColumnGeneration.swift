/// The fewest moves for a row count as a set-partitioning programme over
/// rows, solved by column generation: a lower bound from its linear
/// relaxation and layouts from a dive over it.
///
///     x_r >= 0 for each row r (kept tags K_r, moved tags M_r, fitting)
///     sum_(r contains tag i) x_r  = 1        every tag placed once
///     sum_r x_r                   <= R       at most R rows
///     sum_(span(K_r) contains p) x_r <= 1    kept runs never interleave
///     maximise sum_r |K_r| x_r               (moves = n minus it)
///
/// Rows whose kept tags span disjoint intervals of the input read in input
/// order when sorted by span; conversely every layout's kept tags cut into
/// such rows. So the programme is exact, and its relaxation is far tighter
/// than counting intervals: a kept run's row must also hold the tags sent
/// to it. The bound at any duals is Lagrangian (the row-count dual lowered
/// by the best row's value, as Farley's bound does for bin packing), so it
/// needs no converged LP; rows are priced by ``FewestMovesRowPricing``.
///
/// The dive fixes the rows the LP solution uses (all at 1, else the
/// largest), blocks their tags and spans, and solves the rest again, as a
/// diving heuristic for branch and price does (Sadykov et al., "Primal
/// heuristics for branch and price", INFORMS JoC 2019).
///
/// - Complexity: each round prices O(*n*^2) spans; the rounds and the
///   dive's steps are bounded by the meter.
struct FewestMovesColumnGeneration {
  let sizes: [Int]
  let capacity: Int
  let rows: Int
  private var pricing: FewestMovesRowPricing
  /// Every row generated so far (the dive's restricted masters read it).
  private(set) var pool: [FewestMovesRow] = []
  private var poolIndex: [FewestMovesRow: Int] = [:]
  /// Rows priced per round.
  var rowsPerRound = 30
  /// The cost of an artificial column (a tag left unplaced). Where the
  /// rows are tight the LP's duals can exceed any fixed cost, so an
  /// artificial left in the solution proves nothing; only the Lagrangian
  /// bound cuts.
  var artificialCost = 1e4

  init(sizes: [Int], capacity: Int, rows: Int) {
    self.sizes = sizes
    self.capacity = capacity
    self.rows = rows
    pricing = FewestMovesRowPricing(sizes: sizes, capacity: capacity)
  }

  /// A layout's rows: its kept tags (the longest run in reading order) and
  /// the others.
  mutating func addRows(of layout: (packing: Packing, moved: [Int])) {
    let moved = Set(layout.moved)
    for row in layout.packing.rows where !row.isEmpty {
      add(FewestMovesRow(kept: row.filter { !moved.contains($0) }.sorted(), moved: row.filter { moved.contains($0) }.sorted()))
    }
  }

  @discardableResult
  mutating func add(_ row: FewestMovesRow) -> Int {
    if let index = poolIndex[row] { return index }
    pool.append(row)
    poolIndex[row] = pool.count - 1
    return pool.count - 1
  }

  /// What a solve of the relaxation gives.
  struct Relaxation {
    /// At most this many tags can be kept (a proof, from the bound).
    var keptUpperBound: Int
    /// The LP's value of each pool row it uses.
    var solution: [(row: Int, value: Double)]
    /// Whether pricing found no improving row (the LP is solved).
    var converged: Bool
    /// Whether the LP solution places every tag (no artificial left).
    var feasible: Bool
  }

  /// What is left to lay out at a dive's step or a node of the tree: the
  /// tags still to place, the positions other rows' spans cover, the rows
  /// left, and the tags a branch decided (kept somewhere, or moved).
  struct Subproblem {
    var active: [Bool]
    var blocked: [Bool]
    var rowsLeft: Int
    var mayKeep: [Bool]
    var mustKeep: [Bool]
    /// The rows fixed so far (by a dive).
    var fixed: [FewestMovesRow] = []
    /// The tags the fixed rows keep.
    var keptFixed: Int { fixed.reduce(0) { $0 + $1.kept.count } }

    init(tags: Int, rows: Int) {
      active = [Bool](repeating: true, count: tags)
      blocked = [Bool](repeating: false, count: tags)
      rowsLeft = rows
      mayKeep = active
      mustKeep = blocked
    }

    /// Whether `row` may be a column here.
    func allows(_ row: FewestMovesRow) -> Bool {
      if row.kept.contains(where: { !active[$0] || !mayKeep[$0] }) { return false }
      if row.moved.contains(where: { !active[$0] || mustKeep[$0] }) { return false }
      if let span = row.span, span.contains(where: { blocked[$0] }) { return false }
      return true
    }

    /// `row` placed: its tags and span leave the subproblem, with a row.
    mutating func fix(_ row: FewestMovesRow) {
      fixed.append(row)
      for i in row.kept + row.moved { active[i] = false }
      if let span = row.span { for p in span { blocked[p] = true } }
      rowsLeft -= 1
    }
  }

  /// Solves the relaxation of `subproblem`; `nil` when `meter` runs out
  /// before any bound.
  mutating func solve(_ subproblem: Subproblem, meter: inout BudgetMeter) -> Relaxation? {
    let active = subproblem.active, blocked = subproblem.blocked, rowsLeft = subproblem.rowsLeft
    let n = sizes.count
    let m = 2 * n + 1
    let countRow = n
    // Artificials on the tag rows, slacks on the others: a basis of the
    // identity.
    var rhs = [Double](repeating: 0, count: m)
    for i in 0..<n {
      rhs[i] = active[i] ? 1 : 0
      rhs[n + 1 + i] = blocked[i] ? 0 : 1
    }
    rhs[countRow] = Double(rowsLeft)
    var costs = [Double](repeating: 0, count: m)
    for i in 0..<n { costs[i] = artificialCost }
    // Identifiers: pool rows 0..., artificials and slacks -1 - row.
    var simplex = RevisedSimplex(
      diagonal: [Double](repeating: 1, count: m), rhs: rhs, costs: costs, identifiers: (0..<m).map { -1 - $0 })
    func column(_ row: FewestMovesRow) -> [(row: Int, value: Double)] {
      var entries = (row.kept + row.moved).map { (row: $0, value: 1.0) }
      entries.append((countRow, 1))
      if let span = row.span { for p in span { entries.append((n + 1 + p, 1)) } }
      return entries
    }
    var candidates = pool.indices.filter { subproblem.allows(pool[$0]) }
    var duals = [Double](repeating: 0, count: m)
    var keptUpperBound = n
    var converged = false
    var idleRounds = 0, cappedRounds = 0
    // A round of pricing counts as a node of the budget.
    while meter.tick(), meter.checkClock() {
      // Pivots over the rows at hand (and the slacks) until none improves.
      var pivots = 0
      while pivots < 50 * m {
        simplex.copyDuals(into: &duals)
        var bestCost = -1e-9
        var entering: Int? = nil
        for index in candidates {
          let row = pool[index]
          var reduced = -Double(row.kept.count) - duals[countRow]
          for i in row.kept { reduced -= duals[i] }
          for i in row.moved { reduced -= duals[i] }
          if let span = row.span { for p in span { reduced -= duals[n + 1 + p] } }
          if reduced < bestCost { bestCost = reduced; entering = index }
        }
        var slack: Int? = nil
        for r in countRow..<m where -duals[r] < bestCost {
          bestCost = -duals[r]
          slack = r
        }
        if let slack {
          guard simplex.enter(column: [(slack, 1)], cost: 0, identifier: -1 - slack) else { break }
        } else if let entering {
          guard simplex.enter(column: column(pool[entering]), cost: -Double(pool[entering].kept.count), identifier: entering) else { break }
        } else {
          break
        }
        pivots += 1
      }
      simplex.copyDuals(into: &duals)
      // The bound at these duals, the ones of inequality rows clamped to
      // their sign; then new rows.
      let rowValue = min(duals[countRow], 0)
      let positionCosts = (0..<n).map { -min(duals[n + 1 + $0], 0) }
      let tagValues = Array(duals[0..<n])
      let priced = pricing.price(
        tagValues: tagValues, positionCosts: positionCosts, rowValue: rowValue,
        active: active, blocked: blocked, mayKeep: subproblem.mayKeep, mustKeep: subproblem.mustKeep,
        threshold: 1e-9, limit: rowsPerRound)
      // Lagrangian: y b + R min(0, least reduced cost), the reduced costs
      // of this minimisation being minus the priced values.
      var bound = Double(rowsLeft) * (rowValue - max(priced.best, 0))
      for i in 0..<n where active[i] { bound += tagValues[i] }
      for p in 0..<n where !blocked[p] { bound -= positionCosts[p] }
      // `bound` bounds minus the kept tags from below (a minimisation).
      keptUpperBound = min(keptUpperBound, Int((-bound + 1e-6).rounded(.down)))
      var added = 0
      for candidate in priced.rows where poolIndex[candidate.row] == nil {
        candidates.append(add(candidate.row))
        added += 1
      }
      if priced.best <= 1e-9 { converged = true; break }
      // Stalled (no new row, and the pivots over the rows at hand cycle
      // or stop): the bound stands, the LP is not solved.
      idleRounds = added == 0 ? idleRounds + 1 : 0
      // Rounds whose pivots reach the cap are cycling (Dantzig's rule on a
      // degenerate basis): the bound stands there too.
      cappedRounds += pivots >= 50 * m ? 1 : 0
      if idleRounds >= 3 || cappedRounds >= 2 || (added == 0 && pivots == 0) { break }
    }
    guard keptUpperBound < n || converged else { return nil }
    var solution: [(row: Int, value: Double)] = []
    var feasible = true
    for (position, identifier) in simplex.basis.enumerated() {
      let value = simplex.values[position]
      if identifier >= 0, value > 1e-9 { solution.append((identifier, value)) }
      if identifier < 0, -1 - identifier < n, value > 1e-7 { feasible = false }
    }
    return Relaxation(keptUpperBound: keptUpperBound, solution: solution, converged: converged, feasible: feasible)
  }
}
