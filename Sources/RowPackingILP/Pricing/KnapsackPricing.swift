import RowPacking

/// Exact pricing for column generation: the row pattern of largest weight.
///
/// The pricing problem of Gilmore–Gomory column generation, a bounded
/// knapsack problem
///
///     maximise sum(weight_t a_t)  s.t.  sum(size_t a_t) <= C,  0 <= a_t <= bound_t, integer,
///
/// on integer weights (the duals scaled by ``scale`` and rounded down, see
/// ``weights(duals:)``), so that the maximum is exact and Farley's bound
/// from it is a proof (see ``GilmoreGomoryColumnGeneration``).
///
/// Solved exactly: by dynamic programming over the capacities (binary
/// splitting of each bound) when the table is small, else first by the
/// core's branch and bound bounded by a dynamic programme over sizes
/// rounded down to a grid of about a thousand cells (``KnapsackGridBound``,
/// exact when its search ends within ``gridBoundNodes``: on rows of a few
/// large items it settles what the linear bound cannot),
/// then by the depth-first branch and bound of the core
/// (``KnapsackBranchAndBound``: Horowitz and Sahni, 1974; Martello and
/// Toth, *Knapsack Problems*, 1990, ch. 3), whose work does not grow with
/// the capacity either; when that takes
/// more than ``branchAndBoundNodes``, by dynamic programming if the table
/// is moderate (``fallbackCells``), else by the branch and bound without a
/// node limit. Always under the caller's deadline: when it passes first,
/// the answer is "not decided" (`nil`), never a guess.
///
/// - Complexity: dynamic programming O(*C* x sum(log *bound_t*)) time and
///   bits of memory, used only below ``fallbackCells``; the branch and
///   bound is exponential in the worst case, O(types) per node.
struct KnapsackPricing {
  let sizes: [Int]
  let capacity: Int
  /// The integer weight of a dual of 1: 2^36, so that rounding the duals
  /// down loses at most n / 2^36 of the bound's fraction (1.5e-8 for
  /// 1000 items), and sums over 10^7 items with duals up to 4 fit an `Int`.
  static let scale = 1 << 36
  /// The largest table (capacities times binary pieces) solved by dynamic
  /// programming first.
  var dynamicProgrammingCells = 2_000_000
  /// The largest table solved by dynamic programming when the branch and bound stalls.
  ///
  /// Where the branch and bound needs more than ``branchAndBoundNodes``
  /// (values nearly proportional to the sizes, rows of four or more items)
  /// and the table is larger, the branch and bound goes on until the
  /// deadline. Large enough for the
  /// largest exactly-full benchmarks, whose branch and bound can stall for
  /// most of a stage (docs/experiments/).
  static let fallbackCells = 96_000_000
  /// The largest table open to dynamic programming first when other
  /// patterns are asked for (the programme gives them, the branch and
  /// bound does not) and at least ``columnsMinimumTypes`` types take part.
  /// Whether it is taken is the caller's choice (`columnsTable` in
  /// ``best(weights:bounds:until:others:columnsTable:)``), as tables this
  /// large are wasted where a single pattern ends the solve.
  var columnsTableCells = 96_000_000
  /// The fewest types for which other patterns are worth a large dynamic
  /// programme.
  ///
  /// The LP's basis needs about one row pattern per type, so
  /// with few types few master solves suffice, and the branch and bound
  /// (microseconds on a few types) is far cheaper than a table of millions
  /// of cells.
  static let columnsMinimumTypes = 100
  /// The nodes of the first branch and bound.
  var branchAndBoundNodes = 50_000
  /// The nodes of the grid-bounded search tried before it, on the finest
  /// grid whose table is affordable (``KnapsackGridBound/finestGrid(types:tableCells:)``):
  /// the values here (duals) are nearly proportional to the sizes, so that
  /// only a tight bound prunes.
  var gridBoundNodes = 100_000
  /// Where set, the other patterns are diversified: read best first, a
  /// pattern is kept only while each of its types is in fewer than this
  /// many kept ones (da Silva and Schouery's rule, with 3), so that one
  /// pricing's columns cover more items (nil: the best ones, however alike).
  var othersPerType: Int? = nil
  /// For large capacities, coarse grids (finest last): sizes rounded up and
  /// the capacity down to multiples of a unit, so that a pattern found on a
  /// grid fits the true capacity. About 2000 and 20000 capacities.
  let coarseUnits: [Int]
  private let coarseSizes: [[Int]]

