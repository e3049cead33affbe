/// Falkenauer's local search, a cheap way to save a row of a packing
/// without an LP: take a few of the emptiest rows out, their items form a
/// *pool*, and swap items between the other rows and the pool so that each
/// row gets fuller and the pool smaller, until the pool fits in one row
/// fewer than were taken out.
///
/// An attempt takes out *k* rows (two, then three) among the
/// ``candidateRows`` emptiest. Each pass looks, for every row left, at the
/// best exchange of at most two of its items for one or two items of the
/// pool (or a pool item or pair added to it) that makes the row fuller
/// while it still fits (a binary search over the pool's single and pair
/// sums, sorted), and applies it; ties go to the exchange that moves fewer
/// items. After each exchange, if the pool's sum fits in *k* - 1 rows, a
/// brief bin completion (``BinCompletion``, 200 nodes, counted as 20 row
/// evaluations) tries to pack it
/// there: a packing with one row fewer. Passes repeat while some row gets
/// fuller; a row fewer found is searched from again, down to the target.
///
/// Deterministic: the work is counted in row evaluations against
/// ``evaluationLimit`` (no clock; the pool's sorting and bin completion
/// count too), so that a caller whose instance needs more (an LP) loses
/// little (docs/experiments/005-core-exact-solver.md). It never proves
/// anything and never returns more rows than it was given.
///
/// E. Falkenauer, "A hybrid grouping genetic algorithm for bin packing",
/// Journal of Heuristics 2(1):5-30, 1996 (the exchanges that fill a row
/// more, after Martello and Toth's dominance); the pool of items left out
/// that must fit in fewer rows: M. Buljubašić and M. Vasquez, "Consistent
/// neighborhood search for one-dimensional bin packing and two-dimensional
/// vector packing", Computers & Operations Research 76:12-21, 2016.
///
/// - Complexity: O(*p*² log *p*) per exchange for a pool of *p* items, and
///   O(*k*² log *p*) per row of *k* items evaluated; at most
///   ``evaluationLimit`` row evaluations.
struct FalkenauerLocalSearch {
  /// Rows evaluated (all attempts together) before the search gives up.
  var evaluationLimit = 10_000
  /// The emptiest rows among which the rows taken out are chosen.
  var candidateRows = 10

  /// A packing of `sizes` into rows of `capacity` with fewer rows than
  /// `packing` (but never fewer than `target`), or `nil` if none was found.
  ///
  /// - Parameters:
  ///   - packing: a valid packing of every item.
  ///   - sizes: the item sizes, each at most `capacity`.
  ///   - target: the fewest rows worth looking for (a lower bound).
  func improve(_ packing: Packing, sizes: [Int], capacity: Int, target: Int) -> Packing? {
    var state = ExchangeState(sizes: sizes, capacity: capacity, evaluationLimit: evaluationLimit)
    var current = packing.rows
    var improved = false
    while current.count > target, let fewer = state.saveRow(current, candidateRows: candidateRows) {
      current = fewer
      improved = true
    }
    return improved ? Packing(rows: current) : nil
  }
}

/// The rows, the pool and the evaluation count of `FalkenauerLocalSearch`.
private struct ExchangeState {
  let sizes: [Int]
  let capacity: Int
  let evaluationLimit: Int
  /// Bin completion nodes for each try at packing the pool.
  let poolNodes = 200
  var evaluations = 0
  var rows: [[Int]] = []
  var loads: [Int] = []
  var pool: [Int] = []
  var poolSum = 0
  /// The pool's singles and pairs: (sum, first item's pool index, second or -1), by sum.
  var combinations: [(sum: Int, first: Int, second: Int)] = []

  init(sizes: [Int], capacity: Int, evaluationLimit: Int) {
    self.sizes = sizes
    self.capacity = capacity
    self.evaluationLimit = evaluationLimit
  }

  var isExhausted: Bool { evaluations >= evaluationLimit }

  /// The rows of `packing` less one, or `nil` when no attempt found them.
  mutating func saveRow(_ packing: [[Int]], candidateRows: Int) -> [[Int]]? {
    let rowLoads = packing.map { $0.reduce(0) { $0 + sizes[$1] } }
    let order = packing.indices.sorted { rowLoads[$0] != rowLoads[$1] ? rowLoads[$0] < rowLoads[$1] : $0 < $1 }
    let candidates = Array(order.prefix(candidateRows))
    for k in 2...3 where k <= candidates.count {
      var chosen = Array(0..<k)
      while true {
        if isExhausted { return nil }
        if let fewer = attempt(packing, loads: rowLoads, taking: chosen.map { candidates[$0] }) { return fewer }
        // The next combination of k candidates (lexicographic).
        var position = k - 1
        while position >= 0 && chosen[position] == candidates.count - k + position { position -= 1 }
        if position < 0 { break }
        chosen[position] += 1
        for later in (position + 1)..<k { chosen[later] = chosen[later - 1] + 1 }
      }
    }
    return nil
  }

