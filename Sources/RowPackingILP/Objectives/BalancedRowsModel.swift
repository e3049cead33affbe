import RowPacking

/// Balanced rows as a MIP, an independent check of the core's search on small cases.
///
/// Balanced rows as a mixed-integer programme for GLPK: items into a fixed
/// number of rows `k` (the fewest, found beforehand), every row non-empty,
/// the empty space of each row as a variable, and the evenness minimised:
///
///     x_ij in {0,1}               item i in row j
///     sum_j x_ij = 1              every item in one row
///     sum_i x_ij >= 1             no empty row
///     sum_i s_i x_ij + e_j = C    e_j >= 0: the empty space of row j
///
/// - largest empty space (min-max, linear): minimise `z` with `z >= e_j`;
/// - squared empty space: `e_j = sum_t u_jt` over `t = 1...C`, `u_jt in
///   [0, 1]`, minimise `sum (2t - 1) u_jt`. The costs grow with `t`, so an
///   optimum fills each `u_j.` from `t = 1` up, and for the integer `e_j`
///   of an integer solution the cost is exactly `e_j^2` (a piecewise-linear
///   model, exact on integers, with `k x C` continuous variables: for
///   small capacities only);
/// - order kept: item `i` in row `j` puts item `i + 1` in row `j` or
///   `j + 1` (`x_(i+1)j + x_(i+1)(j+1) >= x_ij`), the first item in row 0
///   and the last in row `k - 1`, so each row is a run of consecutive items.
///
/// The tie-break of ``RowEvenness/largestEmptySpace`` (the sum of squares)
/// is not modelled: only the primary measure is compared.
///
/// - Complexity: *n* x *k* binaries, *n* + 3 *k* rows (+ *n* x *k* for the
///   order), plus *k* x *C* continuous variables for squares.
public struct BalancedRowsModel: Sendable {
  public let sizes: [Int]
  public let capacity: Int
  public let rowCount: Int
  public let measure: RowEvenness
  public let keepsOrder: Bool

  public init(sizes: [Int], capacity: Int, rows: Int, measure: RowEvenness, keepingOrder: Bool) {
    self.sizes = sizes
    self.capacity = capacity
    self.rowCount = rows
    self.measure = measure
    self.keepsOrder = keepingOrder
  }

  private func x(_ i: Int, _ j: Int) -> Int { i * rowCount + j }

  public func model() -> LinearModel {
    let n = sizes.count, k = rowCount
    var rows: [LinearModel.Bounds] = Array(repeating: .fixed(1), count: n)  // assignment
    rows += Array(repeating: .atLeast(1), count: k)  // non-empty, n..<n+k
    rows += Array(repeating: .fixed(Double(capacity)), count: k)  // load + empty = C, n+k..<n+2k
    let third = n + 2 * k  // min-max: z - e_j >= 0; squares: e_j - sum u = 0
    rows += Array(repeating: measure == .largestEmptySpace ? .atLeast(0) : .fixed(0), count: k)
    let orderRow = rows.count  // x_(i+1)j + x_(i+1)(j+1) - x_ij >= 0
    if keepsOrder { rows += Array(repeating: .atLeast(0), count: max(n - 1, 0) * k) }
    var entries = [[(row: Int, value: Double)]](repeating: [], count: n * k)
    for i in 0..<n {
      for j in 0..<k {
        entries[x(i, j)] += [(i, 1), (n + j, 1), (n + k + j, Double(sizes[i]))]
        if keepsOrder {
          if i + 1 < n { entries[x(i, j)].append((orderRow + i * k + j, -1)) }
          if i > 0 {
            entries[x(i, j)].append((orderRow + (i - 1) * k + j, 1))
            if j > 0 { entries[x(i, j)].append((orderRow + (i - 1) * k + j - 1, 1)) }
          }
        }
      }
    }
    var columns = (0..<(n * k)).map { c -> LinearModel.Column in
      let i = c / k, j = c % k
      var bounds = LinearModel.Bounds.between(0, 1)
      if keepsOrder && ((i == 0 && j == 0) || (i == n - 1 && j == k - 1)) { bounds = .fixed(1) }
      return LinearModel.Column(objective: 0, bounds: bounds, isInteger: true, entries: entries[c])
    }
    for j in 0..<k {  // e_j
      let link = measure == .largestEmptySpace ? -1.0 : 1.0
      columns.append(.init(objective: 0, bounds: .atLeast(0), entries: [(n + k + j, 1), (third + j, link)]))
    }
    switch measure {
    case .largestEmptySpace:
      columns.append(.init(objective: 1, bounds: .atLeast(0), entries: (0..<k).map { (third + $0, 1.0) }))
    case .squaredEmptySpace:
      for j in 0..<k {
        for t in 1...max(capacity, 1) {
          columns.append(.init(objective: Double(2 * t - 1), bounds: .between(0, 1), entries: [(third + j, -1)]))
        }
      }
    }
    return LinearModel(rows: rows, columns: columns)
  }

  /// The rows of an integer solution (items in increasing index per row).
  public func packing(from values: [Double]) -> Packing {
    var rows = [[Int]](repeating: [], count: rowCount)
    for i in sizes.indices {
      let j = (0..<rowCount).max { values[x(i, $0)] < values[x(i, $1)] }!
      rows[j].append(i)
    }
    return Packing(rows: rows)
  }

  /// Solves the model by GLPK: the packing, the optimal measure (largest
  /// empty space, or sum of squares) and GLPK's status.
  public func solve(timeLimit: Duration = .seconds(10)) throws(GLPKError) -> (packing: Packing?, value: Int?, status: ProgramStatus) {
    let solution = try solveIntegerProgram(model(), timeLimit: timeLimit)
    guard solution.status == .optimal || solution.status == .feasible else { return (nil, nil, solution.status) }
    return (packing(from: solution.values), Int(solution.objective.rounded()), solution.status)
  }
}

/// The least capacity at which `rows` rows hold every item, as a MIP for checks.
///
/// The least row capacity at which `rows` rows hold every item: the
/// breakpoint of the exact rows-for-every-width step function, as a MIP
/// (makespan minimisation, P||Cmax):
///
///     minimise C  s.t.  sum_j x_ij = 1,  sum_i s_i x_ij <= C  (j < rows),  x_ij in {0,1}.
///
/// - Complexity: *n* x *rows* binaries and *n* + *rows* rows.
public func leastCapacityByGLPK(sizes: [Int], rows k: Int, timeLimit: Duration = .seconds(10)) throws(GLPKError) -> (capacity: Int?, status: ProgramStatus) {
  let n = sizes.count
  var rows: [LinearModel.Bounds] = Array(repeating: .fixed(1), count: n)
  rows += Array(repeating: .atMost(0), count: k)
  var columns: [LinearModel.Column] = []
  for i in 0..<n {
    for j in 0..<k {
      columns.append(.init(objective: 0, bounds: .between(0, 1), isInteger: true, entries: [(i, 1), (n + j, Double(sizes[i]))]))
    }
  }
  columns.append(.init(objective: 1, bounds: .atLeast(Double(sizes.max() ?? 0)), entries: (0..<k).map { (n + $0, -1.0) }))
  let solution = try solveIntegerProgram(LinearModel(rows: rows, columns: columns), timeLimit: timeLimit)
  guard solution.status == .optimal || solution.status == .feasible else { return (nil, solution.status) }
  return (Int(solution.objective.rounded()), solution.status)
}
