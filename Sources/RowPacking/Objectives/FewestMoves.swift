/// A layout with a given number of rows and the fewest tags moved out of
/// their reading order.
public struct FewestMovesLayout: Sendable, Hashable {
  /// The rows, top to bottom; in each row the kept tags first (in order),
  /// then the moved ones.
  public var packing: Packing
  /// The tags taken out of the reading order (increasing index).
  public var movedItems: [Int]
  /// A proven lower bound on the tags that must move for this many rows.
  public var movesLowerBound: Int

  /// The number of rows.
  public var rows: Int { packing.rowCount }
  /// The tags moved: n minus the longest run of tags kept in reading order.
  public var moves: Int { movedItems.count }
  /// Whether no layout in as many rows moves fewer tags.
  public var isProven: Bool { moves == movesLowerBound }
}

/// Rows against tags moved: from next-fit's order (no tag moved) to the
/// fewest rows of any order.
public struct RowsAndMovesTradeoff: Sendable, Hashable {
  /// One point per row count, from next-fit's rows down to the fewest found.
  public var points: [FewestMovesLayout]
  /// The lower bound on the rows of any order, and its source.
  public var fewestRowsBound: LowerBound
  /// Candidate sets of moved tags examined.
  public var nodes: Int

  /// Whether the last point's rows are the proven fewest of any order.
  public var isFewestRowsProven: Bool { points.last.map { $0.rows == fewestRowsBound.value } ?? true }
  /// Whether every point's moves are proven the fewest.
  public var isProven: Bool { isFewestRowsProven && points.allSatisfy(\.isProven) }

  /// The fewest rows when at most `maxMoves` tags may move (the bounded
  /// form), with its layout.
  public func fewestRows(movingAtMost maxMoves: Int) -> FewestMovesLayout? {
    points.last { $0.moves <= maxMoves }
  }
}

/// The fewest rows, then the fewest tags moved, and the whole curve of rows
/// against tags moved ("order kept where it costs no row").
///
/// A layout's reading order is rows top to bottom, tags in a row leading to
/// trailing; the tags moved are n minus the longest run of tags that stay
/// in their input order (a longest increasing subsequence). For `R` rows the
/// fewest moves is the smallest set `M` of tags such that the others, kept
/// in order, can be cut into `R` runs (rows) whose leftover room holds `M`
/// (moved tags go at the ends of rows, which keeps the others in order).
///
/// Search: for `R` from next-fit's rows down to the fewest rows of any
/// order (``solveOptimally(_:budget:)``), sets `M` by increasing size
/// (fewer rows never need fewer moves, so each `R` starts at the size that
/// sufficed for `R + 1`). A set is pruned when next-fit of the kept tags
/// alone needs more than `R` rows (it is the fewest for them in order), else
/// decided exactly by a dynamic programme over the kept tags whose states are
/// (row, moved tags placed so far) with the least load of the open row;
/// a moved tag joins the row being closed, or the empty rows left at the
/// end. Exhausting every set of size `m` proves that `m + 1` tags must move.
/// The upper bound at the fewest rows comes from the exact solver's packing
/// with its rows in order; when the budget runs out, each point says what
/// is proven.
///
/// - Parameters:
///   - instance: the tags' widths, the row width and the spacing.
///   - budget: the time for the exact solver and the search together.
///   - resolution: units per point for fractional widths; `nil` chooses.
/// - Throws: ``InstanceError`` for a bad resolution, ``PackingFailure`` if a
///   layout does not verify (a bug, never silent).
/// - Complexity: per candidate set of *m* moved tags, O(*n* *R* 4^*m*);
///   the number of sets is exponential in *m*, bounded by `budget`.
public func tradeoffRowsAndMoves(
  _ instance: Instance, budget: SearchBudget = SearchBudget(), resolution: Int? = nil
) throws -> RowsAndMovesTradeoff {
  let scaled = try instance.scaled(resolution: resolution)
  let clock = ContinuousClock()
  let start = clock.now
  var meter = BudgetMeter(budget, start: start)
  let n = scaled.count
  let nextFit = NextFit().pack(scaled)
  var points = [FewestMovesLayout(packing: nextFit, movedItems: [], movesLowerBound: 0)]
  let fewest = solveOptimally(scaled, budget: budget)
  var search = FewestMovesSearch(sizes: scaled.sizes, capacity: scaled.capacity)
  var moves = 0
  var rows = nextFit.rowCount - 1
  while rows >= fewest.packing.rowCount {
    // An upper bound: the exact solver's packing at its row count.
    // Upper bounds: a greedy set of moved tags, and at the fewest rows the
    // exact solver's packing read in order; the smaller one.
    var upper = search.greedyMoves(rows: rows, meter: &meter)
    if rows == fewest.packing.rowCount {
      let solver = inReadingOrder(fewest.packing)
      if upper.map({ solver.moved.count < $0.moved.count }) ?? true { upper = solver }
    }
    var found: (packing: Packing, moved: [Int])? = nil
    var lower = moves
    while found == nil, moves <= n, upper.map({ moves < $0.moved.count }) ?? true {
      guard let result = search.smallestMoves(rows: rows, size: moves, meter: &meter) else { break }  // budget
      if let layout = result { found = layout } else { moves += 1; lower = moves }
    }
    guard let point = found ?? upper else { break }  // budget ran out with nothing for this row count
    points.append(FewestMovesLayout(packing: point.packing, movedItems: point.moved.sorted(), movesLowerBound: lower))
    if found == nil { moves = point.moved.count }
    rows -= 1
  }
  for point in points {
    let status = judge(point.packing, for: instance, bound: LowerBound(value: 0, source: .none))
    if case .wrong = status { throw PackingFailure(status: status) }
  }
  return RowsAndMovesTradeoff(points: points, fewestRowsBound: fewest.lowerBound, nodes: search.nodes + fewest.nodes)
}

