import RowPacking

/// The assignment model of bin packing (Kantorovich, 1960; Martello and
/// Toth, 1990), with the number of rows bounded by the best heuristic and
/// symmetry broken:
///
///     minimise sum(y_j)
///     s.t.  sum(x_ij over j) = 1                 for every item i,
///           sum(s_i x_ij over i) <= C y_j        for every row j,
///           y_j >= y_(j+1),
///           x_ij, y_j in {0, 1},  x_ij only for j <= i,
///
/// items numbered by decreasing size, rows j < m (the heuristic's rows).
/// Its LP relaxation is the weak continuous bound, so GLPK's branch and
/// bound has to close the gap alone: the model is the baseline the arc-flow
/// model and the pipeline are measured against.
///
/// - Complexity: about *n* x *m* binary variables and *n* + 2 *m* rows.
struct AssignmentModel {
  let sizes: [Int]
  let capacity: Int
  /// The row limit m.
  let rowLimit: Int
  /// Items by decreasing size (position p holds item order[p]).
  let order: [Int]
  /// For each position, the first column of its x variables.
  private var firstColumn: [Int] = []

  init(sizes: [Int], capacity: Int, rowLimit: Int) {
    self.sizes = sizes
    self.capacity = capacity
    self.rowLimit = rowLimit
    order = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    var column = rowLimit
    for p in order.indices {
      firstColumn.append(column)
      column += min(p, rowLimit - 1) + 1
    }
  }

  /// The rows: n assignment rows, then m capacity rows, then m - 1 symmetry rows.
  func model() -> LinearModel {
    let n = sizes.count, m = rowLimit
    var rows: [LinearModel.Bounds] = Array(repeating: .fixed(1), count: n)
    rows.append(contentsOf: repeatElement(.atMost(0), count: m))
    rows.append(contentsOf: repeatElement(.atLeast(0), count: max(0, m - 1)))
    var columns: [LinearModel.Column] = []
    for j in 0..<m {
      var entries: [(row: Int, value: Double)] = [(n + j, -Double(capacity))]
      if j > 0 { entries.append((n + m + j - 1, -1)) }
      if j < m - 1 { entries.append((n + m + j, 1)) }
      columns.append(.init(objective: 1, bounds: .between(0, 1), isInteger: true, entries: entries))
    }
    for (p, item) in order.enumerated() {
      for j in 0...min(p, m - 1) {
        columns.append(.init(objective: 0, bounds: .between(0, 1), isInteger: true,
                             entries: [(p, 1), (n + j, Double(sizes[item]))]))
      }
    }
    return LinearModel(rows: rows, columns: columns)
  }

  /// The variables of a packing with at most m rows (rows renumbered by
  /// their first item in size order, so that item i is in a row j <= i).
  func values(of packing: Packing) -> [Double]? {
    guard packing.rowCount <= rowLimit else { return nil }
    var position = [Int](repeating: 0, count: sizes.count)
    for (p, item) in order.enumerated() { position[item] = p }
    let rows = packing.rows.filter { !$0.isEmpty }.sorted {
      $0.map { position[$0] }.min()! < $1.map { position[$0] }.min()!
    }
    var x = [Double](repeating: 0, count: firstColumn.last.map { $0 + min(sizes.count - 1, rowLimit - 1) + 1 } ?? rowLimit)
    for (j, row) in rows.enumerated() {
      x[j] = 1
      for item in row {
        let p = position[item]
        guard j <= p else { return nil }
        x[firstColumn[p] + j] = 1
      }
    }
    return x
  }

  /// The packing of an integer solution.
  func packing(from values: [Double]) -> Packing {
    var rows = [[Int]](repeating: [], count: rowLimit)
    for (p, item) in order.enumerated() {
      var best = 0
      var bestValue = -1.0
      for j in 0...min(p, rowLimit - 1) where values[firstColumn[p] + j] > bestValue {
        bestValue = values[firstColumn[p] + j]
        best = j
      }
      rows[best].append(item)
    }
    return Packing(rows: rows.filter { !$0.isEmpty })
  }
}

/// `ilp-assignment`: the assignment model with at most the best heuristic's
/// rows, by GLPK alone (LP relaxation, then branch and bound) within the time limit.
func solveAssignmentModel(_ setup: SolveSetup, verbose: Bool) -> PackingResult {
  let best = setup.bestHeuristic
  let bound = setup.simpleBound
  if best.rowCount <= bound.value { return setup.result(packing: best, bound: bound, stage: .heuristic) }
  let formulation = AssignmentModel(sizes: setup.scaled.sizes, capacity: setup.scaled.capacity, rowLimit: best.rowCount)
  return solveFormulation(formulation.model(), setup: setup, best: best, bound: bound, verbose: verbose, mipStage: .assignmentMIP) {
    formulation.packing(from: $0)
  }
}
