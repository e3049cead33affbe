extension FewestMovesBound {
  /// The sums that a few moved tags can fill a row's room with: for `q`
  /// tags, the largest sum of at most `q` distinct tags that fits a room.
  ///
  /// A row whose kept tags leave room `rho` and that receives `q` moved
  /// tags wastes at least `rho` minus that sum, whichever tags move (a
  /// relaxation: every tag counts as one that could move). Subset sums by
  /// count are bit sets over `0...capacity`, for up to ``depth`` tags; for
  /// larger capacities only single tags are matched (by a sorted search).
  ///
  /// - Complexity: O(*n* *D* *C* / 64) to build for *D* ``depth`` and
  ///   capacity *C*; a query O(*C* / 64).
  struct ReceivedFill {
    /// Rows receiving more tags than this count as filled.
    static let depth = 3
    /// The largest capacity whose sums are kept as bit sets.
    static let largestTable = 1 << 22
    let capacity: Int
    /// The tags' sizes, ascending.
    private let ascending: [Int]
    /// `atMost[q]`: the sums of at most `q` distinct tags (bit `s` set).
    private let atMost: [[UInt64]]

    init(sizes: [Int], capacity: Int) {
      self.capacity = capacity
      ascending = sizes.filter { $0 <= capacity }.sorted()
      guard capacity <= Self.largestTable else {
        atMost = []
        return
      }
      let words = capacity / 64 + 1
      var exactly = [[UInt64]](repeating: [UInt64](repeating: 0, count: words), count: Self.depth + 1)
      exactly[0][0] = 1
      for size in ascending where size > 0 {
        for q in stride(from: Self.depth, through: 1, by: -1) {
          Self.orShifted(&exactly[q], exactly[q - 1], by: size)
        }
      }
      var union = exactly[0]
      var result = [union]
      for q in 1...Self.depth {
        for w in 0..<words { union[w] |= exactly[q][w] }
        result.append(union)
      }
      atMost = result
    }

    /// `target |= source << shift`, cut at `capacity`.
    private static func orShifted(_ target: inout [UInt64], _ source: [UInt64], by shift: Int) {
      let wordShift = shift / 64, bitShift = UInt64(shift % 64)
      guard wordShift < target.count else { return }
      for w in stride(from: target.count - 1, through: wordShift, by: -1) {
        var value = source[w - wordShift] << bitShift
        if bitShift > 0, w - wordShift - 1 >= 0 { value |= source[w - wordShift - 1] >> (64 - bitShift) }
        target[w] |= value
      }
    }

    /// The largest sum in `bits` that is at most `room`.
    private static func largest(in bits: [UInt64], atMost room: Int) -> Int {
      var w = room / 64
      var word = bits[w] & (room % 64 == 63 ? ~0 : (UInt64(1) << UInt64(room % 64 + 1)) - 1)
      while true {
        if word != 0 { return w * 64 + 63 - word.leadingZeroBitCount }
        w -= 1
        if w < 0 { return 0 }
        word = bits[w]
      }
    }

    /// For `q` in `0...`: the least room wasted by a row of room `room`
    /// receiving at most `q` tags, up to the first `q` that may waste
    /// nothing or `upTo` (larger counts waste as little as the last).
    func leastWaste(room: Int, upTo: Int) -> [Int] {
      var result = [room]
      var q = 1
      while q <= upTo, result[q - 1] > 0 {
        if q <= Self.depth, !atMost.isEmpty {
          result.append(room - Self.largest(in: atMost[q], atMost: min(room, capacity)))
        } else if q == 1 {
          // One tag: the largest that fits.
          var low = 0, high = ascending.count
          while low < high {
            let mid = (low + high) / 2
            if ascending[mid] <= room { low = mid + 1 } else { high = mid }
          }
          result.append(low > 0 ? room - ascending[low - 1] : room)
        } else {
          result.append(0)
        }
        q += 1
      }
      return result
    }
  }
}
