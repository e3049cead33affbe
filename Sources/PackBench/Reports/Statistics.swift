import Foundation

/// The statistics of benchmark reports, as the optimisation literature uses them.
public enum BenchStatistics {
  /// The shifted geometric mean, exp(mean(ln(t + s))) - s (Achterberg 2007;
  /// Mittelmann's benchmarks): a mean of ratios that neither very small nor
  /// very large times dominate. `nil` for no values.
  public static func shiftedGeometricMean(_ values: [Double], shift: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let logs = values.map { log(max($0, 0) + shift) }
    return exp(logs.reduce(0, +) / Double(values.count)) - shift
  }

  public static func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }

  public static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  /// Dolan and Moré's performance profile (Math. Programming, 2002).
  ///
  /// `times[s][p]` is solver s's time on problem p, `nil` when it did not
  /// solve p. The ratio r(p, s) = t(p, s) / min over solvers of t(p, ·)
  /// (infinite when unsolved); the profile of s is rho_s(tau) = the share of
  /// problems with r(p, s) <= tau. Returns, per solver, its sorted finite
  /// ratios (the profile's steps: rho jumps by 1 / problems at each).
  public static func performanceRatios(_ times: [[Double?]]) -> [[Double]] {
    guard let problems = times.first?.count else { return [] }
    var best = [Double?](repeating: nil, count: problems)
    for solver in times {
      for (p, t) in solver.enumerated() {
        if let t { best[p] = min(best[p] ?? .infinity, max(t, 1e-12)) }
      }
    }
    return times.map { solver in
      solver.enumerated().compactMap { p, t -> Double? in
        guard let t, let b = best[p] else { return nil }
        return max(t, 1e-12) / b
      }.sorted()
    }
  }

  /// rho(tau) from a solver's sorted ratios and the number of problems.
  public static func profileValue(ratios: [Double], problems: Int, at tau: Double) -> Double {
    guard problems > 0 else { return 0 }
    return Double(ratios.filter { $0 <= tau * (1 + 1e-12) }.count) / Double(problems)
  }
}
