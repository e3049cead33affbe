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
/// Deterministic. A node limit keeps it finite on adversarial inputs, and a
/// deadline (read at the first node and every 4096 after) bounds its wall time: when either is
/// reached the best filling found is returned with ``isOptimal`` false and
/// ``upperBound`` the root's Dantzig bound (still a valid upper bound on the
/// optimum).
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
  /// With `othersAbove`: for item types, the best filling the search met
  /// whose last type (in the order of value per size) is that type, worth
  /// more than `othersAbove`, best first, none equal to ``counts``: the
  /// search visits them anyway, and column generation enters several
  /// good, varied columns per pricing with them.
  public var others: [Filling] = []

  /// A filling: its total value and counts per item type (in the caller's order).
  public struct Filling: Sendable, Hashable {
    public var value: Int
    public var counts: [Int]
  }

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
  ///   - deadline: when given, stop (not optimal) once the clock passes it.
  ///   - othersAbove: when given, keep in ``others`` the best filling met
  ///     per last type worth more than this (O(types) per new best of a type).
  public init(
    sizes: [Int], values: [Int], multiplicities: [Int], capacity: Int, nodeLimit: Int = 1_000_000,
    threshold: Int? = nil, improvementNodeLimit: Int = 0, deadline: ContinuousClock.Instant? = nil,
    othersAbove: Int? = nil
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
    // The quotients in `Double` decide first: rounding is monotone, so
    // unequal quotients are in the exact order, and only equal ones need
    // the exact products (the same order, at a fraction of the cost).
    // Values and sizes from 2^53 on are not exact in `Double`: then all
    // quotients are left equal, and the products decide.
    var ratio = [Double](repeating: 0, count: sizes.count)
    if order.allSatisfy({ values[$0] <= 1 << 53 && sizes[$0] <= 1 << 53 }) {
      for i in order { ratio[i] = Double(values[i]) / Double(sizes[i]) }
    }
    order.sort { a, b in
      if ratio[a] != ratio[b] { return ratio[a] > ratio[b] }
      let left = values[a].multipliedFullWidth(by: sizes[b])
      let right = values[b].multipliedFullWidth(by: sizes[a])
      if left.high != right.high { return left.high > right.high }
      if left.low != right.low { return left.low > right.low }
      return a < b
    }
    var search = Search(
      sizes: order.map { sizes[$0] }, values: order.map { values[$0] },
      multiplicities: order.map { min(multiplicities[$0], capacity / sizes[$0]) }, nodeLimit: nodeLimit,
      deadline: deadline)
    if let othersAbove { search.others = OtherFillings(types: order.count, floor: othersAbove - baseValue) }
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
    if let found = search.others {
      self.others = found.fillings(best: counts, value: { baseValue + $0 }) { sorted in
        var others = counts  // the types of size 0 as in the best, the others from the search
        for (k, i) in order.enumerated() { others[i] = sorted[k] }
        return others
      }
    }
  }

  /// The depth-first search over types sorted by value per size; every
  /// array is allocated once, before the search.
  private struct Search {
    let sizes: [Int]
    let values: [Int]
    let multiplicities: [Int]
    let nodeLimit: Int
    /// Whether the deadline has passed (nil: no deadline). A closure, not
    /// the instant: `ContinuousClock.Instant` has no fixed layout outside
    /// its module, and as a stored field it would make every field access
    /// of the search go through runtime metadata.
    let isPastDeadline: (() -> Bool)?
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
    /// The best filling per last type, when kept.
    var others: OtherFillings? = nil

    init(sizes: [Int], values: [Int], multiplicities: [Int], nodeLimit: Int, deadline: ContinuousClock.Instant?) {
      self.sizes = sizes
      self.values = values
      self.multiplicities = multiplicities
      self.nodeLimit = nodeLimit
      self.isPastDeadline = deadline.map { deadline in { ContinuousClock().now >= deadline } }
      current = [Int](repeating: 0, count: sizes.count)
      bestCounts = current
    }

    /// The whole types of the linear relaxation over types `k...`: taken in
    /// order while they fit, their value, the room left, and the first type
    /// that does not fit whole (`sizes.count` when all do or no room is left).
    @inline(__always)
    func dantzigWholeTypes(from k: Int, residual: Int) -> (value: Int, residual: Int, split: Int) {
      var residual = residual
      var value = 0
      var j = k
      while j < sizes.count && residual > 0 {
        let take = min(multiplicities[j], residual / sizes[j])
        value += take * values[j]
        residual -= take * sizes[j]
        if take < multiplicities[j] { return (value, residual, j) }
        j += 1
      }
      return (value, residual, sizes.count)
    }

    /// The linear relaxation over types `k...`, rounded down: whole types in
    /// order while they fit, then the fraction of the first that does not.
    func dantzigBound(from k: Int, residual: Int) -> Int {
      let whole = dantzigWholeTypes(from: k, residual: residual)
      guard whole.split < sizes.count else { return whole.value }
      // residual < sizes[split]: the fraction residual / sizes[split] of one more item.
      let product = whole.residual.multipliedFullWidth(by: values[whole.split])
      return whole.value + sizes[whole.split].dividingFullWidth(product).quotient
    }

    /// Whether ``dantzigBound(from:residual:)`` is at most `limit`, without
    /// its 128-bit division: `floor(r v / s) <= x` iff `r v < (x + 1) s`.
    func dantzigBound(from k: Int, residual: Int, isAtMost limit: Int) -> Bool {
      let whole = dantzigWholeTypes(from: k, residual: residual)
      if whole.value > limit { return false }
      guard whole.split < sizes.count else { return true }
      let fraction = whole.residual.multipliedFullWidth(by: values[whole.split])
      let room = (limit - whole.value + 1).multipliedFullWidth(by: sizes[whole.split])
      return fraction.high != room.high ? fraction.high < room.high : fraction.low < room.low
    }

    mutating func run(capacity: Int) {
      branch(0, residual: capacity, value: 0, last: -1)
    }

    /// A node: counts `current[..<k]` fixed, `last` the last type among them taken.
    private mutating func branch(_ k: Int, residual: Int, value: Int, last: Int) {
      others?.offer(last: last, value: value) { (0..<sizes.count).map { $0 < k ? current[$0] : 0 } }
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
      if nodes & 4095 == 1, let isPastDeadline, isPastDeadline() {
        aborted = true
        return
      }
      if dantzigBound(from: k, residual: residual, isAtMost: bestValue - value) { return }
      var count = min(multiplicities[k], residual / sizes[k])
      while count >= 0 {
        current[k] = count
        branch(k + 1, residual: residual - count * sizes[k], value: value + count * values[k], last: count > 0 ? k : last)
        if aborted { break }
        count -= 1
      }
      current[k] = 0
    }
  }
}
