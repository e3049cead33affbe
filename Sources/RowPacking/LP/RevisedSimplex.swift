/// The revised simplex method with an explicit, dense basis inverse, for
/// linear programmes `min c x` subject to `A x = b`, `x >= 0` whose columns
/// arrive one at a time (column generation).
///
/// The caller prices: it reads ``duals()``, finds a column with negative
/// reduced cost `c_j - y a_j`, and calls ``enter(column:cost:)``; the
/// method does the ratio test and the product-form update of the inverse
/// (Dantzig and Orchard-Hays 1954; Chvátal, *Linear Programming*, 1983,
/// ch. 7). A solved basis can be reused for a new right-hand side
/// (``setRightHandSide(_:)``) and made feasible again by dual simplex
/// pivots (``enter(column:cost:identifier:leaving:)``): a warm start.
/// Dense `m x m` arithmetic in `Double`: meant for a few hundred rows at
/// most. Floating point: results are approximate, so a caller that
/// needs a proof recomputes it exactly (see ``farleyBound(sizes:multiplicities:capacity:weights:nodeLimit:)``).
///
/// - Complexity: O(m^2) per pivot.
struct RevisedSimplex {
  /// Rows (constraints).
  let m: Int
  /// The basis inverse, row-major, `m * m`.
  private(set) var inverse: [Double]
  /// The values of the basic variables.
  private(set) var values: [Double]
  /// The costs of the basic variables.
  private(set) var costs: [Double]
  /// The caller's identifier of each basic column.
  private(set) var basis: [Int]
  /// A work buffer for `B^-1 a`, and one for the pivot row.
  private var direction: [Double]
  private var pivotRowCopy: [Double]
  /// The duals `c_B B^-1`, updated at each pivot and recomputed every
  /// ``dualRefresh`` pivots (against drift).
  private var y: [Double]
  private var pivotsSinceRefresh = 0
  private static let dualRefresh = 50

  /// Starts from a diagonal basis (column `i` is `diagonal[i] * e_i`); it is
  /// feasible when `rhs[i] / diagonal[i] >= 0`.
  init(diagonal: [Double], rhs: [Double], costs: [Double], identifiers: [Int]) {
    m = diagonal.count
    inverse = [Double](repeating: 0, count: m * m)
    values = [Double](repeating: 0, count: m)
    for i in 0..<m {
      inverse[i * m + i] = 1 / diagonal[i]
      values[i] = rhs[i] / diagonal[i]
    }
    self.costs = costs
    basis = identifiers
    direction = [Double](repeating: 0, count: m)
    pivotRowCopy = direction
    y = (0..<m).map { costs[$0] / diagonal[$0] }
  }

  /// The objective `c_B x_B`.
  var objective: Double {
    var total = 0.0
    for i in 0..<m { total += costs[i] * values[i] }
    return total
  }

  /// The simplex multipliers `y = c_B B^-1` (the duals of the rows).
  ///
  /// - Complexity: O(1): they are kept up to date by ``enter(column:cost:identifier:)``.
  func duals() -> [Double] { y }

  /// Copies the duals into `target` (of ``m`` entries) without allocating:
  /// an array from ``duals()`` shares the buffer that the next pivot
  /// writes, which then copies it (an allocation per pivot).
  ///
  /// - Complexity: O(m).
  func copyDuals(into target: inout [Double]) {
    precondition(target.count == m)
    for j in 0..<m { target[j] = y[j] }
  }

  /// The duals computed from the basis inverse.
  private func computedDuals() -> [Double] {
    var y = [Double](repeating: 0, count: m)
    let m = m
    y.withUnsafeMutableBufferPointer { y in
      inverse.withUnsafeBufferPointer { inverse in
        for i in 0..<m where costs[i] != 0 {
          let c = costs[i]
          let row = i * m
          for j in 0..<m { y[j] += c * inverse[row + j] }
        }
      }
    }
    return y
  }

  /// Brings a column into the basis: ratio test, then pivot.
  ///
  /// - Parameters:
  ///   - column: the sparse column, as (row, coefficient) pairs.
  ///   - cost: its cost.
  ///   - identifier: the caller's name for it (see ``basis``).
  /// - Returns: `false` when the column is unbounded (no positive entry in
  ///   `B^-1 a`), in which case nothing changes.
  mutating func enter(column: [(row: Int, value: Double)], cost: Double, identifier: Int) -> Bool {
    computeDirection(column)
    var leaving = -1
    var bestRatio = Double.infinity
    var bestPivot = 0.0
    for i in 0..<m where direction[i] > 1e-9 {
      let ratio = max(values[i], 0) / direction[i]
      if ratio < bestRatio - 1e-12 || (ratio <= bestRatio + 1e-12 && direction[i] > bestPivot) {
        bestRatio = ratio
        bestPivot = direction[i]
        leaving = i
      }
    }
    if leaving < 0 { return false }
    pivot(column: column, cost: cost, identifier: identifier, leaving: leaving, step: max(values[leaving], 0) / direction[leaving])
    return true
  }

