/// Minimum bin slack (MBS'), a packer for the exact solver's first guess:
/// rows are filled one at a time, each with the largest item left and the
/// subset of the other items left that leaves the least slack (room
/// unused), found by a depth-first search over the items by decreasing
/// size, cut short after ``nodesPerRow`` nodes or as soon as the row is
/// full.
///
/// Where first-fit and best-fit decreasing place one item at a time, this
/// chooses each row as a whole; on tag clouds (rows of two to six tags) it
/// often meets L1 or L2 where they do not, without the LP. Unlike knapsack
/// rows (``KnapsackRows``) its work does not grow with the capacity, so it
/// serves widths at 1000 units per point.
///
/// J. N. D. Gupta and J. C. Ho, "A new heuristic algorithm for the
/// one-dimensional bin-packing problem", Production Planning & Control
/// 10(6):598-603, 1999; the variant that always takes the largest item
/// left (MBS'): K. Fleszar and K. S. Hindi, "New heuristics for
/// one-dimensional bin-packing", Computers & Operations Research
/// 29(7):821-839, 2002.
///
/// The search runs on item types (distinct sizes, largest first, with
/// counts): a node takes one item of a type that fits, starting at the
/// first type that fits (a binary search, not a walk over the items too
/// large) and skipping the types used up: the same rows as a walk over the
/// items, at a cost per node that does not grow with the items.
///
/// - Complexity: O(*n* log *n*) to sort, then O(*rows* x (``nodesPerRow``
///   x log *n* + *n*)) time and O(*n*) memory.
struct MinimumBinSlack {
  /// The most search nodes for one row.
  var nodesPerRow = 1000

  /// The packing of `scaled` (every size in `0...capacity`).
  func pack(_ scaled: ScaledInstance) -> Packing {
    var search = RowFillSearch(scaled, nodesPerRow: nodesPerRow)
    return search.pack()
  }
}

/// The state of ``MinimumBinSlack``: item types, the items left of each,
/// and the row being filled (no allocation per node).
private struct RowFillSearch {
  let capacity: Int
  let nodesPerRow: Int
  /// Distinct sizes, largest first.
  let typeSizes: [Int]
  /// Items of each type, by increasing index (taken from the front).
  let itemsOfType: [[Int]]
  /// Items left of each type, and the next one to take.
  var left: [Int]
  var taken: [Int]
  /// Per type, the first type from it onwards with items left when the
  /// row was opened (the search skips the types used up).
  var nextLeft: [Int]
  /// The row being filled and the best found, as types.
  var chosen: [Int] = []
  var best: [Int] = []
  var bestLoad = 0
  var nodes = 0
  var room = 0
  /// The smallest size left when the row was opened.
  var smallestLeft = Int.max

  init(_ scaled: ScaledInstance, nodesPerRow: Int) {
    capacity = scaled.capacity
    self.nodesPerRow = nodesPerRow
    let sizes = scaled.sizes
    let order = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    var typeSizes: [Int] = []
    var itemsOfType: [[Int]] = []
    for item in order {
      if typeSizes.last != sizes[item] {
        typeSizes.append(sizes[item])
        itemsOfType.append([])
      }
      itemsOfType[itemsOfType.count - 1].append(item)
    }
    self.typeSizes = typeSizes
    self.itemsOfType = itemsOfType
    left = itemsOfType.map(\.count)
    taken = [Int](repeating: 0, count: typeSizes.count)
    nextLeft = Array(0...typeSizes.count)
    chosen.reserveCapacity(sizes.count)
    best.reserveCapacity(sizes.count)
  }

  /// Takes the next item of `type`.
  mutating func take(_ type: Int) -> Int {
    let item = itemsOfType[type][taken[type]]
    taken[type] += 1
    left[type] -= 1
    return item
  }

  mutating func pack() -> Packing {
    var rows: [[Int]] = []
    var first = 0
    let types = typeSizes.count
    while true {
      while first < types && left[first] == 0 { first += 1 }
      if first == types { break }
      var row = [take(first)]
      room = capacity - typeSizes[first]
      var t = types - 1
      smallestLeft = Int.max
      while t >= first {
        nextLeft[t] = left[t] > 0 ? t : nextLeft[t + 1]
        if left[t] > 0 && smallestLeft == Int.max { smallestLeft = typeSizes[t] }
        t -= 1
      }
      bestLoad = 0
      nodes = 0
      best.removeAll(keepingCapacity: true)
      chosen.removeAll(keepingCapacity: true)
      search(from: first, load: 0)
      for type in best { row.append(take(type)) }
      rows.append(row)
    }
    return Packing(rows: rows)
  }

  /// The first type at or after `start` whose size is at most `space`.
  func firstFitting(from start: Int, space: Int) -> Int {
    var low = start
    var high = typeSizes.count
    while low < high {
      let middle = (low + high) / 2
      if typeSizes[middle] > space { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Depth-first over the types from `start` on: each node takes one item
  /// of a type that fits (each type once among siblings).
  mutating func search(from start: Int, load: Int) {
    if load > bestLoad {
      bestLoad = load
      best.removeAll(keepingCapacity: true)
      best.append(contentsOf: chosen)
    }
    // Most nodes are leaves: not even the smallest item left fits.
    if room - load < smallestLeft { return }
    var type = nextLeft[firstFitting(from: start, space: room - load)]
    while type < typeSizes.count && bestLoad < room && nodes < nodesPerRow {
      // Every item left from here on would not beat the best load.
      if left[type] > 0 {
        let size = typeSizes[type]
        nodes += 1
        left[type] -= 1
        chosen.append(type)
        search(from: type, load: load + size)
        chosen.removeLast()
        left[type] += 1
      }
      type = nextLeft[type + 1]
    }
  }
}