/// The packing with its rows ordered by their first tag and each row's tags
/// sorted, and the tags outside a longest increasing run of that reading
/// order (which then go to the ends of their rows).
func inReadingOrder(_ packing: Packing) -> (packing: Packing, moved: [Int]) {
  let rows = packing.rows.map { $0.sorted() }.sorted { ($0.first ?? 0) < ($1.first ?? 0) }
  let reading = rows.flatMap { $0 }
  let kept = Set(longestIncreasingSubsequence(reading))
  let moved = reading.filter { !kept.contains($0) }
  let arranged = rows.map { row in row.filter { kept.contains($0) } + row.filter { !kept.contains($0) } }
  return (Packing(rows: arranged), moved)
}

/// The elements of a longest strictly increasing subsequence (patience sorting).
///
/// - Complexity: O(*n* log *n*).
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
  var tails: [Int] = []  // positions in values
  var previous = [Int](repeating: -1, count: values.count)
  for (i, v) in values.enumerated() {
    var low = 0, high = tails.count
    while low < high {
      let mid = (low + high) / 2
      if values[tails[mid]] < v { low = mid + 1 } else { high = mid }
    }
    if low > 0 { previous[i] = tails[low - 1] }
    if low == tails.count { tails.append(i) } else { tails[low] = i }
  }
  var result: [Int] = []
  var i = tails.last ?? -1
  while i >= 0 { result.append(values[i]); i = previous[i] }
  return result.reversed()
}

/// The search of ``tradeoffRowsAndMoves(_:budget:resolution:)``: sets of
/// moved tags of a given size, each decided by a dynamic programme.
struct FewestMovesSearch {
  /// The most tags the greedy upper bound moves (each decision costs 3^m per state).
  static let greedyLimit = 12
  let sizes: [Int]
  let capacity: Int
  private(set) var nodes = 0

  init(sizes: [Int], capacity: Int) {
    self.sizes = sizes
    self.capacity = capacity
  }

