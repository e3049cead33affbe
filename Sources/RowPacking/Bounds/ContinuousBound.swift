extension ScaledInstance {
  /// The continuous lower bound L1: `ceil(total size / capacity)`, and at
  /// least one row when there is an item.
  ///
  /// Computed on ``boundSizes`` and ``boundCapacity``, so it is a lower bound
  /// for the true widths.
  ///
  /// - Complexity: O(*n*).
  public var continuousBound: Int {
    guard !boundSizes.isEmpty else { return 0 }
    let total = boundSizes.reduce(0, +)
    return max(1, (total + boundCapacity - 1) / boundCapacity)
  }
}
