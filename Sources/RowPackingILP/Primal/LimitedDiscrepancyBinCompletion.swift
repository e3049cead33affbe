import RowPacking

/// A search for a packing in a given number of rows when the waste budget
/// is small (rows that are all, or nearly all, exactly full): bin
/// completion that branches on the most constrained item, looks one step
/// ahead, and explores by limited discrepancy.
///
/// With `rows` rows of capacity C and items of total size S, the rows can
/// leave at most W = `rows x C - S` unused in all. Each node of the search
/// fixes one row:
///
/// 1. For every item left, it counts the subsets of the items left that
///    complete its row within what is left of W (a counting subset-sum
///    table over all items left); an item with no completion ends the node
///    (look-ahead), and the item with the fewest completions is the one
///    whose row is fixed (most constrained first; ties: the largest). The
///    table is kept up to date modulo 2^64 as items leave and come back
///    (``SubsetSumCounts``, O(C) per item); a count is taken from it where
///    a table counted afresh for a superset of the items left (on the
///    path, again when a fifth of its items have left) keeps it below
///    2^62, so it is exact, and from that table otherwise (a large count).
/// 2. Its completions are enumerated from a bitset table of the sums the
///    items left can make (only subsets that reach the window are walked),
///    exact ones first, then with waste, larger items first; a completion
///    that another item left could improve is skipped (dominance: an item
///    left that replaces one item, or two, of the completion and still
///    fits; Martello and Toth's criterion, as bin completion uses it).
/// 3. The search descends into each completion in turn. Limited
///    discrepancy search: a path may leave the first choice at most `d`
///    times, for d = 0, 1, ... ``maxDiscrepancy``; then ``restartPasses``
///    restarts of ``restartNodeLimit`` nodes with one discrepancy, the
///    counts scaled by up to 10 % at random (another item among near ties)
///    and, one time in ten, the second completion first; then d goes on
///    growing until a pass cuts nothing. Item sets that failed after a full
///    search (no choice cut by a limit) are remembered.
///
/// It is a primal heuristic (a packing or nothing): the node limit, the
/// discrepancy limit and the cap on completions per row cut the search.
///
/// R. E. Korf, "An improved algorithm for optimal bin packing", IJCAI 2003
/// (bin completion, dominance); S. Martello and P. Toth, "Knapsack
/// problems", Wiley 1990 (the dominance criterion); W. D. Harvey and M. L.
/// Ginsberg, "Limited discrepancy search", IJCAI 1995.
///
/// - Complexity: per node O(*k* x C) to update the counting table for the
///   *k* items that left or came back, O(*n* x C) for a table counted
///   afresh (*n* items left; a few times per path of rows, and after
///   backtracking past it), and O(*m* log *n* x R / 64) for the bitset
///   table of the *m* item types up to the row's room R; at most
///   ``nodeLimit`` nodes in all, and the deadline: a node starts only when
///   the cost of recent nodes is left before it.
struct LimitedDiscrepancyBinCompletion {
  /// Distinct item sizes, decreasing (the types).
  let sizes: [Int]
  /// How many items of each type.
  let demands: [Int]
  let capacity: Int
  /// Search nodes (rows fixed) in all, over every pass.
  var nodeLimit = 200_000
  /// The most completions tried for one row.
  var completionLimit = 64
  /// The largest discrepancy of the limited discrepancy passes.
  var maxDiscrepancy = 2
  /// The randomized restarts that follow, and the nodes of each; then
  /// limited discrepancy again, from ``maxDiscrepancy`` + 1 up.
  var restartPasses = 20
  var restartNodeLimit = 2_000
  var seed: UInt64 = 0x5eed
  /// The least a node is assumed to cost: a node starts only when the
  /// larger of this and the measured cost of recent nodes is left before
  /// the deadline.
  var minimumStepCost: Duration = .zero
  /// Integer weights whose best row is worth `maxWeight` (from the LP's
  /// optimal duals: ``GilmoreGomoryColumnGeneration/dualRestrictions(vertices:epsilon:seed:until:)``).
  /// In any packing in `rows` rows the rows fall short of `maxWeight` by
  /// `rows x maxWeight - sum(weights x demands)` (the gap) in all, so a
  /// row that falls shorter than the gap left is not tried; with the LP
  /// bound met, the gap is 0 and every row must be a row of reduced cost
  /// 0 at those duals. Valid for any nonnegative weights.
  var restrictions: [NearFullRowsModel.DualRestriction] = []

  init(sizes: [Int], demands: [Int], capacity: Int) {
    self.sizes = sizes
    self.demands = demands
    self.capacity = capacity
  }

