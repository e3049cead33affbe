extension ScaledInstance {
  /// The lower bound of Fekete and Schepers' dual feasible functions u^(k).
  ///
  /// A function u on [0, 1] is dual feasible when any set of sizes with sum
  /// at most 1 keeps a sum at most 1 after u; then `ceil(sum u(x_i))` is a
  /// lower bound on the rows. For k = 1, 2, ...:
  /// `u^(k)(x) = x` when `(k + 1) x` is a whole number, else
  /// `floor((k + 1) x) / k`. Here in integers on sizes `s` and capacity `C`,
  /// scaled by `k C` so that no rounding happens: `s k` when `C` divides
  /// `(k + 1) s`, else `floor((k + 1) s / C) C`, against a capacity `k C`.
  ///
  /// S. P. Fekete and J. Schepers, "New classes of fast lower bounds for bin
  /// packing problems", Mathematical Programming 91(1):11-31, 2001.
  ///
  /// Computed on ``boundSizes`` and ``boundCapacity``, so it is a bound for
  /// the true widths.
  ///
  /// - Parameter maximumK: the largest k tried (`k = 1 ... maximumK`).
  /// - Complexity: O(*n* · `maximumK`).
  public func dualFeasibleFunctionBound(maximumK: Int = 100) -> Int {
    let c = boundCapacity
    guard !boundSizes.isEmpty, c > 0 else { return 0 }
    var best = 0
    for k in 1...max(1, maximumK) {
      var total = 0  // in units of 1 / (k C) of a row
      for s in boundSizes {
        let scaled = (k + 1) * s
        total += scaled % c == 0 ? s * k : (scaled / c) * c
      }
      let rows = (total + k * c - 1) / (k * c)
      best = max(best, rows)
    }
    return best
  }

  /// The best of L1, L2 and the dual feasible function bound, with its source.
  ///
  /// - Complexity: O(*n* log *n* + 100 *n*).
  public var strongLowerBound: LowerBound {
    simpleLowerBound.strongest(LowerBound(value: dualFeasibleFunctionBound(), source: .dff))
  }
}
