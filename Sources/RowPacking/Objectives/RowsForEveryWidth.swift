/// The algorithm whose rows ``rowsForEveryWidth(widths:spacing:algorithm:resolution:)`` follows.
public enum RowCountAlgorithm: Sendable, Hashable {
  /// A packer of the core: next-fit, first-fit, first-fit-decreasing or
  /// best-fit-decreasing (knapsack-rows is refused: see ``StepFunctionError``).
  case packer(PackingAlgorithm)
  /// The fewest rows (``solveOptimally(_:budget:)``), each probe within the budget.
  case exact(SearchBudget)

  /// The command-line name: the packer's, or `exact`.
  public var name: String {
    switch self {
    case .packer(let algorithm): return algorithm.rawValue
    case .exact: return "exact"
    }
  }
}

/// Why the rows for every width could not be computed.
public enum StepFunctionError: Error, Hashable, Sendable, CustomStringConvertible {
  case noItems
  case allWidthsZero
  case unsupportedAlgorithm(String)
  case invalidInstance(InstanceError)

  public var description: String {
    switch self {
    case .noItems: return "there are no items"
    case .allWidthsZero: return "every width is 0 and the spacing is 0: one row of width 0 holds them all"
    case .unsupportedAlgorithm(let name):
      return "the rows for every width are computed for next-fit, first-fit, first-fit-decreasing, best-fit-decreasing and exact, not for \(name)"
    case .invalidInstance(let error): return error.description
    }
  }
}

/// One step of the rows as a function of the row width: from ``rowWidth``
/// (inclusive) to the next step's (exclusive), the algorithm packs ``rows`` rows.
public struct RowCountStep: Sendable, Hashable {
  /// The narrowest row width of the step, in points: the breakpoint.
  public var rowWidth: Double
  /// The same in scaled units: `(rowWidth + spacing) x resolution`.
  public var capacity: Int
  public var rows: Int
  /// The algorithm's packing at the breakpoint.
  public var packing: Packing
}

/// The rows an algorithm packs, for every row width from the widest item
/// to one row: a step function, exact at the scaled widths.
public struct RowsForEveryWidth: Sendable, Hashable {
  public var algorithm: String
  /// By increasing row width; the first at the widest item, the last with one row.
  public var steps: [RowCountStep]
  /// Units per point of the scaled widths the breakpoints are exact for.
  public var resolution: Int
  public var spacing: Double
  /// Whether every step is exact: always for the packers; for `exact`, when
  /// every probe of the search proved its optimum within the budget.
  public var isProven: Bool
  /// How many times the algorithm was run.
  public var evaluations: Int

  /// The rows at a row width (`nil` below the first step: the widest item does not fit).
  public func rows(atRowWidth width: Double) -> Int? {
    let capacity = Int(ScaledInstance.snap((width + spacing) * Double(resolution), rounding: .down))
    return steps.last { $0.capacity <= capacity }?.rows
  }

  /// Whether the rows never grow with the width (false for some lists under
  /// first-fit-decreasing: a wider row can cost a row).
  public var isMonotone: Bool { zip(steps, steps.dropFirst()).allSatisfy { $0.rows >= $1.rows } }
}

