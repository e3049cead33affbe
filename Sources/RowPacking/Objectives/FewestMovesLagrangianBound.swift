/// A lower bound on the tags moved for a number of rows that ties each tag
/// sent out of its interval to the tag a row receives: a Lagrangian
/// relaxation of "tag t sent = tag t received", with a price per tag.
///
/// The relaxation is the interval model of ``FewestMovesBound``: the input
/// cut into `R` intervals, one per row; each row sends out some tags of its
/// interval (what stays fits) and receives tags that fit its room. Alone it
/// lets the sending row drop its tag of the best size while the receiving
/// row gets the size it lacks. With a price `p_t` per tag, a row costs the
/// room it wastes plus the prices of the tags it sends minus those of the
/// tags it receives. In a layout every moved tag is sent once and received
/// once, so the prices cancel and the costs add up to the slack
/// `R C - sum(sizes)`: when the least cost with exactly `o` tags sent
/// exceeds the slack for some prices, no layout moves `o` tags. The prices
/// come from subgradient ascent (Held, Wolfe and Crowder, "Validation of
/// subgradient optimization", Math. Programming 1974, with Polyak's step).
///
/// A row's best receipt is a 0/1 knapsack over all tags (value: size plus
/// price), with sizes and rooms rounded down to buckets, which can only
/// overestimate what fits; intervals of up to 12 tags try every subset
/// sent, longer ones a bound.
///
/// - Complexity: per price vector O(*n* *K* + *n* *L* 2^*L* + *n* *R*
///   *o*^2 *L*) for *K* buckets, intervals of *L* tags and `o` moves.
struct FewestMovesLagrangianBound {
  let sizes: [Int]
  let capacity: Int
  let rows: Int
  /// `R C - sum(sizes)`: the room wasted by any layout in `rows` rows.
  let slack: Int
  /// Units per knapsack bucket.
  let bucket: Int
  /// For each start, the intervals whose overfill `cap` tags can remove.
  private let intervals: [[Range<Int>]]
  let cap: Int
  static let exactIntervalLength = 12
  static let buckets = 2048

  /// The relaxation for `sizes` in `rows` rows of `capacity`, for up to
  /// `cap` tags sent; `nil` when the sizes exceed the rows' total room.
  init?(sizes: [Int], capacity: Int, rows: Int, cap: Int) {
    let total = sizes.reduce(0, +)
    guard rows >= 1, capacity >= 1, total <= rows * capacity else { return nil }
    self.sizes = sizes
    self.capacity = capacity
    self.rows = rows
    self.slack = rows * capacity - total
    self.cap = max(0, min(cap, sizes.count))
    bucket = max(1, capacity / Self.buckets)
    let n = sizes.count
    let most = self.cap
    intervals = (0...n).map { i in
      var result: [Range<Int>] = []
      var total = 0
      for e in i...n {
        if e > i { total += sizes[e - 1] }
        let largest = sizes[i..<e].sorted(by: >).prefix(most).reduce(0, +)
        if total - largest > capacity { break }  // longer intervals overfill more
        result.append(i..<e)
      }
      return result
    }
  }

  /// One evaluation: the least cost with exactly `moves` tags sent, for
  /// each tag how often the least-cost solution sends it minus how often
  /// it receives it (a subgradient of the cost in the prices), and the
  /// table of least costs for every suffix of tags.
  struct Evaluation: Sendable {
    var value: Int
    var subgradient: [Int]
    var prices: [Int]
    /// The most tags sent the table holds.
    var moves: Int
    fileprivate var rows: Int
    fileprivate var table: [Int]

    /// The least cost of the tags from `i` on in `r` rows with exactly `o`
    /// of them sent; ``FewestMovesBound/impossible`` when none. A search
    /// whose earlier rows placed the tags `ahead` (from `i` on) and left
    /// `waiting` ones to receive wastes at least this, plus the prices of
    /// `waiting`, minus those of `ahead`, in the rows left.
    func least(from i: Int, rows r: Int, out o: Int) -> Int {
      table[(i * (rows + 1) + r) * (moves + 1) + o]
    }
  }

