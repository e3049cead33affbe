import RowPacking

/// A search for a packing whose rows are all exactly full: bin completion
/// that fixes next the row of the item hardest to complete, judged by its
/// completions of the fewest items (fail first), with randomized restarts.
///
/// Where the items' sizes add up to exactly `rows` x C, every row of a
/// packing in `rows` rows is exactly full. Each item above half the
/// capacity (a *large* item) has a row of its own, so the search first
/// completes the large items' rows, one row a node:
///
/// 1. For every large item type left it finds the fewest items that can
///    complete its row exactly (one item, two, three or four, from the
///    small items left; then up to ``deepestCompletion`` items) and how
///    many such completions there are. A large item with no completion
///    ends the node (look-ahead). The row fixed is that of the large item
///    whose completions need the most items, then the one with the fewest
///    of them (fail first: Haralick and Elliott 1980), then the largest.
/// 2. Its children are those completions, least constraining first: by
///    the demand that the other rows' fewest-item completions (as listed
///    at this node, each row's weighed by one over their number) put on
///    the completion's items, over the items of their types left, with a
///    little noise. Then, as a discrepancy, completions of one more item
///    (at most ``extraCompletions``, in the same order): a path may take
///    none at first, and one more each time a restart has searched its
///    rows to the end, up to ``maxDiscrepancy``.
/// 3. When no large item is left, the rows left are completed the same
///    way from the small items, the anchor of a row being the small item
///    with the fewest completions.
///
/// A search of ``restartNodes`` x a Luby number of nodes (Luby, Sinclair
/// and Zuckerman 1993) that has not found a packing restarts with another
/// seed, until ``nodeLimit`` nodes in all or the deadline. Counting
/// completions by their number of items, rather than all completions (as
/// ``LimitedDiscrepancyBinCompletion`` does), matters where the rows hold
/// a large item and two or three others: there the many completions made
/// of small items hide which large items are nearly out of partners.
///
/// It is a primal heuristic (a packing or nothing), for totals of exactly
/// `rows` rows; elsewhere it returns nothing at once.
///
/// R. E. Korf, "An improved algorithm for optimal bin packing", IJCAI 2003
/// (bin completion); R. M. Haralick and G. L. Elliott, "Increasing tree
/// search efficiency for constraint satisfaction problems", Artificial
/// Intelligence 14(3):263-313, 1980 (fail first); M. Luby, A. Sinclair and
/// D. Zuckerman, "Optimal speedup of Las Vegas algorithms", Information
/// Processing Letters 47(4):173-180, 1993 (restarts).
///
/// - Complexity: per node O(*L* x *S*) for the two-item completions of the
///   *L* large item types left over the *S* small types (O(*S*^2) for a
///   large type without one, more for deeper completions, each list capped
///   at ``completionCap``); at most ``nodeLimit`` nodes, and the deadline.
///   Memory O(C + *S*) besides the rows.
struct FailFirstBinCompletion {
  /// Distinct item sizes, decreasing (the types).
  let sizes: [Int]
  /// How many items of each type.
  let demands: [Int]
  let capacity: Int
  /// Nodes (rows fixed) in all, over every restart.
  var nodeLimit = 2_000_000
  /// The unit of the restarts' node limits (times 1, 1, 2, 1, 1, 2, 4, ...).
  var restartNodes = 1_000
  /// The completions of one more item tried after those of the fewest.
  var extraCompletions = 8
  /// The most completions of one more item on a path: the search starts
  /// with none and allows one more each time a restart searched its rows
  /// to the end.
  var maxDiscrepancy = 3
  /// The relative noise on the least-constraining order of a row's
  /// completions (ties, and another order at each restart).
  var orderNoise = 0.1
  /// The most completions of one size listed at a node.
  var completionCap = 512
  /// The most items in a completion looked for when none of up to four
  /// items exists.
  var deepestCompletion = 12
  /// The most steps of one walk listing completions (an eighth for those
  /// of more than four items): where it ends first, the completions found
  /// by then are all there are for the search.
  var walkSteps = 100_000
  var seed: UInt64 = 0x5eed
  /// The largest capacity searched (its size index takes 4 bytes a unit
  /// of half the capacity).
  static let capacityLimit = 1 << 24

  /// The rows found (item types, each row's anchor first) and the nodes
  /// searched.
  struct Outcome {
    var patterns: [Pattern]?
    var nodes = 0
  }