/// The rows an algorithm packs for every row width, from the widest item
/// to a single row, computed exactly: every breakpoint is found.
///
/// The packers' decisions depend on the row width only through tests
/// `load + size <= capacity`. An instrumented run at capacity `C` records
/// the smallest `load + size` of a test that failed; the packing is the
/// same for every capacity up to (not including) that value, which is the
/// next capacity to evaluate. For next-fit these values are sums of runs of
/// consecutive items; for first-fit, FFD and BFD sums of a row and an item.
/// FFD and BFD are not monotone in the width (a wider row can cost a row),
/// and nothing here assumes they are. Each evaluation's rows are also
/// checked against the library packer's own.
///
/// For `exact` the fewest rows are monotone (a packing valid at one width
/// is valid at any larger width), so the least capacity for at most `r`
/// rows is found by bisection over integer capacities, for `r` from the
/// rows at the widest item down to 1; it is the least largest row of any
/// packing into `r` rows (P||Cmax). Proven when every probe is.
///
/// - Parameters:
///   - widths: item widths in points (all finite, >= 0).
///   - spacing: the space between neighbouring items in a row, in points.
///   - algorithm: the packer (or `exact`) whose rows are tabulated.
///   - resolution: units per point; by default the coarsest at which the
///     widths and spacing are whole (at most 1000), as the layout scales them.
/// - Throws: ``StepFunctionError``.
/// - Complexity: packers, O(*e* x *n* x *rows*) for *e* evaluations (the
///   number of capacities at which the packing changes); exact,
///   O(*rows* x log(total width x resolution)) exact solves.
public func rowsForEveryWidth(
  widths: [Double], spacing: Double = 0, algorithm: RowCountAlgorithm, resolution: Int? = nil
) throws(StepFunctionError) -> RowsForEveryWidth {
  guard !widths.isEmpty else { throw .noItems }
  let oneRow = widths.reduce(0, +) + Double(widths.count - 1) * spacing
  guard oneRow > 0 else { throw .allWidthsZero }
  let scaled: ScaledInstance
  do {
    scaled = try Instance(widths: widths, rowWidth: oneRow, spacing: spacing).scaled(resolution: resolution)
  } catch {
    throw .invalidInstance(error)
  }
  let q = scaled.resolution
  let unclamped = widths.map { Int(ScaledInstance.snap(($0 + spacing) * Double(q), rounding: .up)) }
  let first = unclamped.max()!
  let last = unclamped.reduce(0, +)
  let rowWidth = { (capacity: Int) -> Double in Double(capacity) / Double(q) - spacing }
  var steps: [RowCountStep] = []
  var proven = true
  var evaluations = 0
  func record(_ capacity: Int, _ packing: Packing) {
    if steps.last?.rows != packing.rowCount {
      steps.append(RowCountStep(rowWidth: rowWidth(capacity), capacity: capacity, rows: packing.rowCount, packing: packing))
    }
  }
  switch algorithm {
  case .packer(let packer):
    guard packer != .knapsackRows else { throw .unsupportedAlgorithm(packer.rawValue) }
    var capacity = first
    while true {
      let instance = ScaledInstance(sizes: unclamped, capacity: capacity)
      let (packing, next) = InstrumentedPacker.pack(instance, algorithm: packer)
      let own = packer.packer.packInfallibly(instance)
      evaluations += 1
      if own != packing { proven = false }
      record(capacity, own)
      guard let next, own.rowCount > 1 else { break }
      capacity = next
    }
  case .exact(let budget):
    func probe(_ capacity: Int) -> ExactSearchOutcome {
      evaluations += 1
      return solveOptimally(ScaledInstance(sizes: unclamped, capacity: capacity), budget: budget)
    }
    var capacity = first
    let start = probe(capacity)
    if !start.isProvenOptimal { proven = false }
    var packing = start.packing
    record(capacity, packing)
    while packing.rowCount > 1 {
      let target = packing.rowCount - 1
      // The least capacity with at most `target` rows lies in (capacity, last]:
      // at `last` one row holds everything. A probe decides "at most target
      // rows" when its packing has that many (feasible) or its bound is
      // above (infeasible); otherwise the answer is unknown, taken as no,
      // and the function is not proven.
      var low = max(capacity + 1, (last + target - 1) / target)
      var high = last
      var found: ExactSearchOutcome? = nil  // the probe at `high`, once there is one
      while low < high {
        let mid = low + (high - low) / 2
        let outcome = probe(mid)
        if outcome.packing.rowCount <= target {
          high = mid
          found = outcome
        } else {
          if outcome.lowerBound.value <= target { proven = false }
          low = mid + 1
        }
      }
      capacity = low
      // The rows at this capacity: the probe there (its rows may be below
      // the target when the optimum drops by more than one at once).
      let there = found ?? probe(low)
      if !there.isProvenOptimal { proven = false }
      packing = there.packing
      record(capacity, packing)
    }
  }
  return RowsForEveryWidth(
    algorithm: algorithm.name, steps: steps, resolution: q, spacing: spacing, isProven: proven,
    evaluations: evaluations)
}