  /// The best pattern for some weights, exact.
  struct Answer {
    /// The total weight of ``pattern``: the maximum.
    var value: Int
    /// Type indices, increasing.
    var pattern: Pattern
    /// Branch-and-bound nodes (0 for dynamic programming).
    var nodes: Int
    /// Other good patterns: from a dynamic programme, the best holding
    /// each type (see ``patternsPerType(table:weights:bounds:candidates:sizes:capacity:threshold:limit:)``);
    /// from the grid-bounded search or the branch and bound, the best each
    /// met per last type (``KnapsackBranchAndBound/others``).
    var others: [Pattern] = []
    /// Whether a table for other patterns was open (``columnsTableCells``),
    /// so that the caller's `columnsTable` chose the way.
    var tableWasOptional = false
    /// Which search settled the maximum (for the `--verbose` statistics).
    var method = Method.dynamicProgramme
    /// The work of the pricing, counted (``Work``): the same weights and
    /// bounds always give the same count, so that column generation can
    /// weigh its ways of pricing without a clock.
    var work = 0
  }

  /// Deterministic counts of the pricing's work, so that runs do not depend on the clock.
  ///
  /// The unit is a cell of a dynamic programme's table (about a
  /// nanosecond): a search node counts as
  /// a fixed number of cells, calibrated against measured times
  /// (docs/experiments/). Column
  /// generation weighs its choices by these counts
  /// (``GilmoreGomoryColumnGeneration``), so that the same instance gives
  /// the same columns on every run.
  enum Work {
    /// The cells a node of the grid-bounded search (O(1) a node) counts.
    static let gridNodeCells = 8
    /// The cells a node of the branch and bound counts per 64 types (its
    /// bound walks the types from the node's on).
    static let branchAndBoundNodeCells = 5
    /// The cells a cell of the grid-bounded search's table counts (a
    /// pass per copy of each type, in `Double`).
    static let gridTableCells = 4
    /// The cells every pricing counts per candidate type (sorting, setup).
    static let perTypeCells = 100
  }

  /// The searches of ``best(weights:bounds:until:others:columnsTable:)``,
  /// in the order tried.
  enum Method: Int, CaseIterable {
    case dynamicProgramme, gridBound, branchAndBound, fallbackProgramme, unlimitedBranchAndBound
  }

  init(sizes: [Int], capacity: Int) {
    self.sizes = sizes
    self.capacity = capacity
    var units: [Int] = []
    if capacity > 4000 { units.append(capacity / 2000) }
    if capacity > 40000 { units.append(capacity / 20000) }
    coarseUnits = units
    coarseSizes = units.map { unit in sizes.map { ($0 + unit - 1) / unit } }
  }

  /// The duals as integer weights: clamped to `0...4`, times ``scale``,
  /// rounded down (``integerWeight(dual:scale:)``).
  static func weights(duals: [Double]) -> [Int] {
    duals.map { integerWeight(dual: $0, scale: Double(scale)) }
  }

  /// How many coarse grids there are (0 for small capacities).
  var coarseGridCount: Int { coarseUnits.count }

  /// Good patterns from coarse grid `grid`, and the work of their dynamic programme.
  ///
  /// Sizes are rounded up, so that the patterns fit the true capacity; the
  /// work is the table's cells (``Work``). The grid's best pattern first, then up
  /// to `others` more, one per item type, worth more than ``scale`` on the
  /// grid (see
  /// ``patternsPerType(table:weights:bounds:candidates:sizes:capacity:threshold:limit:)``).
  ///
  /// - Complexity: O(*C* / unit x sum(log *bound_t*) + types x chunks).
  func coarseColumnsAndWork(grid: Int, weights: [Int], bounds: [Int], others: Int = 0) -> (patterns: [Pattern], work: Int) {
    let coarseCapacity = capacity / coarseUnits[grid]
    let gridSizes = coarseSizes[grid]
    let candidates = sizes.indices.filter { weights[$0] > 0 && bounds[$0] > 0 && gridSizes[$0] <= coarseCapacity }
    if candidates.isEmpty { return ([], sizes.count) }
    let answer = Self.dynamicProgramme(
      weights: weights, bounds: bounds, candidates: candidates, sizes: gridSizes, capacity: coarseCapacity,
      others: others, nodes: 0)
    let pieces = Self.binaryPieces(sizes: gridSizes, bounds: bounds, capacity: coarseCapacity, of: candidates)
    let work = (coarseCapacity + 1) * pieces + Work.perTypeCells * candidates.count
    return ([answer.pattern] + answer.others, work)
  }

