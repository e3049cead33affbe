/// How even a packing's rows are, measured by their empty space: a row's
/// width minus the width its items and spacings use.
///
/// Every row counts, the last one too (as CSS `text-wrap: balance` does,
/// not as a justified paragraph, whose last line may stay short).
public enum RowEvenness: String, CaseIterable, Sendable, Hashable, Codable {
  /// The largest empty space of any row (min-max): no row is left much
  /// shorter than the others. Ties are broken by the sum of squares:
  /// exactly with the order kept; reordered, among the packings the search
  /// meets (the proof covers the largest empty space only).
  case largestEmptySpace = "largest-gap"
  /// The sum of the squared empty spaces, the cost of Knuth and Plass's
  /// line breaking (1981) with every row counted.
  case squaredEmptySpace = "squared-gaps"

  /// One line on what is minimised.
  public var summary: String {
    switch self {
    case .largestEmptySpace: return "the largest empty space in a row (min-max), ties by the sum of squares"
    case .squaredEmptySpace: return "the sum of squared empty space over the rows (Knuth-Plass)"
    }
  }

  /// The cost of rows with the given empty spaces (in scaled units), as
  /// (primary, secondary): compared lexicographically, smaller is more even.
  /// Squares saturate at `Int.max` (capacities beyond about 3 x 10^9 units).
  public func cost(emptySpaces: [Int]) -> (primary: Int, secondary: Int) {
    let largest = emptySpaces.max() ?? 0
    let squares = emptySpaces.reduce(0) { saturatingAdd($0, saturatingSquare($1)) }
    switch self {
    case .largestEmptySpace: return (largest, squares)
    case .squaredEmptySpace: return (squares, largest)
    }
  }
}

/// Rows as even as possible among those with the fewest rows, and how sure that is.
public struct BalancedRows: Sendable, Hashable {
  /// The packing (item indices per row); rows in the given order when the order is kept.
  public var packing: Packing
  public var measure: RowEvenness
  /// Whether the items keep their given order (each row a run of consecutive items).
  public var keepsOrder: Bool
  /// The lower bound on the rows: with the order kept, next-fit's rows (the
  /// fewest of any order-keeping packing); reordered, the exact solver's bound.
  public var rowsLowerBound: LowerBound
  /// Whether the row count is proven the fewest (under the order rule).
  public var isRowCountProven: Bool
  /// Whether no packing with these rows is more even by the measure (on the
  /// scaled widths; reordered, the tie-break of ``RowEvenness/largestEmptySpace`` is not part of the proof).
  public var isEvennessProven: Bool
  /// The empty space of each row in points, for the true widths.
  public var emptySpaces: [Double]
  /// Search nodes of the evenness search (0 for the order-kept DP).
  public var nodes: Int

  /// The largest empty space of a row, in points.
  public var largestEmptySpace: Double { emptySpaces.max() ?? 0 }
  /// The sum of squared empty spaces, in square points.
  public var squaredEmptySpace: Double { emptySpaces.reduce(0) { $0 + $1 * $1 } }
  /// "optimal" when both the rows and the evenness are proven, else what is known.
  public var statusText: String {
    switch (isRowCountProven, isEvennessProven) {
    case (true, true): return "optimal (fewest rows proven, then most even proven)"
    case (true, false): return "fewest rows proven; evenness is the best found within the budget"
    case (false, _): return "fewest rows not proven (budget); evenness over the best row count found"
    }
  }
}