  /// The least total cost over the relaxation with exactly `moves` tags
  /// sent, under `prices`; `nil` when no cut sends exactly `moves`.
  func evaluate(moves: Int, prices: [Int]) -> Evaluation? {
    let n = sizes.count
    guard moves <= cap else { return nil }
    let receipt = Receipt(sizes: sizes, prices: prices, capacity: capacity, bucket: bucket)
    let impossible = FewestMovesBound.impossible
    // Each interval's least cost by tags sent, and the subset sent.
    var costs: [[[(cost: Int, sent: [Int], room: Int)]]] = []
    for starting in intervals {
      costs.append(starting.map { rowCosts($0, moves: moves, receipt: receipt, prices: prices) })
    }
    // table[(i * (rows + 1) + r) * (moves + 1) + o]: the tags from i on in r rows, o sent.
    let width = moves + 1
    var table = [Int](repeating: impossible, count: (n + 1) * (rows + 1) * width)
    var choice = [(interval: Int, sent: Int)](repeating: (-1, -1), count: table.count)
    table[(n * (rows + 1)) * width] = 0
    for r in 1...rows {
      for i in stride(from: n, through: 0, by: -1) {
        for (k, interval) in intervals[i].enumerated() {
          let byCount = costs[i][k]
          let rest = (interval.upperBound * (rows + 1) + r - 1) * width
          let target = (i * (rows + 1) + r) * width
          for (o1, entry) in byCount.enumerated() where entry.cost < impossible {
            for o2 in 0...(moves - o1) where table[rest + o2] < impossible {
              let value = entry.cost + table[rest + o2]
              if value < table[target + o1 + o2] {
                table[target + o1 + o2] = value
                choice[target + o1 + o2] = (k, o1)
              }
            }
          }
        }
      }
    }
    let root = rows * width + moves
    guard table[root] < impossible else { return nil }
    // The least-cost solution, for the subgradient.
    var subgradient = [Int](repeating: 0, count: n)
    var i = 0, o = moves
    for r in stride(from: rows, through: 1, by: -1) {
      let (k, o1) = choice[(i * (rows + 1) + r) * width + o]
      let entry = costs[i][k][o1]
      for t in entry.sent { subgradient[t] += 1 }
      for t in receipt.chosen(room: entry.room) { subgradient[t] -= 1 }
      i = intervals[i][k].upperBound
      o -= o1
    }
    return Evaluation(value: table[root], subgradient: subgradient, prices: prices, moves: moves, rows: rows, table: table)
  }

  /// For `o` tags sent out of `interval`: the row's least cost (room
  /// wasted plus prices sent minus prices received), the tags sent and the
  /// room left for tags received.
  private func rowCosts(_ interval: Range<Int>, moves: Int, receipt: Receipt, prices: [Int]) -> [(cost: Int, sent: [Int], room: Int)] {
    let members = Array(interval)
    let l = members.count
    let total = members.reduce(0) { $0 + sizes[$1] }
    let need = total - capacity
    let most = min(moves, l)
    let impossible = FewestMovesBound.impossible
    var best = [(cost: Int, sent: [Int], room: Int)](repeating: (impossible, [], 0), count: most + 1)
    if l <= Self.exactIntervalLength {
      // Every subset, its sizes and prices summed from the subset without its lowest tag.
      var sentSize = [Int](repeating: 0, count: 1 << l)
      var sentPrice = [Int](repeating: 0, count: 1 << l)
      var bestMask = [Int](repeating: -1, count: most + 1)
      for mask in 0..<(1 << l) {
        if mask > 0 {
          let low = mask.trailingZeroBitCount
          let t = members[low]
          sentSize[mask] = sentSize[mask & (mask - 1)] + sizes[t]
          sentPrice[mask] = sentPrice[mask & (mask - 1)] + sizes[t] + prices[t]
        }
        let o = mask.nonzeroBitCount
        guard o <= most, sentSize[mask] >= need else { continue }
        let room = capacity - total + sentSize[mask]
        let cost = room - receipt.most(room: room) + sentPrice[mask] - sentSize[mask]
        if cost < best[o].cost {
          best[o] = (cost, [], room)
          bestMask[o] = mask
        }
      }
      for o in 0...most where bestMask[o] >= 0 {
        best[o].sent = (0..<l).filter { bestMask[o] & (1 << $0) != 0 }.map { members[$0] }
      }
      return best
    }
    // Longer intervals: the cheapest prices sent against the most room they can leave.
    let byPrice = members.sorted { prices[$0] < prices[$1] }
    let bySize = members.map { sizes[$0] }.sorted(by: >)
    var cheapest = 0, largest = 0
    for o in 0...most {
      if o > 0 {
        cheapest += prices[byPrice[o - 1]]
        largest += bySize[o - 1]
      }
      guard largest >= need else { continue }
      let room = capacity - total + largest
      best[o] = (room - receipt.most(room: room) + cheapest, Array(byPrice.prefix(o)), room)
    }
    return best
  }