  /// The best pattern holding each item type, read from one dynamic programme.
  ///
  /// Patterns that each hold one item type `t` beside the best filling of
  /// the room `capacity - size_t` (read from `table`, which is over
  /// `candidates`): for each type the best pattern holding it whenever that
  /// filling leaves a copy of `t` free, as one dynamic programme gives them
  /// all. Column generation adds several columns per pricing with them,
  /// each the best for its item, so that fewer master solves reach the
  /// optimum. Only those worth more than `threshold`, best first, without
  /// repeats, at most `limit`; with `perType`, each type in at most that
  /// many of them (``othersPerType``).
  ///
  /// - Complexity: O(types x chunks).
  static func patternsPerType(
    table: Table, weights: [Int], bounds: [Int], candidates: [Int], sizes: [Int], capacity: Int,
    threshold: Int, limit: Int, perType: Int? = nil
  ) -> [Pattern] {
    var worth: [(value: Int, type: Int)] = []
    for t in candidates where sizes[t] <= capacity {
      let value = weights[t] + table.best[capacity - sizes[t]]
      if value > threshold { worth.append((value, t)) }
    }
    worth.sort { $0.value > $1.value }
    var seen: Set<Pattern> = []
    var patterns: [Pattern] = []
    var uses: [Int: Int] = [:]
    for (_, t) in worth {
      if patterns.count >= limit { break }
      var pattern = table.pattern(room: capacity - sizes[t])
      let copies = pattern.reduce(0) { $0 + ($1 == t ? 1 : 0) }
      if copies + 1 > min(bounds[t], capacity / sizes[t]) { continue }
      pattern.insert(t, at: pattern.firstIndex { $0 >= t } ?? pattern.endIndex)
      if let perType, pattern.contains(where: { uses[$0, default: 0] >= perType }) { continue }
      if seen.insert(pattern).inserted {
        patterns.append(pattern)
        if perType != nil { for u in Set(pattern) { uses[u, default: 0] += 1 } }
      }
    }
    return patterns
  }

  /// The binary pieces of `types` (each type's copies that fit, at most
  /// its bound, split into powers of two): the dynamic programme's table
  /// has capacity + 1 cells per piece.
  static func binaryPieces(sizes: [Int], bounds: [Int], capacity: Int, of types: some Sequence<Int>) -> Int {
    var pieces = 0
    for t in types {
      let most = min(bounds[t], capacity / sizes[t])
      pieces += most.bitWidth - most.leadingZeroBitCount
    }
    return pieces
  }