/// The fewest rows, then the most even rows: with the order kept (a
/// dynamic programme over break points) or with reordering allowed (the
/// exact solver for the rows, then a branch and bound over assignments).
///
/// With the order kept the rows are next-fit's count (the fewest of any
/// order-keeping packing) and the break points are chosen by a dynamic
/// programme, as SwiftUI-Flow's `distributeItemsEvenly` does; it is exact.
/// Reordered, ``solveOptimally(_:budget:)`` gives the
/// fewest rows, then a branch and bound (`MostEvenAssignment`) searches the assignments of
/// items to that many rows within what is left of `budget`.
///
/// Evenness is measured on the scaled sizes (rounded up, so exact for
/// whole-point widths); the reported empty spaces are for the true widths.
/// The packing is verified before it is returned.
///
/// - Throws: ``InstanceError`` for a bad resolution, ``PackingFailure`` if
///   the packing does not verify (a bug, never silent).
/// - Complexity: order kept, O(*rows* x *n*^2) time; reordered, exponential
///   in the worst case, bounded by `budget`.
public func balanceRows(
  _ instance: Instance, measure: RowEvenness = .largestEmptySpace, keepingOrder: Bool,
  budget: SearchBudget = SearchBudget(), resolution: Int? = nil
) throws -> BalancedRows {
  let scaled = try instance.scaled(resolution: resolution)
  let balanced: BalancedRows
  if keepingOrder {
    let rows = EvenBreakPoints.rows(sizes: scaled.sizes, capacity: scaled.capacity, measure: measure)
    let packing = Packing(rows: rows)
    balanced = BalancedRows(
      packing: packing, measure: measure, keepsOrder: true,
      rowsLowerBound: LowerBound(value: packing.rowCount, source: .search), isRowCountProven: true,
      isEvennessProven: true, emptySpaces: [], nodes: 0)
  } else {
    let start = ContinuousClock().now
    let fewest = solveOptimally(scaled, budget: budget)
    var search = MostEvenAssignment(
      sizes: scaled.sizes, capacity: scaled.capacity, rows: fewest.packing.rowCount, measure: measure,
      meter: BudgetMeter(budget, start: start))
    let ordered = EvenBreakPoints.rows(sizes: scaled.sizes, capacity: scaled.capacity, measure: measure)
    var incumbents = [fewest.packing]
    if ordered.count == fewest.packing.rowCount { incumbents.append(Packing(rows: ordered)) }
    let found = search.run(incumbents: incumbents)
    balanced = BalancedRows(
      packing: found.packing, measure: measure, keepsOrder: false, rowsLowerBound: fewest.lowerBound,
      isRowCountProven: fewest.isProvenOptimal, isEvennessProven: found.proven, emptySpaces: [],
      nodes: fewest.nodes + found.nodes)
  }
  let status = judge(balanced.packing, for: instance, bound: LowerBound(value: 0, source: .none))
  if case .wrong = status { throw PackingFailure(status: status) }
  var result = balanced
  result.emptySpaces = instance.emptySpaces(of: balanced.packing)
  return result
}

/// Packs items into the fewest rows, then the most even ones: the app
/// entry point of ``balanceRows(_:measure:keepingOrder:budget:resolution:)``.
///
/// ```swift
/// let balanced = try packRowsBalanced(widths: [96.5, 120, 64, 150, 88], rowWidth: 358, spacing: 8,
///                                     measure: .largestEmptySpace, keepingOrder: true)
/// let rows = balanced.packing.rows   // item indices, top row first, in the given order
/// ```
///
/// - Throws: ``InstanceError`` for invalid widths, ``PackingFailure`` if the
///   packing does not verify (a bug, never silent).
public func packRowsBalanced(
  widths: [Double], rowWidth: Double, spacing: Double = 0, measure: RowEvenness = .largestEmptySpace,
  keepingOrder: Bool = true, budget: SearchBudget = SearchBudget()
) throws -> BalancedRows {
  try balanceRows(
    try Instance(widths: widths, rowWidth: rowWidth, spacing: spacing), measure: measure,
    keepingOrder: keepingOrder, budget: budget)
}

extension Instance {
  /// The empty space of each row of a packing, in points: the row width
  /// minus the widths and spacings of its items.
  public func emptySpaces(of packing: Packing) -> [Double] {
    packing.rows.map { row in
      rowWidth - row.reduce(0) { $0 + widths[$1] } - Double(max(row.count - 1, 0)) * spacing
    }
  }
}