  /// Searches for a packing in `rows` exactly full rows until `deadline`.
  func run(rows: Int, until deadline: ContinuousClock.Instant) -> Outcome {
    var total = 0
    for t in sizes.indices {
      let (product, o1) = sizes[t].multipliedReportingOverflow(by: demands[t])
      let (sum, o2) = total.addingReportingOverflow(product)
      if o1 || o2 { return Outcome() }
      total = sum
    }
    guard capacity > 0, capacity <= Self.capacityLimit, rows >= 0,
      rows.multipliedReportingOverflow(by: capacity).partialValue == total,
      !rows.multipliedReportingOverflow(by: capacity).overflow,
      sizes.allSatisfy({ $0 > 0 && $0 <= capacity })
    else { return Outcome() }
    let items = State(sizes: sizes, demands: demands, capacity: capacity)
    var outcome = Outcome()
    var random = SplitMix64(seed: seed)
    let clock = ContinuousClock()
    var restart = 0
    var discrepancies = 0
    while outcome.nodes < nodeLimit && clock.now < deadline {
      restart += 1
      let budget = min(nodeLimit - outcome.nodes, restartNodes * Self.luby(restart))
      var search = Search(
        settings: self, state: items, rowsLeft: rows, random: SplitMix64(seed: random.next()), nodeLimit: budget,
        deadline: deadline, discrepanciesLeft: discrepancies,
        demand: [Double](repeating: 0, count: items.smallSize.count))
      let found = search.node()
      outcome.nodes += search.nodes
      if found {
        outcome.patterns = search.rows.map { $0.map { search.state.type(of: $0) } }
        return outcome
      }
      // Searched to the end: these discrepancies hold no packing; allow
      // one more.
      if !search.stopped {
        if discrepancies >= maxDiscrepancy { return outcome }
        discrepancies += 1
      }
    }
    return outcome
  }

  /// The `i`th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, ...
  static func luby(_ i: Int) -> Int {
    var k = 1
    while (1 << k) - 1 < i { k += 1 }
    if (1 << k) - 1 == i { return 1 << (k - 1) }
    return luby(i - (1 << (k - 1)) + 1)
  }

  /// The items left: large item types with their counts, small item types
  /// (ascending sizes) with theirs, and an index from size to small type.
  struct State {
    /// Large types (above half the capacity): the type, its size and its
    /// count left.
    var largeType: [Int] = []
    var largeSize: [Int] = []
    var largeLeft: [Int] = []
    /// Small types, sizes ascending: the type, its size, and its count left.
    var smallType: [Int] = []
    var smallSize: [Int] = []
    var smallLeft: [Int] = []
    /// The small type of each size up to half the capacity, or -1.
    var smallOfSize: [Int32]
    let capacity: Int

    init(sizes: [Int], demands: [Int], capacity: Int) {
      self.capacity = capacity
      smallOfSize = [Int32](repeating: -1, count: capacity / 2 + 1)
      for t in sizes.indices.reversed() where demands[t] > 0 && sizes[t] * 2 <= capacity {
        smallOfSize[sizes[t]] = Int32(smallType.count)
        smallType.append(t)
        smallSize.append(sizes[t])
        smallLeft.append(demands[t])
      }
      for t in sizes.indices where demands[t] > 0 && sizes[t] * 2 > capacity {
        largeType.append(t)
        largeSize.append(sizes[t])
        largeLeft.append(demands[t])
      }
    }

    /// The small type of size `size`, if any is left.
    @inline(__always) func smallLeft(ofSize size: Int) -> Int? {
      guard size > 0 && size <= capacity / 2 else { return nil }
      let j = Int(smallOfSize[size])
      return j >= 0 && smallLeft[j] > 0 ? j : nil
    }

    /// A row item's type: items are coded as small index, or -1 - large index.
    func type(of item: Int) -> Int { item >= 0 ? smallType[item] : largeType[-1 - item] }
  }

  /// One restart's depth-first search.
  struct Search {
    /// The search's settings (its limits on completions and their order).
    let settings: FailFirstBinCompletion
    var state: State
    var rowsLeft: Int
    var random: SplitMix64
    /// This restart's nodes and the deadline.
    let nodeLimit: Int
    let deadline: ContinuousClock.Instant
    /// How many more completions of one more item than the fewest the
    /// path may take.
    var discrepanciesLeft: Int
    /// A node's demand on each small type (see ``node()``).
    var demand: [Double] = []
    var nodes = 0
    var stopped = false
    /// The rows fixed, as coded items (see ``State/type(of:)``).
    var rows: [[Int]] = []
    let clock = ContinuousClock()

    /// The completions of `k` small items (types, ascending) totalling
    /// `target`, at most `cap` of them, within `steps` steps of the walk
    /// (what it found by then).
    mutating func completions(of target: Int, items k: Int, cap: Int, steps: Int) -> [[Int]] {
      var found: [[Int]] = []
      var current: [Int] = []
      var stepsLeft = steps
      let largest = state.smallSize.indices.last(where: { state.smallLeft[$0] > 0 }).map { state.smallSize[$0] } ?? 0
      func walk(_ target: Int, _ k: Int, _ start: Int) {
        if found.count >= cap || stepsLeft <= 0 { return }
        if k == 1 {
          if let j = state.smallLeft(ofSize: target), j >= start {
            found.append(current + [j])
          }
          return
        }
        var i = start
        while i < state.smallSize.count {
          let size = state.smallSize[i]
          if size * k > target { break }
          stepsLeft -= 1
          if state.smallLeft[i] > 0 && target - size <= (k - 1) * largest {
            state.smallLeft[i] -= 1
            current.append(i)
            walk(target - size, k - 1, i)
            current.removeLast()
            state.smallLeft[i] += 1
            if found.count >= cap || stepsLeft <= 0 { return }
          }
          i += 1
        }
      }
      walk(target, k, 0)
      return found
    }

