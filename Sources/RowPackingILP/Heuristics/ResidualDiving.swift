import RowPacking

/// A primal heuristic driven by the LP: diving with residual rounding on the
/// Gilmore–Gomory relaxation, solved by column generation at every step.
///
/// Each step solves the LP of the residual problem (the items not yet in a
/// fixed row), then fixes rows: every pattern at value >= 1 as many times as
/// its value's integer part (residual rounding), or, when none is, one copy
/// of the pattern of largest value (a dive). The fixed rows leave the
/// demands and the LP is solved again from its last basis, with new columns
/// priced for the residual. A dive stops early when the fixed rows plus the
/// residual LP's ceiling exceed the target (it cannot reach it), and
/// succeeds early when the fixed rows plus a greedy packing of the rest
/// (first fit and best fit decreasing) meet it. Failed dives are retried
/// with the first fractional choice of each failed dive made tabu, then
/// with random ties.
///
/// See G. Belov and G. Scheithauer, "A branch-and-cut-and-price algorithm
/// for one-dimensional stock cutting and two-dimensional two-stage
/// cutting", European Journal of Operational Research 171(1):85-106, 2006
/// (residual rounding and diving), and C. Joncour, S. Michel, R. Sadykov,
/// D. Sverdlov and F. Vanderbeck, "Column generation based primal
/// heuristics", Electronic Notes in Discrete Mathematics 36:695-702, 2010.
///
/// - Complexity: at most *rows* steps per dive, each a column generation
///   (LP re-solves from the last basis and knapsack pricing).
struct ResidualDiving {
  let master: GilmoreGomoryColumnGeneration
  /// The rows wanted: a dive that cannot reach them stops.
  let target: Int
  var random = SplitMix64(seed: 0x5eed)

  var types: ItemTypes { master.types }

  /// The outcome: the best packing's patterns found (if any) and whether it meets the target.
  struct Outcome {
    var patterns: [Pattern]?
    var dives = 0
  }

  /// Dives until a packing with `target` rows is found, `maxDives` dives
  /// failed, or the deadline passes. `incumbentRows` is the rows of the best
  /// packing known (patterns are returned only when they beat it).
  mutating func run(until deadline: ContinuousClock.Instant, maxDives: Int, incumbentRows: Int) throws(GLPKError) -> Outcome {
    var outcome = Outcome()
    var bestRows = incumbentRows
    var tabu: Set<Pattern> = []
    let clock = ContinuousClock()
    for dive in 0..<maxDives {
      if clock.now >= deadline { break }
      outcome.dives += 1
      let (patterns, firstChoice) = try self.dive(until: deadline, tabu: tabu, randomness: dive >= 2 ? 0.3 : 0)
      if let patterns, patterns.count < bestRows {
        bestRows = patterns.count
        outcome.patterns = patterns
      }
      if bestRows <= target { break }
      if let firstChoice { tabu.insert(firstChoice) }
    }
    try master.setDemands(types.demands)
    return outcome
  }

  /// The patterns of a greedy packing (best of first fit and best fit
  /// decreasing) of the residual items.
  func greedyCompletion(_ residual: [Int]) -> [Pattern] {
    var sizes: [Int] = []
    var typeOfItem: [Int] = []
    for t in residual.indices where residual[t] > 0 {
      sizes.append(contentsOf: repeatElement(types.sizes[t], count: residual[t]))
      typeOfItem.append(contentsOf: repeatElement(t, count: residual[t]))
    }
    if sizes.isEmpty { return [] }
    let scaled = ScaledInstance(sizes: sizes, capacity: types.capacity)
    var best: Packing? = nil
    for packer in [FirstFitDecreasing() as any RowPacker, BestFitDecreasing()] {
      if let p = try? packer.pack(scaled), best == nil || p.rowCount < best!.rowCount { best = p }
    }
    return best!.rows.map { $0.map { typeOfItem[$0] }.sorted() }
  }

  /// One dive from the full demands. Returns the patterns of a complete
  /// packing (or nil when the dive gave up or ran out of time) and the
  /// first fractional pattern it fixed.
  mutating func dive(until deadline: ContinuousClock.Instant, tabu: Set<Pattern>, randomness: Double) throws(GLPKError) -> ([Pattern]?, Pattern?) {
    var residual = types.demands
    try master.setDemands(residual)
    var fixed: [Pattern] = []
    var firstChoice: Pattern? = nil
    func take(_ pattern: Pattern, copies: Int) -> Int {
      var done = 0
      while done < copies {
        var r = residual
        var ok = true
        for t in pattern {
          r[t] -= 1
          if r[t] < 0 { ok = false; break }
        }
        if !ok { break }
        residual = r
        fixed.append(pattern)
        done += 1
      }
      return done
    }
    while true {
      if residual.allSatisfy({ $0 == 0 }) { return (fixed, firstChoice) }
      let completion = greedyCompletion(residual)
      if fixed.count + completion.count <= target { return (fixed + completion, firstChoice) }
      guard let lp = try master.solve(until: deadline) else { return (nil, firstChoice) }
      if fixed.count + lp.rowBound > target { return (fixed + completion, firstChoice) }
      var positive: [(index: Int, value: Double)] = []
      for (k, x) in lp.values.enumerated() where x > 1e-6 && master.enabled[k] { positive.append((k, x)) }
      positive.sort { $0.value != $1.value ? $0.value > $1.value : master.patterns[$0.index].count > master.patterns[$1.index].count }
      var progressed = false
      for (k, x) in positive where x >= 1 - 1e-6 {
        let copies = Int((x + 1e-6).rounded(.down))
        if take(master.patterns[k], copies: copies) > 0 { progressed = true }
      }
      if !progressed {
        // Dive: one copy of the pattern of largest value (tabu ones last).
        var bestScore = -Double.infinity
        var choice: Int? = nil
        for (k, x) in positive {
          let p = master.patterns[k]
          var score = x + 1e-3 * Double(types.load(of: p)) / Double(types.capacity)
          if tabu.contains(p) { score -= 2 }
          if randomness > 0 { score += randomness * Double(random.next() % 1024) / 1024 }
          if score > bestScore { bestScore = score; choice = k }
        }
        guard let choice else { return (fixed + completion, firstChoice) }
        if firstChoice == nil { firstChoice = master.patterns[choice] }
        if take(master.patterns[choice], copies: 1) == 0 { return (fixed + completion, firstChoice) }
      }
      try master.setDemands(residual)
    }
  }
}
