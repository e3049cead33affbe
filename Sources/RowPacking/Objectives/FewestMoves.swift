/// A layout with a given number of rows and the fewest tags moved out of
/// their reading order.
public struct FewestMovesLayout: Sendable, Hashable {
  /// The rows, top to bottom; in each row the kept tags first (in order),
  /// then the moved ones.
  public var packing: Packing
  /// The tags taken out of the reading order (increasing index).
  public var movedItems: [Int]
  /// A proven lower bound on the tags that must move for this many rows.
  public var movesLowerBound: Int

  /// The number of rows.
  public var rows: Int { packing.rowCount }
  /// The tags moved: n minus the longest run of tags kept in reading order.
  public var moves: Int { movedItems.count }
  /// Whether no layout in as many rows moves fewer tags.
  public var isProven: Bool { moves == movesLowerBound }
}

/// Rows against tags moved: from next-fit's order (no tag moved) to the
/// fewest rows of any order.
public struct RowsAndMovesTradeoff: Sendable, Hashable {
  /// One point per row count, from next-fit's rows down to the fewest found.
  public var points: [FewestMovesLayout]
  /// The lower bound on the rows of any order, and its source.
  public var fewestRowsBound: LowerBound
  /// Candidate sets of moved tags examined.
  public var nodes: Int

  /// Whether the last point's rows are the proven fewest of any order.
  public var isFewestRowsProven: Bool { points.last.map { $0.rows == fewestRowsBound.value } ?? true }
  /// Whether every point's moves are proven the fewest.
  public var isProven: Bool { isFewestRowsProven && points.allSatisfy(\.isProven) }

  /// The fewest rows when at most `maxMoves` tags may move (the bounded
  /// form), with its layout.
  public func fewestRows(movingAtMost maxMoves: Int) -> FewestMovesLayout? {
    points.last { $0.moves <= maxMoves }
  }
}

/// The fewest rows, then the fewest tags moved, and the whole curve of rows
/// against tags moved ("order kept where it costs no row").
///
/// A layout's reading order is rows top to bottom, tags in a row leading to
/// trailing; the tags moved are n minus the longest run of tags that stay
/// in their input order (a longest increasing subsequence). For `R` rows the
/// fewest moves is the smallest set `M` of tags such that the others, kept
/// in order, can be cut into `R` runs (rows) whose leftover room holds `M`
/// (moved tags go at the ends of rows, which keeps the others in order).
///
/// For each `R` from next-fit's rows down to the fewest rows of any order
/// (``solveOptimally(_:budget:)``),
/// the fewest rows first with four fifths of the time left (and what the
/// others leave): first the set-partitioning relaxation over rows, by
/// column generation, and a dive over it (`FewestMovesColumnGeneration`),
/// which proves most points; where it does not, a lower bound
/// from the intervals the kept tags cut the input into and the room the
/// rows waste (`FewestMovesBound`), raised by prices per tag that tie each
/// tag sent to the tag received (`FewestMovesLagrangianBound`), then one
/// move at a time by a branch and bound that builds the rows and decides
/// each count exactly (`FewestMovesBranchAndBound`). The upper bound is the exact solver's
/// packing read in the order that keeps the most tags and improved by local
/// search (`improveReadingOrder`), then by beam and limited discrepancy
/// search over the branch and bound's rows (`fewerMoves`),
/// cut into more rows where `R` is more. Fewer rows never need fewer moves:
/// bounds pass down the curve, layouts up. When the budget runs out, each
/// point says what is proven.
///
/// - Parameters:
///   - instance: the tags' widths, the row width and the spacing.
///   - budget: the time for the exact solver and the search together.
///   - resolution: units per point for fractional widths; `nil` chooses.
/// - Throws: ``InstanceError`` for a bad resolution, ``PackingFailure`` if a
///   layout does not verify (a bug, never silent).
/// - Complexity: the bound's table is O(*n* *R* *m*^2 *L*) for *m* moves
///   and intervals of *L* tags; the search is exponential in the worst
///   case, bounded by `budget`.
public func tradeoffRowsAndMoves(
  _ instance: Instance, budget: SearchBudget = SearchBudget(), resolution: Int? = nil
) throws -> RowsAndMovesTradeoff {
  let scaled = try instance.scaled(resolution: resolution)
  let start = ContinuousClock().now
  var meter = BudgetMeter(budget, start: start)
  let nextFit = NextFit().pack(scaled)
  var points = [FewestMovesLayout(packing: nextFit, movedItems: [], movesLowerBound: 0)]
  let fewest = solveOptimally(scaled, budget: budget)
  // The upper bound: the solver's rows improved by local search, within a
  // fifth of the time left.
  let left = budget.timeLimit.map { $0 - (ContinuousClock().now - start) }
  var localMeter = BudgetMeter(SearchBudget(timeLimit: left.map { max($0 / 5, .zero) }, nodeLimit: budget.nodeLimit.map { $0 / 5 }), start: ContinuousClock().now)
  let solverRead = improveReadingOrder(fewest.packing, sizes: scaled.sizes, capacity: scaled.capacity, meter: &localMeter)
  var nodes = fewest.nodes
  let fewestRows = fewest.packing.rowCount
  // The fewest rows first, with most of the time left: the hardest point
  // and the one a layout asks for. Then the others from next-fit's rows down.
  let now = ContinuousClock().now
  let share = budget.timeLimit.map { (now - start) + ($0 - (now - start)) * 4 / 5 }
  var firstMeter = BudgetMeter(SearchBudget(timeLimit: share, nodeLimit: budget.nodeLimit), start: start)
  var found: [Int: FewestMovesLayout] = [:]
  if fewestRows < nextFit.rowCount {
    found[fewestRows] = fewestMoves(scaled, rows: fewestRows, atLeast: 0, upper: solverRead, meter: &firstMeter, nodes: &nodes)
  }
  var lower = 0
  for rows in stride(from: nextFit.rowCount - 1, to: fewestRows, by: -1) {
    let best = found[fewestRows]!
    let upper = (packing: splitRows(best.packing, into: rows), moved: best.movedItems)
    // An even share of what is left for each point still to do, the
    // return to the fewest rows included.
    var pointMeter = meter.share(1 / Double(rows - fewestRows + 1))
    found[rows] = fewestMoves(scaled, rows: rows, atLeast: lower, upper: upper, meter: &pointMeter, nodes: &nodes)
    meter.absorb(pointMeter)
    lower = found[rows]!.movesLowerBound
  }
  // The time the other rows left goes back to the fewest rows, from where
  // their search stopped (the counts already refused stay refused).
  if let point = found[fewestRows], !point.isProven, meter.checkClock() {
    let best = (packing: point.packing, moved: point.movedItems)
    found[fewestRows] = fewestMoves(scaled, rows: fewestRows, atLeast: point.movesLowerBound, upper: best, meter: &meter, nodes: &nodes)
  }
  // Fewer rows never need fewer moves: bounds pass down, layouts up.
  for rows in stride(from: nextFit.rowCount - 1, through: fewestRows, by: -1) {
    guard var point = found[rows] else { continue }
    if let more = found[rows + 1] { point.movesLowerBound = max(point.movesLowerBound, more.movesLowerBound) }
    if let less = found[rows - 1], less.moves < point.moves {
      point.packing = splitRows(less.packing, into: rows)
      point.movedItems = less.movedItems
    }
    point.movesLowerBound = min(point.movesLowerBound, point.moves)
    found[rows] = point
    points.append(point)
  }
  for point in points {
    let status = judge(point.packing, for: instance, bound: LowerBound(value: 0, source: .none))
    if case .wrong = status { throw PackingFailure(status: status) }
  }
  return RowsAndMovesTradeoff(points: points, fewestRowsBound: fewest.lowerBound, nodes: nodes)
}

