/// Decides whether `rows` rows can hold the tags with at most `m` of them
/// moved out of reading order: a depth-first search that builds the rows
/// top to bottom, bounded by ``FewestMovesBound``.
///
/// Row `j` takes the next interval of tags in input order: each is kept in
/// the row or moved (it waits to be placed in a later row). Then the row is
/// filled with moved tags: waiting ones, or later tags, which then move
/// (placed ahead). Rows with no kept tag go last (they hold moved tags
/// only, so where they stand does not change the reading order). Every
/// row's empty space is charged against the slack `R C - sum(sizes)` as
/// soon as the row is complete, as in bin completion (Korf, "A new
/// algorithm for optimal bin packing", AAAI 2002), so rows that waste too
/// much are cut at once; a row is also cut when the moves made plus the
/// table's bound for the tags still to come exceed `m`. Of neighbours of
/// equal size in one interval, only the later ones move (which of them
/// moves does not change the rows). Row starts that failed are remembered
/// with the moves they had left (a transposition table), across counts.
///
/// - Complexity: exponential in the worst case; every node counts against
///   the caller's budget.
struct FewestMovesBranchAndBound {
  let sizes: [Int]
  let capacity: Int
  let rows: Int
  let bound: FewestMovesBound
  /// The tags, widest first.
  private let bySize: [Int]
  /// Prices per tag and their table of least costs
  /// (``FewestMovesLagrangianBound``): a second bound on the rows left.
  var priced: FewestMovesLagrangianBound.Evaluation? = nil
  /// Nodes visited since the last ``resetNodes()``.
  private(set) var nodes = 0

  fileprivate enum Place: UInt8 { case undecided, kept, waiting, placed }
  private var place: [Place]
  private var waiting: [Int] = []
  private var moves = 0
  private var wasteUsed = 0
  private var contents: [[Int]] = []
  private var limit = 0
  private var found: (packing: Packing, moved: [Int])? = nil
  private var outOfBudget = false
  /// Branches taken against the search's preference (keep a tag that fits;
  /// put a candidate in the row), and how many a probe allows.
  private var discrepancies = 0
  private var discrepancyLimit = Int.max
  /// In a beam: the row whose start is collected (not searched) and what is collected.
  private var collectRow = -1
  private var children: [BeamState] = []
  private var childLimit = Int.max
  /// Row starts whose search failed, with the most moves it had left: the
  /// outcome depends on the row, the next tag, the tags placed ahead and
  /// the sizes waiting, whatever the path (a transposition table).
  private var refusedStarts: [RowStart: Int] = [:]
  static let mostRefusedStarts = 1 << 20
  private var isStopped: Bool { found != nil || outOfBudget || children.count >= childLimit }

  init(sizes: [Int], capacity: Int, rows: Int, bound: FewestMovesBound) {
    self.sizes = sizes
    self.capacity = capacity
    self.rows = rows
    self.bound = bound
    place = [Place](repeating: .undecided, count: sizes.count)
    bySize = sizes.indices.sorted { sizes[$0] > sizes[$1] }
  }

  /// Starts the node count again (the caller has added it to its own).
  mutating func resetNodes() { nodes = 0 }

  /// A layout in at most `rows` rows moving at most `maxMoves` tags:
  /// `.some(layout)`, `.some(nil)` when there is none, `nil` when the
  /// budget ran out first.
  mutating func layout(movingAtMost maxMoves: Int, meter: inout BudgetMeter) -> (packing: Packing, moved: [Int])?? {
    layout(movingAtMost: maxMoves, discrepancies: Int.max, meter: &meter)
  }

  /// A layout moving at most `maxMoves` tags among those reached with at
  /// most `limit` branches against the search's preference (limited
  /// discrepancy search: Harvey and Ginsberg, "Limited discrepancy
  /// search", IJCAI 1995). `.some(nil)` proves nothing unless `limit` is
  /// `Int.max`; `nil` when the budget ran out first.
  mutating func layout(movingAtMost maxMoves: Int, discrepancies limit: Int, meter: inout BudgetMeter) -> (packing: Packing, moved: [Int])?? {
    // Past the table's cap only probes run: its bound no longer prunes.
    guard maxMoves <= bound.cap || limit < Int.max else { return nil }
    discrepancyLimit = limit
    discrepancies = 0
    self.limit = maxMoves
    found = nil
    outOfBudget = false
    place = [Place](repeating: .undecided, count: sizes.count)
    waiting = []
    moves = 0
    wasteUsed = 0
    contents = []
    startRow(0, from: 0, meter: &meter)
    if let found { return .some(found) }
    return outOfBudget ? nil : .some(nil)
  }

