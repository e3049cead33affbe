/// The best filling of one row: a bounded integer knapsack solved exactly by
/// depth-first branch and bound.
///
/// Maximises `sum(values[i] * counts[i])` subject to
/// `sum(sizes[i] * counts[i]) <= capacity` and `0 <= counts[i] <= multiplicities[i]`,
/// with integer sizes and values. Item types are taken in decreasing order of
/// value per unit of size, each count tried from the largest down, and a
/// branch is cut when its value plus the Dantzig bound (the linear relaxation
/// of the remaining types, rounded down) cannot beat the best filling found:
/// the procedure of Horowitz and Sahni (1974) as extended to bounded
/// multiplicities by Martello and Toth (*Knapsack Problems*, 1990, ch. 3).
/// Its work does not grow with the capacity, only with the number of types
/// and the counts that fit, so capacities of 10^6 units and more are fine.
///
/// With a `threshold`, it answers the decision question instead: it stops
/// at the first filling worth more than the threshold (column generation
/// needs any improving pattern, not the best one), and prunes every branch
/// that cannot exceed it, which is far cheaper when values are nearly
/// proportional to sizes; when none exists, ``upperBound`` is the threshold.
///
/// Deterministic. A node limit keeps it finite on adversarial inputs: when
/// the limit is reached the best filling found is returned with
/// ``isOptimal`` false and ``upperBound`` the root's Dantzig bound (still a
/// valid upper bound on the optimum).
///
/// - Complexity: exponential in the worst case; O(types) per node.
public struct KnapsackBranchAndBound: Sendable, Hashable {
  /// The best total value found.
  public var value: Int
  /// Counts per item type (in the caller's order) reaching ``value``.
  public var counts: [Int]
  /// Whether ``value`` is proven to be the maximum (never with a threshold).
  public var isOptimal: Bool
  /// An upper bound on the maximum: ``value`` when optimal.
  public var upperBound: Int
  /// Search nodes used.
  public var nodes: Int

  /// Solves a bounded knapsack.
  ///
  /// - Parameters:
  ///   - sizes: the size of each item type, `>= 0`.
  ///   - values: the value of each item type (negative values are never taken);
  ///     the total of `values[i] * multiplicities[i]` must fit an `Int`.
  ///   - multiplicities: how many items of each type are available, `>= 0`.
  ///   - capacity: the knapsack's capacity, `>= 0`.
  ///   - nodeLimit: the most branch-and-bound nodes (one million by default).
  ///   - threshold: when given, stop at the first filling worth more than it.
  ///   - improvementNodeLimit: with a threshold, the search goes on after
  ///     the first filling above it, keeping the best, until this many nodes
  ///     in all (0, the default, stops at the first): column generation
  ///     gains from better columns, at a bounded cost.
  public init(
    sizes: [Int], values: [Int], multiplicities: [Int], capacity: Int, nodeLimit: Int = 1_000_000,
    threshold: Int? = nil, improvementNodeLimit: Int = 0
  ) {
    precondition(sizes.count == values.count && sizes.count == multiplicities.count && capacity >= 0)
    var counts = [Int](repeating: 0, count: sizes.count)
    var baseValue = 0
    var order: [Int] = []
    for i in sizes.indices where values[i] > 0 && multiplicities[i] > 0 {
      if sizes[i] == 0 {
        counts[i] = multiplicities[i]
        baseValue += values[i] * multiplicities[i]
      } else if sizes[i] <= capacity {
        order.append(i)
      }
    }
    // Decreasing value per size, compared exactly (v_a * s_b against v_b * s_a).
    order.sort { a, b in
      let left = values[a].multipliedFullWidth(by: sizes[b])
      let right = values[b].multipliedFullWidth(by: sizes[a])
      if left.high != right.high { return left.high > right.high }
      if left.low != right.low { return left.low > right.low }
      return a < b
    }
    var search = Search(
      sizes: order.map { sizes[$0] }, values: order.map { values[$0] },
      multiplicities: order.map { min(multiplicities[$0], capacity / sizes[$0]) }, nodeLimit: nodeLimit)
    let rootBound = search.dantzigBound(from: 0, residual: capacity)
    var exceeded = false
    if let threshold {
      if baseValue > threshold {
        exceeded = true
      } else {
        search.bestValue = threshold - baseValue
        search.stopsOnImprovement = true
        search.improvementNodeLimit = improvementNodeLimit
        search.run(capacity: capacity)
        exceeded = search.improved
      }
    } else {
      search.run(capacity: capacity)
    }
    if threshold == nil || exceeded {
      for (k, i) in order.enumerated() { counts[i] = search.bestCounts[k] }
    }
    let found = threshold == nil || search.improved ? search.bestValue : 0
    self.value = baseValue + found
    self.counts = counts
    self.isOptimal = threshold == nil && !search.aborted
    if search.aborted || exceeded {
      self.upperBound = baseValue + max(rootBound, found)
    } else {
      self.upperBound = baseValue + search.bestValue  // the maximum, or the threshold
    }
    self.nodes = search.nodes
  }

