/// The Gilmore-Gomory relaxation of a ``ScaledInstance``: its item types,
/// its safe lower bound and a diving heuristic that rounds it to a packing.
///
/// The LP is solved on the packing sizes (``ScaledInstance/sizes``); the
/// bound is Farley's, recomputed from its duals in integer arithmetic on
/// the bound sizes (``ScaledInstance/boundSizes``, ``ScaledInstance/boundCapacity``),
/// each item weighted by the dual of its packing type: valid for the true
/// widths whatever the duals are.
///
/// The dive (a residual rounding heuristic, as in Wäscher and Gau 1996 and
/// Vanderbeck 1999) takes every pattern with an LP value of at least 1 as
/// many whole times as the value allows, or else the pattern of largest
/// value once, and solves the LP again on the items left (from the
/// patterns already generated, or from the previous LP's basis), until
/// every item is placed.
struct LPRelaxation {
  /// Distinct packing sizes, largest first.
  let typeSizes: [Int]
  /// Items of each type.
  let demands: [Int]
  /// Item indices of each type.
  let itemsOfType: [[Int]]
  /// Items of size 0 (they fit in any row).
  let emptyItems: [Int]
  let capacity: Int
  /// The solved relaxation.
  let lp: GilmoreGomory
  /// Farley's bound from the LP's duals, a proof for the true widths; 0
  /// when the LP's objective shows it cannot pass the `knownBound` given.
  let bound: Int

  /// The node limit of the first, quick try of Farley's bound from the
  /// packing LP's duals on the bound sizes of a fractional instance.
  static let quickFarleyNodes = 5_000

  /// The weight of the best dual point in the root LP's smoothed pricing
  /// (Wentges smoothing, see ``GilmoreGomory``), used above the dynamic
  /// programme's capacity (`KnapsackDynamicProgramming.capacityLimit`:
  /// the tag clouds' 1000 units per point); the dives' residual LPs price
  /// at their own duals. Not at BPPLIB's capacities, where the dynamic
  /// programme prices: smoothing changes the root's patterns, so the dives,
  /// and lost optima there (docs/experiments/043-core-smoothing-weight.md).
  static let smoothing = 0.5

