import RowPacking

/// The dives' look-ahead where the rows must be exactly full: candidate
/// rows ordered by the exactly full completions they leave the residual's
/// items above half the capacity (each row holds at most one of those), so
/// that a row that strands a large item is tried last (forward checking,
/// and the least constraining value first: R. M. Haralick and G. L.
/// Elliott, "Increasing tree search efficiency for constraint satisfaction
/// problems", Artificial Intelligence 14(3):263-313, 1980; completions as
/// in R. E. Korf, "An improved algorithm for optimal bin packing", IJCAI
/// 2003).
extension LimitedDiscrepancyDiving {
  /// How many ways each large item of `residual` (a type of size above
  /// half the capacity, with items left) can still be completed to an
  /// exactly full row by the other items left: the subsets of the
  /// residual's items of size at most half the capacity that total the
  /// capacity minus its size. Such a subset cannot hold another large
  /// item, nor the item itself, so one count table over the small items
  /// answers every large type. Counts are modulo 2^64 (exact below it).
  ///
  /// - Complexity: O(small items x C / 2) time, O(C) memory.
  static func largeItemCompletions(residual: [Int], sizes: [Int], capacity: Int) -> [(type: Int, completions: UInt64)] {
    let table = smallItemCounts(residual: residual, sizes: sizes, capacity: capacity)
    return largeItemCompletions(residual: residual, sizes: sizes, capacity: capacity, table: table)
  }

  /// The subset counts of `residual`'s items of size at most half the
  /// capacity, up to half the capacity.
  ///
  /// - Complexity: O(small items x C / 2).
  static func smallItemCounts(residual: [Int], sizes: [Int], capacity: Int) -> SubsetSumCounts {
    var table = SubsetSumCounts(capacity: capacity / 2)
    for t in residual.indices where residual[t] > 0 && 2 * sizes[t] <= capacity {
      table.add(size: sizes[t], copies: residual[t])
    }
    return table
  }

  /// The same completions read from `table`, the small items' counts of
  /// `residual` (``smallItemCounts(residual:sizes:capacity:)``).
  ///
  /// - Complexity: O(types).
  static func largeItemCompletions(
    residual: [Int], sizes: [Int], capacity: Int, table: SubsetSumCounts
  ) -> [(type: Int, completions: UInt64)] {
    residual.indices.filter { residual[$0] > 0 && 2 * sizes[$0] > capacity }.map { t in
      (t, table.counts[capacity - sizes[t]])
    }
  }

  /// `candidates` with the first `lookahead` of them (by score) ordered
  /// least constraining first: by how many large items of the residual
  /// left after the candidate's row would have no exactly full completion
  /// (fewer first), then by the sum over those items of 1 / completions
  /// (less pressure first), ties kept in score order; the rest after them
  /// as they were. Where the rows must be exactly full and each holds at
  /// most one item above half the capacity, a row that leaves a large
  /// item without completion loses the packing, and one that leaves the
  /// large items fewer completions is likelier to (the least constraining
  /// value first of constraint satisfaction; the completions counted as
  /// bin completion counts them, Korf 2003). Unchanged where no large
  /// item is left or the count table (small items x C / 2 cells) exceeds
  /// `workLimit`.
  ///
  /// - Complexity: O(small items x C / 2 + lookahead x (row length x C / 2
  ///   + types)).
  static func orderedByLeastConstraining<T>(
    _ candidates: [(pattern: Pattern, value: Double, score: T)], residual: [Int], sizes: [Int], capacity: Int,
    lookahead: Int, workLimit: Int = .max
  ) -> [(pattern: Pattern, value: Double, score: T)] {
    let head = min(lookahead, candidates.count)
    guard head > 1 else { return candidates }
    // The count table's work, and whether any large item is left to count.
    var smallItems = 0
    var large = false
    for t in residual.indices where residual[t] > 0 {
      if 2 * sizes[t] <= capacity { smallItems += residual[t] } else { large = true }
    }
    guard large, smallItems.multipliedReportingOverflow(by: capacity / 2 + 1).partialValue <= workLimit else {
      return candidates
    }
    var table = smallItemCounts(residual: residual, sizes: sizes, capacity: capacity)
    var keys: [(dead: Int, pressure: Double, rank: Int)] = []
    for rank in 0..<head {
      let pattern = candidates[rank].pattern
      var left = residual
      for t in pattern {
        left[t] -= 1
        if 2 * sizes[t] <= capacity { table.remove(size: sizes[t]) }
      }
      var dead = 0
      var pressure = 0.0
      for (_, completions) in largeItemCompletions(residual: left, sizes: sizes, capacity: capacity, table: table) {
        if completions == 0 { dead += 1 } else { pressure += 1 / Double(completions) }
      }
      for t in pattern where 2 * sizes[t] <= capacity { table.add(size: sizes[t]) }
      keys.append((dead, pressure, rank))
    }
    keys.sort { a, b in
      a.dead != b.dead ? a.dead < b.dead : a.pressure != b.pressure ? a.pressure < b.pressure : a.rank < b.rank
    }
    return keys.map { candidates[$0.rank] } + candidates[head...]
  }
}