  /// The depth-first search over types sorted by value per size; every
  /// array is allocated once, before the search.
  private struct Search {
    let sizes: [Int]
    let values: [Int]
    let multiplicities: [Int]
    let nodeLimit: Int
    var current: [Int]
    var bestCounts: [Int]
    var bestValue = 0
    var nodes = 0
    var aborted = false
    /// Stop at the first filling better than the initial ``bestValue``.
    var stopsOnImprovement = false
    /// With ``stopsOnImprovement``: the nodes after which an improvement stops the search.
    var improvementNodeLimit = 0
    /// Whether a filling better than the initial ``bestValue`` was found.
    var improved = false

    init(sizes: [Int], values: [Int], multiplicities: [Int], nodeLimit: Int) {
      self.sizes = sizes
      self.values = values
      self.multiplicities = multiplicities
      self.nodeLimit = nodeLimit
      current = [Int](repeating: 0, count: sizes.count)
      bestCounts = current
    }

    /// The linear relaxation over types `k...`, rounded down: whole types in
    /// order while they fit, then the fraction of the first that does not.
    func dantzigBound(from k: Int, residual: Int) -> Int {
      var residual = residual
      var bound = 0
      var j = k
      while j < sizes.count && residual > 0 {
        let take = min(multiplicities[j], residual / sizes[j])
        bound += take * values[j]
        residual -= take * sizes[j]
        if take < multiplicities[j] {
          // residual < sizes[j]: the fraction residual / sizes[j] of one more item.
          let product = residual.multipliedFullWidth(by: values[j])
          bound += sizes[j].dividingFullWidth(product).quotient
          break
        }
        j += 1
      }
      return bound
    }

    mutating func run(capacity: Int) {
      branch(0, residual: capacity, value: 0)
    }

    private mutating func branch(_ k: Int, residual: Int, value: Int) {
      if value > bestValue {
        bestValue = value
        improved = true
        for j in 0..<sizes.count { bestCounts[j] = j < k ? current[j] : 0 }
        if stopsOnImprovement && nodes >= improvementNodeLimit {
          aborted = true
          return
        }
      }
      if k == sizes.count || residual == 0 || aborted { return }
      if nodes >= nodeLimit || (improved && stopsOnImprovement && nodes >= improvementNodeLimit) {
        aborted = true
        return
      }
      nodes += 1
      if value + dantzigBound(from: k, residual: residual) <= bestValue { return }
      var count = min(multiplicities[k], residual / sizes[k])
      while count >= 0 {
        current[k] = count
        branch(k + 1, residual: residual - count * sizes[k], value: value + count * values[k])
        if aborted { break }
        count -= 1
      }
      current[k] = 0
    }
  }
}
