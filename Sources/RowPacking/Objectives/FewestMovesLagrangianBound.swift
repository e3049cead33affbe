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
  private let intervals: [[Interval]]
  let cap: Int
  /// Intervals up to this many tags try every subset sent (at most 12).
  let exactLength: Int
  static let exactIntervalLength = 12
  static let buckets = 2048

  /// One interval of tags as one row's kept candidates.
  private struct Interval {
    var range: Range<Int>
    var total: Int
    /// The fewest tags whose sending lets the rest fit a row.
    var leastSent: Int
  }

  /// The relaxation for `sizes` in `rows` rows of `capacity`, for up to
  /// `cap` tags sent; `nil` when the sizes exceed the rows' total room.
  init?(sizes: [Int], capacity: Int, rows: Int, cap: Int, exactLength: Int = exactIntervalLength) {
    let total = sizes.reduce(0, +)
    guard rows >= 1, capacity >= 1, total <= rows * capacity else { return nil }
    self.sizes = sizes
    self.capacity = capacity
    self.rows = rows
    self.slack = rows * capacity - total
    self.cap = max(0, min(cap, sizes.count))
    bucket = max(1, capacity / Self.buckets)
    self.exactLength = min(max(exactLength, 0), Self.exactIntervalLength)
    let n = sizes.count
    let most = self.cap
    intervals = (0...n).map { i in
      var result: [Interval] = []
      var total = 0
      for e in i...n {
        if e > i { total += sizes[e - 1] }
        var removed = 0, sent = 0
        for size in sizes[i..<e].sorted(by: >) where total - removed > capacity {
          removed += size
          sent += 1
        }
        if sent > most || total - removed > capacity { break }  // longer intervals overfill more
        result.append(Interval(range: i..<e, total: total, leastSent: sent))
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
    /// For each tag, the fewest intervals the tags before it can be cut
    /// into: the cells the root cannot reach are not filled.
    fileprivate var fewestRowsBefore: [Int]
    /// The least-cost solution: each row's interval and the tags it sends
    /// (``FewestMovesLagrangianBound/repairedLayout(_:capacity:)`` makes it a layout).
    var cut: [(range: Range<Int>, sent: [Int])]

    /// The least cost of the tags from `i` on in `r` rows with exactly `o`
    /// of them sent; ``FewestMovesBound/impossible`` when none. A search
    /// whose earlier rows placed the tags `ahead` (from `i` on) and left
    /// `waiting` ones to receive wastes at least this, plus the prices of
    /// `waiting`, minus those of `ahead`, in the rows left.
    /// A cell not filled bounds nothing (`-impossible`).
    func least(from i: Int, rows r: Int, out o: Int) -> Int {
      guard fewestRowsBefore[i] <= rows - r else { return -FewestMovesBound.impossible }
      return table[(i * (rows + 1) + r) * (moves + 1) + o]
    }
  }

  /// The least total cost over the relaxation with exactly `moves` tags
  /// sent, under `prices`; `nil` when no cut sends exactly `moves`.
  func evaluate(moves: Int, prices: [Int]) -> Evaluation? {
    let n = sizes.count
    guard moves <= cap else { return nil }
    let receipt = Receipt(sizes: sizes, prices: prices, capacity: capacity, bucket: bucket)
    let impossible = FewestMovesBound.impossible
    let width = moves + 1
    // The cells the root reaches: (i, r) with the tags before i cut into rows - r intervals.
    var before = [Int](repeating: Int.max, count: n + 1)
    before[0] = 0
    for i in 0..<n where before[i] < Int.max {
      for interval in intervals[i] where interval.leastSent <= moves && interval.range.upperBound > i {
        before[interval.range.upperBound] = min(before[interval.range.upperBound], before[i] + 1)
      }
    }
    // costs[(start offset + k) * width + o1]: interval k of start i sending o1 tags.
    var offsets = [0]
    for starting in intervals { offsets.append(offsets[offsets.count - 1] + starting.count) }
    var costs = [Int](repeating: impossible, count: offsets[n + 1] * width)
    var scratch = SubsetSums()
    for (i, starting) in intervals.enumerated() where before[i] < rows {
      for (k, interval) in starting.enumerated() where interval.leastSent <= moves {
        let at = (offsets[i] + k) * width
        rowCosts(interval, moves: moves, receipt: receipt, prices: prices, scratch: &scratch, details: false) { o1, cost, _ in
          costs[at + o1] = cost
        }
      }
    }
    // table[(i * (rows + 1) + r) * width + o]: the tags from i on in r rows, o sent.
    var table = [Int](repeating: impossible, count: (n + 1) * (rows + 1) * width)
    var choice = [Int](repeating: -1, count: table.count)  // k * width + o1
    table[(n * (rows + 1)) * width] = 0
    table.withUnsafeMutableBufferPointer { table in
      choice.withUnsafeMutableBufferPointer { choice in
        costs.withUnsafeBufferPointer { costs in
          for r in 1...rows {
            for i in stride(from: n, through: 0, by: -1) where before[i] <= rows - r {
              let target = (i * (rows + 1) + r) * width
              for (k, interval) in intervals[i].enumerated() where interval.leastSent <= moves {
                let rest = (interval.range.upperBound * (rows + 1) + r - 1) * width
                let at = (offsets[i] + k) * width
                for o1 in interval.leastSent...moves where costs[at + o1] < impossible {
                  for o2 in 0...(moves - o1) where table[rest + o2] < impossible {
                    let value = costs[at + o1] + table[rest + o2]
                    if value < table[target + o1 + o2] {
                      table[target + o1 + o2] = value
                      choice[target + o1 + o2] = k * width + o1
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    let root = rows * width + moves
    guard table[root] < impossible else { return nil }
    // The least-cost solution, for the subgradient: each row's choice again.
    var subgradient = [Int](repeating: 0, count: n)
    var i = 0, o = moves
    var cut: [(range: Range<Int>, sent: [Int])] = []
    for r in stride(from: rows, through: 1, by: -1) {
      let picked = choice[(i * (rows + 1) + r) * width + o]
      let (k, o1) = (picked / width, picked % width)
      let interval = intervals[i][k]
      rowCosts(interval, moves: moves, receipt: receipt, prices: prices, scratch: &scratch, details: true) { count, _, best in
        guard count == o1 else { return }
        cut.append((interval.range, best.sent))
        for t in best.sent { subgradient[t] += 1 }
        for t in receipt.chosen(room: best.room) { subgradient[t] -= 1 }
      }
      i = interval.range.upperBound
      o -= o1
    }
    return Evaluation(value: table[root], subgradient: subgradient, prices: prices, moves: moves, rows: rows, table: table, fewestRowsBefore: before, cut: cut)
  }

  /// Reused buffers for the sums of an interval's subsets.
  private struct SubsetSums {
    var size = [Int](repeating: 0, count: 1 << FewestMovesLagrangianBound.exactIntervalLength)
    var price = [Int](repeating: 0, count: 1 << FewestMovesLagrangianBound.exactIntervalLength)
  }

  /// For each count `o` of tags sent out of `interval`, calls `report`
  /// with the row's least cost (room wasted plus prices sent minus prices
  /// received), and with `details` the tags sent and the room left for
  /// tags received.
  private func rowCosts(
    _ interval: Interval, moves: Int, receipt: Receipt, prices: [Int], scratch: inout SubsetSums, details: Bool,
    report: (Int, Int, (sent: [Int], room: Int)) -> Void
  ) {
    let members = Array(interval.range)
    let l = members.count
    let total = interval.total
    let need = total - capacity
    let most = min(moves, l)
    let impossible = FewestMovesBound.impossible
    if l <= exactLength {
      var best = [Int](repeating: impossible, count: most + 1)
      var bestMask = [Int](repeating: -1, count: most + 1)
      // Subsets of at most `most` tags, their sums from the subset without its lowest tag.
      scratch.size.withUnsafeMutableBufferPointer { sentSize in
        scratch.price.withUnsafeMutableBufferPointer { sentPrice in
          sentSize[0] = 0
          sentPrice[0] = 0
          for mask in 0..<(1 << l) {
            let o = mask.nonzeroBitCount
            guard o <= most else { continue }
            if mask > 0 {
              let t = members[mask.trailingZeroBitCount]
              sentSize[mask] = sentSize[mask & (mask - 1)] + sizes[t]
              sentPrice[mask] = sentPrice[mask & (mask - 1)] + prices[t]
            }
            guard sentSize[mask] >= need else { continue }
            let room = capacity - total + sentSize[mask]
            let cost = room - receipt.most(room: room) + sentPrice[mask]
            if cost < best[o] {
              best[o] = cost
              bestMask[o] = mask
            }
          }
        }
      }
      for o in 0...most where bestMask[o] >= 0 {
        guard details else {
          report(o, best[o], ([], 0))
          continue
        }
        let sent = (0..<l).filter { bestMask[o] & (1 << $0) != 0 }.map { members[$0] }
        report(o, best[o], (sent, capacity - total + sent.reduce(0) { $0 + sizes[$1] }))
      }
      return
    }
    // Longer intervals: the cheapest prices sent, and the least room left
    // unfilled over every room that `o` tags sent can leave.
    let byPrice = members.sorted { prices[$0] < prices[$1] }
    let bySize = members.map { sizes[$0] }.sorted(by: >)
    var cheapest = 0, largest = 0, smallest = 0
    for o in 0...most {
      if o > 0 {
        cheapest += prices[byPrice[o - 1]]
        largest += bySize[o - 1]
        smallest += bySize[l - o]
      }
      guard largest >= need else { continue }
      let room = capacity - total + largest
      let unfilled = receipt.leastWaste(from: capacity - total + max(smallest, need), to: room)
      report(o, unfilled + cheapest, (details ? Array(byPrice.prefix(o)) : [], room))
    }
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
      let n = sizes.count, top = capacity / bucket, width = top + 1
      var table = [Int](repeating: 0, count: (n + 1) * width)
      for t in 0..<n {
        let from = t * width, to = from + width
        let (w, v) = (sizes[t] / bucket, sizes[t] + prices[t])
        table.withUnsafeMutableBufferPointer { cells in
          for k in 0...top {
            var value = cells[from + k]
            if v > 0, w <= k, cells[from + k - w] + v > value { value = cells[from + k - w] + v }
            cells[to + k] = value
          }
        }
      }
      best = table
      // waste[0][k]: the room of bucket k's first unit less its most value;
      // waste[j][k]: the least of waste[0] over buckets k..<k + 2^j.
      let last = n * width
      var levels = [[Int]()]
      for k in 0...top { levels[0].append(k * bucket - table[last + k]) }
      var span = 1
      while span * 2 <= width {
        let below = levels[levels.count - 1]
        levels.append((0..<(width - span * 2 + 1)).map { min(below[$0], below[$0 + span]) })
        span *= 2
      }
      waste = levels
    }

    /// `waste[j][k]`: the least room left unfilled from a room at the
    /// start of any bucket in `k..<k + 2^j` (a sparse table for range minima).
    private let waste: [[Int]]

    /// A lower bound on the room left unfilled (room less the most value)
    /// over every room in `low...high`.
    func leastWaste(from low: Int, to high: Int) -> Int {
      let low = max(low, 0), high = max(min(high, buckets * bucket + bucket - 1), low)
      let first = min(low / bucket, buckets), lastBucket = min(high / bucket, buckets)
      var result = low - best[weights.count * (buckets + 1) + first]
      if lastBucket > first {
        let count = lastBucket - first
        let j = Int.bitWidth - 1 - count.leadingZeroBitCount
        result = min(result, waste[j][first + 1], waste[j][lastBucket - (1 << j) + 1])
      }
      return result
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
  /// `start` gives the first prices (zero by default).
  func fewestMovesNotRefuted(
    from atLeast: Int, upTo most: Int, rounds: Int, start: [Int]? = nil, meter: inout BudgetMeter,
    visit: (Evaluation) -> Void = { _ in }
  ) -> (moves: Int, best: Evaluation?) {
    var prices = start ?? [Int](repeating: 0, count: sizes.count)
    var moves = atLeast
    counts: while moves <= min(most, cap) {
      var best: Evaluation? = nil
      var step = 1.0
      var stalled = 0
      for _ in 0..<rounds {
        guard meter.checkClock() else { return (moves, best) }
        let evaluated = evaluate(moves: moves, prices: prices)
        if let evaluated { visit(evaluated) }
        guard let evaluation = evaluated, evaluation.value <= slack else {
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

extension FewestMovesLagrangianBound {
  /// ``fewestMovesNotRefuted(from:upTo:rounds:start:meter:)`` in rounds of
  /// doubling length, each from the best prices of the last, until the
  /// count reaches `most` or `meter` runs out: short rounds refute the
  /// easy counts at once, longer ones then work on the first count left.
  func fewestMovesNotRefuted(
    from atLeast: Int, upTo most: Int, meter: inout BudgetMeter, visit: (Evaluation) -> Void = { _ in }
  ) -> (moves: Int, best: Evaluation?) {
    var result: (moves: Int, best: Evaluation?) = (atLeast, nil)
    var rounds = 10
    while result.moves <= most, meter.checkClock() {
      let next = fewestMovesNotRefuted(from: result.moves, upTo: most, rounds: rounds, start: result.best?.prices, meter: &meter, visit: visit)
      let progressed = next.moves > result.moves || (next.best?.value ?? Int.min) > (result.best?.value ?? Int.min)
      if progressed { result = (next.moves, next.best ?? result.best) }
      if !progressed || next.best == nil { break }  // the prices are stuck (or the count passed `most`)
      rounds *= 2
    }
    return result
  }
}
