extension KnapsackBranchAndBound {
  /// The best filling a depth-first knapsack search meets for each last
  /// type taken (in its search order), worth more than a floor: nodes the
  /// search visits anyway, which column generation enters as several good,
  /// varied columns per pricing. Shared by ``KnapsackBranchAndBound`` and
  /// ``KnapsackGridBound``.
  ///
  /// - Complexity: O(1) per node that does not beat its type's best, O(types)
  ///   per one that does.
  struct OtherFillings {
    /// Per last type: the best value met (at first the floor to beat) and
    /// its counts (empty until one beats the floor).
    private var values: [Int]
    private var counts: [[Int]]

    init(types: Int, floor: Int) {
      values = [Int](repeating: floor, count: types)
      counts = [[Int]](repeating: [], count: types)
    }

    /// Records the node's filling when it beats the best met with `last`
    /// as last type (`last` < 0: nothing taken yet); `counts` is called
    /// only then.
    @inline(__always)
    mutating func offer(last: Int, value: Int, counts filling: () -> [Int]) {
      guard last >= 0 && value > values[last] else { return }
      values[last] = value
      counts[last] = filling()
    }

    /// The fillings met, best first, none equal to `best`: each value and
    /// counts turned into the caller's by `value` and `counts`.
    func fillings(
      best: [Int], value: (Int) -> Int = { $0 }, counts toCaller: ([Int]) -> [Int] = { $0 }
    ) -> [Filling] {
      var found: [Filling] = []
      for (last, met) in counts.enumerated() where !met.isEmpty {
        let callers = toCaller(met)
        if callers != best { found.append(Filling(value: value(values[last]), counts: callers)) }
      }
      found.sort { $0.value > $1.value }
      return found
    }
  }
}
