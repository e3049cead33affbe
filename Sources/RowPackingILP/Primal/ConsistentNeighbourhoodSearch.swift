import RowPacking

/// A primal heuristic that needs no LP: rows one by one by minimum bin
/// slack over item types, then one row fewer at a time by a local search
/// that moves items between the rows and a pool of items left out.
///
/// 1. Construction (MBS', Fleszar and Hindi 2002, over item types): each
///    row takes the largest item left and the completion of least slack
///    from the items left, by a depth-first search over the types by
///    decreasing size (at most ``constructionNodesPerRow`` nodes, cut short
///    by an exactly full row).
/// 2. Improvement, while the rows exceed the target: the two rows of least
///    load are taken out, their items form the pool, and the search runs
///    until the pool fits in one row (then it is that row: one row fewer)
///    or max(``minimumIterations``, ``iterationsPerRow`` x rows) moves
///    pass. A move swaps a set A of at most two items of a row with a set
///    B of one to three items of the pool, the row staying within the
///    capacity; each move is the best over every row by its value, the
///    decrease of the pool's sum of x + ``squareWeight`` x x^2 (x: an
///    item's size over the capacity), so that the pool shrinks and keeps
///    its small items, which fill any row's last gap; moves that lose are
///    taken when none gains, ties broken at random. Tabu, for a tenure
///    drawn from ``tabuTenure``...2 x ``tabuTenure`` moves: an item type
///    moved out of a row does not go back into it, and one moved into a
///    row does not leave a row; swaps of equal sizes are not moves. After
///    ``failedAttemptLimit`` attempts in a row that save none it gives up
///    (the target may be below the optimum); a failed attempt is followed
///    by one with another pair of rows taken out (a random pair among the
///    emptiest).
///
/// ``run(from:target:until:)`` improves the fewer rows of the construction
/// and the caller's packing (on GI the packers' usually: on csBB500_5 the
/// construction made 1821 rows, first fit decreasing 1724). It returns
/// the fewest rows it found, never more than it started from; it never
/// proves. Its work does not depend on
/// the capacity, so it serves where the LP's pricing is slow (capacities
/// of a million units and thousands of items).
///
/// M. Buljubašić and M. Vasquez, "Consistent neighborhood search for
/// one-dimensional bin packing and two-dimensional vector packing",
/// Computers & Operations Research 76:12-21, 2016 (the pool of items left
/// out, swap moves with it, tabu); K. Fleszar and K. S. Hindi, "New
/// heuristics for one-dimensional bin-packing", Computers & Operations
/// Research 29(7):821-839, 2002 (MBS').
///
/// - Complexity: construction O(*rows* x (``constructionNodesPerRow`` +
///   *m*)) for *m* types; a move O(*rows* x *k*^2 x log *p*) for rows of *k*
///   items and a pool of *p* items, plus O(*p*^3 log *p*) for the pool's
///   subsets; at most the deadline.
struct ConsistentNeighbourhoodSearch {
  let types: ItemTypes
  /// Search nodes per row of the construction.
  var constructionNodesPerRow = 2_000
  /// Moves of one attempt at one row fewer, per row, and at least.
  var iterationsPerRow = 2
  var minimumIterations = 1_000
  /// Moves during which items moved out of a row stay out of it, and
  /// items moved in stay in (each move draws it from ``tabuTenure``...2 x
  /// ``tabuTenure``).
  var tabuTenure = 30
  /// The weight of squared sizes in a move's value (see `searchPool`).
  var squareWeight = 0.01
  /// Attempts in a row that save no row before the search gives up (the
  /// target may be below the optimum: then this is all it costs). One:
  /// on GI, rows were saved at the first attempt or not at all.
  var failedAttemptLimit = 1
  var seed: UInt64 = 0x5eed

  init(types: ItemTypes) { self.types = types }

  /// Whether the search runs before the LP: when the pricing's dynamic
  /// programme would exceed ``KnapsackPricing/fallbackCells`` (capacity x
  /// binary pieces of the demands), so that every pricing is a branch and
  /// bound whose work may explode (GI: capacity 1.5 million, 500 types).
  static func precedesLP(_ types: ItemTypes) -> Bool {
    let pieces = KnapsackPricing.binaryPieces(
      sizes: types.sizes, bounds: types.demands, capacity: types.capacity, of: types.sizes.indices)
    let (cells, overflow) = (types.capacity + 1).multipliedReportingOverflow(by: pieces)
    return overflow || cells > KnapsackPricing.fallbackCells
  }

