extension ScaledInstance {
  /// Martello and Toth's lower bound L2.
  ///
  /// For a threshold `a` in `0...C/2`, items larger than `C - a` (set J1)
  /// and items in `(C/2, C - a]` (J2) each need a row of their own, and the
  /// items in `[a, C/2]` (J3) that do not fit into the rows of J2 need
  /// further rows: `L(a) = |J1| + |J2| + max(0, ceil((size(J3) - (|J2| C -
  /// size(J2))) / C))`. L2 is the largest `L(a)` over the item sizes `a <=
  /// C/2`, and is never below L1.
  ///
  /// S. Martello and P. Toth, "Lower bounds and reduction procedures for the
  /// bin packing problem", Discrete Applied Mathematics 28(1):59-70, 1990.
  ///
  /// Computed on ``boundSizes`` and ``boundCapacity``.
  ///
  /// - Complexity: O(*n* log *n*): one sort, then O(log *n*) per threshold.
  public var martelloTothBound: Int {
    let sizes = boundSizes.sorted()
    guard !sizes.isEmpty else { return 0 }
    let c = boundCapacity
    var prefix = [Int](repeating: 0, count: sizes.count + 1)
    for (i, s) in sizes.enumerated() { prefix[i + 1] = prefix[i] + s }
    // Index of the first size satisfying a predicate that is false then true.
    func firstIndex(where predicate: (Int) -> Bool) -> Int {
      var low = 0, high = sizes.count
      while low < high {
        let mid = (low + high) / 2
        if predicate(sizes[mid]) { high = mid } else { low = mid + 1 }
      }
      return low
    }
    let firstLarge = firstIndex { 2 * $0 > c }  // sizes > C/2 start here
    var best = continuousBound
    var previous: Int? = nil
    for alphaIndex in 0..<firstLarge {
      let alpha = sizes[alphaIndex]
      if alpha == previous { continue }
      previous = alpha
      let firstJ1 = firstIndex { $0 > c - alpha }
      let countJ1 = sizes.count - firstJ1
      let countJ2 = firstJ1 - firstLarge
      let sizeJ2 = prefix[firstJ1] - prefix[firstLarge]
      let sizeJ3 = prefix[firstLarge] - prefix[alphaIndex]
      let overflow = sizeJ3 - (countJ2 * c - sizeJ2)
      let extra = overflow > 0 ? (overflow + c - 1) / c : 0
      best = max(best, countJ1 + countJ2 + extra)
    }
    // With no item of at most C/2, every item needs its own row.
    best = max(best, sizes.count - firstLarge)
    return best
  }

  /// The best of the simple lower bounds (L1, L2) with its source; L1 when
  /// L2 does not improve on it.
  public var simpleLowerBound: LowerBound {
    let l1 = LowerBound(value: continuousBound, source: .l1)
    return l1.strongest(LowerBound(value: martelloTothBound, source: .l2))
  }
}
