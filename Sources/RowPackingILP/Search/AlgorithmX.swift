import RowPacking

/// Whether the items can be partitioned into at most `rows` rows, each one
/// of a given list of candidate patterns: exact cover with multiplicities
/// (item types with demands) by Knuth's Algorithm X, array version.
///
/// Each node covers one copy of the item type with the fewest live
/// candidates left (the minimum-remaining-values choice; a type with none
/// ends the node), and tries each live candidate that holds it. A candidate
/// is live while it asks for no more of any type than is left: the count
/// of live candidates per type is kept up to date as demands go down and
/// back up, as Knuth's dancing links keep a column's size. Remaining
/// demands (and rows left) whose search failed with nothing cut are
/// remembered (a transposition table), since other orders of the same rows
/// reach them again.
///
/// **What a refutation proves.** `.infeasible` means only that no partition
/// into the *given* candidates exists. It proves that `rows` rows are not
/// enough only when the candidates are complete: every pattern that a
/// packing in `rows` rows could use. The exact pipeline calls it with every
/// exactly-full row that meets the dual restrictions (rows of reduced cost
/// within the gap; ``NearFullRowsModel/patterns(budget:leastWeights:until:)``
/// with budget 0), where the items' total is exactly `rows` times the
/// capacity, so that every row of such a packing is exactly full.
///
/// D. E. Knuth, "Dancing links", in Millennial Perspectives in Computer
/// Science, Palgrave, 2000 (Algorithm X, the minimum-remaining-values
/// choice of column).
///
/// - Complexity: exponential in the worst case; per node O(*m*) for the
///   choice and O(entries of the types touched) to update the live counts
///   (*m* types), at most ``nodeLimit`` nodes, and the deadline.
struct AlgorithmX {
  let types: ItemTypes
  /// The candidate patterns (type indices, increasing).
  let candidates: [Pattern]
  /// Nodes (candidates chosen) in all before the answer is unknown.
  var nodeLimit = Int.max
  /// The most failed states remembered.
  var memoLimit = 300_000

  init(types: ItemTypes, candidates: [Pattern]) {
    self.types = types
    self.candidates = candidates
  }

  /// A packing in at most `rows` rows from the candidates, a proof that
  /// the candidates allow none (`.infeasible`), or `.unknown` (node limit
  /// or deadline); and the nodes searched.
  func decide(rows: Int, until deadline: ContinuousClock.Instant) -> (answer: BinCompletion.Answer, nodes: Int) {
    let search = Search(types: types, candidates: candidates, deadline: deadline)
    search.nodeLimit = nodeLimit
    search.memoLimit = memoLimit
    if search.run(rowsLeft: rows) { return (.packing(search.chosen.map { candidates[$0] }), search.nodes) }
    return (search.aborted ? .unknown : .infeasible, search.nodes)
  }

  /// The search's state, shared by every node.
  private final class Search {
    let m: Int
    let sizes: [Int]
    let capacity: Int
    let deadline: ContinuousClock.Instant
    let clock = ContinuousClock()
    /// Candidate p's entries: `entryType[entryStart[p] ..< entryStart[p + 1]]`
    /// with their copies `entryCopies`.
    var entryStart: [Int] = [0]
    var entryType: [Int] = []
    var entryCopies: [Int] = []
    /// For each type, the candidates that hold it and how many copies.
    var holders: [[(candidate: Int, copies: Int)]]
    var demand: [Int]
    var sizeLeft = 0
    /// How many types a candidate asks too many of (live when 0).
    var dead: [Int32]
    /// Live candidates per type.
    var live: [Int]
    var chosen: [Int] = []
    var nodes = 0
    var nodeLimit = Int.max
    var memoLimit = 300_000
    var aborted = false
    var failed = Set<[UInt16]>()
    let memoable: Bool

