/// The test that decides whether an item still fits in a row.
public enum FitTest: String, CaseIterable, Sendable, Hashable, Codable {
  /// `used + spacing + width <= row width`: a row may fill exactly (the default).
  case normal
  /// `used + spacing + width < row width`: the strict test of a published
  /// flow-layout snippet, which refuses a row that would fill exactly.
  case strict
}

extension ScaledInstance {
  /// The instance as seen through the strict fit test `used < capacity`
  /// (``FitTest/strict``): a row may no longer fill exactly.
  ///
  /// On integer sizes, `sum < C` is `sum <= C - 1`, so the strict test is
  /// the normal one with one unit less capacity. An item alone in a row is
  /// always placed (a flow layout never leaves an item out), so sizes are
  /// clamped to the reduced capacity. At the resolution of the scaled
  /// instance (a whole point for whole-point widths) this refuses exact
  /// fills and nothing else. Any packer run on the result reproduces the
  /// strict test; ``NextFit`` on it is the published flow-layout snippet.
  ///
  /// - Complexity: O(*n*).
  public var strictFit: ScaledInstance {
    guard capacity >= 2 else { return self }
    let reduced = capacity - 1
    return ScaledInstance(sizes: sizes.map { Swift.min($0, reduced) }, capacity: reduced)
  }
}