  /// A layout in `rows` rows with exactly `size` moved tags: `.some(layout)`,
  /// `.some(nil)` when every set of that size was refused, `nil` when the
  /// budget ran out first.
  mutating func smallestMoves(rows: Int, size: Int, meter: inout BudgetMeter) -> (packing: Packing, moved: [Int])?? {
    let n = sizes.count
    guard size <= n else { return .some(nil) }
    var chosen = Array(0..<size)
    while true {
      // Within a run of neighbouring tags of equal width, which of them move
      // does not matter, only how many: the kept widths and the moved
      // widths are the same. Only the sets that move the first ones of
      // each run are decided (the others still count against the budget).
      guard meter.tick() else { return nil }
      if isCanonical(chosen) {
        nodes += 1
        if let packing = layout(rows: rows, moved: chosen) { return .some((packing, chosen)) }
      }
      // The next combination in lexicographic order.
      var i = size - 1
      while i >= 0 && chosen[i] == n - size + i { i -= 1 }
      if i < 0 { return .some(nil) }
      chosen[i] += 1
      for j in (i + 1)..<size { chosen[j] = chosen[j - 1] + 1 }
    }
  }

  /// Whether every moved tag's left neighbour of the same width (if any) is
  /// moved too. `moved` is increasing.
  private func isCanonical(_ moved: [Int]) -> Bool {
    for (k, i) in moved.enumerated() where i > 0 && sizes[i - 1] == sizes[i] {
      if k == 0 || moved[k - 1] != i - 1 { return false }
    }
    return true
  }

  /// A set of moved tags that allows `rows` rows, grown one tag at a time:
  /// each time the tag whose removal leaves the kept tags' flow the fewest
  /// rows (then the least load in its last row), until the dynamic
  /// programme finds a layout. An upper bound, not a proof.
  ///
  /// - Complexity: O(*n*^3) flows plus one decision per tag added, at most
  ///   ``greedyLimit`` tags; each decision counts as a node of `meter`.
  func greedyMoves(rows: Int, meter: inout BudgetMeter) -> (packing: Packing, moved: [Int])? {
    let n = sizes.count
    var isMoved = [Bool](repeating: false, count: n)
    var moved: [Int] = []
    while moved.count <= Swift.min(n, Self.greedyLimit) {
      guard meter.tick(), meter.checkClock() else { return nil }
      if let packing = layout(rows: rows, moved: moved) { return (packing, moved) }
      var best: (rows: Int, load: Int, item: Int)? = nil
      for candidate in 0..<n where !isMoved[candidate] {
        var count = 0, load = 0
        for i in 0..<n where !isMoved[i] && i != candidate {
          if count == 0 || load + sizes[i] > capacity { count += 1; load = sizes[i] } else { load += sizes[i] }
        }
        if best.map({ (count, load) < ($0.rows, $0.load) }) ?? true { best = (count, load, candidate) }
      }
      guard let best else { return nil }
      isMoved[best.item] = true
      moved.append(best.item)
      moved.sort()
    }
    return nil
  }