  /// Brings a column into the basis in place of the basic variable of row
  /// `leaving`: a dual simplex pivot (Lemke 1954; Chvátal, ch. 10), for a
  /// basis made infeasible by ``setRightHandSide(_:)``.
  ///
  /// The caller chooses the column by the dual ratio test on
  /// ``inverse(row:column:)``: a negative entry `alpha` of the leaving row, the
  /// least reduced cost per `-alpha`.
  ///
  /// - Parameters:
  ///   - column: the sparse column, as (row, coefficient) pairs.
  ///   - cost: its cost.
  ///   - identifier: the caller's name for it (see ``basis``).
  ///   - leaving: the row whose basic variable leaves.
  /// - Returns: `false` when the column's entry in that row of `B^-1 a` is
  ///   0 (numerically), in which case nothing changes.
  mutating func enter(column: [(row: Int, value: Double)], cost: Double, identifier: Int, leaving: Int) -> Bool {
    computeDirection(column)
    let pivotValue = direction[leaving]
    if abs(pivotValue) <= 1e-9 { return false }
    pivot(column: column, cost: cost, identifier: identifier, leaving: leaving, step: values[leaving] / pivotValue)
    return true
  }

  /// Replaces the right-hand side `b`: the basis stays, its values become
  /// `B^-1 b` (some may be negative: then dual simplex pivots,
  /// ``enter(column:cost:identifier:leaving:)``, restore feasibility). The
  /// duals do not change.
  ///
  /// - Complexity: O(m^2).
  mutating func setRightHandSide(_ rhs: [Double]) {
    precondition(rhs.count == m)
    let m = m
    inverse.withUnsafeBufferPointer { inverse in
      values.withUnsafeMutableBufferPointer { values in
        for i in 0..<m {
          var v = 0.0
          let row = i * m
          for j in 0..<m where rhs[j] != 0 { v += inverse[row + j] * rhs[j] }
          values[i] = abs(v) < 1e-12 ? 0 : v
        }
      }
    }
  }

  /// Changes the costs of basic variables (row of the basis, new cost)
  /// and recomputes the duals.
  ///
  /// - Complexity: O(m^2).
  mutating func setCosts(_ changes: [(position: Int, cost: Double)]) {
    if changes.isEmpty { return }
    for (position, cost) in changes { costs[position] = cost }
    pivotsSinceRefresh = 0
    y = computedDuals()
  }

  /// Gives the basic columns new identifiers (one per row of the basis).
  ///
  /// - Complexity: O(m).
  mutating func renameBasis(_ identifiers: [Int]) {
    precondition(identifiers.count == m)
    basis = identifiers
  }

  /// Row `i` of the basis inverse, entry `j` (the coefficient of row `j`
  /// of the constraints in basic variable `i`).
  ///
  /// - Complexity: O(1).
  @inline(__always) func inverse(row i: Int, column j: Int) -> Double { inverse[i * m + j] }

  /// `B^-1 a` into ``direction``.
  private mutating func computeDirection(_ column: [(row: Int, value: Double)]) {
    let m = m
    inverse.withUnsafeBufferPointer { inverse in
      direction.withUnsafeMutableBufferPointer { direction in
        for i in 0..<m {
          var d = 0.0
          let row = i * m
          for (j, a) in column { d += inverse[row + j] * a }
          direction[i] = d
        }
      }
    }
  }

  /// The pivot on ``direction`` at row `leaving`, the entering variable
  /// taking the value `step`.
  private mutating func pivot(column: [(row: Int, value: Double)], cost: Double, identifier: Int, leaving: Int, step: Double) {
    let m = m
    var reducedCost = cost
    for (j, a) in column { reducedCost -= y[j] * a }
    let pivot = direction[leaving]
    let pivotRow = leaving * m
    // The elimination, on raw buffers (the hot loop of column generation);
    // the pivot row is copied out so that the row updates vectorise.
    inverse.withUnsafeMutableBufferPointer { inverse in
      pivotRowCopy.withUnsafeMutableBufferPointer { pivotRowCopy in
        direction.withUnsafeBufferPointer { direction in
          values.withUnsafeMutableBufferPointer { values in
            // The pivot row's nonzero span `first..<end`: outside it the
            // update subtracts zeros, so the rows change only within it
            // (the same arithmetic, entry for entry, on fewer entries).
            var first = m
            var end = 0
            for j in 0..<m {
              let entry = inverse[pivotRow + j] / pivot
              inverse[pivotRow + j] = entry
              pivotRowCopy[j] = entry
              if entry != 0 {
                if first == m { first = j }
                end = j + 1
              }
            }
            let base = inverse.baseAddress!
            let source = UnsafePointer(pivotRowCopy.baseAddress!)
            if end == 0 { first = 0 }
            for i in 0..<m where i != leaving {
              let d = direction[i]
              if d == 0 { continue }
              let target = base + i &* m
              for j in first..<end { target[j] -= d * source[j] }
              values[i] -= d * step
              if values[i] < 0 && values[i] > -1e-12 { values[i] = 0 }
            }
          }
        }
      }
    }
    values[leaving] = step
    costs[leaving] = cost
    basis[leaving] = identifier
    // y' = y + (reduced cost) * (new row of B^-1 at the pivot).
    pivotsSinceRefresh += 1
    if pivotsSinceRefresh >= Self.dualRefresh {
      pivotsSinceRefresh = 0
      y = computedDuals()
    } else {
      for j in 0..<m { y[j] += reducedCost * pivotRowCopy[j] }
    }
  }
}