  /// The rows of minimum bin slack over the types (patterns).
  func construct() -> [Pattern] {
    let sizes = types.sizes, capacity = types.capacity
    let m = sizes.count
    var demand = types.demands
    var rows: [Pattern] = []
    var current: Pattern = [], best: Pattern = []
    var first = 0
    while true {
      while first < m && demand[first] == 0 { first += 1 }
      if first == m { break }
      demand[first] -= 1
      let room = capacity - sizes[first]
      var bestLoad = 0, nodes = 0
      best.removeAll(keepingCapacity: true)
      current.removeAll(keepingCapacity: true)
      // The first type of size <= room.
      func firstFitting(_ room: Int, from start: Int) -> Int {
        var a = start, b = m
        while a < b {
          let mid = (a + b) / 2
          if sizes[mid] > room { a = mid + 1 } else { b = mid }
        }
        return a
      }
      func search(from start: Int, load: Int) {
        if load > bestLoad {
          bestLoad = load
          best = current
        }
        var t = firstFitting(room - load, from: start)
        while t < m && bestLoad < room && nodes < constructionNodesPerRow {
          if demand[t] > 0 {
            nodes += 1
            demand[t] -= 1
            current.append(t)
            search(from: t, load: load + sizes[t])
            current.removeLast()
            demand[t] += 1
          }
          t += 1
        }
      }
      search(from: first, load: 0)
      for t in best { demand[t] -= 1 }
      rows.append([first] + best)
    }
    return rows
  }

  /// The fewer rows of the construction and `start` (a packing's
  /// patterns), improved towards `target` until the deadline.
  func run(from start: [Pattern], target: Int, until deadline: ContinuousClock.Instant) -> (patterns: [Pattern], moves: Int) {
    let built = construct()
    let first = built.count < start.count || start.isEmpty ? built : start
    return improve(first, target: target, until: deadline)
  }

  /// Rows for all the items, as few as the search finds down to `target`
  /// (at least `patterns`' count), and the moves made.
  func improve(_ patterns: [Pattern], target: Int, until deadline: ContinuousClock.Instant) -> (patterns: [Pattern], moves: Int) {
    var best = patterns
    var random = SplitMix64(seed: seed)
    var moves = 0
    var attempt = 0
    let clock = ContinuousClock()
    while best.count > max(target, 1) && attempt < failedAttemptLimit && clock.now < deadline {
      let sizes = types.sizes
      var loads = best.map { $0.reduce(0) { $0 + sizes[$1] } }
      // The rows taken out: the two emptiest, then a random pair among the
      // emptiest few.
      var order = Array(best.indices)
      order.sort { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }
      var out = [order[0], order[1]]
      if attempt > 0 {
        let few = min(order.count, 2 + attempt)
        let a = Int(random.next() % UInt64(few))
        var b = Int(random.next() % UInt64(few - 1))
        if b >= a { b += 1 }
        out = [order[a], order[b]]
      }
      var rows: [Pattern] = []
      var pool: [Int] = []
      for r in best.indices {
        if out.contains(r) { pool += best[r] } else { rows.append(best[r]) }
      }
      loads = rows.map { $0.reduce(0) { $0 + sizes[$1] } }
      let (found, made) = searchPool(
        rows: &rows, loads: &loads, pool: &pool, limit: max(minimumIterations, iterationsPerRow * best.count), random: &random,
        deadline: deadline)
      moves += made
      if found {
        rows.append(pool)
        best = rows
        attempt = 0
      } else {
        attempt += 1
      }
    }
    return (best, moves)
  }

