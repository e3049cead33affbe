import RowPacking

extension RyanFosterBranchAndPrice {
  /// The cost of the columns over the waste budget that keep the master
  /// feasible (one per item, one per merged item): above any dual an item
  /// takes over the rows within the budget (about its size's share of a
  /// row), so that the LP uses them only where those rows cannot partition
  /// the items; a node's bound does not depend on it.
  static let artificialCost = 4.0

  /// Whether a row of total size `load` is within the waste budget:
  /// leaves at most ``wasteBudget`` of the capacity empty.
  ///
  /// Every row of a packing in `k` rows leaves at most
  /// `k x C - sum sizes` empty (their sum), so that the tree on `k` rows
  /// needs no other row (da Silva and Schouery, 2023: on instances whose
  /// sizes fill `k` rows exactly, only exactly-full rows).
  func isWithinBudget(load: Int) -> Bool {
    guard let wasteBudget else { return true }
    return capacity - load <= wasteBudget
  }

  /// The total size of the items of `column` (or of a merged item's group).
  ///
  /// - Complexity: O(column length).
  func load(of column: [Int]) -> Int { column.reduce(0) { $0 + sizes[$1] } }

  /// A node's safe bound as far as it is valid: under a waste budget it
  /// answers only whether the rows asked for suffice, so that it is at
  /// most one more.
  func capped(_ bound: Int, target: Int) -> Int { wasteBudget == nil ? bound : min(bound, target) }
}

extension RyanFosterBranchAndPrice {
  /// A dual point (the merged items' duals, then the cuts') for pricing
  /// under a waste budget, and the value it gives a row's cost of 1.
  ///
  /// The items' duals are shifted by `lambda x size`, the least
  /// `lambda >= 0` that makes every one at least 0, then the whole point is
  /// scaled by the `mu <= 1` that keeps every dual within 4 (none of this
  /// without a budget). The master's rows are equalities, so that its duals
  /// may be negative, and over the artificial columns far above 1, while the
  /// integer weights clip them to `0...4` (``integerWeight(dual:scale:)``):
  /// clipped, they lose the proof where the rows within the budget cannot
  /// partition the items. On rows within a budget of 0 the shift adds
  /// `lambda x C` to every row's value and `lambda x C x k` to the total,
  /// and the scale multiplies both, which leaves the bound's test at `k`
  /// rows and the rows' order unchanged. Any weights give a valid bound,
  /// as a packing's rows partition the items.
  ///
  /// - Complexity: O(merged items + cuts).
  func budgetPoint(_ point: [Double], groupSizes: [Int]) -> (point: [Double], rowCost: Double) {
    guard wasteBudget != nil else { return (point, 1) }
    let groups = groupSizes.count
    let shift = zip(point, groupSizes).reduce(0.0) { max($0, -$1.0 / Double($1.1)) }
    var shifted = point
    for g in 0..<groups { shifted[g] += shift * Double(groupSizes[g]) }
    let largest = shifted.prefix(groups).reduce(0.0) { max($0, $1) }
    let mu = largest > 4 ? 4 / largest : 1
    return (shifted.map { $0 * mu }, mu * (1 + shift * Double(capacity)))
  }

  /// The safe bound at integer weights and the exact maximum of a row,
  /// capped under a waste budget (``capped(_:target:)``), where no row
  /// within the budget is worth more than 0 while the weights' total is
  /// positive: no packing of the rows asked for (each row of one would be
  /// worth at most 0, their sum the total), the bound is the target.
  ///
  /// - Complexity: O(merged items + cuts).
  func nodeBound(weights: [Int], cutWeights: [Int], maximum: Int, target: Int) -> Int {
    let demands = Array(repeating: 1, count: weights.count)
    if wasteBudget != nil, maximum <= 0,
      let total = CertifiedBound.total(weights: weights, demands: demands, cuts: cuts, cutWeights: cutWeights), total > 0
    {
      return target
    }
    return capped(SubsetRowCutAndPrice.safeBound(
      weights: weights, demands: demands, cuts: cuts, cutWeights: cutWeights, maximum: maximum), target: target)
  }
}
