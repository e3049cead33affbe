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
/// - Complexity: O(*n* log *n*) to sort, then O(*rows* x (``nodesPerRow``
///   + *n*)) time and O(*n*) memory.
struct MinimumBinSlack {
  /// The most search nodes for one row.
  var nodesPerRow = 1000

  /// The packing of `scaled` (every size in `0...capacity`).
  func pack(_ scaled: ScaledInstance) -> Packing {
    let capacity = scaled.capacity
    let sizes = scaled.sizes
    // Items left, by decreasing size (ties by index): a linked list over
    // the sorted order, so that removing a row's items is O(row).
    let order = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    let n = order.count
    var next = Array(1...max(1, n)), previous = Array(-1..<max(0, n - 1))
    if n == 0 { return Packing(rows: []) }
    next[n - 1] = n  // n: the end
    var head = 0
    func remove(_ k: Int) {
      if previous[k] >= 0 { next[previous[k]] = next[k] } else { head = next[k] }
      if next[k] < n { previous[next[k]] = previous[k] }
    }
    var rows: [[Int]] = []
    var chosen: [Int] = [], best: [Int] = []
    while head < n {
      let first = head
      remove(first)
      let room = capacity - sizes[order[first]]
      // Depth-first: the subset of the items left of largest load within
      // `room`, siblings of equal size tried once.
      var bestLoad = 0, nodes = 0
      best.removeAll(keepingCapacity: true)
      chosen.removeAll(keepingCapacity: true)
      func search(from start: Int, load: Int) {
        if load > bestLoad {
          bestLoad = load
          best = chosen
        }
        var k = start
        var lastSize = -1
        while k < n && bestLoad < room && nodes < nodesPerRow {
          let size = sizes[order[k]]
          if size != lastSize && load + size <= room {
            lastSize = size
            nodes += 1
            chosen.append(k)
            search(from: next[k], load: load + size)
            chosen.removeLast()
          }
          k = next[k]
        }
      }
      search(from: head, load: 0)
      var row = [order[first]]
      for k in best {
        row.append(order[k])
        remove(k)
      }
      rows.append(row)
    }
    return Packing(rows: rows)
  }
}