  /// The tabu search of one attempt: true when the pool fits in one row.
  ///
  /// A move's value is the decrease of the pool's sum of squared sizes
  /// (relative to the capacity): large items leave the pool first, small
  /// ones, which fill any row's last gap, gather in it.
  private func searchPool(
    rows: inout [Pattern], loads: inout [Int], pool: inout [Int], limit: Int, random: inout SplitMix64,
    deadline: ContinuousClock.Instant
  ) -> (found: Bool, moves: Int) {
    let sizes = types.sizes, capacity = types.capacity
    let square = sizes.map {
      let x = Double($0) / Double(capacity)
      return x + squareWeight * x * x
    }
    var poolLoad = pool.reduce(0) { $0 + sizes[$1] }
    // tabuIn[row * m + type]: the move after which the type may enter the
    // row again; tabuOut[type]: may leave any row again.
    let m = sizes.count
    var tabuIn = [Int32](repeating: 0, count: rows.count * m)
    var tabuOut = [Int32](repeating: 0, count: m)
    let clock = ContinuousClock()
    var iteration = 0
    // Pool subsets of one to three items: size, squares, positions; by size.
    var subsets: [(size: Int, square: Double, a: Int, b: Int, c: Int)] = []
    // prefixBest[i]: the subset of most squares among subsets[0...i].
    var prefixBest: [Int] = []
    while iteration < limit {
      if poolLoad <= capacity { return (true, iteration) }
      if iteration & 63 == 0 && clock.now >= deadline { break }
      iteration += 1
      subsets.removeAll(keepingCapacity: true)
      let p = pool.count
      for i in 0..<p {
        if i > 0 && pool[i] == pool[i - 1] { continue }
        let (si, qi) = (sizes[pool[i]], square[pool[i]])
        subsets.append((si, qi, i, -1, -1))
        for j in (i + 1)..<max(i + 1, p) {
          if j > i + 1 && pool[j] == pool[j - 1] { continue }
          let (sj, qj) = (si + sizes[pool[j]], qi + square[pool[j]])
          subsets.append((sj, qj, i, j, -1))
          if p <= 30 {
            for k in (j + 1)..<max(j + 1, p) {
              if k > j + 1 && pool[k] == pool[k - 1] { continue }
              subsets.append((sj + sizes[pool[k]], qj + square[pool[k]], i, j, k))
            }
          }
        }
      }
      subsets.sort { $0.size < $1.size }
      prefixBest.removeAll(keepingCapacity: true)
      for k in subsets.indices {
        prefixBest.append(k > 0 && subsets[prefixBest[k - 1]].square >= subsets[k].square ? prefixBest[k - 1] : k)
      }
      // The largest pool subset of size <= x, index or -1.
      func largest(atMost x: Int) -> Int {
        var a = 0, b = subsets.count
        while a < b {
          let mid = (a + b) / 2
          if subsets[mid].size <= x { a = mid + 1 } else { b = mid }
        }
        return a - 1
      }
      var bestValue = -Double.infinity, bestRow = -1, bestA = (-1, -1), bestB = -1, ties = 0
      func removedSize(_ r: Int, _ x: Int, _ y: Int) -> Int {
        (x >= 0 ? sizes[rows[r][x]] : 0) + (y >= 0 ? sizes[rows[r][y]] : 0)
      }
      func allowed(_ r: Int, _ s: Int, _ x: Int, _ y: Int) -> Bool {
        let q = subsets[s]
        let now = Int32(iteration)
        if tabuIn[r * m + pool[q.a]] > now || (q.b >= 0 && tabuIn[r * m + pool[q.b]] > now)
          || (q.c >= 0 && tabuIn[r * m + pool[q.c]] > now)
        {
          return false
        }
        // Not a swap of equal sizes.
        if q.size != removedSize(r, x, y) { return true }
        let outSizes = [x, y].filter { $0 >= 0 }.map { sizes[rows[r][$0]] }.sorted()
        let inSizes = [q.a, q.b, q.c].filter { $0 >= 0 }.map { sizes[pool[$0]] }.sorted()
        return outSizes != inSizes
      }
      func consider(_ r: Int, _ x: Int, _ y: Int, _ removed: Int, _ removedSquare: Double) {
        let room = capacity - loads[r] + removed
        let top = largest(atMost: room)
        if top < 0 || subsets[prefixBest[top]].square - removedSquare < bestValue { return }
        var pick = prefixBest[top]
        if !allowed(r, pick, x, y) {
          // Scan down for the best allowed one.
          pick = -1
          var s = top, scanned = 0
          while s >= 0 && scanned < 64 {
            if (pick < 0 || subsets[s].square > subsets[pick].square) && allowed(r, s, x, y) { pick = s }
            s -= 1
            scanned += 1
          }
          if pick < 0 { return }
        }
        let value = subsets[pick].square - removedSquare
        if value > bestValue {
          bestValue = value
          ties = 1
        } else if value == bestValue {
          ties += 1
          if random.next() % UInt64(ties) != 0 { return }
        } else {
          return
        }
        bestRow = r
        bestA = (x, y)
        bestB = pick
      }
      for r in rows.indices {
        let row = rows[r]
        consider(r, -1, -1, 0, 0)
        for x in row.indices {
          if x > 0 && row[x] == row[x - 1] { continue }
          if tabuOut[row[x]] > Int32(iteration) { continue }
          consider(r, x, -1, sizes[row[x]], square[row[x]])
          for y in (x + 1)..<max(x + 1, row.count) {
            if y > x + 1 && row[y] == row[y - 1] { continue }
            if tabuOut[row[y]] > Int32(iteration) { continue }
            consider(r, x, y, sizes[row[x]] + sizes[row[y]], square[row[x]] + square[row[y]])
          }
        }
      }
      if bestRow < 0 { break }
      // Apply: A out of the row into the pool, B from the pool into the row.
      let q = subsets[bestB]
      let moved = [q.a, q.b, q.c].filter { $0 >= 0 }
      let incoming = moved.map { pool[$0] }
      for k in moved.sorted(by: >) { pool.remove(at: k) }
      var row = rows[bestRow]
      let outgoing = [bestA.0, bestA.1].filter { $0 >= 0 }
      var gain = 0
      let tenure = tabuTenure + Int(random.next() % UInt64(tabuTenure + 1))
      for k in outgoing.sorted(by: >) {
        let t = row.remove(at: k)
        pool.append(t)
        gain -= sizes[t]
        tabuIn[bestRow * m + t] = Int32(iteration + tenure)
      }
      for t in incoming {
        gain += sizes[t]
        tabuOut[t] = Int32(iteration + tenure)
      }
      row += incoming
      row.sort()
      pool.sort()
      rows[bestRow] = row
      loads[bestRow] += gain
      poolLoad -= gain
    }
    return (poolLoad <= capacity, iteration)
  }
}