  /// Solves the relaxation of `scaled` within the budget.
  ///
  /// - Parameters:
  ///   - rowLimit: the rows of the best packing known: no bound above it
  ///     is needed (see ``GilmoreGomory``).
  ///   - knownBound: a lower bound already proven (see ``GilmoreGomory``).
  ///   - seeds: packings whose rows start the column pool (a packer's rows
  ///     are good first columns).
  ///   - tolerance: patterns worth at most 1 + `tolerance` do not enter
  ///     (see ``GilmoreGomory``).
  init(
    _ scaled: ScaledInstance, rowLimit: Int? = nil, knownBound: Int = 0, seeds: [Packing] = [],
    tolerance: Double = 1e-7, meter: inout BudgetMeter
  ) {
    let order = scaled.sizes.indices.sorted { scaled.sizes[$0] > scaled.sizes[$1] || (scaled.sizes[$0] == scaled.sizes[$1] && $0 < $1) }
    var typeSizes: [Int] = []
    var itemsOfType: [[Int]] = []
    var emptyItems: [Int] = []
    var typeOfItem = [Int](repeating: -1, count: scaled.count)
    for item in order {
      let size = scaled.sizes[item]
      if size == 0 {
        emptyItems.append(item)
        continue
      }
      if typeSizes.last != size {
        typeSizes.append(size)
        itemsOfType.append([])
      }
      itemsOfType[itemsOfType.count - 1].append(item)
      typeOfItem[item] = typeSizes.count - 1
    }
    self.typeSizes = typeSizes
    self.itemsOfType = itemsOfType
    self.emptyItems = emptyItems
    self.demands = itemsOfType.map(\.count)
    self.capacity = scaled.capacity
    var seedPatterns: [[Int]] = []
    var seen = Set<[Int]>()
    for packing in seeds {
      for row in packing.rows {
        var pattern = [Int](repeating: 0, count: typeSizes.count)
        for item in row where typeOfItem[item] >= 0 { pattern[typeOfItem[item]] += 1 }
        if pattern.contains(where: { $0 > 0 }) && seen.insert(pattern).inserted { seedPatterns.append(pattern) }
      }
    }
    let lp = GilmoreGomory(
      sizes: typeSizes, demands: demands, capacity: scaled.capacity, pool: seedPatterns, rowLimit: rowLimit,
      knownBound: knownBound, tolerance: tolerance, exchanges: true,
      smoothing: scaled.capacity > KnapsackDynamicProgramming.capacityLimit ? Self.smoothing : 0,
      shouldStop: { !meter.tick() })
    self.lp = lp
    // Farley on the bound sizes: weight each item by its packing type's
    // dual, then group items of equal (bound size, weight).
    func farleyOnBoundSizes(duals: [Double], target: Int?, nodeLimit: Int = 50_000) -> Int {
      let weights = duals.map { integerWeight(dual: $0) }
      var keyed: [(size: Int, weight: Int)] = []
      for item in 0..<scaled.count {
        let size = scaled.boundSizes[item]
        let type = typeOfItem[item]
        let weight = type >= 0 && size > 0 ? weights[type] : 0
        if weight > 0 { keyed.append((size, weight)) }
      }
      keyed.sort { $0.size != $1.size ? $0.size > $1.size : $0.weight > $1.weight }
      var sizes: [Int] = []
      var values: [Int] = []
      var counts: [Int] = []
      for entry in keyed {
        if sizes.last == entry.size && values.last == entry.weight {
          counts[counts.count - 1] += 1
        } else {
          sizes.append(entry.size)
          values.append(entry.weight)
          counts.append(1)
        }
      }
      return farleyBound(
        sizes: sizes, multiplicities: counts, capacity: scaled.boundCapacity, weights: values, nodeLimit: nodeLimit,
        target: target)
    }
    var target = lp.objective.isFinite ? Int((lp.objective - 1e-6).rounded(.up)) : nil
    if let rowLimit, let t = target { target = min(t, rowLimit) }
    // Farley's bound never exceeds the LP optimum rounded up, and the
    // objective of this feasible basis is at least the optimum: when its
    // ceiling is no more than `knownBound`, no bound from the duals can
    // help (the LP only guides the dives), and neither Farley's knapsack
    // nor the second LP for fractional widths is worth its time (on the
    // generated tag clouds, most of whose LPs are of this kind).
    if let t = target, t <= knownBound {
      self.bound = 0
      return
    }
    // Fractional widths: the bound sizes (rounded down) may fit rows that
    // the packing sizes' duals price above 1, and the bound falls short.
    // Then the LP again on the bound sizes, whose own duals give Farley's
    // bound for them (as GLPK's pipeline does). Each packing type, sized
    // by the least bound size of its items (smaller sizes: still a
    // relaxation), goes on from the first LP's basis when those sizes are
    // positive and in the same order (the rounding keeps the order): a few
    // pivots, where a cold solve on the bound sizes takes as many as the
    // first. Farley's bound from the packing duals is tried first with a
    // small node limit (``quickFarleyNodes``): it mostly proves the bound at
    // once, and where those duals fall short a full search on them is in
    // vain, so the bound LP's duals go first
    // (docs/experiments/044-core-fractional-bound-lp.md).
    var typeBoundSizes = [Int](repeating: Int.max, count: scaled.isExact ? 0 : typeSizes.count)
    for item in 0..<scaled.count where !scaled.isExact && typeOfItem[item] >= 0 {
      typeBoundSizes[typeOfItem[item]] = min(typeBoundSizes[typeOfItem[item]], scaled.boundSizes[item])
    }
    if let t = target, !scaled.isExact, typeBoundSizes.allSatisfy({ $0 >= 1 }),
      zip(typeBoundSizes, typeBoundSizes.dropFirst()).allSatisfy({ $0 >= $1 })
    {
      var bound = farleyOnBoundSizes(duals: lp.duals, target: target, nodeLimit: Self.quickFarleyNodes)
      if bound >= t {
        self.bound = bound
        return
      }
      let boundLP = GilmoreGomory(
        resizing: lp, sizes: typeBoundSizes, capacity: scaled.boundCapacity, rowLimit: rowLimit,
        knownBound: knownBound, tolerance: tolerance, shouldStop: { !meter.tick() })
      bound = max(bound, farleyOnBoundSizes(duals: boundLP.duals, target: target))
      // (The budget may stop its pivots early, with weaker duals.)
      if bound < t { bound = max(bound, farleyOnBoundSizes(duals: lp.duals, target: target)) }
      self.bound = bound
      return
    }
    var bound = farleyOnBoundSizes(duals: lp.duals, target: target)
    // (Else a cold LP on the bound sizes.)
    if let t = target, bound < t, !scaled.isExact {
      var boundTypes: [Int] = []
      var boundDemands: [Int] = []
      for size in scaled.boundSizes.filter({ $0 > 0 }).sorted(by: >) {
        if boundTypes.last == size { boundDemands[boundDemands.count - 1] += 1 } else {
          boundTypes.append(size)
          boundDemands.append(1)
        }
      }
      let boundLP = GilmoreGomory(
        sizes: boundTypes, demands: boundDemands, capacity: scaled.boundCapacity, pool: [], rowLimit: rowLimit,
        knownBound: knownBound, tolerance: tolerance, exchanges: true, shouldStop: { !meter.tick() })
      let boundWeights = boundLP.duals.map { integerWeight(dual: $0) }
      if boundWeights.contains(where: { $0 > 0 }) {
        bound = max(bound, farleyBound(
          sizes: boundTypes, multiplicities: boundDemands, capacity: scaled.boundCapacity, weights: boundWeights,
          nodeLimit: 50_000, target: target))
      }
    }
    self.bound = bound
  }

