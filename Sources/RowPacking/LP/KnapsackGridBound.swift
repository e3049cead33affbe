/// The best filling of one row when the capacity is large: branch and bound
/// whose bound is a dynamic programme over sizes rounded down to a coarse
/// grid.
///
/// Rounding every size down to a multiple of a grid step `g` (and the room
/// down too) relaxes the knapsack: a filling that fits the true sizes
/// fits the rounded ones, since `sum floor(s / g) <= floor(sum s / g)`. So
/// the dynamic programme over the rounded sizes (about ``gridCells``
/// capacity cells, whatever the true capacity) gives, for every suffix of
/// the item types and every room, an upper bound on the value the true
/// items can add. The depth-first search over the true sizes (types in the
/// caller's order, counts from the largest down) prunes with it; the bound
/// is off by less than one grid step per item, so on rows of a few items
/// (tag clouds: 2 to 6 tags per row) the search walks almost straight to the
/// optimum, where the linear (Dantzig) bound of ``KnapsackBranchAndBound``
/// is loose when items are large against the row. This is the classic
/// scaling relaxation of the knapsack (Ibarra and Kim, "Fast approximation
/// algorithms for the knapsack and sum of subset problems", JACM 22(4),
/// 1975), used here as a bound for an exact search.
///
/// The value of each type is given per solve (column generation prices the
/// same sizes under new duals); the buffers are allocated once.
///
/// With a `threshold`, only fillings worth more than it are sought; when
/// none exists, ``Solution/upperBound`` is at most the threshold (a proof
/// that the maximum is at most the threshold). A node limit keeps the search finite;
/// when it is reached the best filling found is returned with the table's
/// bound, still a valid upper bound.
///
/// - Complexity: O(copies * gridCells) for the table, where copies is the
///   sum of the counts that fit; exponential in the worst case for the
///   search, O(1) per node.
public struct KnapsackGridBound: Sendable {
  /// Roughly how many cells the rounded capacity has.
  public static let gridCells = 1024

  /// The finest grid (cells of the rounded capacity, from ``gridCells`` up
  /// to 16384) whose table for `types` item types stays within
  /// `tableCells` entries. A finer grid prunes more where values are
  /// nearly proportional to sizes (duals), as the bound is off by less
  /// than a cell per item.
  ///
  /// - Complexity: O(1).
  public static func finestGrid(types: Int, tableCells: Int = 2_000_000) -> Int {
    min(16_384, max(gridCells, tableCells / max(1, types + 1)))
  }

  let sizes: [Int]
  let multiplicities: [Int]
  let capacity: Int
  /// The grid step and the rounded sizes and capacity.
  let step: Int
  let gridSizes: [Int]
  let gridCapacity: Int
  /// `table[rowOf[k] * width + x]`: the best value of types `k...` with rounded size at most `x`.
  /// In `Double`, whose maximum vectorises (there is no 64-bit integer
  /// maximum in SSE2; docs/experiments/045-grid-bound-table.md),
  /// and exact: every entry is a sum of values whose total is below 2^53
  /// (`tableIsExact`), so it is the same integer as in `Int` arithmetic.
  private var table: [Double]
  /// `rowOf[k]`: the row of `table` that holds the suffix `k...`. Row 0 is
  /// the empty suffix (all 0); a type that adds nothing (no positive value,
  /// or a size above the grid) shares the next type's row, which is neither
  /// copied nor stored again (types whose dual is 0 are many in column
  /// generation), and the table holds only the rows in use: it grows to
  /// them at a solve, so the fine grid of Farley's bound costs no
  /// allocation (and no page faults) for the types it skips.
  private var rowOf: [Int]
  /// Whether the total of the positive values times their counts is below
  /// 2^53, so that the table is exact; else the table is not used: the
  /// search runs without its pruning (and, cut by its node limit, bounds
  /// nothing: `Int.max`).
  private var tableIsExact = false
  private var current: [Int]
  private var values: [Int] = []

