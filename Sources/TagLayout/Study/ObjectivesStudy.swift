import RowPacking

/// What the layouts users ask for cost, over tag clouds: balanced rows
/// (order kept and reordered, both measures) against next-fit and the
/// fewest rows, and the size of the rows-for-every-width step function.
public struct ObjectivesStudy: Sendable {
  /// The time of each exact search (the reordered balance; each probe of the exact step function).
  public var budget: SearchBudget
  /// The time of each probe of the exact step function.
  public var stepBudget: SearchBudget
  /// The algorithms whose step functions are measured.
  public var stepAlgorithms: [RowCountAlgorithm]

  public init(
    budget: SearchBudget = SearchBudget(timeLimit: .seconds(1)),
    stepBudget: SearchBudget = SearchBudget(timeLimit: .milliseconds(100)),
    stepAlgorithms: [RowCountAlgorithm]? = nil
  ) {
    self.budget = budget
    self.stepBudget = stepBudget
    self.stepAlgorithms = stepAlgorithms ?? [.packer(.nextFit), .packer(.firstFitDecreasing), .packer(.bestFitDecreasing), .exact(stepBudget)]
  }

  /// Balanced rows of one cloud under one rule.
  public struct Balance: Sendable, Hashable {
    public var rows: Int
    public var largestEmptySpace: Double
    public var squaredEmptySpace: Double
    public var proven: Bool
    public var movedTags: Int
  }

  /// One cloud's answers.
  public struct CloudResult: Sendable {
    public var name: String
    public var count: Int
    public var nextFit: Balance
    /// By "measure/kept" or "measure/reordered".
    public var balanced: [String: Balance]
    public var fewestRows: Int
    public var fewestRowsProven: Bool
    /// By algorithm name: steps, evaluations, whether monotone and proven,
    /// breakpoint problems (`nil` when not checked: the exact step function,
    /// whose check would repeat every exact solve).
    public var steps: [String: (steps: Int, evaluations: Int, monotone: Bool, proven: Bool, problems: Int?)]
  }

  static func key(_ measure: RowEvenness, kept: Bool) -> String { "\(measure.rawValue)/\(kept ? "kept" : "reordered")" }

  /// Studies one cloud; also returns the balanced layouts (for pictures).
  ///
  /// - Complexity: the exact searches are bounded by the budgets; the rest
  ///   is polynomial (see ``balanceRows(_:measure:keepingOrder:budget:resolution:)`` and
  ///   ``rowsForEveryWidth(widths:spacing:algorithm:resolution:)``).
  public func study(_ instance: Instance, engine: TagLayoutEngine, tags: [Tag]) -> (CloudResult, [TagLayoutResult]) {
    func describe(_ packing: Packing, proven: Bool) -> Balance {
      let empties = instance.emptySpaces(of: packing)
      // Rows in input order (each row's tags, rows by their first tag), as the layout reads them.
      let reading = packing.rows.map { $0.sorted() }.sorted { $0[0] < $1[0] }.flatMap { $0 }
      return Balance(
        rows: packing.rowCount, largestEmptySpace: empties.max() ?? 0,
        squaredEmptySpace: empties.reduce(0) { $0 + $1 * $1 }, proven: proven,
        movedTags: OrderDisplacement(readingOrder: reading).movedTags)
    }
    let nf = RowPacking.solve(instance, with: NextFit()).packing ?? Packing(rows: [])
    var balanced: [String: Balance] = [:]
    var layouts: [TagLayoutResult] = []
    var fewest = nf.rowCount
    var fewestProven = false
    for measure in RowEvenness.allCases {
      for kept in [true, false] {
        guard let b = try? balanceRows(instance, measure: measure, keepingOrder: kept, budget: budget) else { continue }
        balanced[Self.key(measure, kept: kept)] = describe(b.packing, proven: b.isEvennessProven && b.isRowCountProven)
        if !kept { fewest = b.packing.rowCount; fewestProven = b.isRowCountProven }
        if measure == .largestEmptySpace,
           let layout = try? engine.layOut(tags, rows: b.packing.rows, algorithm: "balanced \(measure.rawValue), \(kept ? "order kept" : "reordered")") {
          layouts.append(layout)
        }
      }
    }
    var steps: [String: (Int, Int, Bool, Bool, Int?)] = [:]
    for algorithm in stepAlgorithms {
      guard let f = try? rowsForEveryWidth(widths: instance.widths, spacing: instance.spacing, algorithm: algorithm) else { continue }
      var problems: Int? = nil
      if case .packer = algorithm { problems = f.checkBreakpoints(widths: instance.widths, algorithm: algorithm).count }
      steps[algorithm.name] = (f.steps.count, f.evaluations, f.isMonotone, f.isProven, problems)
    }
    let result = CloudResult(
      name: instance.name, count: instance.count, nextFit: describe(nf, proven: false), balanced: balanced,
      fewestRows: fewest, fewestRowsProven: fewestProven, steps: steps)
    return (result, layouts)
  }

