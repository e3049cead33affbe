import RowPacking

/// The fewest tags moved for a given number of rows, as a MIP for GLPK, to
/// check ``tradeoffRowsAndMoves(_:budget:resolution:)``: a staircase of
/// row levels over the tags in input order, which a kept tag must follow.
///
///     x_ij in {0,1}   tag i in row j (j < R);        sum_j x_ij = 1
///     sum_i s_i x_ij <= C                            every row fits
///     p_ij in {0,1}   "the staircase at tag i has reached row j" (1 <= j < R)
///     p_i,j+1 <= p_ij,  p_ij <= p_i+1,j              levels never go down
///     k_ij in [0,1]   tag i kept in row j:  k_ij <= x_ij,
///     sum_(j' >= j) k_ij' <= p_ij,  sum_(j' < j) k_ij' + p_ij <= 1
///     maximise sum_ij k_ij   (moves = n minus it)
///
/// The kept tags' rows never decrease in input order, so they read in
/// order (moved tags go at the ends of rows); every such layout has a
/// staircase (the level of the last kept tag so far), so the model is
/// exact. It needs O(*n* *R*) rows where a pairwise order constraint needs
/// O(*n*^2) big-M rows, and its relaxation is tighter.
///
/// - Complexity: 2 *n* *R* binaries and *n* *R* continuous columns,
///   about 5 *n* *R* rows.
public struct FewestMovesModel: Sendable {
  public let sizes: [Int]
  public let capacity: Int
  public let rows: Int

  public init(sizes: [Int], capacity: Int, rows: Int) {
    self.sizes = sizes
    self.capacity = capacity
    self.rows = rows
  }

  public func model() -> LinearModel {
    let n = sizes.count, r = rows
    var bounds: [LinearModel.Bounds] = []
    func addRow(_ b: LinearModel.Bounds) -> Int { bounds.append(b); return bounds.count - 1 }
    let assign = (0..<n).map { _ in addRow(.fixed(1)) }
    let fits = (0..<r).map { _ in addRow(.atMost(Double(capacity))) }
    let keptInRow = (0..<n).map { _ in (0..<r).map { _ in addRow(.atMost(0)) } }  // k_ij - x_ij <= 0
    // For 1 <= j < r: above[i][j]: sum_(j'>=j) k - p <= 0; below[i][j]: sum_(j'<j) k + p <= 1.
    let above = (0..<n).map { _ in (0..<r).map { j in j == 0 ? -1 : addRow(.atMost(0)) } }
    let below = (0..<n).map { _ in (0..<r).map { j in j == 0 ? -1 : addRow(.atMost(1)) } }
    // p_i,j+1 - p_ij <= 0 and p_ij - p_i+1,j <= 0.
    let downJ = (0..<n).map { _ in (0..<r).map { j in j == 0 || j + 1 >= r ? -1 : addRow(.atMost(0)) } }
    let downI = (0..<n).map { i in (0..<r).map { j in j == 0 || i + 1 >= n ? -1 : addRow(.atMost(0)) } }
    var columns: [LinearModel.Column] = []
    for i in 0..<n {
      for j in 0..<r {
        columns.append(.init(
          objective: 0, bounds: .between(0, 1), isInteger: true,
          entries: [(assign[i], 1), (fits[j], Double(sizes[i])), (keptInRow[i][j], -1)]))
      }
    }
    for i in 0..<n {
      for j in 0..<r {
        var e: [(row: Int, value: Double)] = [(keptInRow[i][j], 1)]
        for level in 1..<max(r, 1) {
          if j >= level { e.append((above[i][level], 1)) } else { e.append((below[i][level], 1)) }
        }
        columns.append(.init(objective: -1, bounds: .between(0, 1), isInteger: false, entries: e))
      }
    }
    for i in 0..<n {
      for j in 1..<max(r, 1) {
        var e: [(row: Int, value: Double)] = [(above[i][j], -1), (below[i][j], 1)]
        if j + 1 < r { e.append((downJ[i][j], -1)) }
        if j >= 2 { e.append((downJ[i][j - 1], 1)) }
        if i + 1 < n { e.append((downI[i][j], 1)) }
        if i >= 1 { e.append((downI[i - 1][j], -1)) }
        columns.append(.init(objective: 0, bounds: .between(0, 1), isInteger: true, entries: e))
      }
    }
    return LinearModel(rows: bounds, columns: columns)
  }

  /// Solves the model by GLPK: the fewest moves (nil when infeasible or not
  /// solved), GLPK's status and, when it stopped early, the least moves it
  /// proved.
  public func solve(timeLimit: Duration = .seconds(10)) throws(GLPKError) -> (moves: Int?, status: ProgramStatus, lowerBound: Int?) {
    let solution = try solveIntegerProgram(model(), timeLimit: timeLimit)
    // The objective is minus the kept tags: a bound of -b keeps at most b.
    let lower = solution.bound.map { sizes.count - Int(((-$0) + 1e-6).rounded(.down)) }
    guard solution.status == .optimal || solution.status == .feasible else { return (nil, solution.status, lower) }
    return (sizes.count + Int(solution.objective.rounded()), solution.status, lower)
  }
}
