/// A lower bound on the tags moved for a number of rows, from the intervals
/// the kept tags form.
///
/// A layout in `R` rows that keeps some tags in reading order cuts the input
/// into `R` consecutive intervals, one per row: each tag stays in its
/// interval's row (kept) or goes to any row (moved). In each row the kept
/// tags plus the moved tags it receives fit the capacity. The moved tags
/// counted out of the intervals are the moves. Two facts bound them:
///
/// - an interval whose tags overfill a row must send out enough of them
///   (counted, and by size);
/// - the empty space of all rows is the slack `R C - sum(sizes)`, fixed; a
///   row whose kept tags leave room `rho` and that receives `q` moved tags
///   wastes at least `rho` minus the largest sum of at most `q` tags that
///   fits in `rho` (``ReceivedFill``: `rho` itself when `q = 0`); every
///   moved tag is received by one row, so the `q` add up to the moves.
///
/// ``waste(from:rows:out:guestRows:)`` is the least room wasted, over the
/// cuts of the tags from `i` on into `r` rows with exactly `o` tags sent
/// out and at most `G` tags received (a dynamic programme over the cuts).
/// The bound at the root is the least `o` whose waste with `G = o` fits in
/// the slack; in the branch and bound the same table bounds what the tags
/// not yet decided must add.
///
/// - Complexity: O(*n* *R* *U*^2 *L* *Q*) time and O(*n* *R* *U*^2)
///   memory for *U* tracked moves, intervals of at most *L* tags (those
///   whose overfill fits *U* moves) and rows receiving up to *Q* tags
///   before any room can be filled.
struct FewestMovesBound {
  /// Marks an impossible cell.
  static let impossible = Int.max / 4
  /// Intervals up to this many tags get the least size sent out by trying
  /// every subset; longer ones a bound (the smallest tags).
  static let exactIntervalLength = 12
  let count: Int
  let rows: Int
  /// The most moves (and receiving rows) the table tracks.
  let cap: Int
  /// `R C - sum(sizes)`: the empty space of any layout in `rows` rows.
  let slack: Int
  private var table: [Int]
  /// For each tag `i`, the fewest intervals the tags before it can be cut
  /// into: cells `(i, r)` with more rows left than `rows - fewestRowsBefore[i]`
  /// are never reached from the root, so they are not filled and read 0.
  let fewestRowsBefore: [Int]

  /// The table for `sizes` in `rows` rows of `capacity`, tracking up to
  /// `cap` moves; `nil` when the sizes exceed the rows' total room.
  /// `fillsEveryCell` fills the cells the root never reaches too (for tests).
  init?(sizes: [Int], capacity: Int, rows: Int, cap: Int, fillsEveryCell: Bool = false) {
    let n = sizes.count
    let total = sizes.reduce(0, +)
    guard rows >= 1, total <= rows * capacity else { return nil }
    self.count = n
    self.rows = rows
    self.cap = max(0, min(cap, n))
    self.slack = rows * capacity - total
    let u = self.cap
    let cells = (u + 1) * (u + 1)
    let intervals = Self.intervalCosts(sizes: sizes, capacity: capacity, cap: u)
    var before = [Int](repeating: fillsEveryCell ? 0 : Int.max, count: n + 1)
    before[0] = 0
    for i in 0..<n where before[i] < Int.max {
      for interval in intervals[i] where interval.end > i { before[interval.end] = min(before[interval.end], before[i] + 1) }
    }
    fewestRowsBefore = before
    table = [Int](repeating: Self.impossible, count: (n + 1) * (rows + 1) * cells)
    // No rows left: only the end of the tags, nothing sent out.
    for g in 0...u { table[index(n, 0, 0, g)] = 0 }
    let received = ReceivedFill(sizes: sizes, capacity: capacity)
    // For each interval the root reaches and count sent out: the least
    // waste by tags received, over every size the sent tags can have (a
    // larger size sent leaves more room, which may fill with less waste).
    let wastes = intervals.enumerated().map { i, starting in
      before[i] >= rows ? [] : starting.map { interval in
        Self.sentSizes(Array(sizes[i..<interval.end]), need: interval.total - capacity, cap: u).enumerated().map { o, sums in
          guard let sums else {
            // A long interval: its least room, and no bound once it receives.
            let removed = interval.leastRemoved[o]
            return removed < Self.impossible ? [capacity - interval.total + removed, 0] : []
          }
          return sums.reduce(into: [Int]()) { best, sum in
            best = Self.leastOfEach(best, received.leastWaste(room: capacity - interval.total + sum, upTo: u))
          }
        }
      }
    }
    for r in 1...rows {
      for i in stride(from: n, through: 0, by: -1) where before[i] <= rows - r {
        fill(i, r, intervals: intervals[i], wastes: wastes[i])
      }
    }
  }

  @inline(__always) private func index(_ i: Int, _ r: Int, _ o: Int, _ g: Int) -> Int {
    ((i * (rows + 1) + r) * (cap + 1) + o) * (cap + 1) + g
  }