  /// What one solve found.
  public struct Solution: Sendable, Hashable {
    /// The best value found (0 when nothing above the threshold was found).
    public var value: Int
    /// Counts per type reaching ``value``.
    public var counts: [Int]
    /// An upper bound on the maximum: ``value`` when proven, at most the
    /// threshold when nothing above it exists.
    public var upperBound: Int
    /// Search nodes used.
    public var nodes: Int
    /// With a threshold: fillings above it found before the best (each
    /// better than the one before it, at most ``runnerUpLimit``): column
    /// generation can try them before solving again.
    public var runnersUp: [[Int]] = []
    /// With `othersAbove`: for item types, the best filling the search met
    /// whose last type (in the caller's order) is that type, worth more
    /// than `othersAbove`, best first, none equal to ``counts`` (as
    /// ``KnapsackBranchAndBound/others``).
    public var others: [KnapsackBranchAndBound.Filling] = []
  }

  /// The most runners-up a solve keeps.
  public static let runnerUpLimit = 8
  private var runnersUp: [[Int]] = []
  private var collectsRunnersUp = false
  /// The best filling met per last type, when collected.
  private var others: KnapsackBranchAndBound.OtherFillings? = nil

  /// Prepares the rounded sizes and the buffers.
  ///
  /// - Parameters:
  ///   - sizes: the size of each item type, `>= 0`.
  ///   - multiplicities: items of each type, `>= 0`.
  ///   - capacity: the capacity, `>= 0`.
  ///   - gridCells: roughly how many cells the rounded capacity has: a
  ///     finer grid costs a larger table but prunes more (the bound is off
  ///     by less than capacity / gridCells per item).
  public init(sizes: [Int], multiplicities: [Int], capacity: Int, gridCells: Int = KnapsackGridBound.gridCells) {
    precondition(sizes.count == multiplicities.count && capacity >= 0)
    self.sizes = sizes
    self.capacity = capacity
    self.multiplicities = sizes.indices.map { i in
      sizes[i] == 0 ? multiplicities[i] : min(multiplicities[i], capacity / sizes[i])
    }
    let step = max(1, capacity / max(1, gridCells))
    self.step = step
    gridSizes = sizes.map { $0 / step }
    gridCapacity = capacity / step
    table = []
    current = [Int](repeating: 0, count: sizes.count)
    rowOf = [Int](repeating: 0, count: sizes.count + 1)
  }