extension RowsForEveryWidth {
  /// Checks each breakpoint by running `algorithm` directly at its capacity
  /// and one unit below (which must give the step's rows and the previous
  /// step's), and at the first capacity above the range. Returns the
  /// disagreements, empty when every breakpoint is confirmed.
  ///
  /// - Complexity: two runs of the algorithm per step.
  public func checkBreakpoints(widths: [Double], algorithm: RowCountAlgorithm) -> [String] {
    let sizes = widths.map { Int(ScaledInstance.snap(($0 + spacing) * Double(resolution), rounding: .up)) }
    func rows(_ capacity: Int) -> Int {
      let instance = ScaledInstance(sizes: sizes, capacity: capacity)
      switch algorithm {
      case .packer(let packer): return packer.packer.packInfallibly(instance).rowCount
      case .exact(let budget): return solveOptimally(instance, budget: budget).packing.rowCount
      }
    }
    var problems: [String] = []
    for (i, step) in steps.enumerated() {
      let at = rows(step.capacity)
      if at != step.rows { problems.append("at \(formatNumber(step.rowWidth)) pt: \(at) rows, the step says \(step.rows)") }
      if i > 0 {
        let below = rows(step.capacity - 1)
        if below != steps[i - 1].rows {
          problems.append("just below \(formatNumber(step.rowWidth)) pt: \(below) rows, the step before says \(steps[i - 1].rows)")
        }
      }
    }
    if steps.last?.rows != 1 { problems.append("the last step has \(steps.last?.rows ?? 0) rows, not 1") }
    return problems
  }
}

/// The packers of the core, re-run with every failed fit test recorded:
/// the packing at a capacity and the least capacity at which a failed test
/// would pass (so the packing may change), `nil` when none failed.
///
/// - Complexity: O(*n* x *rows*) (a scan of the rows per item, not the
///   packers' trees: the failed tests are what is wanted).
enum InstrumentedPacker {
  static func pack(_ instance: ScaledInstance, algorithm: PackingAlgorithm) -> (Packing, next: Int?) {
    let c = instance.capacity
    let sizes = instance.sizes
    var next = Int.max
    var rows: [[Int]] = []
    var loads: [Int] = []
    switch algorithm {
    case .nextFit:
      for (item, size) in sizes.enumerated() {
        if let load = loads.last, load + size <= c {
          loads[loads.count - 1] += size
          rows[rows.count - 1].append(item)
        } else {
          if let load = loads.last { next = min(next, load + size) }
          loads.append(size)
          rows.append([item])
        }
      }
    case .firstFit, .firstFitDecreasing:
      let order = algorithm == .firstFit ? Array(sizes.indices) : instance.indicesByDecreasingSize
      for item in order {
        let size = sizes[item]
        var placed = false
        for r in loads.indices {
          if loads[r] + size <= c {
            loads[r] += size
            rows[r].append(item)
            placed = true
            break
          }
          next = min(next, loads[r] + size)
        }
        if !placed { loads.append(size); rows.append([item]) }
      }
    case .bestFitDecreasing:
      for item in instance.indicesByDecreasingSize {
        let size = sizes[item]
        var chosen: Int? = nil
        for r in loads.indices {
          if loads[r] + size <= c {
            if chosen == nil || loads[r] > loads[chosen!] { chosen = r }
          } else {
            next = min(next, loads[r] + size)
          }
        }
        if let chosen {
          loads[chosen] += size
          rows[chosen].append(item)
        } else {
          loads.append(size)
          rows.append([item])
        }
      }
    case .knapsackRows:
      preconditionFailure("knapsack-rows is refused before this point")
    }
    return (Packing(rows: rows), next == Int.max ? nil : next)
  }
}
