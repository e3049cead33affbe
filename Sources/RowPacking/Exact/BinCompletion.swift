/// Bin completion: decides whether the items fit into a given number of
/// rows, one row at a time.
///
/// Each row is opened with the largest item left and completed with a
/// *maximal* set of the remaining items (no item left over fits the row's
/// remaining room); an exchange argument shows that some optimal packing has
/// this form, so the search is exact. Rows are tried against a *waste
/// budget*: `rows · C − total size`; a completion that wastes more than is
/// left is never tried. Two dominance rules of Martello and Toth cut the
/// completions of a row to one: an item that fills the row exactly, and the
/// largest item that fits when no two items fit together; and Korf's
/// dominance for single items (no item of a row can be swapped for a larger
/// one left over that still fits). Items of equal
/// size are one item type with a count, so no completion is tried twice.
///
/// The decision form (rows from the lower bound upward, each with its waste
/// budget) is that of R. E. Korf, "An improved algorithm for optimal bin
/// packing", IJCAI 2003, pp. 1252-1258, and E. L. Schreiber and R. E. Korf,
/// "Improved bin completion for optimal bin packing and number
/// partitioning", IJCAI 2013. The dominance rules are from S. Martello and
/// P. Toth, *Knapsack Problems*, Wiley 1990, ch. 8.
///
/// All state is preallocated: a search node allocates nothing.
///
/// - Complexity: exponential in the worst case; O(item types) per node.
struct BinCompletion {
  /// The distinct sizes, largest first.
  let values: [Int]
  /// The items of each size, in input order.
  let itemsOfType: [[Int]]
  /// The items left of each size during the search.
  private var counts: [Int]
  private let capacity: Int
  private let total: Int
  private let itemCount: Int
  /// The types in the rows of the current partial packing (flat), and where
  /// each row starts in it.
  private var rowTypes: [Int]
  private var rowStarts: [Int]
  /// Per depth, the sums of the sizes left from each type index onwards.
  private var suffix: [Int]
  var meter: BudgetMeter

  /// What a decision search found.
  enum Outcome: Equatable {
    /// A packing in at most the rows asked for (in ``BinCompletion/lastPacking``).
    case packed
    /// No packing in that many rows exists: proven.
    case infeasible
    /// The budget ran out first.
    case exhausted
  }

  init(sizes: [Int], capacity: Int, meter: BudgetMeter) {
    var byValue: [Int: [Int]] = [:]
    for (item, size) in sizes.enumerated() { byValue[size, default: []].append(item) }
    values = byValue.keys.sorted(by: >)
    itemsOfType = values.map { byValue[$0]! }
    counts = itemsOfType.map(\.count)
    self.capacity = capacity
    total = sizes.reduce(0, +)
    itemCount = sizes.count
    rowTypes = []
    rowTypes.reserveCapacity(sizes.count)
    rowStarts = []
    rowStarts.reserveCapacity(sizes.count + 1)
    suffix = []
    self.meter = meter
  }

  /// The packing found by the last successful ``decide(rows:)``.
  private(set) var lastPacking: Packing?

  /// Decides whether the items fit into `rows` rows.
  mutating func decide(rows: Int) -> Outcome {
    let slack = rows * capacity - total
    if slack < 0 { return .infeasible }
    if itemCount == 0 { lastPacking = Packing(rows: []); return .packed }
    counts = itemsOfType.map(\.count)
    rowTypes.removeAll(keepingCapacity: true)
    rowStarts.removeAll(keepingCapacity: true)
    let needed = rows * (values.count + 1)
    if suffix.count < needed { suffix = [Int](repeating: 0, count: needed) }
    if openRow(depth: 0, rowsLeft: rows, slack: slack, itemsLeft: itemCount) { return .packed }
    return meter.isExhausted ? .exhausted : .infeasible
  }