  /// A packing in at most `rows` rows as patterns (type indices), or nil
  /// when none was found within the limits; and the nodes searched.
  func run(rows: Int, until deadline: ContinuousClock.Instant) -> (patterns: [Pattern]?, nodes: Int) {
    let total = zip(sizes, demands).reduce(0) { $0 + $1.0 * $1.1 }
    let budget = rows * capacity - total
    if budget < 0 || sizes.contains(where: { $0 > capacity || $0 <= 0 }) { return (nil, 0) }
    if total == 0 { return ([], 0) }
    var gaps: [Int] = []
    for restriction in restrictions {
      let gap = restriction.gap(rows: rows, demands: demands)
      if gap < 0 { return (nil, 0) }  // a proof: no packing in `rows` rows
      gaps.append(gap)
    }
    let search = Search(sizes: sizes, demands: demands, capacity: capacity, deadline: deadline, seed: seed)
    search.completionLimit = completionLimit
    search.minimumStepCost = minimumStepCost
    search.stepCost = minimumStepCost
    search.restrictions = restrictions
    search.gapLeft = gaps
    var discrepancy = 0
    var restarts = 0
    while search.nodes < nodeLimit && !search.timedOut {
      let randomized = discrepancy > maxDiscrepancy && restarts < restartPasses
      search.randomized = randomized
      search.passLimit = randomized ? search.nodes + min(restartNodeLimit, nodeLimit - search.nodes) : nodeLimit
      search.reset()
      let outcome = search.search(rowsLeft: rows, wasteLeft: budget, discrepanciesLeft: randomized ? 1 : discrepancy)
      if outcome.found { return (search.chosen, search.nodes) }
      // A search that nothing cut is a proof; nothing more to try.
      if outcome.complete { return (nil, search.nodes) }
      if randomized { restarts += 1 } else { discrepancy += 1 }
    }
    return (nil, search.nodes)
  }

  /// The search's state: the items left and the tables, reused by every node.
  private final class Search {
    let sizes: [Int]
    let capacity: Int
    let m: Int
    let words: Int
    let deadline: ContinuousClock.Instant
    let clock = ContinuousClock()
    var demand: [Int]
    var chosen: [Pattern] = []
    var nodes = 0
    var passLimit = 0
    var timedOut = false
    var aborted = false
    var randomized = false
    var restrictions: [NearFullRowsModel.DualRestriction] = []
    /// What the rows left may still fall short of each restriction's
    /// `maxWeight` in all (set by the rows fixed).
    var gapLeft: [Int] = []
    var completionLimit = 64
    /// The work of a recent node before its children (tables and
    /// completions; the largest of the last, halved at each node): a node
    /// starts only when that much time is left before the deadline, so
    /// that on large instances, where one node takes long, the search
    /// stops within its time rather than one node after it.
    var stepCost: Duration = .zero
    var minimumStepCost: Duration = .zero
    var random: SplitMix64
    /// Demands (and rows left) whose search failed with nothing cut.
    var failed = Set<[Int]>()
    /// reach[t * words ..< (t + 1) * words]: the sums the items of types >= t can make.
    var reach: [UInt64]
    /// The largest sum `reach` has.
    var reachLimit = 0
    /// counts[x]: the subsets of the items left of total size x, counted
    /// afresh (single precision) for a ``Bound``.
    var counts: [Float]
    /// The counts of the items left kept up to date modulo 2^64 as items
    /// leave and come back, for the items `countedDemand` says: the true
    /// counts wherever a ``Bound`` keeps them below 2^62.
    var liveCounts: SubsetSumCounts
    var countedDemand: [Int]
    /// Running sums of `liveCounts` (rows with waste).
    var livePrefix: [UInt64] = []
    /// Upper bounds on the counts: the counts of a superset of the items
    /// left, counted afresh, as running sums (double precision).
    struct Bound {
      var demand: [Int]
      var items: Int
      var prefix: [Double]
    }
    /// The bounds of the items of nodes on the path, most recent last:
    /// a bound holds while the items left are a subset of its items.
    var bounds: [Bound] = []
    /// A new bound is counted when the items left fall below this share
    /// of the last bound's: along a path of rows the fresh counts cost a
    /// few times one count of all items, not one at every node.
    let recountShare = 0.8

    init(sizes: [Int], demands: [Int], capacity: Int, deadline: ContinuousClock.Instant, seed: UInt64) {
      self.sizes = sizes
      self.capacity = capacity
      self.m = sizes.count
      self.words = capacity / 64 + 1
      self.deadline = deadline
      self.demand = demands
      self.random = SplitMix64(seed: seed)
      reach = [UInt64](repeating: 0, count: (sizes.count + 1) * (capacity / 64 + 1))
      counts = [Float](repeating: 0, count: capacity + 1)
      liveCounts = SubsetSumCounts(capacity: capacity)
      countedDemand = [Int](repeating: 0, count: sizes.count)
    }