    /// The fewest small items completing `target`, and the completions of
    /// that many (at most the cap); nil when there is none.
    mutating func fewestItemCompletions(of target: Int) -> (items: Int, completions: [[Int]])? {
      guard target > 0 else { return (0, [[]]) }
      let smallest = state.smallSize.indices.first(where: { state.smallLeft[$0] > 0 }).map { state.smallSize[$0] }
      guard let smallest else { return nil }
      let deepest = min(settings.deepestCompletion, target / smallest)
      var k = 1
      while k <= deepest {
        let found = completions(
          of: target, items: k, cap: k <= 4 ? settings.completionCap : 64, steps: k <= 4 ? settings.walkSteps : settings.walkSteps / 8)
        if !found.isEmpty { return (k, found) }
        k += 1
      }
      return nil
    }

    /// Searches on from the rows fixed so far; true when every row is.
    mutating func node() -> Bool {
      if stopped { return false }
      if nodes >= nodeLimit || (nodes & 63 == 63 && clock.now >= deadline) {
        stopped = true
        return false
      }
      nodes += 1
      // The anchor: the large item (else the small item) hardest to
      // complete. Each candidate's completions also add to the demand on
      // the small items they hold (``demand``), weighed by the items of
      // the candidate's type left over its completions listed.
      let large = state.largeLeft.contains { $0 > 0 }
      if !large && rowsLeft == 0 { return !state.smallLeft.contains { $0 > 0 } }
      for j in demand.indices { demand[j] = 0 }
      var best: (anchor: Int, items: Int, completions: [[Int]])? = nil
      func consider(_ anchor: Int, left: Int, _ profile: (items: Int, completions: [[Int]])) {
        let weight = Double(left) / Double(profile.completions.count)
        for completion in profile.completions { for j in completion { demand[j] += weight } }
        if best == nil || profile.items > best!.items
          || (profile.items == best!.items && profile.completions.count < best!.completions.count)
        {
          best = (anchor, profile.items, profile.completions)
        }
      }
      if large {
        for l in state.largeType.indices where state.largeLeft[l] > 0 {
          guard let profile = fewestItemCompletions(of: state.capacity - state.largeSize[l]) else { return false }
          consider(-1 - l, left: state.largeLeft[l], profile)
        }
      } else {
        for j in state.smallSize.indices.reversed() where state.smallLeft[j] > 0 {
          state.smallLeft[j] -= 1
          let profile = fewestItemCompletions(of: state.capacity - state.smallSize[j])
          state.smallLeft[j] += 1
          guard let profile else { return false }
          consider(j, left: state.smallLeft[j], profile)
        }
      }
      guard let best, rowsLeft > 0 else { return false }
      // Take the anchor out, list its children, and descend into each.
      let anchor = best.anchor
      if anchor < 0 { state.largeLeft[-1 - anchor] -= 1 } else { state.smallLeft[anchor] -= 1 }
      let target = state.capacity - (anchor < 0 ? state.largeSize[-1 - anchor] : state.smallSize[anchor])
      // Least constraining first: by the demand of the other rows on the
      // completion's items over the items left of their types (the
      // anchor's own demand taken off), a little noise breaking ties and
      // varying the restarts.
      let own = Double(anchor < 0 ? state.largeLeft[-1 - anchor] + 1 : state.smallLeft[anchor] + 1)
        / Double(best.completions.count)
      for completion in best.completions { for j in completion { demand[j] -= own } }
      func leastConstrainingFirst(_ completions: [[Int]]) -> [[Int]] {
        completions.map { completion -> (Double, [Int]) in
          var score = 0.0
          for j in completion { score += max(0, demand[j]) / Double(state.smallLeft[j]) }
          return (score * (1 + settings.orderNoise * Double(random.next() >> 11) * 0x1p-53), completion)
        }.sorted { $0.0 < $1.0 }.map(\.1)
      }
      var children = leastConstrainingFirst(best.completions)
      let fewest = children.count
      let extras = settings.extraCompletions
      if discrepanciesLeft > 0 && extras > 0 {
        let extra = completions(of: target, items: best.items + 1, cap: extras * 4, steps: settings.walkSteps)
        children += leastConstrainingFirst(extra).prefix(extras)
      }
      rowsLeft -= 1
      for (c, completion) in children.enumerated() {
        for j in completion { state.smallLeft[j] -= 1 }
        rows.append([anchor] + completion)
        // A completion of one more item than the fewest is a discrepancy.
        if c >= fewest { discrepanciesLeft -= 1 }
        let found = node()
        if c >= fewest { discrepanciesLeft += 1 }
        if found { return true }
        rows.removeLast()
        for j in completion { state.smallLeft[j] += 1 }
        if stopped { break }
      }
      rowsLeft += 1
      if anchor < 0 { state.largeLeft[-1 - anchor] += 1 } else { state.smallLeft[anchor] += 1 }
      return false
    }
  }
}
