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
///    ends the node (look-ahead), and so do items left too few for the
///    rows left: each large item's row needs it and its fewest
///    completion's items, each other row as many small items as filling
///    it with the largest left takes (``countsItems``). Where the rows
///    hold about three items each, that leaves a margin of a few items
///    for the whole packing, which the rows of more items than their
///    fewest spend. The row fixed is that of the large item
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
/// A node keeps the lists of its parent's large types whose completions
/// were all listed and some of which are still there (items are only
/// taken out going down, so those are all there are): it walks the small
/// types again only for a large type whose list emptied or was capped.
///
/// - Complexity: per node O(*L* x *m*) to keep the *L* large types' lists
///   of *m* completions, plus O(*S*) for each large type whose two-item
///   completions are listed anew over the *S* small types (O(*S*^2) for
///   three items, more for deeper completions, each list capped at
///   ``completionCap``); at most ``nodeLimit`` nodes, and the deadline.
///   Memory O(C + *S*) besides the rows and the lists on the path.
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
  /// Whether a node keeps its parent's lists of the large types'
  /// completions that are still all there are (else it lists every large
  /// type's anew: the same search, slower; for tests).
  var keepsParentLists = true
  /// Whether a node ends where the items left are too few for the rows
  /// left (see ``Search/itemsSuffice(_:)``).
  var countsItems = true
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

    /// The sizes of the smallest and the largest small type left; nil when
    /// no small item is left.
    func smallSizesLeft() -> (smallest: Int, largest: Int)? {
      guard let first = smallLeft.firstIndex(where: { $0 > 0 }),
        let last = smallLeft.lastIndex(where: { $0 > 0 })
      else { return nil }
      return (smallSize[first], smallSize[last])
    }

    /// A row item's type: items are coded as small index, or -1 - large index.
    func type(of item: Int) -> Int { item >= 0 ? smallType[item] : largeType[-1 - item] }
  }

  /// The completions listed at a node: for each anchor (coded as a row
  /// item, see ``State/type(of:)``) the fewest items that complete its row,
  /// how many completions of that many were listed, whether they are all
  /// there are, and the completions themselves, `items` small types each,
  /// one after another in `flat`.
  struct Profiles {
    var anchor: [Int] = []
    var items: [Int] = []
    var start: [Int] = []
    var count: [Int] = []
    var complete: [Bool] = []
    var flat: [Int] = []
    /// The profile of each large type listed, by large index.
    var index: [Int?]

    init(largeTypes: Int) { index = [Int?](repeating: nil, count: largeTypes) }

    /// Adds the profile of `anchor`, whose `count` completions of `items`
    /// items each are the last ones in `flat`.
    mutating func append(anchor: Int, items: Int, count: Int, complete: Bool) {
      if anchor < 0 { index[-1 - anchor] = self.anchor.count }
      self.anchor.append(anchor)
      self.items.append(items)
      start.append(flat.count - count * items)
      self.count.append(count)
      self.complete.append(complete)
    }

    /// The completions of profile `p`, one array each.
    func completions(_ p: Int) -> [[Int]] {
      (0..<count[p]).map { c in Array(flat[start[p] + c * items[p]..<start[p] + (c + 1) * items[p]]) }
    }
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
    /// `target`, at most `cap` of them, within `steps` steps of the walk,
    /// appended to `found` (`k` types each); true when the walk listed
    /// them all (neither the cap nor the steps ended it). `largest` is the
    /// size of the largest small type left (0 when none is).
    mutating func completions(
      of target: Int, items k: Int, cap: Int, steps: Int, largest: Int, into found: inout [Int]
    ) -> Bool {
      let first = found.count
      var listed = 0
      var current: [Int] = []
      var stepsLeft = steps
      func walk(_ target: Int, _ k: Int, _ start: Int) {
        if listed >= cap || stepsLeft <= 0 { return }
        if k == 1 {
          if let j = state.smallLeft(ofSize: target), j >= start {
            found += current
            found.append(j)
            listed += 1
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
            if listed >= cap || stepsLeft <= 0 { return }
          }
          i += 1
        }
      }
      if k == 2 {
        // The walk's steps, in its order, without its recursion: the
        // second item is the one type of the size left, if any is.
        var i = 0
        while i < state.smallSize.count {
          let size = state.smallSize[i]
          if size * 2 > target { break }
          stepsLeft -= 1
          if state.smallLeft[i] > 0 && target - size <= largest {
            let j = Int(state.smallOfSize[target - size])
            if j >= i && state.smallLeft[j] > (j == i ? 1 : 0) {
              found.append(i)
              found.append(j)
              listed += 1
            }
            if listed >= cap || stepsLeft <= 0 { break }
          }
          i += 1
        }
      } else {
        walk(target, k, 0)
      }
      assert((found.count - first) == listed * k)
      return listed < cap && stepsLeft > 0
    }

    /// The completions of `k` small items totalling `target` (see
    /// ``completions(of:items:cap:steps:largest:into:)``), one array each.
    mutating func completions(of target: Int, items k: Int, cap: Int, steps: Int) -> [[Int]] {
      var flat: [Int] = []
      let largest = state.smallSizesLeft()?.largest ?? 0
      _ = completions(of: target, items: k, cap: cap, steps: steps, largest: largest, into: &flat)
      return stride(from: 0, to: flat.count, by: max(k, 1)).map { Array(flat[$0..<$0 + k]) }
    }

    /// Lists in `profiles` the fewest small items completing `target` for
    /// `anchor` and the completions of that many (at most the cap); false
    /// when there is none.
    mutating func listFewestItemCompletions(of target: Int, anchor: Int, into profiles: inout Profiles) -> Bool {
      guard target > 0 else {
        profiles.append(anchor: anchor, items: 0, count: 1, complete: false)
        return true
      }
      // The walks leave the items as they found them: one scan for all k.
      guard let (smallest, largest) = state.smallSizesLeft() else { return false }
      let deepest = min(settings.deepestCompletion, target / smallest)
      var complete = true
      var k = 1
      while k <= deepest {
        let first = profiles.flat.count
        complete = completions(
          of: target, items: k, cap: k <= 4 ? settings.completionCap : 64,
          steps: k <= 4 ? settings.walkSteps : settings.walkSteps / 8, largest: largest, into: &profiles.flat)
          && complete
        let count = (profiles.flat.count - first) / k
        if count > 0 {
          profiles.append(anchor: anchor, items: k, count: count, complete: complete)
          return true
        }
        k += 1
      }
      return false
    }

    /// Lists in `profiles` the completions of large type `l` that its
    /// parent's list `inherited` still holds, where that list was all
    /// there were and some are left: with items only taken out, they are
    /// all there are now, in the walk's order. False where it must be
    /// listed anew.
    func keepAvailable(of l: Int, from inherited: Profiles, into profiles: inout Profiles) -> Bool {
      guard let p = inherited.index[l], inherited.complete[p], inherited.items[p] > 0 else { return false }
      let k = inherited.items[p]
      let first = profiles.flat.count
      var offset = inherited.start[p]
      for _ in 0..<inherited.count[p] {
        var available = true
        var i = 0
        while i < k {
          // Types ascend, so a type taken twice sits side by side.
          let j = inherited.flat[offset + i]
          var same = 1
          while i + same < k && inherited.flat[offset + i + same] == j { same += 1 }
          if state.smallLeft[j] < same {
            available = false
            break
          }
          i += same
        }
        if available { profiles.flat.append(contentsOf: inherited.flat[offset..<offset + k]) }
        offset += k
      }
      let count = (profiles.flat.count - first) / k
      guard count > 0 else { return false }
      profiles.append(anchor: -1 - l, items: k, count: count, complete: true)
      return true
    }

    /// Whether the items left are enough for the rows left: a large
    /// item's row holds it and at least its fewest completion's items (as
    /// listed in `profiles`, where those were all there were), every other
    /// row at least as many small items as it takes to fill it with the
    /// largest left. The rows' items above those least counts add up to
    /// the items left less their sum, so a row that takes more than its
    /// fewest spends that margin for all the rows after it.
    func itemsSuffice(_ profiles: Profiles) -> Bool {
      var itemsLeft = 0
      var largeItemsLeft = 0
      for count in state.largeLeft { largeItemsLeft += count }
      var largestSmall = 0
      for j in state.smallLeft.indices where state.smallLeft[j] > 0 {
        itemsLeft += state.smallLeft[j]
        largestSmall = state.smallSize[j]
      }
      itemsLeft += largeItemsLeft
      let otherRows = rowsLeft - largeItemsLeft
      if otherRows < 0 || (otherRows > 0 && largestSmall == 0) { return false }
      var needed = otherRows > 0 ? otherRows * ((state.capacity + largestSmall - 1) / largestSmall) : 0
      for p in profiles.anchor.indices where profiles.anchor[p] < 0 {
        let least = profiles.complete[p] ? profiles.items[p] : min(profiles.items[p], 1)
        needed += state.largeLeft[-1 - profiles.anchor[p]] * (1 + least)
      }
      return itemsLeft >= needed
    }

    /// Searches on from the rows fixed so far; true when every row is.
    /// `inherited` is the parent's list of the large types' completions.
    mutating func node(inherited: Profiles? = nil) -> Bool {
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
      var profiles = Profiles(largeTypes: state.largeSize.count)
      if large {
        for l in state.largeType.indices where state.largeLeft[l] > 0 {
          if settings.keepsParentLists, let inherited, keepAvailable(of: l, from: inherited, into: &profiles) {
            continue
          }
          guard listFewestItemCompletions(of: state.capacity - state.largeSize[l], anchor: -1 - l, into: &profiles)
          else { return false }
        }
      } else {
        for j in state.smallSize.indices.reversed() where state.smallLeft[j] > 0 {
          state.smallLeft[j] -= 1
          let listed = listFewestItemCompletions(of: state.capacity - state.smallSize[j], anchor: j, into: &profiles)
          state.smallLeft[j] += 1
          guard listed else { return false }
        }
      }
      // Too few items left for the rows left: an end before the demand.
      if settings.countsItems && !itemsSuffice(profiles) { return false }
      for j in demand.indices { demand[j] = 0 }
      var best: Int? = nil
      for p in profiles.anchor.indices {
        let anchor = profiles.anchor[p]
        let left = anchor < 0 ? state.largeLeft[-1 - anchor] : state.smallLeft[anchor]
        let weight = Double(left) / Double(profiles.count[p])
        for j in profiles.flat[profiles.start[p]..<profiles.start[p] + profiles.count[p] * profiles.items[p]] {
          demand[j] += weight
        }
        if best == nil || profiles.items[p] > profiles.items[best!]
          || (profiles.items[p] == profiles.items[best!] && profiles.count[p] < profiles.count[best!])
        {
          best = p
        }
      }
      guard let best, rowsLeft > 0 else { return false }
      // Take the anchor out, list its children, and descend into each.
      let anchor = profiles.anchor[best]
      let items = profiles.items[best]
      let bestCompletions = profiles.completions(best)
      if anchor < 0 { state.largeLeft[-1 - anchor] -= 1 } else { state.smallLeft[anchor] -= 1 }
      let target = state.capacity - (anchor < 0 ? state.largeSize[-1 - anchor] : state.smallSize[anchor])
      // Least constraining first: by the demand of the other rows on the
      // completion's items over the items left of their types (the
      // anchor's own demand taken off), a little noise breaking ties and
      // varying the restarts.
      let own = Double(anchor < 0 ? state.largeLeft[-1 - anchor] + 1 : state.smallLeft[anchor] + 1)
        / Double(bestCompletions.count)
      for completion in bestCompletions { for j in completion { demand[j] -= own } }
      func leastConstrainingFirst(_ completions: [[Int]]) -> [[Int]] {
        completions.map { completion -> (Double, [Int]) in
          var score = 0.0
          for j in completion { score += max(0, demand[j]) / Double(state.smallLeft[j]) }
          return (score * (1 + settings.orderNoise * Double(random.next() >> 11) * 0x1p-53), completion)
        }.sorted { $0.0 < $1.0 }.map(\.1)
      }
      var children = leastConstrainingFirst(bestCompletions)
      let fewest = children.count
      let extras = settings.extraCompletions
      if discrepanciesLeft > 0 && extras > 0 {
        let extra = completions(of: target, items: items + 1, cap: extras * 4, steps: settings.walkSteps)
        children += leastConstrainingFirst(extra).prefix(extras)
      }
      rowsLeft -= 1
      for (c, completion) in children.enumerated() {
        for j in completion { state.smallLeft[j] -= 1 }
        rows.append([anchor] + completion)
        // A completion of one more item than the fewest is a discrepancy.
        if c >= fewest { discrepanciesLeft -= 1 }
        let found = node(inherited: large ? profiles : nil)
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