    /// Brings `liveCounts` to the items left (O(C) per item that left or
    /// came back since the last call), and makes sure a bound holds for
    /// them (popping those that no longer do, counting a new one afresh
    /// when none is left or the last is loose).
    func syncCounts() {
      syncLiveCounts()
      while let last = bounds.last, !zip(demand, last.demand).allSatisfy({ $0 <= $1 }) { bounds.removeLast() }
      let items = demand.reduce(0, +)
      if let last = bounds.last, Double(items) >= recountShare * Double(last.items) { return }
      countSubsets()
      var prefix = [Double](repeating: 0, count: capacity + 1)
      var sum: Double = 0
      for x in 0...capacity {
        sum += Double(counts[x])
        prefix[x] = sum
      }
      bounds.append(Bound(demand: demand, items: items, prefix: prefix))
    }

    /// Brings `liveCounts` to the items left.
    func syncLiveCounts() {
      for t in 0..<m where countedDemand[t] > demand[t] {
        liveCounts.remove(size: sizes[t], copies: countedDemand[t] - demand[t])
        countedDemand[t] = demand[t]
      }
      for t in 0..<m where countedDemand[t] < demand[t] {
        liveCounts.add(size: sizes[t], copies: demand[t] - countedDemand[t])
        countedDemand[t] = demand[t]
      }
    }

    /// The count of completions of an item of type `t` within `wasteLeft`:
    /// the live count when the last bound keeps it below 2^62 (exact),
    /// else the bound's (an overestimate).
    @inline(__always)
    func completionCount(_ t: Int, wasteLeft: Int) -> Double {
      let bound = bounds[bounds.count - 1].prefix
      let hi = capacity - sizes[t]
      let lo = max(0, hi - wasteLeft)
      // The bound's count (a little high for its rounding), and the
      // live count when the bound keeps it below 2^62: then it is exact.
      let upper = (bound[hi] - (lo > 0 ? bound[lo - 1] : 0)) * 1.001 + bound[hi] * 0x1p-40
      if upper < 0x1p62 {
        let live = liveCounts.counts
        return Double(wasteLeft == 0 ? live[hi] : livePrefix[hi] &- (lo > 0 ? livePrefix[lo - 1] : 0))
      }
      return upper
    }

    func reset() {
      aborted = false
      chosen = []
    }

    /// Fills `counts` for the items left.
    ///
    /// Single precision, eight sums at a time: the counts only rank the
    /// items (a count overflows to infinity, still positive), and a sum
    /// no subset makes stays exactly 0.
    func countSubsets() {
      let c = capacity
      counts.withUnsafeMutableBufferPointer { cnt in
        for x in 0...c { cnt[x] = 0 }
        cnt[0] = 1
        let raw = UnsafeMutableRawPointer(cnt.baseAddress!)
        let stride = MemoryLayout<Float>.stride
        var top = 0  // the largest sum reachable so far
        for t in Swift.stride(from: m - 1, through: 0, by: -1) where demand[t] > 0 {
          let s = sizes[t]
          for _ in 0..<demand[t] {
            top = min(c, top + s)
            var x = top
            // Downwards, so each item counts once: with s >= 8 the eight
            // sums read lie below the eight written.
            if s >= 8 {
              while x - 7 >= s {
                let target = raw + (x - 7) * stride
                let sum = target.loadUnaligned(as: SIMD8<Float>.self)
                  + (raw + (x - 7 - s) * stride).loadUnaligned(as: SIMD8<Float>.self)
                target.storeBytes(of: sum, as: SIMD8<Float>.self)
                x -= 8
              }
            }
            while x >= s {
              cnt[x] += cnt[x - s]
              x -= 1
            }
          }
        }
      }
    }