  /// The pattern of largest total weight (type indices, increasing) and
  /// that weight, or `nil` when `deadline` passed before it was found.
  ///
  /// - Parameter others: up to this many other patterns worth more than
  ///   ``scale`` in ``Answer/others``, when the dynamic programme or the
  ///   branch and bound answers (see there); the programme is then open
  ///   up to ``columnsTableCells`` when
  ///   at least ``columnsMinimumTypes`` types take part.
  /// - Parameter columnsTable: where that larger programme is open
  ///   (``Answer/tableWasOptional``), whether to take it (several
  ///   patterns) or the single-pattern searches below (the caller weighs
  ///   the two, see ``GilmoreGomoryColumnGeneration``).
  /// - Parameter wasteBudget: nil, every pattern; else only patterns that
  ///   leave at most this much of the capacity empty (the table's budget,
  ///   ``Table/init(weights:bounds:candidates:sizes:capacity:wasteBudget:)``),
  ///   the value 0 when none is worth more. The searches without a table
  ///   find the best over all patterns: where it is within the budget it is
  ///   the best within it too, else the budgeted programme decides,
  ///   whatever its size.
  func best(
    weights: [Int], bounds: [Int], until deadline: ContinuousClock.Instant, others: Int = 0,
    columnsTable: Bool = true, wasteBudget: Int? = nil
  ) -> Answer? {
    let budget = wasteBudget.flatMap { $0 < capacity ? max($0, 0) : nil }
    let candidates = sizes.indices.filter { weights[$0] > 0 && bounds[$0] > 0 && sizes[$0] <= capacity }
    if candidates.isEmpty { return Answer(value: 0, pattern: [], nodes: 0, work: sizes.count) }
    // Under a budget, items worth 0 may fill a row that would waste too much.
    let filling = budget == nil ? candidates : fillingTypes(bounds: bounds)
    let pieces = Self.binaryPieces(sizes: sizes, bounds: bounds, capacity: capacity, of: filling)
    let cells = (capacity + 1) * pieces
    let optional = cells > dynamicProgrammingCells && cells <= columnsTableCells
      && others > 0 && candidates.count >= Self.columnsMinimumTypes
    if cells <= dynamicProgrammingCells || (optional && columnsTable) {
      var answer = Self.dynamicProgramme(
        weights: weights, bounds: bounds, candidates: filling, sizes: sizes, capacity: capacity,
        others: others, nodes: 0, wasteBudget: budget, perType: othersPerType)
      answer.tableWasOptional = optional
      answer.work = cells + Work.perTypeCells * filling.count
      return answer
    }
    guard
      var answer = single(
        weights: weights, bounds: bounds, candidates: candidates, cells: cells, until: deadline, others: others,
        filling: filling, wasteBudget: budget)
    else { return nil }
    if let budget, answer.method != .fallbackProgramme {
      if capacity - load(of: answer.pattern) > budget {
        if ContinuousClock().now >= deadline { return nil }
        answer = fallbackProgramme(
          weights: weights, bounds: bounds, filling: filling, others: others, nodes: answer.nodes,
          work: answer.work, cells: cells, wasteBudget: budget)
      } else {
        answer.others = answer.others.filter { capacity - load(of: $0) <= budget }
      }
    }
    answer.tableWasOptional = optional
    answer.work += Work.perTypeCells * candidates.count
    return answer
  }

  /// The cells of the dynamic programme over every type of `bounds`
  /// (those of weight 0 too, as a waste budget takes them).
  ///
  /// - Complexity: O(types).
  func tableCells(bounds: [Int]) -> Int {
    (capacity + 1) * Self.binaryPieces(sizes: sizes, bounds: bounds, capacity: capacity, of: fillingTypes(bounds: bounds))
  }

  /// The types that may fill a row under a waste budget: every type of
  /// `bounds` that fits, whatever its weight.
  ///
  /// - Complexity: O(types).
  func fillingTypes(bounds: [Int]) -> [Int] { sizes.indices.filter { bounds[$0] > 0 && sizes[$0] <= capacity } }

  /// The dynamic programme as the fallback of the searches: over the
  /// `filling` types, within `wasteBudget`, its work the searches' `work`
  /// plus its `cells`.
  ///
  /// - Complexity: O(`cells`).
  private func fallbackProgramme(
    weights: [Int], bounds: [Int], filling: [Int], others: Int, nodes: Int, work: Int, cells: Int, wasteBudget: Int?
  ) -> Answer {
    var answer = Self.dynamicProgramme(
      weights: weights, bounds: bounds, candidates: filling, sizes: sizes, capacity: capacity,
      others: others, nodes: nodes, wasteBudget: wasteBudget, perType: othersPerType)
    answer.method = .fallbackProgramme
    answer.work = work + cells
    return answer
  }

  /// The total size of a pattern.
  ///
  /// - Complexity: O(pattern length).
  func load(of pattern: Pattern) -> Int { pattern.reduce(0) { $0 + sizes[$1] } }

