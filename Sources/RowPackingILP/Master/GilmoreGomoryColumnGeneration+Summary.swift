extension GilmoreGomoryColumnGeneration {
  /// What column generation did so far, for the `--verbose` log.
  ///
  /// Master solves and their time, pricing time, the pricings by kind
  /// (``Statistics``), the columns the waste budget took out and the
  /// budget at the end, and how the master's objective and the best Farley
  /// bound went, about once a second.
  ///
  /// - Complexity: O(trace length + methods).
  var summary: String {
    /// `x` with `digits` decimals, truncated.
    func fixed(_ x: Double, _ digits: Int) -> String {
      var scale = 1
      for _ in 0..<digits { scale *= 10 }
      let n = Int(x * Double(scale))
      let fraction = String(n % scale)
      return "\(n / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    func seconds(_ d: Duration) -> String { fixed(d / .seconds(1), 3) + "s" }
    let s = statistics
    let exact = KnapsackPricing.Method.allCases.filter { s.exactCalls[$0.rawValue] > 0 }.map {
      "\($0) \(s.exactCalls[$0.rawValue]) in \(seconds(s.exactTime[$0.rawValue])) (work \(s.exactWork[$0.rawValue]))"
    }
    let trace = s.trace.map { "\(fixed($0.seconds, 1)):\(fixed($0.objective, 2))/\(fixed($0.bound, 2))" }
    return "column generation: \(iterations) master solves in \(seconds(lpTime)) (\(s.masterIterations) simplex iterations, work \(s.masterWork)), pricing \(seconds(priceTime)); "
      + "exact pricings: \(exact.joined(separator: ", ")), \(s.exactNodes) nodes, \(s.misPricings) mis-pricings; "
      + "coarse pricings \(s.coarseCalls) (\(s.coarseHits) with columns) in \(seconds(s.coarseTime)) (work \(s.coarseWork)); "
      + "columns \(s.columns)\(retiredCount > 0 ? " (retired \(retiredCount), revived \(revivedCount))" : "")"
      + (overBudgetCount > 0 ? ", \(overBudgetCount) over the waste budget \(wasteBudget.map(String.init) ?? "none")" : "")
      + "; trace (s:objective/bound) " + trace.joined(separator: " ")
  }
}