/// The most even break points of items kept in order, among those with
/// the fewest rows: a dynamic programme over (rows, items placed).
///
/// `best[r][j]` is the least cost of putting items `0..<j` into `r` rows,
/// each a run of consecutive items that fits; the answer is
/// `best[k][n]` for next-fit's row count `k`. Under
/// ``RowEvenness/largestEmptySpace`` the programme runs twice: first for
/// the least largest empty space `M`, then for the least sum of squares
/// among rows whose empty space is at most `M` (a lexicographic cost is
/// not decomposable in one pass).
///
/// D. E. Knuth and M. F. Plass, "Breaking paragraphs into lines",
/// Software: Practice and Experience 11(11):1119-1184, 1981.
///
/// - Complexity: O(*k* x *n* x *m*) time for *m* the most items in a row,
///   O(*k* x *n*) memory.
enum EvenBreakPoints {
  static func rows(sizes: [Int], capacity: Int, measure: RowEvenness) -> [[Int]] {
    let n = sizes.count
    guard n > 0 else { return [] }
    let k = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity)).rowCount
    switch measure {
    case .squaredEmptySpace:
      return solve(sizes: sizes, capacity: capacity, rows: k, limit: capacity, cost: saturatingSquare, combine: saturatingAdd)
    case .largestEmptySpace:
      let first = solve(sizes: sizes, capacity: capacity, rows: k, limit: capacity, cost: { $0 }, combine: max)
      let largest = first.map { capacity - $0.reduce(0) { $0 + sizes[$1] } }.max() ?? 0
      return solve(sizes: sizes, capacity: capacity, rows: k, limit: largest, cost: saturatingSquare, combine: saturatingAdd)
    }
  }

  /// Least `combine`d cost of `rows` runs, each with empty space at most `limit`.
  private static func solve(
    sizes: [Int], capacity: Int, rows k: Int, limit: Int, cost: (Int) -> Int, combine: (Int, Int) -> Int
  ) -> [[Int]] {
    let n = sizes.count
    var prefix = [Int](repeating: 0, count: n + 1)
    for i in 0..<n { prefix[i + 1] = prefix[i] + sizes[i] }
    let infinity = Int.max
    var best = [[Int]](repeating: [Int](repeating: infinity, count: n + 1), count: k + 1)
    var from = [[Int]](repeating: [Int](repeating: -1, count: n + 1), count: k + 1)
    best[0][0] = 0
    for r in 1...k {
      for j in r...n {
        // Runs i..<j, from the longest that fits down to one item.
        var i = j - 1
        while i >= r - 1 && prefix[j] - prefix[i] <= capacity {
          let empty = capacity - (prefix[j] - prefix[i])
          if empty <= limit, best[r - 1][i] != infinity {
            let value = combine(best[r - 1][i], cost(empty))
            if value < best[r][j] { best[r][j] = value; from[r][j] = i }
          }
          i -= 1
        }
      }
    }
    precondition(best[k][n] != infinity, "next-fit's row count is always reachable")
    var rows: [[Int]] = []
    var j = n
    for r in stride(from: k, to: 0, by: -1) {
      let i = from[r][j]
      rows.append(Array(i..<j))
      j = i
    }
    return rows.reversed()
  }
}

/// The most even assignment of items to a fixed number of rows, by
/// depth-first branch and bound.
///
/// Items go by non-increasing size into a row with room; rows with equal
/// loads are interchangeable, so only one of them is tried per item. The
/// bound is the water-filling relaxation: the items left spread as a fluid
/// over the least-loaded rows (capacity ignored). It gives the largest
/// possible smallest load (so the least largest empty space) and the least
/// sum of squared loads, which for a fixed total is the least sum of
/// squared empty spaces (`sum (C - l)^2 = k C^2 - 2 C T + sum l^2`).
///
/// Cf. the balanced partition search of R. E. Korf, "Multi-way number
/// partitioning", IJCAI 2009 (here with a capacity per row).
///
/// - Complexity: exponential in the worst case; O(*k*) per node. Bounded by
///   the ``SearchBudget``.
struct MostEvenAssignment {
  let sizes: [Int]
  let capacity: Int
  let rowCount: Int
  let measure: RowEvenness
  var meter: BudgetMeter
  private let order: [Int]
  private var loads: [Int]
  private var counts: [Int]
  private var assignment: [Int]
  private var best: (primary: Int, secondary: Int) = (Int.max, Int.max)
  private var bestAssignment: [Int]? = nil
  private var suffix: [Int]

  init(sizes: [Int], capacity: Int, rows: Int, measure: RowEvenness, meter: BudgetMeter) {
    self.sizes = sizes
    self.capacity = capacity
    self.rowCount = rows
    self.measure = measure
    self.meter = meter
    order = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    loads = [Int](repeating: 0, count: rows)
    counts = [Int](repeating: 0, count: rows)
    assignment = [Int](repeating: 0, count: sizes.count)
    suffix = [Int](repeating: 0, count: sizes.count + 1)
    for p in stride(from: sizes.count - 1, through: 0, by: -1) { suffix[p] = suffix[p + 1] + sizes[order[p]] }
  }

  /// Searches from the given packings (each with `rows` rows, as incumbents).
  mutating func run(incumbents: [Packing]) -> (packing: Packing, proven: Bool, nodes: Int) {
    var bestPacking = incumbents[0]
    for packing in incumbents where packing.rowCount == rowCount {
      let c = cost(of: packing)
      if c < best { best = c; bestPacking = packing }
    }
    let finished = sizes.isEmpty || rowCount == 0 ? true : search(0)
    if let bestAssignment {
      var rows = [[Int]](repeating: [], count: rowCount)
      for (item, row) in bestAssignment.enumerated() { rows[row].append(item) }
      bestPacking = Packing(rows: rows)
    }
    return (bestPacking, finished, meter.nodes)
  }

