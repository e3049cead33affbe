import RowPacking

extension NearFullRowsModel {
  /// The rows of load in `[C - budget, C]` (non-empty, each type at most
  /// its demand): the model's rows without dual restrictions, counted by
  /// a dynamic programme over loads, each count capped at `cap` (so that
  /// the answer is `min(rows, cap)`, exact below the cap); nil when the
  /// count would take more than `workLimit` additions.
  ///
  /// Where the enumeration (``patterns(budget:leastWeights:leastCutValues:until:)``)
  /// would pass ``patternLimit``, it finds that out only after visiting
  /// more than that many rows; on AI instances of 600-1002 items, whose
  /// rows must be exactly full, that took 2-5 s to say "unknown".
  /// The count is the classical counting knapsack recurrence
  /// `N_t(c) = sum_{k <= min(d_t, c / s_t)} N_{t-1}(c - k s_t)`, in place
  /// over decreasing loads, with saturating additions (no subtraction, so
  /// the cap loses nothing below it).
  ///
  /// - Complexity: O(C x sum_t min(d_t, C / s_t)), at most `workLimit`.
  static func rowCount(types: ItemTypes, budget: Int, cap: Int, workLimit: Int) -> Int? {
    guard budget >= 0 else { return 0 }
    let capacity = types.capacity
    var work = 0
    for t in 0..<types.count {
      work += min(types.demands[t], capacity / types.sizes[t]) * (capacity + 1)
      if work > workLimit { return nil }
    }
    var ways = [Int](repeating: 0, count: capacity + 1)
    ways[0] = 1
    for t in 0..<types.count where types.demands[t] > 0 {
      let size = types.sizes[t]
      let most = min(types.demands[t], capacity / size)
      guard most > 0 else { continue }
      // Decreasing loads: ways[c - k size] is still the count before t.
      var c = capacity
      while c >= size {
        var total = ways[c]
        var k = 1
        var from = c - size
        while k <= most && from >= 0 {
          total = min(cap, total + ways[from])
          k += 1
          from -= size
        }
        ways[c] = total
        c -= 1
      }
    }
    var rows = 0
    for c in max(1, capacity - budget)...capacity { rows = min(cap, rows + ways[c]) }
    return rows
  }
}
