import Foundation

/// The Wilcoxon signed-rank test of paired samples: whether their
/// differences are symmetric about zero, two-sided.
///
/// The magnitudes of the differences are ranked, tied magnitudes taking the
/// mean of their ranks; W+ is the sum of the ranks of the positive
/// differences. Zero differences are handled by ``ZeroMethod``. With at most
/// ``exactLimit`` non-zero differences the p-value is exact: the
/// distribution of W+ over all 2^n sign assignments of the observed ranks
/// (ties and zeros included, so it is exact for them too). Above, the normal
/// approximation with the variance of that same distribution, sum(r^2) / 4,
/// which is n(n+1)(2n+1)/24 less sum(t^3 - t)/48 over tie groups (and, under
/// Pratt, less the zeros' share), and a continuity correction of 1/2.
///
/// - Complexity: O(n log n) for the ranks; the exact distribution
///   O(n · n(n+1)) time and O(n(n+1)) space on doubled ranks.
///
/// F. Wilcoxon, "Individual comparisons by ranking methods", Biometrics
/// Bulletin 1(6), 1945; J. W. Pratt, "Remarks on zeros and ties in the
/// Wilcoxon signed rank procedures", JASA 54, 1959; M. Hollander, D. A. Wolfe,
/// Nonparametric Statistical Methods, Wiley 1973, section 3.1.
public struct WilcoxonSignedRank: Sendable, Equatable {
  /// What is done with differences of exactly zero.
  public enum ZeroMethod: String, Sendable {
    /// Wilcoxon's rule: drop them, then rank the rest.
    case wilcoxon
    /// Pratt's rule: rank them with the rest, then drop their ranks.
    case pratt
  }

  public enum Method: String, Sendable {
    case exact
    case normal
  }

  /// Up to this many non-zero differences the p-value is exact.
  public static let exactLimit = 25

  /// Non-zero differences.
  public var count: Int
  /// Differences of exactly zero (not in W+ or W-).
  public var zeros: Int
  /// W+: the rank sum of the positive differences.
  public var positiveRankSum: Double
  /// W-: the rank sum of the negative differences.
  public var negativeRankSum: Double
  /// The two-sided p-value.
  public var pValue: Double
  public var method: Method
  /// The standardised statistic (continuity-corrected) of the normal
  /// approximation; `nil` for the exact test.
  public var z: Double?

  /// min(W+, W-), the statistic most tables give.
  public var statistic: Double { min(positiveRankSum, negativeRankSum) }

  /// The test on the differences `x[i] - y[i]`; `nil` when no difference is
  /// non-zero (nothing to test).
  public init?(_ x: [Double], _ y: [Double], zeroMethod: ZeroMethod = .wilcoxon) {
    precondition(x.count == y.count, "paired samples of equal length")
    self.init(differences: zip(x, y).map { $0 - $1 }, zeroMethod: zeroMethod)
  }

  /// The test on paired differences; `nil` when none is non-zero.
  public init?(differences: [Double], zeroMethod: ZeroMethod = .wilcoxon) {
    let zeroCount = differences.filter { $0 == 0 }.count
    let ranked = zeroMethod == .wilcoxon ? differences.filter { $0 != 0 } : differences
    let ranks = Self.midranks(ranked.map(abs))
    var signedRanks: [(rank: Double, positive: Bool)] = []
    for (d, r) in zip(ranked, ranks) where d != 0 { signedRanks.append((r, d > 0)) }
    guard !signedRanks.isEmpty else { return nil }
    count = signedRanks.count
    zeros = zeroCount
    positiveRankSum = signedRanks.filter(\.positive).map(\.rank).reduce(0, +)
    negativeRankSum = signedRanks.filter { !$0.positive }.map(\.rank).reduce(0, +)
    let total = positiveRankSum + negativeRankSum
    if count <= Self.exactLimit {
      method = .exact
      z = nil
      let lowerTail = Self.exactLowerTail(ranks: signedRanks.map(\.rank), atMost: min(positiveRankSum, negativeRankSum))
      pValue = min(1, 2 * lowerTail)
    } else {
      method = .normal
      let mean = total / 2
      let variance = signedRanks.map { $0.rank * $0.rank }.reduce(0, +) / 4
      let deviation = positiveRankSum - mean
      let corrected = abs(deviation) <= 0.5 ? 0 : deviation - (deviation > 0 ? 0.5 : -0.5)
      let standardised = corrected / variance.squareRoot()
      z = standardised
      pValue = min(1, erfc(abs(standardised) / 2.0.squareRoot()))
    }
  }

  /// The ranks 1...n of `values` in increasing order, ties taking the mean
  /// of the ranks they span.
  ///
  /// - Complexity: O(n log n).
  public static func midranks(_ values: [Double]) -> [Double] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var ranks = [Double](repeating: 0, count: values.count)
    var start = 0
    while start < order.count {
      var end = start
      while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
      let rank = Double(start + end + 2) / 2
      for k in start...end { ranks[order[k]] = rank }
      start = end + 1
    }
    return ranks
  }

  /// P(W+ <= w) when each rank's sign is + or - with probability 1/2,
  /// counted over all 2^n assignments on doubled ranks (midranks of ties and
  /// Pratt's ranks are multiples of 1/2, so doubled they are whole).
  ///
  /// - Complexity: O(n · sum of doubled ranks).
  static func exactLowerTail(ranks: [Double], atMost w: Double) -> Double {
    let doubled = ranks.map { Int(($0 * 2).rounded()) }
    let total = doubled.reduce(0, +)
    // counts[s]: sign assignments whose doubled W+ is s. At most 2^25 each: exact in a Double.
    var counts = [Double](repeating: 0, count: total + 1)
    counts[0] = 1
    var reach = 0
    for r in doubled {
      reach += r
      if r > 0 {
        for s in stride(from: reach, through: r, by: -1) { counts[s] += counts[s - r] }
      }
    }
    let limit = Int((w * 2).rounded())
    let below = counts[0...min(limit, total)].reduce(0, +)
    return below / pow(2, Double(ranks.count))
  }
}