  /// The least room wasted by the rows that receive no moved tag, for the
  /// tags `i..<n` cut into `r` rows with exactly `o` of them sent out and
  /// at most `guestRows` rows receiving; ``impossible`` when none.
  func waste(from i: Int, rows r: Int, out o: Int, guestRows: Int) -> Int {
    guard o >= 0, o <= cap, r >= 0, r <= rows else { return Self.impossible }
    guard fewestRowsBefore[i] <= rows - r else { return 0 }  // not filled: no bound
    return table[index(i, r, o, min(max(guestRows, 0), cap))]
  }

  /// The fewest moves the table allows in all the rows (at most ``cap``),
  /// or `nil` when even ``cap`` moves cannot work.
  var rootBound: Int? {
    (0...cap).first { o in waste(from: 0, rows: rows, out: o, guestRows: o) <= slack }
  }

  /// Row `r` from tag `i`: the interval `i..<e` (maybe empty), some of its
  /// tags sent out, `q` moved tags received, then `r - 1` rows from `e`.
  private mutating func fill(_ i: Int, _ r: Int, intervals: [IntervalCost], wastes: [[[Int]]]) {
    let u = cap
    for (interval, byOut) in zip(intervals, wastes) {
      let e = interval.end
      for (o1, removed) in interval.leastRemoved.enumerated() where removed < Self.impossible {
        let wasteByReceived = byOut[o1]  // the row's least waste receiving q tags
        for o2 in 0...(u - o1) {
          let base = index(e, r - 1, o2, 0)
          // The most rows receiving waste the least: impossible there, impossible for all.
          if table[base + u] >= Self.impossible { continue }
          let target = index(i, r, o1 + o2, 0)
          let most = wasteByReceived.count - 1
          table.withUnsafeMutableBufferPointer { cells in
            for g in 0...u {
              var best = Self.impossible
              for q in 0...min(g, most) {
                let rest = cells[base + g - q]
                if rest < Self.impossible, rest + wasteByReceived[q] < best { best = rest + wasteByReceived[q] }
              }
              if best < cells[target + g] { cells[target + g] = best }
            }
          }
        }
      }
    }
  }

  /// One interval `start..<end` of tags as one row's kept candidates.
  struct IntervalCost {
    var end: Int
    var total: Int
    /// For `o` tags sent out: the least size they can have while what
    /// stays fits a row; ``impossible`` when `o` tags are too few.
    var leastRemoved: [Int]
  }

  /// For each start, the intervals whose overfill `cap` tags can remove.
  static func intervalCosts(sizes: [Int], capacity: Int, cap: Int) -> [[IntervalCost]] {
    let n = sizes.count
    return (0...n).map { i in
      var result: [IntervalCost] = []
      var e = i
      var total = 0
      while true {
        let members = Array(sizes[i..<e])
        let need = total - capacity
        let removed = leastRemoved(members, need: need, cap: cap)
        if removed.allSatisfy({ $0 >= impossible }) { break }  // longer intervals overfill more
        result.append(IntervalCost(end: e, total: total, leastRemoved: removed))
        if e == n { break }
        total += sizes[e]
        e += 1
      }
      return result
    }
  }

  /// For `o` in `0...min(cap, members.count)`: every sum of `o` members
  /// that is at least `need` (empty when none), for intervals whose
  /// subsets are tried; `nil` for longer ones.
  static func sentSizes(_ members: [Int], need: Int, cap: Int) -> [Set<Int>?] {
    let l = members.count
    let most = min(cap, l)
    guard l <= exactIntervalLength else { return [Set<Int>?](repeating: nil, count: most + 1) }
    var sums = [Set<Int>](repeating: [], count: most + 1)
    forEachSubsetSum(members, most: most) { o, sum in
      if sum >= need { sums[o].insert(sum) }
    }
    return sums
  }

  /// Calls `body` with the size and sum of every subset of `members` (at
  /// most 2^``exactIntervalLength``) of at most `most` members.
  @inline(__always)
  static func forEachSubsetSum(_ members: [Int], most: Int, _ body: (_ count: Int, _ sum: Int) -> Void) {
    for subset in 0..<(1 << members.count) {
      let o = subset.nonzeroBitCount
      guard o <= most else { continue }
      var sum = 0
      var bits = subset
      while bits != 0 {
        sum += members[bits.trailingZeroBitCount]
        bits &= bits - 1
      }
      body(o, sum)
    }
  }

  /// The least of two lists of wastes by tags received, entry by entry (a
  /// list's last entry holds for the larger counts).
  static func leastOfEach(_ a: [Int], _ b: [Int]) -> [Int] {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    return (0..<max(a.count, b.count)).map { min(a[min($0, a.count - 1)], b[min($0, b.count - 1)]) }
  }

  /// For `o` in `0...min(cap, members.count)`: the least sum of `o` members
  /// that is at least `need`, exactly for short intervals, else a bound.
  static func leastRemoved(_ members: [Int], need: Int, cap: Int) -> [Int] {
    let l = members.count
    let most = min(cap, l)
    var best = [Int](repeating: impossible, count: most + 1)
    if l <= exactIntervalLength {
      forEachSubsetSum(members, most: most) { o, sum in
        if sum >= need, sum < best[o] { best[o] = sum }
      }
      return best
    }
    let ascending = members.sorted()
    var smallest = 0, largest = 0
    for o in 0...most {
      if o > 0 {
        smallest += ascending[o - 1]
        largest += ascending[l - o]
      }
      if largest >= need { best[o] = max(need, smallest) }
    }
    return best
  }
}
