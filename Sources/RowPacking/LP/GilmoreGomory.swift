/// The linear programming relaxation of bin packing by Gilmore and Gomory,
/// solved by column generation.
///
/// `min sum_p x_p` subject to `sum_p a_ip x_p >= demand_i` for every item
/// type `i`, `x >= 0`, over all patterns `p` (the counts `a_ip` of a
/// filling of one row). Rows are item types; the columns start as the
/// homogeneous patterns and surplus columns, and new patterns come from
/// pricing on integer weights (the duals scaled by 2^30): a few hundred
/// nodes of ``KnapsackBranchAndBound``, then the most valuable filling by
/// a dynamic programme over the capacity when it is small
/// (`KnapsackDynamicProgramming`), else by ``KnapsackGridBound`` (exact,
/// work independent of the capacity); when no filling is worth more than
/// the threshold, the LP optimum is reached (or, with a row limit, the
/// bound asked for is proven). Patterns of an earlier
/// solve (``pool``) can be passed in: they are priced first; or a solve
/// can start from an earlier solve's basis for new demands (a warm start,
/// ``init(resolving:demands:iterationLimit:rowLimit:knownBound:tolerance:shouldStop:)``).
///
/// With `smoothing` (Wentges 1997), the knapsack prices first at a convex
/// combination of the dual point of best Farley bound so far and the
/// master's duals: the duals oscillate less, and fewer patterns and pivots
/// reach the same LP; a pattern that does not price out for the master's
/// duals (a mispricing) joins the pool and the knapsack prices again at
/// the master's duals, so the LP optimum is the same (Pessoa, Sadykov,
/// Uchoa and Vanderbeck 2018 survey the variants; a fixed weight is
/// their simplest). With a row limit, pricing stops as soon as either
/// point's Farley bound proves the rows, and ``duals`` are that point.
///
/// P. Wentges, "Weighted Dantzig-Wolfe decomposition for linear
/// mixed-integer programming", *International Transactions in Operational
/// Research* 4(2), 1997. A. Pessoa, R. Sadykov, E. Uchoa and F.
/// Vanderbeck, "Automation and combination of linear-programming based
/// stabilization techniques in column generation", *INFORMS Journal on
/// Computing* 30(2), 2018.
///
/// The optimum (``objective``) is approximate (a revised simplex, floating
/// point); the proof is `safeBound`: Farley's bound recomputed from the
/// final duals in integer arithmetic on the sizes given for the bound.
///
/// P. C. Gilmore and R. E. Gomory, "A linear programming approach to the
/// cutting-stock problem", *Operations Research* 9(6), 1961.
///
/// - Complexity: per iteration O(types^2) for the simplex and one knapsack.
public struct GilmoreGomory: Sendable {
  /// The LP optimum found (approximate; not a proof).
  public private(set) var objective: Double
  /// The duals of the item types (`>= 0` at the optimum); with smoothing
  /// and a row limit, perhaps the smoothed point whose Farley bound proved
  /// the rows.
  public private(set) var duals: [Double]
  /// The patterns with a positive value in the final solution, as counts per type.
  public private(set) var patterns: [[Int]]
  /// The values of ``patterns``.
  public private(set) var amounts: [Double]
  /// Every pattern generated (for a warm start of a later solve).
  public private(set) var pool: [[Int]]
  /// Whether pricing proved that no pattern is worth more than its
  /// threshold: the LP optimum (within the tolerance) was reached, or, with
  /// a row limit, Farley's bound from ``duals`` reaches the row count asked.
  public private(set) var isOptimal: Bool
  /// The value up to which patterns do not enter while the LP only guides
  /// a dive (see `knownBound`): the tail of column generation improves the
  /// objective by a few percent at most, and the dives round anyway.
  static let guidingTolerance = 1.05
  /// Simplex pivots done.
  public private(set) var iterations: Int
  /// Whether the exchange columns were used (see ``init(sizes:demands:capacity:pool:iterationLimit:rowLimit:knownBound:tolerance:exchanges:smoothing:shouldStop:)``).
  public let exchanges: Bool
  /// The item type sizes, their demands and the capacity.
  let sizes: [Int]
  let demands: [Int]
  let capacity: Int
  /// Of ``iterations``, the dual simplex pivots (after a warm start).
  public private(set) var dualPivots: Int
  /// Knapsack solves at smoothed duals that gave no entering pattern (see
  /// `smoothing` in ``init(sizes:demands:capacity:pool:iterationLimit:rowLimit:knownBound:tolerance:exchanges:smoothing:shouldStop:)``).
  public private(set) var mispricings: Int
  /// The final basis, for a warm start (``init(resolving:demands:iterationLimit:rowLimit:knownBound:tolerance:shouldStop:)``).
  let simplex: RevisedSimplex

