/// The pricing problem of Gilmore–Gomory column generation: the row
/// pattern of largest total dual value, a bounded knapsack problem
///
///     maximise sum(value_t a_t)  s.t.  sum(size_t a_t) <= C,  0 <= a_t <= bound_t, integer.
///
/// Solved exactly (the LP bound is a proof only if pricing is exact): by a
/// depth-first branch and bound with the Dantzig bound (Horowitz and
/// Sahni, 1974; Martello and Toth, *Knapsack Problems*, 1990, ch. 2 and 3)
/// when the capacity is large, falling back to dynamic programming over the
/// capacities (binary splitting of each bound) when the search grows, and
/// dynamic programming directly for small capacities.
///
/// - Complexity: dynamic programming O(*C* x sum(log *bound_t*)) time and
///   bits of memory; the branch and bound is limited to ``nodeLimit`` nodes.
struct KnapsackPricing {
  let sizes: [Int]
  let capacity: Int
  /// Nodes of the branch and bound before falling back to dynamic programming.
  var nodeLimit = 20_000
  /// For large capacities, coarse grids (finest last): sizes rounded up and
  /// the capacity down to multiples of a unit, so that a pattern found on a
  /// grid fits the true capacity. About 2000 and 20000 capacities.
  let coarseUnits: [Int]
  private let coarseSizes: [[Int]]

  init(sizes: [Int], capacity: Int) {
    self.sizes = sizes
    self.capacity = capacity
    var units: [Int] = []
    if capacity > 4000 { units.append(capacity / 2000) }
    if capacity > 40000 { units.append(capacity / 20000) }
    coarseUnits = units
    coarseSizes = units.map { unit in sizes.map { ($0 + unit - 1) / unit } }
  }

  /// How many coarse grids there are (0 for small capacities).
  var coarseGridCount: Int { coarseUnits.count }

  /// A good pattern, not necessarily the best: the best on coarse grid
  /// `grid` (sizes rounded up), so that it fits the true capacity. Its
  /// value is no bound.
  ///
  /// - Complexity: O(*C* / unit x sum(log *bound_t*)).
  func coarseBest(grid: Int, values: [Double], bounds: [Int]) -> (value: Double, pattern: Pattern) {
    let coarseCapacity = capacity / coarseUnits[grid]
    let gridSizes = coarseSizes[grid]
    var candidates: [Int] = []
    for t in sizes.indices where values[t] > 1e-12 && bounds[t] > 0 && gridSizes[t] <= coarseCapacity {
      candidates.append(t)
    }
    if candidates.isEmpty { return (0, []) }
    return dynamicProgramme(values: values, bounds: bounds, candidates: candidates, sizes: gridSizes, capacity: coarseCapacity)
  }

  /// The best pattern (type indices, increasing) and its total value.
  func best(values: [Double], bounds: [Int]) -> (value: Double, pattern: Pattern) {
    var candidates: [Int] = []
    for t in sizes.indices where values[t] > 1e-12 && bounds[t] > 0 && sizes[t] <= capacity {
      candidates.append(t)
    }
    if candidates.isEmpty { return (0, []) }
    var chunks = 0
    for t in candidates { chunks += min(bounds[t], capacity / sizes[t]).bitWidth - min(bounds[t], capacity / sizes[t]).leadingZeroBitCount }
    if capacity * chunks <= 2_000_000 {
      return dynamicProgramme(values: values, bounds: bounds, candidates: candidates, sizes: sizes, capacity: capacity)
    }
    if let found = branchAndBound(values: values, bounds: bounds, candidates: candidates) {
      return found
    }
    return dynamicProgramme(values: values, bounds: bounds, candidates: candidates, sizes: sizes, capacity: capacity)
  }