    init(types: ItemTypes, candidates: [Pattern], deadline: ContinuousClock.Instant) {
      m = types.count
      sizes = types.sizes
      capacity = types.capacity
      self.deadline = deadline
      demand = types.demands
      holders = Array(repeating: [], count: types.count)
      dead = Array(repeating: 0, count: candidates.count)
      live = Array(repeating: 0, count: types.count)
      for (p, pattern) in candidates.enumerated() {
        var i = 0
        while i < pattern.count {
          var j = i
          while j < pattern.count && pattern[j] == pattern[i] { j += 1 }
          entryType.append(pattern[i])
          entryCopies.append(j - i)
          holders[pattern[i]].append((p, j - i))
          i = j
        }
        entryStart.append(entryType.count)
      }
      sizeLeft = zip(sizes, demand).reduce(0) { $0 + $1.0 * $1.1 }
      memoable = demand.allSatisfy { $0 < Int(UInt16.max) }
      // Candidates that ask for more than there is are dead from the start.
      for p in candidates.indices {
        for e in entryStart[p]..<entryStart[p + 1] where entryCopies[e] > demand[entryType[e]] { dead[p] += 1 }
        if dead[p] == 0 { for e in entryStart[p]..<entryStart[p + 1] { live[entryType[e]] += 1 } }
      }
    }

    /// Demand of type `t` goes from `old` to `new` (lower): the candidates
    /// that ask for more than `new` but not more than `old` die.
    func lower(_ t: Int, from old: Int, to new: Int) {
      for (p, copies) in holders[t] where copies > new && copies <= old {
        dead[p] += 1
        if dead[p] == 1 { for e in entryStart[p]..<entryStart[p + 1] { live[entryType[e]] -= 1 } }
      }
    }

    /// The inverse of ``lower(_:from:to:)``.
    func raise(_ t: Int, from new: Int, to old: Int) {
      for (p, copies) in holders[t] where copies > new && copies <= old {
        dead[p] -= 1
        if dead[p] == 0 { for e in entryStart[p]..<entryStart[p + 1] { live[entryType[e]] += 1 } }
      }
    }

    func take(_ p: Int) {
      for e in entryStart[p]..<entryStart[p + 1] {
        let t = entryType[e], old = demand[t]
        demand[t] -= entryCopies[e]
        sizeLeft -= entryCopies[e] * sizes[t]
        lower(t, from: old, to: demand[t])
      }
    }

    func giveBack(_ p: Int) {
      var e = entryStart[p + 1] - 1
      while e >= entryStart[p] {
        let t = entryType[e], new = demand[t]
        demand[t] += entryCopies[e]
        sizeLeft += entryCopies[e] * sizes[t]
        raise(t, from: new, to: demand[t])
        e -= 1
      }
    }

    /// Covers the items left in at most `rowsLeft` rows (true: `chosen`
    /// holds them), or fails; `aborted` when a limit cut the search.
    func run(rowsLeft: Int) -> Bool {
      if sizeLeft == 0 && demand.allSatisfy({ $0 == 0 }) { return true }
      if sizeLeft > rowsLeft * capacity { return false }
      nodes += 1
      if nodes > nodeLimit || (nodes & 255 == 0 && clock.now >= deadline) { aborted = true }
      if aborted { return false }
      var key: [UInt16] = []
      if memoable {
        key = demand.map { UInt16($0) }
        key.append(UInt16(truncatingIfNeeded: min(rowsLeft, Int(UInt16.max))))
        if failed.contains(key) { return false }
      }
      // The type with the fewest live candidates (ties: the largest).
      var pick = -1
      for t in 0..<m where demand[t] > 0 && (pick < 0 || live[t] < live[pick]) {
        pick = t
        if live[t] == 0 { break }
      }
      if pick < 0 || live[pick] == 0 { return rememberFailure(key) }
      for (p, _) in holders[pick] where dead[p] == 0 {
        take(p)
        chosen.append(p)
        if run(rowsLeft: rowsLeft - 1) { return true }
        chosen.removeLast()
        giveBack(p)
        if aborted { return false }
      }
      return rememberFailure(key)
    }

    func rememberFailure(_ key: [UInt16]) -> Bool {
      if memoable && !aborted && failed.count < memoLimit { failed.insert(key) }
      return false
    }
  }
}
