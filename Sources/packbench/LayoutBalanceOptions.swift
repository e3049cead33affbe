import ArgumentParser
import Foundation
import PackBench
import RowPacking
import TagLayout

extension RowEvenness: ExpressibleByArgument {}

/// The options of `packbench layout` for balanced rows (`--balance`) and
/// the rows and height for every width (`--heights-for-every-width`).
struct LayoutBalanceOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "Balanced rows: the fewest rows, then the most even rows by this measure: largest-gap (\(RowEvenness.largestEmptySpace.summary)) or squared-gaps (\(RowEvenness.squaredEmptySpace.summary)). The order is kept (next-fit's rows, break points by a DP) unless --balance-reorder. Replaces --algorithm.",
    valueName: "measure"))
  var balance: RowEvenness?

  @Flag(name: .customLong("balance-reorder"), help: "With --balance: tags may move; the fewest rows by the exact solver, then a search for the most even rows (status says what is proven).")
  var balanceReorder = false

  @Option(name: .customLong("balance-time-limit"), help: ArgumentHelp("The time of the exact searches of --balance-reorder, or of each exact solve of --heights-for-every-width with --algorithm exact.", valueName: "seconds"))
  var balanceTimeLimit: Double = 2

  @Flag(name: .customLong("heights-for-every-width"), help: "Print the rows and content height of --algorithm (next-fit, first-fit, first-fit-decreasing, best-fit-decreasing or exact) for every container width, from the widest tag to one row: a table (JSON with --json), every breakpoint exact and checked.")
  var heightsForEveryWidth = false

  func validate() throws {
    if balanceReorder && balance == nil {
      throw ValidationError("--balance-reorder needs --balance largest-gap or --balance squared-gaps")
    }
    guard balanceTimeLimit.isFinite, balanceTimeLimit > 0 else {
      throw ValidationError("--balance-time-limit must be a number of seconds > 0, not \(balanceTimeLimit)")
    }
    if heightsForEveryWidth && balance != nil {
      throw ValidationError("--heights-for-every-width and --balance are separate questions; give one of them")
    }
  }

  var budget: SearchBudget { SearchBudget(timeLimit: .milliseconds(Int64(balanceTimeLimit * 1000))) }

  /// The balanced layout, when `--balance` is given.
  func balancedLayout(_ tags: [Tag], engine: TagLayoutEngine) throws -> (layout: TagLayoutResult, balanced: BalancedRows)? {
    guard let balance else { return nil }
    guard engine.options.fit == .normal else {
      throw LayoutError.invalidOption("--balance uses the normal fit test, not --fit strict")
    }
    let instance = try engine.instance(for: tags)
    let balanced: BalancedRows
    do {
      balanced = try balanceRows(instance, measure: balance, keepingOrder: !balanceReorder, budget: budget)
    } catch {
      throw LayoutError.packer("--balance: \(error)")
    }
    let name = "balanced \(balance.rawValue), \(balanceReorder ? "reordered" : "order kept")"
    var ordered = engine
    if !balanceReorder { ordered.options.order = .input }
    return (try ordered.layOut(tags, rows: balanced.packing.rows, algorithm: name), balanced)
  }

  /// The lines `packbench layout` prints about a balanced layout.
  static func describe(_ b: BalancedRows) -> [String] {
    [
      "balance:        \(b.measure.rawValue) (\(b.measure.summary)), \(b.keepsOrder ? "order kept" : "reordered")",
      "evenness:       largest empty space \(String(format: "%.2f", b.largestEmptySpace)) pt, sum of squares \(String(format: "%.1f", b.squaredEmptySpace)) pt^2",
      "status:         \(b.statusText); rows bound \(b.rowsLowerBound.value)\(b.nodes > 0 ? ", \(b.nodes) nodes" : "")",
    ]
  }

  /// The step function's algorithm for a command-line name.
  func rowCountAlgorithm(_ name: String) throws -> RowCountAlgorithm {
    if let packer = PackingAlgorithm(rawValue: name), packer != .knapsackRows { return .packer(packer) }
    if name == "exact" { return .exact(budget) }
    throw ValidationError("--heights-for-every-width follows next-fit, first-fit, first-fit-decreasing, best-fit-decreasing or exact (the pure-Swift solver), not '\(name)'")
  }

  /// The rows and height for every width, every breakpoint checked.
  func heights(_ tags: [Tag], engine: TagLayoutEngine, algorithm name: String) throws -> HeightsSection {
    let algorithm = try rowCountAlgorithm(name)
    guard engine.options.fit == .normal else {
      throw LayoutError.invalidOption("--heights-for-every-width uses the normal fit test, not --fit strict")
    }
    let (steps, function) = try engine.heightForEveryWidth(tags, algorithm: algorithm)
    let problems = function.checkBreakpoints(widths: tags.map(\.width), algorithm: algorithm)
    return HeightsSection(
      algorithm: function.algorithm, proven: function.isProven, monotone: function.isMonotone,
      resolution: function.resolution, evaluations: function.evaluations, breakpointProblems: problems, steps: steps)
  }

  /// The lines `packbench layout --heights-for-every-width` prints: a table.
  static func describe(_ h: HeightsSection) -> [String] {
    var lines = [
      "algorithm:      \(h.algorithm)\(h.proven ? "" : " (NOT proven: an exact solve ran out of time; the steps are the best found)")",
      "steps:          \(h.steps.count), \(h.evaluations) evaluations, exact at 1/\(h.resolution) pt\(h.monotone ? "" : "; NOT monotone: a wider container can take more rows")",
      "checked:        " + (h.breakpointProblems.isEmpty ? "every breakpoint, by running the algorithm at it and 1/\(h.resolution) pt below" : "\(h.breakpointProblems.count) problems: \(h.breakpointProblems.prefix(3).joined(separator: "; "))"),
      "container width from (pt) | row width from (pt) | rows | content height (pt)",
    ]
    for step in h.steps {
      lines.append(String(format: "%25.3f | %19.3f | %4d | %.2f", step.containerWidth, step.rowWidth, step.rows, step.contentHeight))
    }
    return lines
  }
}

/// The options of `packbench layout study` for the sections on balanced
/// rows and on rows and height for every width.
struct LayoutStudyObjectiveOptions: ParsableArguments {
  @Flag(help: "Also study balanced rows and the rows for every width on every cloud (sections of the report; the balanced layouts join the HTML page).")
  var objectives = false

  @Option(name: .customLong("objectives-time-limit"), help: ArgumentHelp("With --objectives: the time of each reordered balance search.", valueName: "seconds"))
  var objectivesTimeLimit: Double = 1

  @Option(name: .customLong("objectives-probe-time-limit"), help: ArgumentHelp("With --objectives: the time of each exact solve (probe) of the exact step function.", valueName: "seconds"))
  var objectivesProbeTimeLimit: Double = 0.1

  func validate() throws {
    for (name, value) in [("--objectives-time-limit", objectivesTimeLimit), ("--objectives-probe-time-limit", objectivesProbeTimeLimit)] {
      guard value.isFinite, value > 0 else { throw ValidationError("\(name) must be a number of seconds > 0, not \(value)") }
    }
  }

  /// The study, when `--objectives` is given.
  var study: ObjectivesStudy? {
    guard objectives else { return nil }
    return ObjectivesStudy(
      budget: SearchBudget(timeLimit: .milliseconds(Int64(objectivesTimeLimit * 1000))),
      stepBudget: SearchBudget(timeLimit: .milliseconds(Int64(objectivesProbeTimeLimit * 1000))))
  }
}