  /// The rows when `moved` leave the order and the rest stay in it, or `nil`.
  func layout(rows: Int, moved: [Int]) -> Packing? {
    let m = moved.count
    var isMoved = [Bool](repeating: false, count: sizes.count)
    for i in moved { isMoved[i] = true }
    let kept = sizes.indices.filter { !isMoved[$0] }
    // Next-fit of the kept tags is the fewest rows for them in order.
    var flowRows = kept.isEmpty ? 0 : 1, load = 0
    for i in kept {
      if load + sizes[i] > capacity { flowRows += 1; load = sizes[i] } else { load += sizes[i] }
    }
    if flowRows > rows { return nil }
    let subsets = 1 << m
    var subsetSize = [Int](repeating: 0, count: subsets)
    for s in 1..<subsets { subsetSize[s] = subsetSize[s & (s - 1)] + sizes[moved[(s & -s).trailingZeroBitCount]] }
    // best[step][row * subsets + placed]: the least load of the open row
    // after `step` kept tags; parent pointers for the layout.
    let width = rows * subsets
    let none = Int.max
    var best = [[Int]](repeating: [Int](repeating: none, count: width), count: kept.count + 1)
    var parent = [[Int]](repeating: [Int](repeating: -1, count: width), count: kept.count + 1)
    best[0][0] = 0
    for (step, item) in kept.enumerated() {
      let s = sizes[item]
      for state in 0..<width where best[step][state] != none {
        let load = best[step][state]
        let row = state / subsets, placed = state % subsets
        if load + s <= capacity, load + s < best[step + 1][state] {
          best[step + 1][state] = load + s
          parent[step + 1][state] = state
        }
        guard row + 1 < rows else { continue }
        // Close the row, with some of the moved tags not yet placed at its end.
        let free = (subsets - 1) & ~placed
        var extra = free
        while true {
          if load + subsetSize[extra] <= capacity {
            let next = (row + 1) * subsets + (placed | extra)
            if s < best[step + 1][next] {
              best[step + 1][next] = s
              parent[step + 1][next] = state
            }
          }
          if extra == 0 { break }
          extra = (extra - 1) & free
        }
      }
    }
    // The end: the moved tags left go to the open row's end and the empty rows below.
    for state in 0..<width where best[kept.count][state] != none {
      let load = best[kept.count][state]
      let row = state / subsets, placed = state % subsets
      let free = (subsets - 1) & ~placed
      var extra = free
      while true {
        if load + subsetSize[extra] <= capacity {
          let rest = (0..<m).filter { free & ~extra & (1 << $0) != 0 }.map { moved[$0] }
          if let below = packIntoEmptyRows(rest, rows: rows - row - 1) {
            return buildPacking(kept: kept, moved: moved, parent: parent, subsets: subsets, end: state, lastExtra: extra, below: below)
          }
        }
        if extra == 0 { break }
        extra = (extra - 1) & free
      }
    }
    return nil
  }

  /// `items` into at most `rows` empty rows (exact, by depth-first search), or `nil`.
  private func packIntoEmptyRows(_ items: [Int], rows: Int) -> [[Int]]? {
    if items.isEmpty { return [] }
    guard rows > 0 else { return nil }
    let order = items.sorted { sizes[$0] > sizes[$1] }
    var contents: [[Int]] = []
    var loads: [Int] = []
    func place(_ k: Int) -> Bool {
      if k == order.count { return true }
      let item = order[k]
      for r in loads.indices where loads[r] + sizes[item] <= capacity {
        loads[r] += sizes[item]; contents[r].append(item)
        if place(k + 1) { return true }
        loads[r] -= sizes[item]; contents[r].removeLast()
      }
      if loads.count < rows {
        loads.append(sizes[item]); contents.append([item])
        if place(k + 1) { return true }
        loads.removeLast(); contents.removeLast()
      }
      return false
    }
    return place(0) ? contents : nil
  }

  private func buildPacking(
    kept: [Int], moved: [Int], parent: [[Int]], subsets: Int, end: Int, lastExtra: Int, below: [[Int]]
  ) -> Packing {
    // Walk back: which kept tags share a row, and which moved tags close each row.
    var rowsOfKept = [[Int]]()
    var closing = [Int]()  // moved-tag subset placed at each row's end
    var state = end
    var current: [Int] = []
    closing.append(lastExtra)
    for step in stride(from: kept.count, to: 0, by: -1) {
      let previous = parent[step][state]
      current.append(kept[step - 1])
      if previous / subsets != state / subsets {
        rowsOfKept.append(current.reversed())
        current = []
        closing.append((state % subsets) & ~(previous % subsets))
      }
      state = previous
    }
    if !current.isEmpty || rowsOfKept.isEmpty { rowsOfKept.append(current.reversed()) }
    rowsOfKept.reverse()
    closing.reverse()
    var rows: [[Int]] = []
    for (r, row) in rowsOfKept.enumerated() {
      let extra = closing[r]
      rows.append(row + (0..<moved.count).filter { extra & (1 << $0) != 0 }.map { moved[$0] })
    }
    rows += below
    return Packing(rows: rows.filter { !$0.isEmpty })
  }
}
