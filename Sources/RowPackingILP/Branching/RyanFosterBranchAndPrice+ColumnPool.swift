import RowPacking

/// Column cleaning at the nodes, with a pool that pricing reads first.
///
/// With ``RyanFosterBranchAndPrice/columnCleaning`` the master holds few
/// more columns than the node's LP needs: before re-solves, the columns
/// whose reduced cost exceeds the gap (the rows asked for minus the node's
/// Lagrangian bound: they cannot be in a packing of those rows at the
/// current duals) and the columns the node forbids leave the master for the
/// pool; pricing returns pooled columns of negative reduced cost before it
/// runs the knapsack (da Silva and Schouery, 2023, `costOptim`).
///
/// Validity: the master is only ever a restriction of the node's LP, and a
/// node's bound comes from the knapsack over every row the node allows (the
/// pool and the master included), which also decides convergence. Removing
/// columns changes which duals the master gives, never whether a bound at
/// them is valid, and a node converges only when the knapsack finds no row
/// that prices out, so that the converged LP is the node's whole LP.
extension RyanFosterBranchAndPrice {
  /// When a node cleans its master (the columns its node forbids leave it
  /// at the node's start in both modes).
  enum ColumnCleaning: Sendable {
    /// Never: every column stays, those the node forbids fixed at 0.
    case off
    /// Where the node's LP has converged: before its cut rounds' re-solves
    /// and before its children, at duals optimal for the node's whole LP.
    case converged
    /// Before every re-solve, at the master's duals (as da Silva and
    /// Schouery do at each solve).
    case everySolve
  }

  /// Whether `column` is one merged item of `node` (kept in the master: with
  /// them it is feasible whatever cuts are added).
  ///
  /// - Complexity: O(column length).
  func isMergedItem(_ column: [Int], of node: NodeItems) -> Bool {
    let g = node.groupOf[column[0]]
    return node.groups[g].count == column.count && column.allSatisfy { node.groupOf[$0] == g }
  }

  /// A column's reduced cost at the master's duals `duals` (items, then
  /// cuts): its cost less its items' duals and its cuts' (0 for the cuts
  /// added after the solve that gave them).
  ///
  /// - Complexity: O(column length + its cuts).
  func reducedCost(of column: [Int], duals: [Double]) -> Double {
    var cost = columnCost(of: column) - column.reduce(0.0) { $0 + duals[$1] }
    guard !cuts.isEmpty else { return cost }
    var seen = Set<Int>()
    for i in column {
      for c in cutsOfItem[i] where sizes.count + c < duals.count && seen.insert(c).inserted {
        cost -= min(0, duals[sizes.count + c]) * Double(cuts[c].coefficient(of: column))
      }
    }
    return cost
  }

  /// A column's cost in the master: 1 within the waste budget, else
  /// ``artificialCost``.
  func columnCost(of column: [Int]) -> Double {
    isWithinBudget(load: load(of: column)) ? 1 : Self.artificialCost
  }

  /// Moves the master's columns `indices` (increasing, non-basic) to the
  /// pool, those over the waste budget out altogether (the nodes add their
  /// merged items again where they need them).
  ///
  /// - Complexity: O(master columns + their entries).
  func moveToPool(_ indices: [Int]) throws(GLPKError) {
    guard !indices.isEmpty else { return }
    try problem.deleteColumns(indices)
    var leaving = [Bool](repeating: false, count: columns.count)
    for c in indices {
      leaving[c] = true
      known.remove(columns[c])
      if isWithinBudget(load: load(of: columns[c])) && pooled.insert(columns[c]).inserted {
        pool.append(columns[c])
      }
    }
    let kept = columns.indices.filter { !leaving[$0] }
    columns = kept.map { columns[$0] }
    free = kept.map { free[$0] }
    entryCounts = kept.map { entryCounts[$0] }
  }

  /// Before a re-solve at `node`: the non-basic columns it forbids and
  /// those whose reduced cost at `duals` exceeds the gap `rows -
  /// lowerBound` leave the master for the pool, but the node's merged
  /// items; how many left.
  ///
  /// - Complexity: O(master columns x their length) and GLPK's deletion.
  @discardableResult
  func cleanColumns(node: NodeItems, duals: [Double], rows: Int, lowerBound: Double) throws(GLPKError) -> Int {
    let basis = try problem.basis().basis
    let gap = max(Double(rows) - lowerBound, 0) + Self.cleaningMargin
    let leaving = columns.indices.filter { c in
      !basis.isBasic(column: c) && !isMergedItem(columns[c], of: node)
        && (!free[c] || reducedCost(of: columns[c], duals: duals) > gap)
    }
    try moveToPool(leaving)
    return leaving.count
  }

  /// How far above the gap a column's reduced cost must be for it to
  /// leave the master: above GLPK's tolerances on reduced costs.
  static let cleaningMargin = 1e-9

  /// The pooled columns `node` allows whose reduced cost at `duals` (items,
  /// then cuts) is below the improving margin, most negative first, at
  /// most ``poolColumnsPerPricing``; they leave the pool (the caller adds
  /// them to the master).
  ///
  /// - Complexity: O(pooled columns x their length).
  func pricedFromPool(node: NodeItems, duals: [Double]) -> [[Int]] {
    if poolIsStale {
      pool = pool.filter { pooled.contains($0) }
      poolIsStale = false
    }
    let margin = -Double(precision.improvingMargin) / Double(precision.scale)
    var found: [(index: Int, cost: Double)] = []
    for (k, column) in pool.enumerated() {
      // The items' duals alone first (the cuts' terms only raise it).
      let itemCost = 1 - column.reduce(0.0) { $0 + duals[$1] }
      guard itemCost < margin, node.mergedItems(of: column) != nil else { continue }
      let cost = reducedCost(of: column, duals: duals)
      if cost < margin { found.append((k, cost)) }
    }
    let chosen = found.sorted { ($0.cost, $0.index) < ($1.cost, $1.index) }.prefix(poolColumnsPerPricing)
    var taking = [Bool](repeating: false, count: pool.count)
    for f in chosen { taking[f.index] = true; pooled.remove(pool[f.index]) }
    let columns = chosen.map { pool[$0.index] }
    pool = pool.indices.filter { !taking[$0] }.map { pool[$0] }
    return columns
  }
}