  /// The best pattern by searches whose work does not grow with the capacity.
  ///
  /// The grid-bounded search, then the branch and bound, with the dynamic
  /// programme of `cells` as the fallback (giving `others` then, as the
  /// table is built anyway); the searches give `others` too, the best
  /// filling each met per last type, as on large capacities those extra
  /// columns save most of the root LP's master solves (docs/experiments/).
  /// Under a waste budget the fallback is the budgeted programme over the
  /// `filling` types, whatever its size.
  private func single(
    weights: [Int], bounds: [Int], candidates: [Int], cells: Int, until deadline: ContinuousClock.Instant, others: Int,
    filling: [Int], wasteBudget: Int?
  ) -> Answer? {
    let candidateSizes = candidates.map { sizes[$0] }
    let candidateWeights = candidates.map { weights[$0] }
    let candidateBounds = candidates.map { bounds[$0] }
    // The grid-bounded search: exact when its upper bound meets its value.
    // It has no clock (its table and node limit keep it to milliseconds):
    // the deadline is read before it.
    if ContinuousClock().now >= deadline { return nil }
    var grid = KnapsackGridBound(
      sizes: candidateSizes, multiplicities: candidateBounds, capacity: capacity,
      gridCells: KnapsackGridBound.finestGrid(types: candidates.count))
    let othersAbove = others > 0 ? Self.scale : nil
    let gridAnswer = grid.solve(values: candidateWeights, nodeLimit: gridBoundNodes, othersAbove: othersAbove)
    /// The pattern of counts per candidate.
    func pattern(counts: [Int]) -> Pattern {
      var pattern: Pattern = []
      for (k, t) in candidates.enumerated() { pattern.append(contentsOf: repeatElement(t, count: counts[k])) }
      return pattern
    }
    // The grid's table (at most its finest grid's cells per candidate)
    // and its nodes.
    var work = KnapsackGridBound.finestGrid(types: candidates.count) * (candidates.count + 1) * Work.gridTableCells
      + gridAnswer.nodes * Work.gridNodeCells
    if gridAnswer.upperBound <= gridAnswer.value {
      return Answer(
        value: gridAnswer.value, pattern: pattern(counts: gridAnswer.counts), nodes: gridAnswer.nodes,
        others: gridAnswer.others.prefix(others).map { pattern(counts: $0.counts) }, method: .gridBound, work: work)
    }
    /// A branch and bound's nodes, in cells.
    func nodeWork(_ nodes: Int) -> Int { nodes * Work.branchAndBoundNodeCells * (1 + candidates.count / 64) }
    var knapsack = KnapsackBranchAndBound(
      sizes: candidateSizes, values: candidateWeights, multiplicities: candidateBounds, capacity: capacity,
      nodeLimit: branchAndBoundNodes, deadline: deadline, othersAbove: othersAbove)
    var method = Method.branchAndBound
    work += nodeWork(knapsack.nodes)
    if !knapsack.isOptimal {
      if ContinuousClock().now >= deadline { return nil }
      if cells <= Self.fallbackCells || wasteBudget != nil {
        return fallbackProgramme(
          weights: weights, bounds: bounds, filling: filling, others: others, nodes: knapsack.nodes,
          work: work, cells: cells, wasteBudget: wasteBudget)
      }
      knapsack = KnapsackBranchAndBound(
        sizes: candidateSizes, values: candidateWeights, multiplicities: candidateBounds, capacity: capacity,
        nodeLimit: .max, deadline: deadline, othersAbove: othersAbove)
      guard knapsack.isOptimal else { return nil }
      method = .unlimitedBranchAndBound
      work += nodeWork(knapsack.nodes)
    }
    // The best filling the search met per last type: other good columns.
    return Answer(
      value: knapsack.value, pattern: pattern(counts: knapsack.counts), nodes: knapsack.nodes,
      others: knapsack.others.prefix(others).map { pattern(counts: $0.counts) },
      method: method, work: work)
  }

  /// The dynamic programme over the capacities `0...capacity`.
  ///
  /// The best value of every capacity and, per binary chunk, whether it is taken,
  /// so that the best filling of any room can be read back
  /// (``pattern(room:)``).
  struct Table {
    /// `best[c]`: the largest weight of a filling of total size at most `c`
    /// (with a waste budget: of total size in `c - budget ... c`, else
    /// ``unreachable`` or below).
    private(set) var best: [Int]
    private var taken: [UInt64]
    private let chunkType: [Int]
    private let chunkCount: [Int]
    private let chunkSize: [Int]
    private let words: Int

    /// The value of a room no filling within the waste budget fits:
    /// far enough below 0 that adding a row's weights (each weight times
    /// its size below 2^62, ``CertifiedBound/scale(capacity:)``) keeps it
    /// negative, while every filling that fits is worth at least 0.
    static let unreachable = Int.min / 2