/// The fewest moves for `rows` rows: the bound's table grown as the search
/// needs more moves, each count decided by the branch and bound, from
/// `atLeast` up to one below `upper`'s moves (then `upper` is proven).
func fewestMoves(
  _ scaled: ScaledInstance, rows: Int, atLeast: Int, upper: (packing: Packing, moved: [Int]),
  meter: inout BudgetMeter, nodes: inout Int
) -> FewestMovesLayout {
  var lower = atLeast
  var upper = upper
  // The set-partitioning relaxation first: its bound is the tightest, and
  // its dives and tree often find a layout at it.
  if lower < upper.moved.count {
    var relaxationMeter = meter.share(columnGenerationShare)
    var relaxation = FewestMovesColumnGeneration(sizes: scaled.sizes, capacity: scaled.capacity, rows: rows)
    let result = relaxation.fewestMoves(upper: upper, meter: &relaxationMeter)
    meter.absorb(relaxationMeter)
    lower = max(lower, result.lowerBound)
    if let layout = result.layout { upper = layout }
  }
  var most = upper.moved.count - 1  // the counts worth deciding
  var cap = min(max(lower + 2, 4), most)
  var searchedAbove = false
  // The prices that came closest to refuting the first count left: they
  // also bound the search's rows (``FewestMovesBranchAndBound/priced``).
  var priced: FewestMovesLagrangianBound.Evaluation? = nil
  func answer(_ layout: (packing: Packing, moved: [Int]), _ lower: Int) -> FewestMovesLayout {
    FewestMovesLayout(packing: splitRows(layout.packing, into: rows), movedItems: layout.moved.sorted(), movesLowerBound: min(lower, layout.moved.count))
  }
  while lower <= most {
    guard meter.checkClock(),
      let bound = FewestMovesBound(sizes: scaled.sizes, capacity: scaled.capacity, rows: rows, cap: cap)
    else { return answer(upper, lower) }
    guard let root = bound.rootBound else {
      // Even `cap` moves cannot work: the next counts need a larger table.
      lower = max(lower, cap + 1)
      cap = min(cap * 2, most)
      continue
    }
    lower = max(lower, root)
    var search = FewestMovesBranchAndBound(sizes: scaled.sizes, capacity: scaled.capacity, rows: rows, bound: bound)
    search.priced = priced
    if !searchedAbove, lower < most + 1 {
      searchedAbove = true
      // Counts the table allows but prices per tag refute, within a share;
      // the best prices then also bound the rows of every search below.
      var dualMeter = meter.share(lagrangianShare)
      if let relaxation = FewestMovesLagrangianBound(sizes: scaled.sizes, capacity: scaled.capacity, rows: rows, cap: most) {
        // Each least-cost solution the ascent meets, repaired, may be a layout.
        let refuted = relaxation.fewestMovesNotRefuted(from: lower, upTo: most, meter: &dualMeter) { evaluation in
          if let layout = relaxation.repairedLayout(evaluation), layout.moved.count < upper.moved.count { upper = layout }
        }
        lower = max(lower, refuted.moves)
        // The table for every count up to `most`, so that it bounds the
        // counts the search decides after the first.
        priced = refuted.best.flatMap { relaxation.evaluate(moves: most, prices: $0.prices) } ?? refuted.best
        search.priced = priced
        if let priced, let layout = relaxation.repairedLayout(priced), layout.moved.count < upper.moved.count { upper = layout }
      }
      meter.absorb(dualMeter)
      most = upper.moved.count - 1
      if lower > most { break }
      // Layouts with fewer moves next, within a share of the time: the
      // counts below the first layout found need not be refused.
      var primalMeter = meter.share(primalShare)
      upper = fewerMoves(than: upper, lower: lower, search: &search, meter: &primalMeter)
      meter.absorb(primalMeter)
      nodes += search.nodes
      search.resetNodes()
      most = upper.moved.count - 1
      cap = min(cap, most)
      if lower > most { break }
      if lower > cap {
        cap = min(max(lower + 2, cap), most)
        continue
      }
    }
    while lower <= cap {
      let result = search.layout(movingAtMost: lower, meter: &meter)
      nodes += search.nodes
      search.resetNodes()
      guard let result else { return answer(upper, lower) }  // budget
      if let layout = result { return answer(layout, lower) }
      lower += 1
    }
    cap = min(cap * 2, most)
  }
  return answer(upper, lower)
}

