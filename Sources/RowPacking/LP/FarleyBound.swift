/// A lower bound on the rows of a bin packing from any nonnegative item
/// weights, in exact integer arithmetic (Farley 1990).
///
/// If every row can hold items of total weight at most `P`, then `k` rows
/// hold at most `k * P`, so at least `ceil(sum(weight * multiplicity) / P)`
/// rows are needed. This holds for *any* nonnegative weights; with the
/// optimal duals of the Gilmore-Gomory LP (`P` = 1) it is the LP's optimum
/// rounded up. Here the weights are integers (duals scaled and rounded
/// down) and `P` is found by an exact knapsack (`KnapsackDynamicProgramming`
/// on small capacities, else ``KnapsackGridBound``, or its upper bound when
/// its node limit is reached), so floating-point errors
/// in the duals can weaken the bound but never make it invalid.
///
/// A. A. Farley, "A note on bounding a class of linear programming problems,
/// including cutting stock problems", *Operations Research* 38(5), 1990.
///
/// - Parameters:
///   - sizes: item type sizes, `>= 0`.
///   - multiplicities: items of each type.
///   - capacity: the row capacity.
///   - weights: a nonnegative integer weight per type; the total of
///     `weights[i] * multiplicities[i]` must fit an `Int`.
///   - nodeLimit: the knapsack's node limit.
///   - target: the bound hoped for (the LP optimum rounded up), if known:
///     then a decision knapsack tries to prove it (and one less) first.
/// - Returns: the bound, or 0 when every weight is 0.
/// - Complexity: one knapsack over the types.
public func farleyBound(
  sizes: [Int], multiplicities: [Int], capacity: Int, weights: [Int], nodeLimit: Int = 1_000_000,
  target: Int? = nil
) -> Int {
  precondition(weights.allSatisfy { $0 >= 0 })
  var total = 0
  for i in sizes.indices { total += weights[i] * multiplicities[i] }
  if total == 0 { return 0 }
  if let table = KnapsackDynamicProgramming.solve(
    sizes: sizes, values: weights, multiplicities: multiplicities, capacity: capacity)
  {
    return table.value > 0 ? (total + table.value - 1) / table.value : 0
  }
  // The bound k needs every row worth at most (total - 1) / (k - 1): a
  // decision knapsack with that threshold is far cheaper than the maximum.
  // On the default grid first, then on the finest affordable one: the
  // decision is whether every row is worth at most about 1 + 1/k of a dual
  // unit, a margin the default grid's rounding can exceed (a tag cloud at
  // 1000 units per point, 185 types: its search ran out of nodes).
  var knapsack = KnapsackGridBound(sizes: sizes, multiplicities: multiplicities, capacity: capacity)
  let finest = KnapsackGridBound.finestGrid(types: sizes.count)
  var fine: KnapsackGridBound? = nil
  if let target {
    for k in stride(from: target, through: max(2, target - 1), by: -1) {
      let threshold = (total - 1) / (k - 1)
      var decision = knapsack.solve(values: weights, threshold: threshold, nodeLimit: nodeLimit)
      if decision.upperBound > threshold && finest > KnapsackGridBound.gridCells {
        if fine == nil {
          fine = KnapsackGridBound(sizes: sizes, multiplicities: multiplicities, capacity: capacity, gridCells: finest)
        }
        decision = fine!.solve(values: weights, threshold: threshold, nodeLimit: nodeLimit)
      }
      if decision.upperBound <= threshold, decision.upperBound > 0 {
        return (total + decision.upperBound - 1) / decision.upperBound
      }
    }
  }
  let perRow = knapsack.solve(values: weights, nodeLimit: nodeLimit).upperBound
  if perRow <= 0 { return 0 }
  return (total + perRow - 1) / perRow
}

/// Farley's bound from real-valued duals: each dual is clamped at 0, scaled
/// by `scale` and rounded down to an integer weight (see
/// ``farleyBound(sizes:multiplicities:capacity:weights:nodeLimit:target:)``).
///
/// Valid whatever the duals are (even wrong ones): only its strength
/// depends on them.
///
/// - Parameters:
///   - sizes: item type sizes, `>= 0`.
///   - multiplicities: items of each type.
///   - capacity: the row capacity.
///   - duals: one value per type (negative values and NaN count as 0, values
///     above 4 as 4: no Gilmore-Gomory dual exceeds 1).
///   - scale: the integer weight of a dual of 1 (2^30 by default).
///   - nodeLimit: the knapsack's node limit.
///   - target: the bound hoped for, if known (see the integer form).
/// - Complexity: one knapsack over the types.
public func farleyBound(
  sizes: [Int], multiplicities: [Int], capacity: Int, duals: [Double], scale: Double = 1_073_741_824,
  nodeLimit: Int = 1_000_000, target: Int? = nil
) -> Int {
  let weights = duals.map { integerWeight(dual: $0, scale: scale) }
  return farleyBound(
    sizes: sizes, multiplicities: multiplicities, capacity: capacity, weights: weights, nodeLimit: nodeLimit,
    target: target)
}

/// A dual as a nonnegative integer weight: clamped to `0...4` (NaN gives
/// 0), scaled by `scale` and rounded down.
///
/// - Parameters:
///   - dual: the dual value.
///   - scale: the integer weight of a dual of 1.
/// - Complexity: O(1).
public func integerWeight(dual: Double, scale: Double = 1_073_741_824) -> Int {
  guard dual > 0, dual.isFinite else { return 0 }
  return Int((min(dual, 4) * scale).rounded(.down))
}