  private func dynamicProgramme(
    values: [Double], bounds: [Int], candidates: [Int], sizes: [Int], capacity: Int
  ) -> (value: Double, pattern: Pattern) {
    // Binary splitting: bound u becomes chunks 1, 2, 4, ..., rest.
    var chunkType: [Int] = []
    var chunkCount: [Int] = []
    for t in candidates {
      var left = min(bounds[t], capacity / sizes[t])
      var k = 1
      while left > 0 {
        let take = min(k, left)
        chunkType.append(t)
        chunkCount.append(take)
        left -= take
        k *= 2
      }
    }
    let words = (capacity + 1 + 63) / 64
    var taken = [UInt64](repeating: 0, count: words * chunkType.count)
    var best = [Double](repeating: 0, count: capacity + 1)
    best.withUnsafeMutableBufferPointer { dp in
      taken.withUnsafeMutableBufferPointer { bits in
        for c in chunkType.indices {
          let w = sizes[chunkType[c]] * chunkCount[c]
          let v = values[chunkType[c]] * Double(chunkCount[c])
          if w > capacity { continue }
          let base = c * words
          var cap = capacity
          while cap >= w {
            let candidate = dp[cap - w] + v
            if candidate > dp[cap] + 1e-12 {
              dp[cap] = candidate
              bits[base + cap >> 6] |= 1 << UInt64(cap & 63)
            }
            cap -= 1
          }
        }
      }
    }
    var pattern: Pattern = []
    var cap = capacity
    for c in chunkType.indices.reversed() {
      if taken[c * words + cap >> 6] & (1 << UInt64(cap & 63)) != 0 {
        pattern.append(contentsOf: repeatElement(chunkType[c], count: chunkCount[c]))
        cap -= sizes[chunkType[c]] * chunkCount[c]
      }
    }
    pattern.sort()
    let value = pattern.reduce(0.0) { $0 + values[$1] }
    return (value, pattern)
  }

  private func branchAndBound(values: [Double], bounds: [Int], candidates: [Int]) -> (value: Double, pattern: Pattern)? {
    let order = candidates.sorted {
      let a = values[$0] / Double(sizes[$0]), b = values[$1] / Double(sizes[$1])
      return a != b ? a > b : sizes[$0] > sizes[$1]
    }
    let m = order.count
    let w = order.map { sizes[$0] }
    let v = order.map { values[$0] }
    let u = order.map { min(bounds[$0], capacity / sizes[$0]) }
    var count = [Int](repeating: 0, count: m)
    var bestCount = count
    var bestValue = 0.0
    var nodes = 0
    // Greedy start.
    var room = capacity
    var value = 0.0
    for i in 0..<m {
      let k = min(u[i], room / w[i])
      count[i] = k
      room -= k * w[i]
      value += Double(k) * v[i]
    }
    bestValue = value
    bestCount = count
    for i in 0..<m { count[i] = 0 }
    // Depth-first search on the counts of item i, largest count first.
    func upperBound(from i: Int, room: Int) -> Double {
      var r = room
      var bound = 0.0
      var j = i
      while j < m {
        let k = min(u[j], r / w[j])
        bound += Double(k) * v[j]
        r -= k * w[j]
        if k < u[j] {
          // Fractional part of the next copy.
          bound += Double(r) * v[j] / Double(w[j])
          return bound
        }
        j += 1
      }
      return bound
    }
    var aborted = false
    func search(_ i: Int, _ room: Int, _ value: Double) {
      if aborted { return }
      nodes += 1
      if nodes > nodeLimit { aborted = true; return }
      if value > bestValue + 1e-12 {
        bestValue = value
        bestCount = count
      }
      if i == m || room == 0 { return }
      if value + upperBound(from: i, room: room) <= bestValue + 1e-12 { return }
      let most = min(u[i], room / w[i])
      var k = most
      while k >= 0 {
        count[i] = k
        search(i + 1, room - k * w[i], value + Double(k) * v[i])
        if aborted { break }
        k -= 1
      }
      count[i] = 0
    }
    search(0, capacity, 0)
    if aborted { return nil }
    var pattern: Pattern = []
    for i in 0..<m { pattern.append(contentsOf: repeatElement(order[i], count: bestCount[i])) }
    pattern.sort()
    return (bestValue, pattern)
  }
}
