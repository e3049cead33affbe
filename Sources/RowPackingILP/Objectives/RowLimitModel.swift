import RowPacking

/// The row limit with a "+k more" chip as a MIP, to check the core's search.
///
/// At most N rows with a "+k more" chip as a mixed-integer programme for
/// GLPK, to check ``limitRows(_:maxRows:chipWidth:priorities:keepingOrder:budget:resolution:)``
/// on small cases. With `n` items of sizes `s_i` and values `v_i`, chip
/// sizes `c_k` for `k` hidden (`c_0 = 0`), rows `j < N`:
///
///     x_ij in {0,1}                     item i shown in row j
///     h_k in {0,1}, sum_k h_k = 1       exactly k items hidden
///     sum_j x_ij <= 1;  sum_ij x_ij + sum_k k h_k = n
///     z_j in {0,1}, sum_j z_j = 1       the chip's row
///     w_kj >= h_k + z_j - 1, w_kj >= 0  the chip of k in row j
///     sum_i s_i x_ij + sum_k c_k w_kj <= C
///     maximise sum v_i x_ij             (GLPK minimises the negative)
///
/// - reordered: rows are interchangeable, so the chip may stand in any row;
/// - order kept: the shown items run through the rows in order, the chip
///   after them: with `r_i = sum_j j x_ij`, `r_i' >= r_i - N (2 - y_i - y_i')`
///   for `i < i'` (`y_i = sum_j x_ij`), and `sum_j j z_j >= r_i - N (1 - y_i)`.
///   Any break points are allowed, which is no restriction: next-fit uses
///   the fewest rows among order-keeping packings.
///
/// - Complexity: *n* x N + (*n* + 1)(N + 1) + N binaries; O(*n*^2) order rows.
public struct RowLimitModel: Sendable {
  public let sizes: [Int]
  /// The chip's size for k hidden at `chipSizes[k - 1]`.
  public let chipSizes: [Int]
  public let capacity: Int
  public let maxRows: Int
  public let values: [Int]
  public let keepsOrder: Bool

  public init(sizes: [Int], chipSizes: [Int], capacity: Int, maxRows: Int, values: [Int], keepingOrder: Bool) {
    self.sizes = sizes
    self.chipSizes = chipSizes
    self.capacity = capacity
    self.maxRows = maxRows
    self.values = values
    self.keepsOrder = keepingOrder
  }

  public func model() -> LinearModel {
    let n = sizes.count, rowsN = maxRows
    var rows: [LinearModel.Bounds] = []
    func addRow(_ b: LinearModel.Bounds) -> Int { rows.append(b); return rows.count - 1 }
    let once = (0..<n).map { _ in addRow(.atMost(1)) }
    let oneK = addRow(.fixed(1))
    let count = addRow(.fixed(Double(n)))
    let oneZ = addRow(.fixed(1))
    let load = (0..<rowsN).map { _ in addRow(.atMost(Double(capacity))) }
    // w_kj - h_k - z_j >= -1
    var link = [[Int]](repeating: [], count: n + 1)
    for k in 0...n { link[k] = (0..<rowsN).map { _ in addRow(.atLeast(-1)) } }
    var order: [(Int, Int, Int)] = []  // (i, i', row of r_i' - r_i - N y_i - N y_i' >= -2N)
    var chipAfter: [Int] = []
    if keepsOrder {
      for i in 0..<n { for i2 in (i + 1)..<n { order.append((i, i2, addRow(.atLeast(-2.0 * Double(rowsN))))) } }
      chipAfter = (0..<n).map { _ in addRow(.atLeast(-Double(rowsN))) }
    }
    var columns: [LinearModel.Column] = []
    for i in 0..<n {
      for j in 0..<rowsN {
        var e: [(row: Int, value: Double)] = [(once[i], 1), (count, 1), (load[j], Double(sizes[i]))]
        if keepsOrder {
          // r_i' - r_i - N y_i - N y_i' >= -2N, with r and y expanded over x.
          for (a, b, row) in order where a == i || b == i {
            e.append((row, (b == i ? Double(j) : -Double(j)) - Double(rowsN)))
          }
          // sum_j j z_j - r_i - N y_i >= -N
          e.append((chipAfter[i], -Double(j) - Double(rowsN)))
        }
        columns.append(.init(objective: -Double(values[i]), bounds: .between(0, 1), isInteger: true, entries: e))
      }
    }
    for k in 0...n {  // h_k
      let e: [(row: Int, value: Double)] = [(oneK, 1), (count, Double(k))] + (0..<rowsN).map { (link[k][$0], -1.0) }
      columns.append(.init(objective: 0, bounds: .between(0, 1), isInteger: true, entries: e))
    }
    for j in 0..<rowsN {  // z_j
      var e: [(row: Int, value: Double)] = [(oneZ, 1)] + (0...n).map { (link[$0][j], -1.0) }
      if keepsOrder { e += chipAfter.map { ($0, Double(j)) } }
      columns.append(.init(objective: 0, bounds: .between(0, 1), isInteger: true, entries: e))
    }
    for k in 0...n {  // w_kj
      for j in 0..<rowsN {
        let chip = k == 0 ? 0 : chipSizes[k - 1]
        columns.append(.init(objective: 0, bounds: .between(0, 1), entries: [(link[k][j], 1), (load[j], Double(chip))]))
      }
    }
    return LinearModel(rows: rows, columns: columns)
  }

  /// Solves the model by GLPK: the best shown value and GLPK's status.
  public func solve(timeLimit: Duration = .seconds(10)) throws(GLPKError) -> (value: Int?, status: ProgramStatus) {
    let solution = try solveIntegerProgram(model(), timeLimit: timeLimit)
    guard solution.status == .optimal || solution.status == .feasible else { return (nil, solution.status) }
    return (Int((-solution.objective).rounded()), solution.status)
  }
}