  /// The fewest more tags from `i` on that must move for the tags to
  /// finish in the rows left within the moves left (the table's bound with
  /// the waiting and placed-ahead tags, and the priced table's); `nil`
  /// when they cannot. Counts beyond a table's cap pass its test.
  private func leastMoreMoves(_ i: Int, rowsLeft: Int) -> Int? {
    let wasteLeft = bound.slack - wasteUsed
    guard wasteLeft >= 0, moves <= limit else { return nil }
    // Tags from `i` on already placed in earlier rows: moved, counted in the table's `out`.
    var placedAhead = 0
    // Prices of the tags the rows left receive (waiting) minus those they
    // send that earlier rows received (placed ahead): they do not cancel.
    var unmatched = 0
    for k in i..<sizes.count where place[k] == .placed {
      placedAhead += 1
      unmatched -= priced?.prices[k] ?? 0
    }
    if let priced { for k in waiting { unmatched += priced.prices[k] } }
    for more in 0...(limit - moves) {
      let out = placedAhead + more
      let receiving = waiting.count + more
      guard out > bound.cap || bound.waste(from: i, rows: rowsLeft, out: out, guestRows: receiving) <= wasteLeft else { continue }
      guard let priced, out <= priced.moves else { return more }
      let least = priced.least(from: i, rows: rowsLeft, out: out)
      if least < FewestMovesBound.impossible, least + unmatched <= wasteLeft { return more }
    }
    return nil
  }

  private mutating func startRow(_ j: Int, from i: Int, meter: inout BudgetMeter) {
    if isStopped { return }
    var i = i
    while i < sizes.count && place[i] == .placed { i += 1 }
    if i == sizes.count && waiting.isEmpty {
      let moved = place.indices.filter { place[$0] == .waiting || place[$0] == .placed }
      found = (Packing(rows: contents), moved)
      return
    }
    guard j < rows, meter.tick() else {
      if j < rows { outOfBudget = true }
      return
    }
    nodes += 1
    guard let more = leastMoreMoves(i, rowsLeft: rows - j) else { return }
    if j == collectRow {
      children.append(BeamState(place: place, waiting: waiting, moves: moves, wasteUsed: wasteUsed, contents: contents, next: i, estimate: moves + more))
      return
    }
    // A start already refused with as many moves left fails again.
    let isExhaustive = discrepancyLimit == Int.max && collectRow < 0
    let key = isExhaustive ? rowStart(j, i) : nil
    if let key, let refused = refusedStarts[key], refused >= limit - moves { return }
    contents.append([])
    extendInterval(j, at: i, start: i, load: 0, meter: &meter)
    contents.removeLast()
    if let key, found == nil, !outOfBudget, refusedStarts.count < Self.mostRefusedStarts {
      refusedStarts[key] = max(refusedStarts[key] ?? -1, limit - moves)
    }
  }

  /// What the rest of the search depends on at the start of row `j` with
  /// tag `i` next (the slack left follows from it).
  private func rowStart(_ j: Int, _ i: Int) -> RowStart {
    var ahead = [UInt64](repeating: 0, count: (sizes.count - i + 63) / 64)
    for k in i..<sizes.count where place[k] == .placed { ahead[(k - i) / 64] |= 1 << UInt64((k - i) % 64) }
    return RowStart(row: j, next: i, placedAhead: ahead, waitingSizes: waiting.map { sizes[$0] }.sorted())
  }

  /// Decides tag `pos` of row `j`'s interval (which began at `start`):
  /// kept, the interval ends before it, or moved.
  private mutating func extendInterval(_ j: Int, at pos: Int, start: Int, load: Int, meter: inout BudgetMeter) {
    if isStopped { return }
    var pos = pos
    while pos < sizes.count && place[pos] == .placed { pos += 1 }
    let isLast = j == rows - 1
    let keptAny = !contents[j].isEmpty
    if pos == sizes.count {
      fillRow(j, next: pos, start: start, load: load, meter: &meter)
      return
    }
    let size = sizes[pos]
    let previous = pos - 1
    let mustMove = previous >= start && sizes[previous] == size && place[previous] == .waiting
    let saved = discrepancies
    defer { discrepancies = saved }
    if !mustMove && load + size <= capacity {
      place[pos] = .kept
      contents[j].append(pos)
      extendInterval(j, at: pos + 1, start: start, load: load + size, meter: &meter)
      contents[j].removeLast()
      place[pos] = .undecided
      discrepancies += 1
    }
    // A row with no kept tag goes last, so an interval holds one.
    if keptAny && !isLast && discrepancies <= discrepancyLimit {
      fillRow(j, next: pos, start: start, load: load, meter: &meter)
      discrepancies += 1
    }
    if moves < limit && discrepancies <= discrepancyLimit {
      place[pos] = .waiting
      waiting.append(pos)
      moves += 1
      extendInterval(j, at: pos + 1, start: start, load: load, meter: &meter)
      moves -= 1
      waiting.removeLast()
      place[pos] = .undecided
    }
  }