  private func cost(of packing: Packing) -> (primary: Int, secondary: Int) {
    measure.cost(emptySpaces: packing.rows.map { capacity - $0.reduce(0) { $0 + sizes[$1] } })
  }

  /// Returns false when the budget ran out.
  private mutating func search(_ p: Int) -> Bool {
    guard meter.tick() else { return false }
    if p == order.count {
      let c = measure.cost(emptySpaces: loads.map { capacity - $0 })
      if c < best { best = c; bestAssignment = assignment }
      return true
    }
    // Prune on the primary measure alone: the proof is of the primary
    // measure; a tie-break is taken only from packings met on the way.
    if bound(p).primary >= best.primary { return true }
    let item = order[p]
    let size = sizes[item]
    let emptyRows = counts.filter { $0 == 0 }.count
    // Rows by increasing load: the most even completions are found first.
    let candidates = loads.indices.sorted { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }
    var last = (load: -1, isEmpty: false)
    for row in candidates {
      let load = loads[row]
      // Interchangeable with the row just tried: same load, both empty or both not.
      if load == last.load && (counts[row] == 0) == last.isEmpty { continue }
      last = (load, counts[row] == 0)
      guard load + size <= capacity else { continue }
      // Every row must end non-empty: the items left must cover the empty rows.
      let emptyAfter = emptyRows - (counts[row] == 0 ? 1 : 0)
      if emptyAfter > order.count - p - 1 { continue }
      loads[row] += size
      counts[row] += 1
      assignment[item] = row
      let ok = search(p + 1)
      loads[row] -= size
      counts[row] -= 1
      if !ok { return false }
    }
    return true
  }

  /// A lower bound on the cost of any completion: water-filling of the
  /// sizes left over the current loads. A row that not even the smallest
  /// item fits any more keeps its load; the others take the fluid.
  private func bound(_ p: Int) -> (primary: Int, secondary: Int) {
    let smallest = sizes[order[order.count - 1]]
    var fixedSquares = 0.0
    var fixedMinimum = Int.max
    var open: [Int] = []
    for l in loads {
      if l + smallest > capacity {
        fixedSquares += Double(l) * Double(l)
        fixedMinimum = min(fixedMinimum, l)
      } else {
        open.append(l)
      }
    }
    var left = suffix[p]
    if open.isEmpty {
      return left > 0 ? (Int.max, Int.max) : measure.cost(emptySpaces: loads.map { capacity - $0 })
    }
    open.sort()
    // Raise the lowest `m` open rows to a common level until the fluid runs out.
    var m = 1
    var level = Double(open[0])
    while true {
      let next = m < open.count ? Double(open[m]) : Double.infinity
      let need = (next - level) * Double(m)
      if Double(left) <= need || m == open.count {
        level += Double(left) / Double(m)
        break
      }
      left -= Int(next - level) * m
      level = next
      m += 1
    }
    // Smallest final load <= floor(level) (integer loads); the sum of squared
    // loads >= m level^2 + the rest.
    let smallestLoad = min(fixedMinimum, Int(level.rounded(.down)))
    let largestEmpty = capacity - smallestLoad
    var squaresOfLoads = fixedSquares + Double(m) * level * level
    for l in open[m...] { squaresOfLoads += Double(l) * Double(l) }
    let total = Double(suffix[0])
    let c = Double(capacity)
    let squares = Double(rowCount) * c * c - 2 * c * total + squaresOfLoads
    // Round the real bound down (minus a margin for floating point) so it stays a bound.
    let squaresBound = squares >= 9e18 ? Int.max : max(0, Int((squares * (1 - 1e-12) - 1).rounded(.down)))
    switch measure {
    case .largestEmptySpace: return (largestEmpty, squaresBound)
    case .squaredEmptySpace: return (squaresBound, Int.min)
    }
  }
}

func saturatingSquare(_ x: Int) -> Int {
  let (v, o) = x.multipliedReportingOverflow(by: x)
  return o ? Int.max : v
}

func saturatingAdd(_ a: Int, _ b: Int) -> Int {
  let (v, o) = a.addingReportingOverflow(b)
  return o ? Int.max : v
}