  /// The best filling for `values` (negative values are never taken).
  ///
  /// - Parameters:
  ///   - values: the value of each type; the total of `values[i] * multiplicities[i]` must fit an `Int`
  ///     (from 2^53 on, the table would not be exact: the search then runs without its bound).
  ///   - threshold: when given, only fillings worth more than it count.
  ///   - nodeLimit: the most search nodes.
  ///   - othersAbove: when given, keep in ``Solution/others`` the best
  ///     filling met per last type worth more than this (O(types) per new
  ///     best of a type).
  public mutating func solve(
    values: [Int], threshold: Int? = nil, nodeLimit: Int = 1_000_000, othersAbove: Int? = nil
  ) -> Solution {
    precondition(values.count == sizes.count)
    self.values = values
    let width = gridCapacity + 1
    let m = sizes.count
    // The suffix tables, from the last type to the first (raw buffers: this
    // is most of the work of a solve). Each row is read from the next one
    // through its own pointer, with wrapping index arithmetic, so that the
    // compiler vectorises the loops (checked arithmetic on one buffer runs
    // a cell at a time; docs/experiments/045-grid-bound-table.md).
    var total = 0
    tableIsExact = true
    for k in 0..<m where values[k] > 0 && multiplicities[k] > 0 {
      let (product, productOverflow) = values[k].multipliedReportingOverflow(by: multiplicities[k])
      let (sum, sumOverflow) = total.addingReportingOverflow(product)
      if productOverflow || sumOverflow || sum >= 1 << 53 {
        tableIsExact = false
        break
      }
      total = sum
    }
    let cells = gridCapacity
    if tableIsExact {
      var rows = 1
      rowOf[m] = 0
      for k in stride(from: m - 1, through: 0, by: -1) {
        if values[k] <= 0 || multiplicities[k] == 0 || gridSizes[k] > cells {
          rowOf[k] = rowOf[k + 1]
        } else {
          rowOf[k] = rows
          rows += 1
        }
      }
      if table.count < rows * width {
        table = [Double](repeating: 0, count: min((m + 1) * width, max(rows * width, 2 * table.count)))
      }
      let rowOf = rowOf
      table.withUnsafeMutableBufferPointer { table in
        let base = table.baseAddress!
        for x in 0..<width { base[x] = 0 }
        for k in stride(from: m - 1, through: 0, by: -1) where rowOf[k] != rowOf[k + 1] {
          let row = base + rowOf[k] &* width
          let next = UnsafePointer(base + rowOf[k + 1] &* width)
          let v = Double(values[k])
          let copies = values[k] <= 0 ? 0 : multiplicities[k]
          let s = gridSizes[k]
          if s == 0 {
            let add = v * Double(copies)
            for x in 0..<width { row[x] = next[x] + add }
          } else {
            // The first copy from the next row, the others in place.
            row.update(from: next, count: s)
            let shifted = next - s
            for x in s..<width {
              let keep = next[x]
              let take = shifted[x] + v
              row[x] = take > keep ? take : keep
            }
            for _ in 1..<max(1, copies) {
              var x = cells
              while x >= s {
                let candidate = row[x - s] + v
                if candidate > row[x] { row[x] = candidate }
                x -= 1
              }
            }
          }
        }
      }
    }
    let rootBound = tableIsExact ? Int(table[rowOf[0] * width + gridCapacity]) : Int.max
    var search = Search(floor: threshold ?? -1, nodeLimit: nodeLimit)
    for k in 0..<m { current[k] = 0 }
    var bestCounts = [Int](repeating: 0, count: m)
    runnersUp.removeAll()
    collectsRunnersUp = threshold != nil
    others = othersAbove.map { KnapsackBranchAndBound.OtherFillings(types: m, floor: $0) }
    branch(0, residual: capacity, value: 0, last: -1, search: &search, bestCounts: &bestCounts)
    let found = search.improved
    let value = found ? search.best : 0
    let upperBound: Int
    if search.aborted {
      upperBound = max(rootBound, value)
    } else {
      upperBound = found ? search.best : min(rootBound, threshold ?? 0)
    }
    let counts = found ? bestCounts : [Int](repeating: 0, count: m)
    return Solution(
      value: value, counts: counts, upperBound: max(upperBound, value),
      nodes: search.nodes, runnersUp: runnersUp, others: others?.fillings(best: counts) ?? [])
  }

  private struct Search {
    /// The value to beat: the threshold, then the best found.
    var best: Int
    var improved = false
    var nodes = 0
    var aborted = false
    let nodeLimit: Int
    init(floor: Int, nodeLimit: Int) {
      best = floor
      self.nodeLimit = nodeLimit
    }
  }

  /// A node: the counts of types before `start` fixed (`current`), `last`
  /// the last type among them taken.
  private mutating func branch(
    _ start: Int, residual: Int, value: Int, last: Int, search: inout Search, bestCounts: inout [Int]
  ) {
    others?.offer(last: last, value: value) { current }
    if value > search.best {
      search.best = value
      if search.improved && collectsRunnersUp && runnersUp.count < Self.runnerUpLimit { runnersUp.append(bestCounts) }
      search.improved = true
      for j in 0..<sizes.count { bestCounts[j] = current[j] }
    }
    if search.aborted { return }
    if search.nodes >= search.nodeLimit {
      search.aborted = true
      return
    }
    search.nodes += 1
    let width = gridCapacity + 1
    var k = start
    // The next type worth taking: positive value, a copy that fits, and a
    // bound above the best.
    while k < sizes.count {
      if values[k] > 0 && multiplicities[k] > 0 && sizes[k] <= residual {
        let room = residual / step
        if tableIsExact && value + Int(table[rowOf[k] * width + room]) <= search.best { return }
        break
      }
      k += 1
    }
    if k == sizes.count { return }
    var count = min(multiplicities[k], sizes[k] == 0 ? multiplicities[k] : residual / sizes[k])
    while count >= 0 {
      let left = residual - count * sizes[k]
      let gained = value + count * values[k]
      if !tableIsExact || gained + Int(table[rowOf[k + 1] * width + left / step]) > search.best {
        current[k] = count
        branch(k + 1, residual: left, value: gained, last: count > 0 ? k : last, search: &search, bestCounts: &bestCounts)
        current[k] = 0
        if search.aborted { return }
      }
      count -= 1
    }
  }
}
