import RowPacking

/// A percentile bootstrap confidence interval of a statistic.
public struct BootstrapInterval: Sendable, Equatable {
  /// The statistic on the sample itself.
  public var estimate: Double
  public var lower: Double
  public var upper: Double
  /// The interval's nominal coverage, such as 0.95.
  public var confidence: Double
  /// Resamples whose statistic was finite (those that were not are left out).
  public var resamples: Int

  public init(estimate: Double, lower: Double, upper: Double, confidence: Double, resamples: Int) {
    self.estimate = estimate
    self.lower = lower
    self.upper = upper
    self.confidence = confidence
    self.resamples = resamples
  }
}

/// Efron's nonparametric bootstrap, seeded so that an interval can be
/// reproduced exactly.
public enum Bootstrap {
  /// The percentile interval of `statistic` over `resamples` resamples of
  /// the indices 0..<count drawn with replacement.
  ///
  /// Each resample is `count` indices from SplitMix64 seeded with `seed`
  /// (an index is the high word of next() × count: Lemire's multiply-shift,
  /// defined here so that a seed gives the same interval on every platform
  /// and Swift version). The bounds are the (1 - confidence)/2 and
  /// (1 + confidence)/2 quantiles of the resampled statistics, interpolated
  /// linearly between order statistics (Hyndman and Fan's type 7, R's
  /// default). `nil` when `count` is 0 or no resample gives a finite value.
  ///
  /// - Complexity: O(resamples · (count + cost of statistic)) time,
  ///   O(resamples + count) space.
  ///
  /// B. Efron, R. J. Tibshirani, An Introduction to the Bootstrap, Chapman &
  /// Hall 1993, chapter 13; R. J. Hyndman, Y. Fan, "Sample quantiles in
  /// statistical packages", The American Statistician 50(4), 1996.
  public static func percentileInterval(
    count: Int, resamples: Int, seed: UInt64, confidence: Double = 0.95, statistic: ([Int]) -> Double
  ) -> BootstrapInterval? {
    precondition(confidence > 0 && confidence < 1, "a confidence strictly between 0 and 1")
    guard count > 0, resamples > 0 else { return nil }
    let estimate = statistic(Array(0..<count))
    var random = SplitMix64(seed: seed)
    var values: [Double] = []
    values.reserveCapacity(resamples)
    var indices = [Int](repeating: 0, count: count)
    for _ in 0..<resamples {
      for k in 0..<count { indices[k] = Int(random.next().multipliedFullWidth(by: UInt64(count)).high) }
      let value = statistic(indices)
      if value.isFinite { values.append(value) }
    }
    guard !values.isEmpty else { return nil }
    values.sort()
    let alpha = (1 - confidence) / 2
    return BootstrapInterval(
      estimate: estimate, lower: quantile(sorted: values, alpha), upper: quantile(sorted: values, 1 - alpha),
      confidence: confidence, resamples: values.count)
  }

  /// The p-quantile of sorted values, Hyndman and Fan's type 7: the order
  /// statistics at h = (n - 1)p, interpolated linearly.
  ///
  /// - Complexity: O(1).
  public static func quantile(sorted values: [Double], _ p: Double) -> Double {
    precondition(!values.isEmpty, "at least one value")
    let h = Double(values.count - 1) * min(max(p, 0), 1)
    let low = Int(h.rounded(.down))
    let high = min(low + 1, values.count - 1)
    return values[low] + (h - Double(low)) * (values[high] - values[low])
  }
}