    /// Fills `reach` for the items left, for the sums up to `limit` (a
    /// row's room: no completion needs more).
    func buildReach(upTo limit: Int) {
      let stride = words
      let w = limit / 64 + 1
      let c = limit
      reachLimit = limit
      let lastMask: UInt64 = c % 64 == 63 ? .max : (UInt64(1) << UInt64(c % 64 + 1)) - 1
      reach.withUnsafeMutableBufferPointer { r in
        let base = m * stride
        for i in 0..<w { r[base + i] = 0 }
        r[base] = 1
        for t in Swift.stride(from: m - 1, through: 0, by: -1) {
          let dst = t * stride, src = (t + 1) * stride
          for i in 0..<w { r[dst + i] = r[src + i] }
          var left = demand[t]
          var chunk = 1
          while left > 0 {
            let k = min(chunk, left)
            left -= k
            chunk *= 2
            let shift = k * sizes[t]
            if shift > c { break }
            let ws = shift / 64, bs = UInt64(shift % 64)
            // Downwards, each word from the two it moves from (unchanged yet).
            var i = w - 1
            if bs == 0 {
              while i >= ws {
                r[dst + i] |= r[dst + i - ws]
                i -= 1
              }
            } else {
              while i > ws {
                r[dst + i] |= r[dst + i - ws] << bs | r[dst + i - ws - 1] >> (64 - bs)
                i -= 1
              }
              if i == ws { r[dst + i] |= r[dst] << bs }
            }
            r[dst + w - 1] &= lastMask
          }
        }
      }
    }

    /// Whether the items of types >= t can make a sum in lo...hi.
    @inline(__always)
    func reaches(_ t: Int, _ lo: Int, _ hi: Int) -> Bool {
      if hi < 0 { return false }
      let a = max(lo, 0), b = min(hi, reachLimit)
      if a > b { return false }
      let base = t * words
      var i = a / 64
      let last = b / 64
      while i <= last {
        var word = reach[base + i]
        if i == a / 64 { word &= UInt64.max << UInt64(a % 64) }
        if i == last && b % 64 < 63 { word &= (UInt64(1) << UInt64(b % 64 + 1)) - 1 }
        if word != 0 { return true }
        i += 1
      }
      return false
    }

    /// The completions of a row with `room` left that waste between
    /// `least` and `most`, as type lists, larger items first; at most
    /// `limit` (then `capped`).
    func completions(
      pick: Int, room: Int, least: Int, most: Int, limit: Int, into list: inout [(items: [Int], waste: Int)]
    ) -> Bool {
      var current: [Int] = []
      var capped = false
      var visits = 0
      func visit(_ u: Int, _ left: Int) {
        if capped { return }
        visits += 1
        // Cut (the node counts as searched in part): too many subsets
        // walked, or the deadline passed.
        if visits > 50 * limit * m || (visits & 63 == 0 && clock.now >= deadline) {
          capped = true
          return
        }
        if u == m {
          let waste = left
          if waste < least || waste > most { return }
          // Maximal: no item left fits in the waste; not dominated.
          if waste > 0, let smallest = smallestLeft(), smallest <= waste { return }
          if dominated(current, waste: waste) { return }
          if !restrictions.isEmpty && !meetsRestrictions(pick, current) { return }
          if list.count >= limit {
            capped = true
            return
          }
          list.append((current, waste))
          return
        }
        if !reaches(u, left - most, left - least) { return }
        let s = sizes[u]
        var k = min(demand[u], left / s)
        while k >= 0 {
          let rest = left - k * s
          if reaches(u + 1, rest - most, rest - least) {
            for _ in 0..<k { current.append(u) }
            demand[u] -= k
            visit(u + 1, rest)
            demand[u] += k
            current.removeLast(k)
            if capped { return }
          }
          k -= 1
        }
      }
      visit(0, room)
      return capped
    }

    /// What the row of `pick` and `items` falls short of each
    /// restriction's `maxWeight`.
    func shortfalls(_ pick: Int, _ items: [Int]) -> [Int] {
      restrictions.map { r in r.maxWeight - items.reduce(r.weights[pick]) { $0 + r.weights[$1] } }
    }

    /// Whether the row of `pick` and `items` falls short of no
    /// restriction's `maxWeight` by more than the gap left.
    func meetsRestrictions(_ pick: Int, _ items: [Int]) -> Bool {
      for (r, restriction) in restrictions.enumerated() {
        let weight = items.reduce(restriction.weights[pick]) { $0 + restriction.weights[$1] }
        if restriction.maxWeight - weight > gapLeft[r] { return false }
      }
      return true
    }

    func smallestLeft() -> Int? {
      var t = m - 1
      while t >= 0 {
        if demand[t] > 0 { return sizes[t] }
        t -= 1
      }
      return nil
    }

    /// Whether an item left (not in the completion: `demand` has the
    /// completion taken off) can replace one or two of its items and still
    /// fit in the row: a larger completion then exists.
    func dominated(_ items: [Int], waste: Int) -> Bool {
      for i in items.indices {
        if i > 0 && items[i] == items[i - 1] { continue }
        let y = sizes[items[i]]
        if waste > 0 && availableSize(in: y + 1, y + waste) { return true }
        var j = i + 1
        while j < items.count {
          if j > i + 1 && items[j] == items[j - 1] {
            j += 1
            continue
          }
          let pair = y + sizes[items[j]]
          if availableSize(in: pair, pair + waste) { return true }
          j += 1
        }
      }
      return false
    }