    /// - Parameter wasteBudget: nil, every filling; else only fillings
    ///   that leave at most this much of the room empty (0: exactly full),
    ///   the subset-sum-exact programme of da Silva and Schouery (2023):
    ///   the table starts at 0 only for rooms up to the budget. The weights
    ///   of `candidates` must then be at least 0.
    init(weights: [Int], bounds: [Int], candidates: [Int], sizes: [Int], capacity: Int, wasteBudget: Int? = nil) {
      // Binary splitting: bound u becomes chunks 1, 2, 4, ..., rest.
      var chunkType: [Int] = []
      var chunkCount: [Int] = []
      for t in candidates {
        var left = min(bounds[t], capacity / sizes[t])
        var k = 1
        while left > 0 {
          let take = min(k, left)
          chunkType.append(t)
          chunkCount.append(take)
          left -= take
          k *= 2
        }
      }
      self.chunkType = chunkType
      self.chunkCount = chunkCount
      let chunkSize = chunkType.indices.map { sizes[chunkType[$0]] * chunkCount[$0] }
      self.chunkSize = chunkSize
      let words = (capacity + 1 + 63) / 64
      self.words = words
      var taken = [UInt64](repeating: 0, count: words * chunkType.count)
      var best = [Int](repeating: 0, count: capacity + 1)
      if let wasteBudget, wasteBudget < capacity {
        for c in max(0, wasteBudget + 1)...capacity { best[c] = Self.unreachable }
      }
      best.withUnsafeMutableBufferPointer { dp in
        taken.withUnsafeMutableBufferPointer { bits in
          for c in chunkType.indices {
            let w = chunkSize[c]
            let v = weights[chunkType[c]] * chunkCount[c]
            if w > capacity { continue }
            let base = c * words
            // Downwards, so that dp[cap - w] is still the value without this
            // chunk. Branch-free (whether the chunk pays is a coin toss to the
            // processor), the word of "taken" bits gathered in a register and
            // stored once per 64 capacities.
            var cap = capacity
            var word: UInt64 = 0
            while cap >= w {
              let candidate = dp[cap - w] &+ v
              let old = dp[cap]
              let better = candidate > old
              dp[cap] = better ? candidate : old
              word |= UInt64(better ? 1 : 0) << UInt64(cap & 63)
              if cap & 63 == 0 {
                bits[base + cap >> 6] |= word
                word = 0
              }
              cap -= 1
            }
            if word != 0 { bits[base + (cap + 1) >> 6] |= word }
          }
        }
      }
      self.best = best
      self.taken = taken
    }

    /// The best filling of `room` (at most the table's capacity), type
    /// indices increasing.
    ///
    /// - Complexity: O(chunks + pattern length x log).
    func pattern(room: Int) -> Pattern {
      var pattern: Pattern = []
      var cap = room
      for c in chunkType.indices.reversed() {
        if taken[c * words + cap >> 6] & (1 << UInt64(cap & 63)) != 0 {
          pattern.append(contentsOf: repeatElement(chunkType[c], count: chunkCount[c]))
          cap -= chunkSize[c]
        }
      }
      pattern.sort()
      return pattern
    }
  }

  /// The answer by dynamic programming over the capacities `0...capacity`:
  /// the best pattern and its value, and up to `others` more patterns
  /// from the same table (``patternsPerType(table:weights:bounds:candidates:sizes:capacity:threshold:limit:)``),
  /// none equal to the best.
  /// Under a waste budget, only patterns within it; none worth more than 0: the empty one.
  private static func dynamicProgramme(
    weights: [Int], bounds: [Int], candidates: [Int], sizes: [Int], capacity: Int, others: Int, nodes: Int,
    wasteBudget: Int? = nil, perType: Int? = nil
  ) -> Answer {
    let table = Table(
      weights: weights, bounds: bounds, candidates: candidates, sizes: sizes, capacity: capacity,
      wasteBudget: wasteBudget)
    // Nothing within the budget (or only patterns worth 0): the empty pattern, worth 0.
    guard table.best[capacity] > 0 else { return Answer(value: 0, pattern: [], nodes: nodes) }
    let pattern = table.pattern(room: capacity)
    var answer = Answer(value: table.best[capacity], pattern: pattern, nodes: nodes)
    if others > 0 {
      answer.others = patternsPerType(
        table: table, weights: weights, bounds: bounds, candidates: candidates, sizes: sizes,
        capacity: capacity, threshold: scale, limit: others, perType: perType
      ).filter { $0 != pattern }
    }
    return answer
  }
}