  /// Rounds the relaxation to a packing by diving; `nil` when it would not
  /// use fewer than `rowLimit` rows or the budget runs out.
  ///
  /// - Parameters:
  ///   - rowLimit: the dive fails at this many rows.
  ///   - boldness: when given, each step also takes, by decreasing
  ///     LP value, the patterns worth at least this much that still fit the
  ///     items left (fewer LP solves, a coarser rounding).
  ///   - exchanges: whether the residual LPs use exchange columns (fewer
  ///     pivots; without them the rounding follows other patterns).
  ///   - plainRoot: whether the dive starts from the root LP solved again
  ///     without exchange columns instead of the relaxation's own.
  ///   - warm: whether each residual LP is solved from the previous one's
  ///     basis (``GilmoreGomory/init(resolving:demands:iterationLimit:rowLimit:knownBound:tolerance:shouldStop:)``:
  ///     dual simplex pivots first) instead of from scratch on the types
  ///     left: fewer pivots, but each on every type (a used-up
  ///     one keeps its row and asks for nothing), so not always faster; it
  ///     keeps the previous LP's exchange columns (`exchanges` does not
  ///     apply) and rounds differently (the LPs have other optimal solutions).
  func dive(
    rowLimit: Int, boldness: Double? = nil, exchanges: Bool = true, plainRoot: Bool = false, warm: Bool = false,
    meter: inout BudgetMeter
  ) -> Packing? {
    var residual = demands
    var rows: [[Int]] = []  // patterns over all types
    // With `plainRoot` the root LP is solved again, without exchange columns
    // and to a thousandth (the relaxation's own may have stopped early, at a
    // proof), from the patterns already generated.
    var current =
      !plainRoot
      ? lp
      : GilmoreGomory(
        sizes: typeSizes, demands: demands, capacity: capacity, pool: lp.pool, rowLimit: rowLimit,
        tolerance: 1e-3, shouldStop: { !meter.tick() })
    var active = Array(0..<typeSizes.count)  // the types of `current`
    var pool = lp.pool
    // Each pattern once: the pool would otherwise double at every step.
    var known = Set(pool.map(PatternKey.init))
    while true {
      // Take whole copies of patterns with value >= 1, else the largest once.
      var took = false
      var largest = -1
      for (k, amount) in current.amounts.enumerated() {
        if largest < 0 || amount > current.amounts[largest] { largest = k }
        var copies = Int((amount + 1e-6).rounded(.down))
        while copies > 0 && take(current.patterns[k], active, &residual, &rows) {
          took = true
          copies -= 1
        }
      }
      if !took {
        guard largest >= 0, take(current.patterns[largest], active, &residual, &rows) else { return nil }
        if let boldness {
          let order = current.amounts.indices.filter { $0 != largest && current.amounts[$0] >= boldness }
            .sorted { current.amounts[$0] > current.amounts[$1] }
          for k in order where current.patterns[k].indices.allSatisfy({ current.patterns[k][$0] <= residual[active[$0]] }) {
            _ = take(current.patterns[k], active, &residual, &rows)
          }
        }
      }
      if rows.count >= rowLimit { return nil }
      if !residual.contains(where: { $0 > 0 }) { break }
      guard meter.checkClock() else { return nil }
      if warm {
        current = GilmoreGomory(
          resolving: current, demands: residual, rowLimit: rowLimit - rows.count, tolerance: 1e-3,
          shouldStop: { !meter.tick() })
        if rows.count + Int((current.objective - 1e-6).rounded(.up)) >= rowLimit { return nil }
        continue
      }
      active = residual.indices.filter { residual[$0] > 0 }
      // The pool's patterns that still fit the items left, on the types
      // left (one that does not fit now never will: the pool shrinks).
      pool.removeAll { p in p.indices.contains { p[$0] > residual[$0] } }
      let projected = pool.map { p in active.map { p[$0] } }
      // Solved until Farley's bound proves the rows left too few, or to
      // within a thousandth: the dive needs a good solution, not the optimum.
      current = GilmoreGomory(
        sizes: active.map { typeSizes[$0] }, demands: active.map { residual[$0] }, capacity: capacity,
        pool: projected, rowLimit: rowLimit - rows.count, tolerance: 1e-3, exchanges: exchanges,
        shouldStop: { !meter.tick() })
      if rows.count + Int((current.objective - 1e-6).rounded(.up)) >= rowLimit { return nil }
      for p in current.pool {
        var full = [Int](repeating: 0, count: typeSizes.count)
        for (k, t) in active.enumerated() { full[t] = p[k] }
        if known.insert(PatternKey(full)).inserted { pool.append(full) }
      }
    }
    // Patterns to item indices.
    var next = [Int](repeating: 0, count: typeSizes.count)
    var packingRows: [[Int]] = rows.map { pattern in
      var row: [Int] = []
      for (t, count) in pattern.enumerated() where count > 0 {
        for _ in 0..<count {
          row.append(itemsOfType[t][next[t]])
          next[t] += 1
        }
      }
      return row
    }
    if !emptyItems.isEmpty {
      if packingRows.isEmpty { packingRows.append([]) }
      packingRows[0].append(contentsOf: emptyItems)
    }
    return Packing(rows: packingRows)
  }