    /// Whether some item left has a size in lo...hi.
    func availableSize(in lo: Int, _ hi: Int) -> Bool {
      // sizes are decreasing: the first type of size <= hi, then down to lo.
      var a = 0, b = m
      while a < b {
        let mid = (a + b) / 2
        if sizes[mid] > hi { a = mid + 1 } else { b = mid }
      }
      var t = a
      while t < m && sizes[t] >= lo {
        if demand[t] > 0 { return true }
        t += 1
      }
      return false
    }

    /// The item type left with the fewest completions within `wasteLeft`
    /// (ties: the largest; randomized: counts scaled by up to 1.1), and
    /// their count; 0 when some item has none.
    func fewestCompletions(wasteLeft: Int, randomized: Bool) -> (type: Int, count: Double) {
      syncCounts()
      if wasteLeft > 0 {
        livePrefix = liveCounts.counts
        for x in 1..<livePrefix.count { livePrefix[x] &+= livePrefix[x - 1] }
      }
      var pick = -1
      var fewest = Double.infinity
      var fewestKey = Double.infinity
      for t in 0..<m where demand[t] > 0 {
        var n = completionCount(t, wasteLeft: wasteLeft)
        if n <= 0 { return (t, 0) }
        if n.isNaN { n = .infinity }  // both partial sums overflowed
        var key = n
        if randomized { key *= 1 + 0.1 * Double(random.next() % 1024) / 1024 }
        if pick < 0 || key < fewestKey {
          fewestKey = key
          fewest = n
          pick = t
        }
      }
      return (pick, fewest)
    }

    /// Fixes rows until no item is left (true) or the node fails; `complete`
    /// when nothing was cut (a failure is then a proof for these items).
    func search(rowsLeft: Int, wasteLeft: Int, discrepanciesLeft: Int) -> (found: Bool, complete: Bool) {
      guard demand.contains(where: { $0 > 0 }) else { return (true, true) }
      if rowsLeft == 0 { return (false, true) }
      nodes += 1
      if nodes > passLimit { aborted = true }
      let started = clock.now
      if started + stepCost >= deadline {
        aborted = true
        timedOut = true
      }
      if aborted { return (false, false) }
      var key = demand
      key.append(rowsLeft)
      if failed.contains(key) { return (false, true) }

      // The most constrained item: fewest completions within the waste left.
      let (pick, fewest) = fewestCompletions(wasteLeft: wasteLeft, randomized: randomized)
      stepCost = max(clock.now - started, stepCost / 2, minimumStepCost)
      if fewest <= 0 { return (false, true) }

      demand[pick] -= 1
      defer { demand[pick] += 1 }
      buildReach(upTo: capacity - sizes[pick])
      let room = capacity - sizes[pick]
      var list: [(items: [Int], waste: Int)] = []
      var capped = completions(pick: pick, room: room, least: 0, most: 0, limit: completionLimit, into: &list)
      if !capped && wasteLeft > 0 {
        capped = completions(pick: pick, room: room, least: 1, most: wasteLeft, limit: completionLimit, into: &list)
      }
      stepCost = max(clock.now - started, stepCost / 2, minimumStepCost)
      if randomized && list.count > 1 {
        // Restarts: a random completion first, the others in order.
        if random.next() % 10 == 0 { list.swapAt(0, 1) }
      }
      var complete = !capped
      for (i, completion) in list.enumerated() {
        if i > 0 && discrepanciesLeft == 0 {
          complete = false
          break
        }
        for t in completion.items { demand[t] -= 1 }
        let shortfalls = shortfalls(pick, completion.items)
        for r in shortfalls.indices { gapLeft[r] -= shortfalls[r] }
        chosen.append(([pick] + completion.items).sorted())
        let outcome = search(
          rowsLeft: rowsLeft - 1, wasteLeft: wasteLeft - completion.waste,
          discrepanciesLeft: discrepanciesLeft - (i > 0 ? 1 : 0))
        for t in completion.items { demand[t] += 1 }
        for r in shortfalls.indices { gapLeft[r] += shortfalls[r] }
        if outcome.found { return (true, true) }
        chosen.removeLast()
        if !outcome.complete { complete = false }
        if aborted { return (false, false) }
      }
      if complete && failed.count < 100_000 { failed.insert(key) }
      return (false, complete)
    }
  }
}