/// The time of a point's search that goes to the set-partitioning
/// relaxation, its dives and its tree (``FewestMovesColumnGeneration``).
let columnGenerationShare = 0.85

/// The time of a point's search that goes to finding layouts with fewer
/// moves before counts are refused.
let primalShare = 0.1

/// The time of what is left that goes to refuting counts with prices per
/// tag (``FewestMovesLagrangianBound``); its least-cost solutions are also
/// repaired into layouts, so it serves both bounds.
let lagrangianShare = 0.4

/// `upper` improved by beam search and limited discrepancy search over the
/// branch and bound's rows, in rounds of growing width and discrepancies
/// (each layout found lowers the moves sought), until `lower` is reached,
/// the rounds end or `meter` runs out.
func fewerMoves(
  than upper: (packing: Packing, moved: [Int]), lower: Int,
  search: inout FewestMovesBranchAndBound, meter: inout BudgetMeter
) -> (packing: Packing, moved: [Int]) {
  var best = upper
  for round in 0...8 {
    let width = 2 << round
    while best.moved.count > lower, meter.checkClock(),
      let layout = search.beamLayout(movingAtMost: best.moved.count - 1, width: width, meter: &meter)
    {
      best = layout
    }
    while best.moved.count > lower, meter.checkClock(),
      case .some(.some(let layout)) = search.layout(movingAtMost: best.moved.count - 1, discrepancies: round, meter: &meter)
    {
      best = layout
    }
    if best.moved.count <= lower || !meter.checkClock() { break }
  }
  return best
}

/// `packing` with rows split until it has `rows` rows (or every row holds
/// one tag): a row cut in two keeps the reading order, so no tag moves.
func splitRows(_ packing: Packing, into rows: Int) -> Packing {
  var contents = packing.rows.filter { !$0.isEmpty }
  while contents.count < rows, let r = contents.lastIndex(where: { $0.count >= 2 }) {
    let row = contents[r]
    contents[r] = Array(row.dropLast())
    contents.insert([row[row.count - 1]], at: r + 1)
  }
  return Packing(rows: contents)
}

/// The elements of a longest strictly increasing subsequence (patience sorting).
///
/// - Complexity: O(*n* log *n*).
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
  var tails: [Int] = []  // positions in values
  var previous = [Int](repeating: -1, count: values.count)
  for (i, v) in values.enumerated() {
    var low = 0, high = tails.count
    while low < high {
      let mid = (low + high) / 2
      if values[tails[mid]] < v { low = mid + 1 } else { high = mid }
    }
    if low > 0 { previous[i] = tails[low - 1] }
    if low == tails.count { tails.append(i) } else { tails[low] = i }
  }
  var result: [Int] = []
  var i = tails.last ?? -1
  while i >= 0 { result.append(values[i]); i = previous[i] }
  return result.reversed()
}
