/// Knapsack rows: open a row and fill it with the subset of the remaining
/// items of largest total size that fits, found exactly by a 0-1 knapsack
/// dynamic programme; repeat until every item is placed.
///
/// The programme is a bit set of reachable totals `0...C`: adding an item of
/// size `s` ors the set with itself shifted by `s`, 64 totals per machine
/// word. For each total the first item that reached it is recorded, which
/// gives the subset back. Items are taken by non-increasing size (equal
/// sizes in input order), so among subsets of the same best total the one
/// found first wins: the one whose items come earliest in that order along
/// the chain of first reaching items. The programme stops early when a row
/// can be filled exactly. Items of size zero go in the first row.
///
/// This greedy is a classic of cutting stock ("sequential heuristic
/// procedure"); it is not optimal in general, but each row is a best fill.
/// See S. Martello and P. Toth, *Knapsack Problems*, Wiley, 1990, ch. 2 and 8.
///
/// - Complexity: O(*rows* x (*n* x *C* / 64 + *C*)) time and O(*C*) memory
///   (*C* / 8 bytes of bit set and 4 *C* bytes of first items) for capacity
///   *C*. At *C* = 100000 (Scholl_3) that is under 0.5 MB per row. Capacities
///   above ``capacityLimit`` are refused with ``PackingError/capacityTooLarge(capacity:limit:algorithm:)``.
public struct KnapsackRows: RowPacker {
  /// The largest capacity accepted: 2^25 units, about 150 MB of working memory.
  public static let capacityLimit = 1 << 25

  public init() {}
  public var name: String { "knapsack-rows" }

  public func pack(_ instance: ScaledInstance) throws(PackingError) -> Packing {
    let capacity = instance.capacity
    guard capacity <= Self.capacityLimit else {
      throw .capacityTooLarge(capacity: capacity, limit: Self.capacityLimit, algorithm: name)
    }
    let order = instance.indicesByDecreasingSize
    var remaining = order.filter { instance.sizes[$0] > 0 }
    let zeroSized = order.filter { instance.sizes[$0] == 0 }
    var rows: [[Int]] = []
    var filler = SubsetSumFiller(capacity: capacity)
    while !remaining.isEmpty {
      let sizes = remaining.map { instance.sizes[$0] }
      let chosen = filler.bestFill(sizes: sizes)
      rows.append(chosen.map { remaining[$0] })
      var taken = [Bool](repeating: false, count: remaining.count)
      for position in chosen { taken[position] = true }
      remaining = remaining.indices.filter { !taken[$0] }.map { remaining[$0] }
    }
    if !zeroSized.isEmpty {
      if rows.isEmpty { rows.append([]) }
      rows[0].append(contentsOf: zeroSized)
    }
    return Packing(rows: rows)
  }
}

/// The subset-sum dynamic programme behind ``KnapsackRows``, with its
/// buffers kept between rows.
struct SubsetSumFiller {
  let capacity: Int
  private var reachable: [UInt64]
  /// For each reachable total, the first item (position) that reached it;
  /// written whenever a total becomes reachable, so never reset.
  private var firstItem: [Int32]

  init(capacity: Int) {
    self.capacity = capacity
    reachable = [UInt64](repeating: 0, count: capacity / 64 + 1)
    firstItem = [Int32](repeating: -1, count: capacity + 1)
  }

  /// The positions (into `sizes`, increasing) of a subset of largest total <= capacity.
  mutating func bestFill(sizes: [Int]) -> [Int] {
    let total = sizes.reduce(0, +)
    if total <= capacity { return Array(sizes.indices) }
    let words = reachable.count
    let topBits = capacity % 64 + 1  // bits of the last word that stand for totals <= capacity
    let topMask: UInt64 = topBits == 64 ? ~0 : (1 << UInt64(topBits)) - 1
    for w in 0..<words { reachable[w] = 0 }
    reachable[0] = 1
    var best = 0
    for (position, size) in sizes.enumerated() {
      let wordShift = size / 64
      let bitShift = UInt64(size % 64)
      var w = words - 1
      while w >= wordShift {
        let source = w - wordShift
        var shifted = reachable[source] << bitShift
        if bitShift > 0 && source > 0 { shifted |= reachable[source - 1] >> (64 - bitShift) }
        if w == words - 1 { shifted &= topMask }
        let fresh = shifted & ~reachable[w]
        if fresh != 0 {
          reachable[w] |= fresh
          var bits = fresh
          while bits != 0 {
            let bit = bits.trailingZeroBitCount
            let reachedTotal = w * 64 + bit
            firstItem[reachedTotal] = Int32(position)
            best = max(best, reachedTotal)
            bits &= bits - 1
          }
        }
        w -= 1
      }
      if best == capacity { break }
    }
    var chosen: [Int] = []
    var t = best
    while t > 0 {
      let position = Int(firstItem[t])
      chosen.append(position)
      t -= sizes[position]
    }
    return chosen.sorted()
  }
}