  /// Solves the relaxation.
  ///
  /// - Parameters:
  ///   - sizes: item type sizes, each in `1...capacity`.
  ///   - demands: items of each type, `>= 0`.
  ///   - capacity: the row capacity.
  ///   - pool: patterns from an earlier solve (counts per type; counts above
  ///     a demand are lowered to it).
  ///   - iterationLimit: the most pivots (`nil`: 50 per type plus 500).
  ///   - rowLimit: the most rows worth proving: pricing stops as soon as
  ///     Farley's bound from the current duals proves min(`rowLimit`,
  ///     ceil(objective)) rows (a bound of `rowLimit` is all a caller with a
  ///     packing in `rowLimit` rows needs, and no bound can pass the
  ///     objective's ceiling), which spares the last, hardest pricing
  ///     steps; `nil` solves the LP to optimality.
  ///   - knownBound: a lower bound the caller has already proven: while
  ///     the row count to prove is no more than it, patterns worth at most
  ///     1.05 (`guidingTolerance`) do not enter (the LP then only guides
  ///     a dive, and proving such a count from an objective just above an
  ///     integer would take the hardest pricing steps of all).
  ///   - tolerance: patterns worth at most 1 + `tolerance` do not enter.
  ///   - exchanges: add the dual-optimal inequalities `y_i >= y_(i+1)` as
  ///     exchange columns (sizes must then be in decreasing order): far
  ///     fewer pivots, the same optimum and duals valid for Farley's bound,
  ///     but ``patterns`` then cover the demands only with a larger item's
  ///     place taken by a smaller item.
  ///   - smoothing: the weight (in `0..<1`) of the best dual point so far
  ///     in the duals the knapsack prices at (Wentges smoothing), except
  ///     while the LP only guides a dive; 0 prices at the master's duals.
  ///   - shouldStop: asked once per pivot; `true` stops early (not optimal).
  public init(
    sizes: [Int], demands: [Int], capacity: Int, pool: [[Int]] = [], iterationLimit: Int? = nil,
    rowLimit: Int? = nil, knownBound: Int = 0, tolerance: Double = 1e-7, exchanges: Bool = false,
    smoothing: Double = 0, shouldStop: () -> Bool = { false }
  ) {
    let m = sizes.count
    precondition(demands.count == m && sizes.allSatisfy { $0 >= 1 && $0 <= capacity })
    precondition(smoothing >= 0 && smoothing < 1)
    precondition(!exchanges || zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 })
    let homogeneous = (0..<m).map { max(1, min(demands[$0], capacity / sizes[$0])) }
    var columns: [[Int]] = homogeneous.enumerated().map { i, a in
      var p = [Int](repeating: 0, count: m)
      p[i] = a
      return p
    }
    columns += pool.map { p in (0..<m).map { min(p[$0], demands[$0]) } }
    let simplex = RevisedSimplex(
      diagonal: homogeneous.map(Double.init), rhs: demands.map(Double.init),
      costs: [Double](repeating: 1, count: m), identifiers: Array(0..<m))
    self.init(
      simplex: simplex, warm: false, columns: columns, known: m, candidates: Array(m..<columns.count), sizes: sizes,
      demands: demands, capacity: capacity, iterationLimit: iterationLimit, rowLimit: rowLimit,
      knownBound: knownBound, tolerance: tolerance, exchanges: exchanges, smoothing: smoothing,
      shouldStop: shouldStop)
  }

  /// Solves the relaxation again for other demands, from the final basis
  /// of `parent` (a warm start, as a dive needs after taking patterns).
  ///
  /// The basis stays; its values for the new demands may be negative, and
  /// dual simplex pivots (Lemke 1954) make them feasible again, choosing
  /// among the surplus and exchange columns and `parent`'s patterns that fit
  /// the new demands; then column generation goes on as in the cold
  /// solve. Types whose demand is now 0 keep their row (it asks for
  /// nothing). Taking whole copies of basic patterns leaves the basis
  /// optimal: no pivot at all.
  ///
  /// - Parameters:
  ///   - parent: an earlier solve on the same sizes and capacity.
  ///   - demands: the new demands, `>= 0`, one per type of `parent`.
  ///   - iterationLimit: the most pivots, as for the cold solve.
  ///   - rowLimit: the most rows worth proving, as for the cold solve.
  ///   - knownBound: a lower bound already proven, as for the cold solve.
  ///   - tolerance: patterns worth at most 1 + `tolerance` do not enter.
  ///   - shouldStop: asked once per pivot; `true` stops early.
  ///
  /// The exchange columns are `parent`'s choice.
  /// - Complexity: O(types^2) per pivot, plus O(patterns) per dual pivot.
  public init(
    resolving parent: GilmoreGomory, demands: [Int], iterationLimit: Int? = nil, rowLimit: Int? = nil,
    knownBound: Int = 0, tolerance: Double = 1e-7, shouldStop: () -> Bool = { false }
  ) {
    precondition(demands.count == parent.sizes.count && demands.allSatisfy { $0 >= 0 })
    var simplex = parent.simplex
    simplex.setRightHandSide(demands.map(Double.init))
    // A basic pattern that no longer fits (more items of a type than are
    // left) costs 2: one that fits is always at least as good (the same
    // row with fewer items), so the pivots drive it out, and the solution
    // is that of a cold solve on the items left.
    simplex.setCosts(
      simplex.basis.indices.compactMap { position in
        let k = simplex.basis[position]
        return k >= 0 && parent.pool[k].indices.contains(where: { parent.pool[k][$0] > demands[$0] })
          ? (position, 2) : nil
      })
    let candidates = parent.pool.indices.filter { k in
      parent.pool[k].indices.allSatisfy { parent.pool[k][$0] <= demands[$0] }
    }
    self.init(
      simplex: simplex, warm: true, columns: parent.pool, known: parent.pool.count, candidates: candidates, sizes: parent.sizes,
      demands: demands, capacity: parent.capacity, iterationLimit: iterationLimit, rowLimit: rowLimit,
      knownBound: knownBound, tolerance: tolerance, exchanges: parent.exchanges, shouldStop: shouldStop)
  }

  /// Solves the relaxation again for other sizes and capacity of the same
  /// item types and demands, from the final basis of `parent`: its
  /// patterns stay columns and its basis stays feasible (the demands have
  /// not changed), so column generation goes on from `parent`'s duals with
  /// the new sizes' knapsack, where a cold solve would start again from the
  /// homogeneous patterns. Meant for sizes rounded the other way (a
  /// fractional instance's bound sizes, each at most its packing size, in
  /// a capacity at least as large): then every pattern of `parent` still
  /// fits, the LP changes little, and a few pivots replace a full solve.
  /// Whatever the columns, Farley's bound from the final duals stays a proof.
  ///
  /// - Parameters:
  ///   - parent: an earlier solve on the same item types and demands.
  ///   - sizes: the new size of each type, in `1...capacity`, in
  ///     decreasing order when `parent` used exchange columns.
  ///   - capacity: the new row capacity.
  ///   - iterationLimit: the most pivots, as for the cold solve.
  ///   - rowLimit: the most rows worth proving, as for the cold solve.
  ///   - knownBound: a lower bound already proven, as for the cold solve.
  ///   - tolerance: patterns worth at most 1 + `tolerance` do not enter.
  ///   - shouldStop: asked once per pivot; `true` stops early.
  /// - Complexity: O(types^2) per pivot, as for the cold solve.
  public init(
    resizing parent: GilmoreGomory, sizes: [Int], capacity: Int, iterationLimit: Int? = nil, rowLimit: Int? = nil,
    knownBound: Int = 0, tolerance: Double = 1e-7, shouldStop: () -> Bool = { false }
  ) {
    precondition(sizes.count == parent.sizes.count && sizes.allSatisfy { $0 >= 1 && $0 <= capacity })
    precondition(!parent.exchanges || zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 })
    // A pattern that no longer fits is no column of the new LP: a basic
    // one costs one more than its items (each alone in a row costs less,
    // so the pivots drive it out and it ends at 0), and the others are not
    // priced.
    var basicCosts: [(position: Int, cost: Double)] = []
    func fits(_ pattern: [Int]) -> Bool {
      var load = 0
      for i in pattern.indices where pattern[i] != 0 { load += pattern[i] * sizes[i] }
      return load <= capacity
    }
    for (position, k) in parent.simplex.basis.enumerated() where k >= 0 && !fits(parent.pool[k]) {
      basicCosts.append((position, Double(parent.pool[k].reduce(0, +) + 1)))
    }
    var simplex = parent.simplex
    simplex.setCosts(basicCosts)
    self.init(
      simplex: simplex, warm: false, columns: parent.pool, known: parent.pool.count,
      candidates: parent.pool.indices.filter { fits(parent.pool[$0]) }, sizes: sizes, demands: parent.demands,
      capacity: capacity, iterationLimit: iterationLimit, rowLimit: rowLimit, knownBound: knownBound,
      tolerance: tolerance, exchanges: parent.exchanges, shouldStop: shouldStop)
  }

  /// Column generation from a basis (feasible, or made so by dual pivots).
  ///
  /// - Parameters:
  ///   - simplex: the basis; identifier `k >= 0` names `columns[k]`, `-1 - i`
  ///     the surplus column of type `i`, `-1 - m - i` the exchange column
  ///     `e_(i+1) - e_i`.
  ///   - columns: the patterns known (those in the basis among them).
  ///   - warm: whether the basis may be infeasible (a warm start): dual
  ///     pivots restore feasibility first.
  ///   - known: the first `known` columns are in ``pool`` from the start
  ///     (the others join it when they enter the basis).
  ///   - candidates: indices into `columns` of the patterns that fit the
  ///     demands: priced first, and the dual pivots' choices.
  private init(
    simplex: consuming RevisedSimplex, warm: Bool, columns: consuming [[Int]], known: Int, candidates: [Int],
    sizes: [Int], demands: [Int], capacity: Int, iterationLimit: Int?, rowLimit: Int?, knownBound: Int,
    tolerance: Double, exchanges: Bool, smoothing: Double = 0, shouldStop: () -> Bool
  ) {
    var generation = ColumnGeneration(
      simplex: simplex, warm: warm, columns: columns, known: known, candidates: candidates, sizes: sizes,
      demands: demands, capacity: capacity, iterationLimit: iterationLimit, rowLimit: rowLimit,
      knownBound: knownBound, tolerance: tolerance, exchanges: exchanges, smoothing: smoothing)
    generation.run(shouldStop: shouldStop)
    (self.patterns, self.amounts) = generation.solution()
    self.objective = generation.simplex.objective
    self.duals = generation.y
    self.pool = generation.pool.map { generation.columns[$0] }
    self.isOptimal = generation.optimal
    self.iterations = generation.iterations
    self.dualPivots = generation.dualPivots
    self.mispricings = generation.mispricings
    self.exchanges = exchanges
    self.sizes = sizes
    self.demands = demands
    self.capacity = capacity
    self.simplex = generation.basisOverPool()
  }
}