  /// The Markdown sections of the report: balanced rows, then rows and height for every width.
  public func markdown(_ results: [CloudResult]) -> String {
    let clouds = results.count
    var out = "## Balanced rows: the fewest rows, then the most even\n\n"
    out += "Empty space of a row = row width minus its tags and spacings (every row counts, the last too). "
    out += "`largest-gap` minimises the largest empty space (min-max; ties by the sum of squares), `squared-gaps` the sum of squared empty space (Knuth-Plass). "
    out += "Order kept: next-fit's rows (the fewest of any order-keeping layout), break points by a DP (exact). "
    out += "Reordered: the fewest rows by the pure-Swift exact solver, then a branch and bound over assignments within \(seconds(budget.timeLimit)) per cloud (its proof covers the measure; `largest-gap`'s tie-break only among the packings it meets). "
    out += "Means over \(clouds) clouds; empty space in points.\n\n"
    out += "| layout | rows (total) | rows above the fewest (total) | largest empty space (mean) | sum of squares (mean) | tags moved (mean, rows in input order) | proven (rows and evenness) |\n"
    out += "|---|---|---|---|---|---|---|\n"
    func line(_ name: String, _ pick: (CloudResult) -> Balance?) {
      let picked = results.compactMap { r in pick(r).map { (r, $0) } }
      guard !picked.isEmpty else { return }
      let c = Double(picked.count)
      let rows = picked.reduce(0) { $0 + $1.1.rows }
      let above = picked.reduce(0) { $0 + $1.1.rows - $1.0.fewestRows }
      let largest = picked.reduce(0.0) { $0 + $1.1.largestEmptySpace } / c
      let squares = picked.reduce(0.0) { $0 + $1.1.squaredEmptySpace } / c
      let moved = Double(picked.reduce(0) { $0 + $1.1.movedTags }) / c
      let proven = picked.filter { $0.1.proven }.count
      out += "| \(name) | \(rows) | \(above) | \(fmt(largest)) | \(fmt(squares, digits: 0)) | \(fmt(moved)) | \(name == "`next-fit`" ? "-" : "\(proven) of \(picked.count)") |\n"
    }
    line("`next-fit`") { $0.nextFit }
    for measure in RowEvenness.allCases {
      for kept in [true, false] {
        line("`\(measure.rawValue)`, \(kept ? "order kept" : "reordered")") { $0.balanced[Self.key(measure, kept: kept)] }
      }
    }
    let provenFewest = results.filter(\.fewestRowsProven).count
    out += "\nRows above the fewest: against the reordered fewest rows (proven on \(provenFewest) of \(clouds) clouds). "
    out += "Keeping the order costs those rows; balancing costs no row (it keeps the rule's fewest), only moves tags between rows.\n\n"

    out += "## Rows and height for every width\n\n"
    out += "For each cloud and algorithm, the rows as a step function of the row width, from the widest tag to one row (content height = insets + rows x tag height + (rows - 1) x line spacing). "
    out += "Packers: every breakpoint found by instrumented runs (the least capacity at which a failed fit test would pass), and checked by running the packer at and 1/resolution pt below each breakpoint. "
    out += "Exact: bisection on the monotone optimum, each probe within \(seconds(stepBudget.timeLimit)).\n\n"
    out += "| algorithm | steps (mean) | steps (max) | evaluations (mean) | clouds not monotone | clouds proven | breakpoint check failures |\n|---|---|---|---|---|---|---|\n"
    var names: [String] = []
    for r in results { for name in r.steps.keys.sorted() where !names.contains(name) { names.append(name) } }
    let order = ["next-fit", "first-fit", "first-fit-decreasing", "best-fit-decreasing", "exact"]
    names.sort { (order.firstIndex(of: $0) ?? 99) < (order.firstIndex(of: $1) ?? 99) }
    for name in names {
      let s = results.compactMap { $0.steps[name] }
      guard !s.isEmpty else { continue }
      let c = Double(s.count)
      out += "| `\(name)` | \(fmt(Double(s.reduce(0) { $0 + $1.steps }) / c)) | \(s.map(\.steps).max()!) | \(fmt(Double(s.reduce(0) { $0 + $1.evaluations }) / c)) | \(s.filter { !$0.monotone }.count) of \(s.count) | \(s.filter(\.proven).count) of \(s.count) | \(checks(s.compactMap(\.problems))) |\n"
    }
    out += "\nBreakpoint checks: packers only (the exact function's breakpoints are checked against GLPK's least capacities in the tests). Not monotone: somewhere a wider row takes more rows (FFD's and BFD's anomaly); a cell sized from such a function must not assume that more width never means more height.\n"
    return out
  }
}

private func checks(_ problems: [Int]) -> String {
  problems.isEmpty ? "not checked" : String(problems.reduce(0, +))
}

func seconds(_ d: Duration?) -> String {
  guard let d else { return "no limit" }
  let s = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  return fmt(s, digits: 2) + " s"
}

