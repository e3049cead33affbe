import RowPacking

extension GilmoreGomoryColumnGeneration {
  /// The waste budget that proves the rows asked for, shrinking with the
  /// master's objective (da Silva and Schouery, 2023).
  ///
  /// To refute `rows` rows only rows of waste at most `rows x C - S` (`S`
  /// the items' total size) matter, and to bound the LP below any `m`
  /// rows only rows of waste at most `m x C - S`: so while the master's
  /// objective `z` stays above `rows`, a row wasting more than
  /// `floor(C x max(rows, z) - S)` takes no part. In the problem's units
  /// (sizes and capacity with the spacing folded in), at least
  /// `rows x C - S` (never below the rows asked for).
  ///
  /// R. da Silva and R. C. S. Schouery, "A branch-and-cut-and-price
  /// algorithm for cutting stock and related problems", INFORMS Journal on
  /// Computing, 2023.0399 (their root rule, `ResidueOptim`).
  ///
  /// - Complexity: O(1).
  static func shrinkingWasteBudget(rows: Int, objective: Double, capacity: Int, totalSize: Int) -> Int {
    let atRows = rows * capacity - totalSize
    let atObjective = Double(capacity) * objective - Double(totalSize)
    guard atObjective.isFinite, atObjective < Double(Int.max / 2) else { return Int.max / 2 }
    return max(atRows, Int((atObjective + 1e-10).rounded(.down)))
  }

  /// The most rows whose packings use only rows within a waste budget.
  ///
  /// A packing of the items of total size `totalSize` in `m` rows wastes
  /// `m x C - totalSize` in all, so no row of it wastes more than that:
  /// for `m <= floor((budget + totalSize) / C)` every row is within
  /// `budget`, and an LP bound over those rows alone bounds those `m`. A
  /// bound it gives above this count plus one is not proven.
  ///
  /// - Complexity: O(1).
  static func rowsCovered(byWasteBudget budget: Int, capacity: Int, totalSize: Int) -> Int {
    (budget + totalSize) / capacity
  }

  /// The total size of the current demands.
  var totalSize: Int {
    var total = 0
    for t in 0..<types.count { total += demands[t] * types.sizes[t] }
    return total
  }

  /// The row bound that a Farley bound of `rows` over the rows within the
  /// budget proves for the current demands: `rows`, capped at one above the
  /// rows the budget covers (``rowsCovered(byWasteBudget:capacity:totalSize:)``).
  ///
  /// - Complexity: O(types).
  func provenRows(_ rows: Int) -> Int {
    guard let budget = wasteBudget else { return rows }
    return min(rows, Self.rowsCovered(byWasteBudget: budget, capacity: types.capacity, totalSize: totalSize) + 1)
  }

  /// Whether a pattern of waste `waste` is over the waste budget: it
  /// wastes more, and is not a single type's (those keep the master
  /// feasible whatever the budget; they only loosen its LP towards the
  /// unbudgeted one, and the bound comes from pricing within the budget).
  ///
  /// - Complexity: O(1).
  func isOverBudget(_ pattern: Pattern, waste: Int) -> Bool {
    guard let budget = wasteBudget, waste > budget else { return false }
    return pattern.first != pattern.last
  }
}