  /// The most a row of a given room can gain by receiving tags: the
  /// largest sum of size plus price over tags whose sizes fit the room, a
  /// 0/1 knapsack over buckets (sizes rounded down: an overestimate).
  struct Receipt {
    let bucket: Int
    let buckets: Int
    let weights: [Int]
    let values: [Int]
    /// `best[t * (buckets + 1) + k]`: the most value from the first `t` tags within `k` buckets.
    private var best: [Int]

    init(sizes: [Int], prices: [Int], capacity: Int, bucket: Int) {
      self.bucket = bucket
      buckets = capacity / bucket
      weights = sizes.map { $0 / bucket }
      values = zip(sizes, prices).map { $0 + $1 }
      let n = sizes.count, width = buckets + 1
      best = [Int](repeating: 0, count: (n + 1) * width)
      for t in 0..<n {
        let from = t * width, to = from + width
        let (w, v) = (weights[t], values[t])
        best.withUnsafeMutableBufferPointer { cells in
          for k in 0...buckets {
            var value = cells[from + k]
            if v > 0, w <= k, cells[from + k - w] + v > value { value = cells[from + k - w] + v }
            cells[to + k] = value
          }
        }
      }
    }

    /// The most value within `room` units.
    func most(room: Int) -> Int {
      best[weights.count * (buckets + 1) + min(max(room, 0) / bucket, buckets)]
    }

    /// The tags of one receipt of the most value within `room` units.
    func chosen(room: Int) -> [Int] {
      var k = min(max(room, 0) / bucket, buckets)
      var result: [Int] = []
      for t in stride(from: weights.count - 1, through: 0, by: -1) {
        let width = buckets + 1
        if best[(t + 1) * width + k] != best[t * width + k] {
          result.append(t)
          k -= weights[t]
        }
      }
      return result
    }
  }
}

extension FewestMovesLagrangianBound {
  /// The fewest moves not refuted: from `atLeast` up, each count is
  /// refuted when subgradient ascent on the prices (at most `rounds`
  /// evaluations per count, the prices carried from count to count) finds
  /// a least cost above the slack. Stops at `most` or when `meter` runs
  /// out; returns the count and its evaluation of the highest cost.
  func fewestMovesNotRefuted(
    from atLeast: Int, upTo most: Int, rounds: Int, meter: inout BudgetMeter
  ) -> (moves: Int, best: Evaluation?) {
    var prices = [Int](repeating: 0, count: sizes.count)
    var moves = atLeast
    counts: while moves <= min(most, cap) {
      var best: Evaluation? = nil
      var step = 1.0
      var stalled = 0
      for _ in 0..<rounds {
        guard meter.checkClock() else { return (moves, best) }
        guard let evaluation = evaluate(moves: moves, prices: prices), evaluation.value <= slack else {
          moves += 1
          continue counts
        }
        if evaluation.value > best?.value ?? Int.min {
          best = evaluation
          stalled = 0
        } else {
          stalled += 1
          if stalled >= 3 {
            step /= 2
            stalled = 0
          }
        }
        // Polyak's step towards a cost a twentieth of a row above the
        // slack: aiming just above it, the ascent creeps up below it.
        let norm = evaluation.subgradient.reduce(0) { $0 + $1 * $1 }
        guard norm > 0 else { return (moves, best) }  // the prices already balance
        let length = step * Double(slack + capacity / 20 - evaluation.value) / Double(norm)
        var changed = false
        for (t, g) in evaluation.subgradient.enumerated() where g != 0 {
          let delta = Int((length * Double(g)).rounded())
          prices[t] += delta
          changed = changed || delta != 0
        }
        if !changed { return (moves, best) }
      }
      return (moves, best)
    }
    return (moves, nil)
  }
}
