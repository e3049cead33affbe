/// The best filling of one row by dynamic programming over the capacity:
/// the bounded knapsack split into 0-1 items by binary decomposition of the
/// multiplicities (Martello and Toth, *Knapsack Problems*, 1990, sec. 3.2),
/// then the classic recursion `best[c] = max(best[c], best[c - s] + v)`.
///
/// Exact and fast when the capacity is small (BPPLIB's 100 to 1000 units),
/// where ``KnapsackBranchAndBound`` can struggle with values nearly
/// proportional to sizes; its work grows with the capacity, so callers use
/// it only below ``cellLimit`` cells and ``capacityLimit``.
///
/// - Complexity: O(pieces * capacity) time and bits, pieces = sum of
///   log2(multiplicity + 1).
enum KnapsackDynamicProgramming {
  /// The most cells (0-1 pieces times capacity + 1) worth solving this way.
  static let cellLimit = 4_000_000
  /// The largest capacity worth solving this way: above it the branch and
  /// bound of ``KnapsackGridBound`` (a table of about a thousand cells per
  /// type) is cheaper even for a handful of pieces.
  static let capacityLimit = 16_383

  /// The 0-1 pieces of the bounded items, or `nil` when the table would
  /// exceed ``cellLimit``.
  static func pieces(sizes: [Int], values: [Int], multiplicities: [Int], capacity: Int) -> [(type: Int, copies: Int)]? {
    if capacity > capacityLimit { return nil }
    var pieces: [(type: Int, copies: Int)] = []
    for i in sizes.indices where values[i] > 0 && sizes[i] <= capacity {
      var left = min(multiplicities[i], sizes[i] == 0 ? multiplicities[i] : capacity / sizes[i])
      var chunk = 1
      while left > 0 {
        let copies = min(chunk, left)
        pieces.append((i, copies))
        left -= copies
        chunk *= 2
      }
    }
    return capacity <= capacityLimit && pieces.count * (capacity + 1) <= cellLimit ? pieces : nil
  }

  /// Solves the bounded knapsack exactly; `nil` when the table is too large.
  static func solve(sizes: [Int], values: [Int], multiplicities: [Int], capacity: Int) -> (value: Int, counts: [Int])? {
    guard let pieces = pieces(sizes: sizes, values: values, multiplicities: multiplicities, capacity: capacity) else {
      return nil
    }
    let width = capacity + 1
    var best = [Int](repeating: 0, count: width)
    var taken = [Bool](repeating: false, count: pieces.count * width)
    for (p, piece) in pieces.enumerated() {
      let size = sizes[piece.type] * piece.copies
      let value = values[piece.type] * piece.copies
      if size > capacity { continue }
      var c = capacity
      while c >= size {
        let candidate = best[c - size] + value
        if candidate > best[c] {
          best[c] = candidate
          taken[p * width + c] = true
        }
        c -= 1
      }
    }
    var counts = [Int](repeating: 0, count: sizes.count)
    var c = capacity
    for p in stride(from: pieces.count - 1, through: 0, by: -1) where taken[p * width + c] {
      counts[pieces[p].type] += pieces[p].copies
      c -= sizes[pieces[p].type] * pieces[p].copies
    }
    return (best[capacity], counts)
  }
}