  /// Takes the rows `taken` out and exchanges items until the pool packs
  /// into one row fewer than were taken, or no row gets fuller.
  /// `rowLoads`: the load of each row of `packing`.
  private mutating func attempt(_ packing: [[Int]], loads rowLoads: [Int], taking taken: [Int]) -> [[Int]]? {
    rows = []
    loads = []
    pool = []
    poolSum = 0
    for (r, row) in packing.enumerated() {
      if taken.contains(r) {
        pool += row
        poolSum += rowLoads[r]
      } else {
        rows.append(row)
        loads.append(rowLoads[r])
      }
    }
    let poolRows = taken.count - 1
    if let packed = packPool(into: poolRows) { return rows + packed }
    rebuildCombinations()
    var gotFuller = true
    while gotFuller && !isExhausted {
      gotFuller = false
      for r in rows.indices {
        if isExhausted { return nil }
        guard exchange(inRow: r) else { continue }
        gotFuller = true
        if let packed = packPool(into: poolRows) { return rows + packed }
      }
    }
    return nil
  }

  /// The pool packed into `poolRows` rows by a brief bin completion
  /// (``poolNodes`` nodes, counted as a tenth of a row evaluation each), or `nil`.
  private mutating func packPool(into poolRows: Int) -> [[Int]]? {
    if poolSum > poolRows * capacity { return nil }
    var search = BinCompletion(
      sizes: pool.map { sizes[$0] }, capacity: capacity,
      meter: BudgetMeter(SearchBudget(timeLimit: nil, nodeLimit: poolNodes), start: ContinuousClock().now))
    let outcome = search.decide(rows: poolRows)
    evaluations += 1 + search.meter.nodes / 10
    guard outcome == .packed, let packed = search.lastPacking else { return nil }
    return packed.rows.map { $0.map { pool[$0] } }
  }

  /// Applies the exchange that makes row `r` fullest (if any makes it fuller).
  private mutating func exchange(inRow r: Int) -> Bool {
    evaluations += 1
    let row = rows[r]
    let room = capacity - loads[r]
    var bestGain = 0
    var bestMoved = Int.max
    var best: (out: (Int, Int), combination: Int)? = nil
    // Out: nothing (-1, -1), one item (a, -1) or two (a, b), as row positions.
    for a in -1..<row.count {
      // With nothing out (a = -1) only second = -1; else second = -1, then a + 1 onwards.
      let secondStart = a < 0 ? row.count : a + 1
      var second = -1
      while second < row.count {
        defer { second = second < 0 ? secondStart : second + 1 }
        let outSum = (a >= 0 ? sizes[row[a]] : 0) + (second >= 0 ? sizes[row[second]] : 0)
        // The fullest pool single or pair that fits in room + outSum.
        let limit = room + outSum
        var low = 0
        var high = combinations.count
        while low < high {
          let middle = (low + high) / 2
          if combinations[middle].sum <= limit { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { continue }
        let c = low - 1
        let gain = combinations[c].sum - outSum
        let moved = (a >= 0 ? 1 : 0) + (second >= 0 ? 1 : 0) + (combinations[c].second >= 0 ? 2 : 1)
        if gain > bestGain || (gain == bestGain && gain > 0 && moved < bestMoved) {
          bestGain = gain
          bestMoved = moved
          best = ((a, second), c)
        }
      }
    }
    guard let best else { return false }
    let combination = combinations[best.combination]
    var newRow = row
    var out: [Int] = []
    for position in [best.out.1, best.out.0] where position >= 0 {
      out.append(newRow.remove(at: position))  // the later position first
    }
    var into = [pool[combination.first]]
    if combination.second >= 0 { into.append(pool[combination.second]) }
    for position in [combination.first, combination.second].filter({ $0 >= 0 }).sorted(by: >) {
      pool.remove(at: position)
    }
    newRow += into
    pool += out
    rows[r] = newRow
    loads[r] += bestGain
    poolSum -= bestGain
    rebuildCombinations()
    return true
  }

  /// The pool's singles and pairs, sorted by sum.
  private mutating func rebuildCombinations() {
    combinations.removeAll(keepingCapacity: true)
    for i in pool.indices {
      combinations.append((sizes[pool[i]], i, -1))
      for j in (i + 1)..<pool.count { combinations.append((sizes[pool[i]] + sizes[pool[j]], i, j)) }
    }
    // Equal sums: pairs first, so that the binary search lands on a single.
    combinations.sort { $0.sum != $1.sum ? $0.sum < $1.sum : ($0.second >= 0) && ($1.second < 0) }
    // Sorting the pool's combinations costs about an eighth of a row
    // evaluation each: counted, so that many small exchanges (rows of five
    // or six small items, Schwerin's) end the search as soon as few large ones.
    evaluations += combinations.count / 8
  }
}
