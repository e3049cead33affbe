import RowPacking

extension SubsetRowCutSeparation {
  /// Separation of subset-row cuts on five item types (multiplier 1/2:
  /// `sum_p floor(a_S p / 2) x_p <= floor(d_S / 2)`, an odd hole of five
  /// rows where the 3-type cut is a triangle; Jepsen et al., 2008): the
  /// violated ones among the connected sets of five types of the support
  /// (each set grown from its smallest type by neighbours, types sharing a
  /// row of positive value), most violated first, at most `limit`, none in
  /// `existing`, until `deadline`. A heuristic: a set it does not reach
  /// costs strength, never validity (``SubsetRowCut`` holds for any set).
  ///
  /// - Complexity: O(connected 5-sets x rows holding their types).
  static func separateFiveRows(
    patterns: [Pattern], values: [Double], demands: [Int], existing: Set<SubsetRowCut> = [],
    limit: Int = 50, minimumViolation: Double = 1e-4, until deadline: ContinuousClock.Instant
  ) -> [(cut: SubsetRowCut, violation: Double)] {
    let typeCount = demands.count
    let support = patterns.indices.filter { values[$0] > 1e-9 }
    var rowsOf = [[Int]](repeating: [], count: typeCount)
    var neighbourSets = [Set<Int>](repeating: [], count: typeCount)
    for p in support {
      let distinct = Array(Set(patterns[p]))
      for t in distinct {
        rowsOf[t].append(p)
        for u in distinct where u != t { neighbourSets[t].insert(u) }
      }
    }
    // Increasing, not in the sets' order (seeded anew in every process):
    // it orders the extension lists, so the members of each set and the
    // rounding of its violation, which ranks the cuts.
    let neighbours = neighbourSets.map { $0.sorted() }
    let clock = ContinuousClock()
    var inSet = [Bool](repeating: false, count: typeCount)
    var found: [(cut: SubsetRowCut, violation: Double)] = []
    var visited = 0
    var outOfTime = false
    var stamp = [Int](repeating: 0, count: patterns.count)
    var stampValue = 0
    /// The violation of the set `members` (flagged in `inSet`).
    func evaluate(_ members: [Int]) {
      visited += 1
      if visited & 4095 == 0 && clock.now >= deadline { outOfTime = true }
      stampValue += 1
      var left = 0.0
      for t in members {
        for p in rowsOf[t] where stamp[p] != stampValue {
          stamp[p] = stampValue
          let k = patterns[p].reduce(0) { $0 + (inSet[$1] ? 1 : 0) }
          left += Double(k / 2) * values[p]
        }
      }
      let rightHandSide = members.reduce(0) { $0 + demands[$1] } / 2
      guard left - Double(rightHandSide) > minimumViolation else { return }
      let cut = SubsetRowCut(types: members, demands: demands)
      if !existing.contains(cut) { found.append((cut, left - Double(rightHandSide))) }
    }
    // Each connected set once (Wernicke's ESU enumeration): from its
    // smallest type `v`, growing by the extension list, whose new entries
    // are the neighbours of the type added that are above `v` and neither
    // in the set nor next to it.
    var members: [Int] = []
    var nextToSet = [Int](repeating: 0, count: typeCount)
    func extend(_ extensions: [Int], from v: Int) {
      if outOfTime { return }
      if members.count == 5 { evaluate(members); return }
      var rest = extensions
      while let w = rest.popLast() {
        var more = rest
        for u in neighbours[w] where u > v && !inSet[u] && nextToSet[u] == 0 && !more.contains(u) { more.append(u) }
        members.append(w)
        inSet[w] = true
        for u in neighbours[w] { nextToSet[u] += 1 }
        extend(more, from: v)
        for u in neighbours[w] { nextToSet[u] -= 1 }
        inSet[w] = false
        members.removeLast()
        if outOfTime { return }
      }
    }
    for v in 0..<typeCount where !rowsOf[v].isEmpty {
      members = [v]
      inSet[v] = true
      for u in neighbours[v] { nextToSet[u] += 1 }
      extend(neighbours[v].filter { $0 > v }.sorted(), from: v)
      for u in neighbours[v] { nextToSet[u] -= 1 }
      inSet[v] = false
      if outOfTime { break }
    }
    found.sort { $0.violation != $1.violation ? $0.violation > $1.violation : $0.cut.types.lexicographicallyPrecedes($1.cut.types) }
    return Array(found.prefix(limit))
  }
}