  /// Opens a row with the largest item left and tries its completions.
  private mutating func openRow(depth: Int, rowsLeft: Int, slack: Int, itemsLeft: Int) -> Bool {
    if itemsLeft == 0 {
      // Read the rows now: the stack unwinds on the way out.
      lastPacking = makePacking()
      return true
    }
    if rowsLeft == 0 || !meter.tick() { return false }
    var first = 0
    while counts[first] == 0 { first += 1 }
    counts[first] -= 1
    rowStarts.append(rowTypes.count)
    rowTypes.append(first)
    defer {
      rowTypes.removeLast()
      rowStarts.removeLast()
      counts[first] += 1
    }
    let room = capacity - values[first]
    // The sizes left from each type onwards, for the waste bound.
    let base = depth * (values.count + 1)
    suffix[base + values.count] = 0
    var t = values.count - 1
    while t >= 0 {
      suffix[base + t] = suffix[base + t + 1] + counts[t] * values[t]
      t -= 1
    }
    // The largest item that fits, and the two smallest items left.
    var largestFit = first
    while largestFit < values.count && (counts[largestFit] == 0 || values[largestFit] > room) { largestFit += 1 }
    if largestFit == values.count {
      // Nothing fits: the row holds its first item alone.
      return closeRow(depth: depth, rowsLeft: rowsLeft, slack: slack, waste: room, itemsLeft: itemsLeft - 1)
    }
    var smallest = values.count - 1
    while counts[smallest] == 0 { smallest -= 1 }
    var secondSmallest = smallest
    if counts[smallest] < 2 {
      secondSmallest -= 1
      while secondSmallest >= 0 && counts[secondSmallest] == 0 { secondSmallest -= 1 }
    }
    let onlyOneFits = secondSmallest < 0 || values[smallest] + values[secondSmallest] > room
    if values[largestFit] == room || onlyOneFits {
      // Martello-Toth dominance: {largest fitting item} dominates every completion.
      counts[largestFit] -= 1
      rowTypes.append(largestFit)
      let found = closeRow(
        depth: depth, rowsLeft: rowsLeft, slack: slack, waste: room - values[largestFit], itemsLeft: itemsLeft - 2)
      rowTypes.removeLast()
      counts[largestFit] += 1
      return found
    }
    return complete(
      from: largestFit, room: room, depth: depth, base: base, rowsLeft: rowsLeft, slack: slack,
      itemsLeft: itemsLeft - 1)
  }

  /// Extends the row with items of type `from` or later (largest first),
  /// and at each maximal completion goes on to the next row.
  private mutating func complete(
    from start: Int, room: Int, depth: Int, base: Int, rowsLeft: Int, slack: Int, itemsLeft: Int
  ) -> Bool {
    if !meter.tick() { return false }
    var type = start
    while type < values.count {
      // Even taking every item left from here on would waste more than allowed.
      let reachable = suffix[base + type + 1] + counts[type] * values[type]
      if room - reachable > slack { return false }
      if counts[type] > 0 && values[type] <= room {
        counts[type] -= 1
        rowTypes.append(type)
        let found = complete(
          from: type, room: room - values[type], depth: depth, base: base, rowsLeft: rowsLeft, slack: slack,
          itemsLeft: itemsLeft - 1)
        rowTypes.removeLast()
        counts[type] += 1
        if found || meter.isExhausted { return found }
      }
      type += 1
    }
    // No item of type `start` or later is added: maximal only if no item left fits.
    if room > slack { return false }
    var smallest = values.count - 1
    while smallest >= 0 && counts[smallest] == 0 { smallest -= 1 }
    if smallest >= 0 && values[smallest] <= room { return false }
    if isDominatedBySwap(room: room) { return false }
    return closeRow(depth: depth, rowsLeft: rowsLeft, slack: slack, waste: room, itemsLeft: itemsLeft)
  }

  /// Korf's dominance, for single items: the row is dominated when an item
  /// in it (other than its first, the largest left) can be swapped for a
  /// larger item left over that still fits. The swap gives a fuller row that
  /// packs everything this one does, so a search over undominated rows
  /// stays exact (each swap raises the row's sum: no cycles).
  private func isDominatedBySwap(room: Int) -> Bool {
    guard let start = rowStarts.last else { return false }
    var previous = -1
    for position in (start + 1)..<rowTypes.count {
      let type = rowTypes[position]
      if type == previous { continue }
      previous = type
      // The smallest size left that is larger than this item's.
      var larger = type - 1
      while larger >= 0 && counts[larger] == 0 { larger -= 1 }
      if larger >= 0 && values[larger] <= values[type] + room { return true }
    }
    return false
  }

  private mutating func closeRow(depth: Int, rowsLeft: Int, slack: Int, waste: Int, itemsLeft: Int) -> Bool {
    if waste > slack { return false }
    return openRow(depth: depth + 1, rowsLeft: rowsLeft - 1, slack: slack - waste, itemsLeft: itemsLeft)
  }

  /// The current rows as item indices (each type's items handed out in input order).
  private func makePacking() -> Packing {
    var next = [Int](repeating: 0, count: values.count)
    var rows: [[Int]] = []
    for (r, start) in rowStarts.enumerated() {
      let end = r + 1 < rowStarts.count ? rowStarts[r + 1] : rowTypes.count
      var row: [Int] = []
      for type in rowTypes[start..<end] {
        row.append(itemsOfType[type][next[type]])
        next[type] += 1
      }
      rows.append(row)
    }
    return Packing(rows: rows)
  }
}
