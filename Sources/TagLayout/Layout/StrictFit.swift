import RowPacking

extension ScaledInstance {
  /// The instance as seen through the strict fit test `used < capacity`
  /// (``FitTest/strict``): a row may no longer fill exactly.
  ///
  /// On integer sizes, `sum < C` is `sum <= C - 1`, so the strict test is
  /// the normal one with one unit less capacity. A tag alone in a row is
  /// always placed (a flow layout never leaves a tag out), so sizes are
  /// clamped to the reduced capacity. At the resolution of the scaled
  /// instance (a whole point for whole-point widths) this refuses exact
  /// fills and nothing else. Any packer run on the result reproduces the
  /// strict test; ``NextFit`` on it is the published flow-layout snippet.
  ///
  /// - Complexity: O(*n*).
  public var strictFit: ScaledInstance {
    guard capacity >= 2 else { return self }
    let reduced = capacity - 1
    return ScaledInstance(sizes: sizes.map { min($0, reduced) }, capacity: reduced)
  }
}