  /// Places one row of `pattern` (over the `active` types); a place whose
  /// type has no item left takes the largest smaller item left instead
  /// (it fits: the LP's exchange columns mean exactly this); `false` when
  /// it would place nothing.
  private func take(_ pattern: [Int], _ active: [Int], _ residual: inout [Int], _ rows: inout [[Int]]) -> Bool {
    var row = [Int](repeating: 0, count: typeSizes.count)
    var placed = false
    var substitute = 0  // the next type to look at for a smaller item
    for (k, t) in active.enumerated() where pattern[k] > 0 {
      for _ in 0..<pattern[k] {
        var type = t
        if residual[type] == 0 {
          substitute = max(substitute, t + 1)
          while substitute < residual.count && residual[substitute] == 0 { substitute += 1 }
          if substitute == residual.count { break }
          type = substitute
        }
        row[type] += 1
        residual[type] -= 1
        placed = true
      }
    }
    if placed { rows.append(row) }
    return placed
  }
}

/// A pattern as a set member whose hash is one multiply-xor pass over its
/// counts (FNV-1a on the words) fed to the hasher as a single word: the
/// standard hash of an `[Int]` feeds every count through the hasher, and a
/// dive looks up every pattern of every step. Equality is the counts'.
private struct PatternKey: Hashable {
  let counts: [Int]

  init(_ counts: [Int]) { self.counts = counts }

  func hash(into hasher: inout Hasher) {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for c in counts { h = (h ^ UInt64(bitPattern: Int64(c))) &* 0x100_0000_01b3 }
    hasher.combine(h)
  }
}