  /// Fills row `j` (its kept tags weigh `load`) with moved tags: waiting
  /// ones (from earlier intervals than `start`'s) and tags from `next` on
  /// (which move).
  private mutating func fillRow(_ j: Int, next: Int, start: Int, load: Int, meter: inout BudgetMeter) {
    let mustEmptyWaiting = j == rows - 1
    // Waiting tags of this row's own interval would be kept, not moved.
    // Widest first (the tags in that order are sorted once): waiting ones, then later ones.
    var candidates = bySize.filter { $0 < start && place[$0] == .waiting }
    let waitingCount = candidates.count
    if !mustEmptyWaiting {
      candidates += bySize.filter { $0 >= next && place[$0] == .undecided }
    }
    if mustEmptyWaiting && waitingCount != waiting.count { return }
    // prefix[k]: the sizes of candidates before k. Later tags cost a move
    // each, so at most the moves left of them (the widest) can still come.
    var prefix = [0]
    for item in candidates { prefix.append(prefix[prefix.count - 1] + sizes[item]) }
    func most(from k: Int, movesLeft: Int) -> Int {
      let later = max(k, waitingCount)
      let waitingPart = prefix[waitingCount] - prefix[min(k, waitingCount)]
      return waitingPart + prefix[min(later + max(movesLeft, 0), candidates.count)] - prefix[later]
    }
    let leastLoad = capacity - (bound.slack - wasteUsed)
    func choose(_ k: Int, load: Int, meter: inout BudgetMeter) {
      if isStopped { return }
      if load + most(from: k, movesLeft: limit - moves) < leastLoad { return }
      if k == candidates.count {
        if mustEmptyWaiting && !waiting.isEmpty { return }
        wasteUsed += capacity - load
        startRow(j + 1, from: next, meter: &meter)
        wasteUsed -= capacity - load
        return
      }
      let item = candidates[k]
      let isWaiting = k < waitingCount
      let fits = load + sizes[item] <= capacity
      let saved = discrepancies
      defer { discrepancies = saved }
      if fits && (isWaiting || moves < limit) {
        // Put back where it was, so that the callers' appends come off last.
        let at = isWaiting ? waiting.firstIndex(of: item)! : 0
        if isWaiting {
          waiting.remove(at: at)
        } else {
          moves += 1
        }
        place[item] = .placed
        contents[j].append(item)
        choose(k + 1, load: load + sizes[item], meter: &meter)
        contents[j].removeLast()
        place[item] = isWaiting ? .waiting : .undecided
        if isWaiting {
          waiting.insert(item, at: at)
        } else {
          moves -= 1
        }
      }
      if mustEmptyWaiting && isWaiting { return }
      if fits && (isWaiting || moves < limit) { discrepancies += 1 }
      if discrepancies > discrepancyLimit { return }
      // Leaving a waiting tag out: skip the next waiting ones of its size
      // too (all move, so which does not matter). Not later tags: their
      // index decides where they could have been kept.
      var skip = k + 1
      while isWaiting && skip < waitingCount && sizes[candidates[skip]] == sizes[item] { skip += 1 }
      choose(skip, load: load, meter: &meter)
    }
    choose(0, load: load, meter: &meter)
  }
}

extension FewestMovesBranchAndBound {
  /// A row start, as the transposition table knows it.
  fileprivate struct RowStart: Hashable {
    var row: Int
    var next: Int
    var placedAhead: [UInt64]
    var waitingSizes: [Int]
  }

  /// The search between two rows: what a beam keeps.
  fileprivate struct BeamState {
    var place: [Place]
    var waiting: [Int]
    var moves: Int
    var wasteUsed: Int
    var contents: [[Int]]
    /// The first tag not placed ahead.
    var next: Int
    /// The moves made plus the table's bound on the moves still to come.
    var estimate: Int
  }

  /// A layout moving at most `maxMoves` tags found by beam search over the
  /// same rows as the branch and bound: row by row, the `width` partial
  /// layouts with the fewest moves made plus moves the table says must
  /// come (then the least room wasted) are kept, each grown by its first
  /// `width` ways of building the next row. A heuristic: `nil` proves
  /// nothing (also when the budget runs out).
  ///
  /// - Complexity: O(*R* *w*^2) rows built for *R* rows and width *w*.
  mutating func beamLayout(movingAtMost maxMoves: Int, width: Int, meter: inout BudgetMeter) -> (packing: Packing, moved: [Int])? {
    limit = maxMoves
    discrepancyLimit = Int.max
    discrepancies = 0
    found = nil
    outOfBudget = false
    defer {
      collectRow = -1
      children = []
      childLimit = Int.max
    }
    let start = BeamState(place: [Place](repeating: .undecided, count: sizes.count), waiting: [], moves: 0, wasteUsed: 0, contents: [], next: 0, estimate: 0)
    var beam = [start]
    for j in 0..<rows {
      var next: [BeamState] = []
      var seen = Set<[Place]>()
      for state in beam {
        place = state.place
        waiting = state.waiting
        moves = state.moves
        wasteUsed = state.wasteUsed
        contents = state.contents
        collectRow = j + 1
        children = []
        childLimit = width
        contents.append([])
        extendInterval(j, at: state.next, start: state.next, load: 0, meter: &meter)
        if let found { return found }
        if outOfBudget { return nil }
        for child in children where seen.insert(child.place).inserted { next.append(child) }
      }
      next.sort { ($0.estimate, $0.wasteUsed, $0.waiting.count) < ($1.estimate, $1.wasteUsed, $1.waiting.count) }
      beam = Array(next.prefix(width))
      if beam.isEmpty { return nil }
    }
    return nil
  }
}
