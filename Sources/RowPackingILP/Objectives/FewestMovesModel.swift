import RowPacking

/// The fewest tags moved for a given number of rows, as a MIP for GLPK, to
/// check ``tradeoffRowsAndMoves(_:budget:resolution:)`` on small cases:
///
///     x_ij in {0,1}        item i in row j (j < R);  sum_j x_ij = 1
///     sum_i s_i x_ij <= C  every row fits
///     y_i in {0,1}         item i stays in reading order
///     r_i' - r_i >= -R (2 - y_i - y_i')   for i < i', with r_i = sum_j j x_ij
///     minimise sum_i (1 - y_i)
///
/// Kept items run through the rows in order (within a row they can stand in
/// order), so they form an increasing run of the reading order.
///
/// - Complexity: *n* x R + *n* binaries, *n* + R + *n*(*n* - 1)/2 rows.
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
    var bounds: [LinearModel.Bounds] = Array(repeating: .fixed(1), count: n)
    bounds += Array(repeating: .atMost(Double(capacity)), count: r)
    var pairs: [(Int, Int)] = []
    for i in 0..<n { for i2 in (i + 1)..<n { pairs.append((i, i2)) } }
    let orderRow = bounds.count
    bounds += Array(repeating: .atLeast(-2.0 * Double(r)), count: pairs.count)
    var columns: [LinearModel.Column] = []
    for i in 0..<n {
      for j in 0..<r {
        var e: [(row: Int, value: Double)] = [(i, 1), (n + j, Double(sizes[i]))]
        for (p, (a, b)) in pairs.enumerated() where a == i || b == i { e.append((orderRow + p, b == i ? Double(j) : -Double(j))) }
        columns.append(.init(objective: 0, bounds: .between(0, 1), isInteger: true, entries: e))
      }
    }
    for i in 0..<n {  // y_i
      let e = pairs.enumerated().filter { $0.element.0 == i || $0.element.1 == i }.map { (orderRow + $0.offset, -Double(r)) }
      columns.append(.init(objective: -1, bounds: .between(0, 1), isInteger: true, entries: e))
    }
    return LinearModel(rows: bounds, columns: columns)
  }

  /// Solves the model by GLPK: the fewest moves (nil when infeasible or not
  /// solved) and GLPK's status.
  public func solve(timeLimit: Duration = .seconds(10)) throws(GLPKError) -> (moves: Int?, status: ProgramStatus) {
    let solution = try solveIntegerProgram(model(), timeLimit: timeLimit)
    guard solution.status == .optimal || solution.status == .feasible else { return (nil, solution.status) }
    return (sizes.count + Int(solution.objective.rounded()), solution.status)
  }
}
