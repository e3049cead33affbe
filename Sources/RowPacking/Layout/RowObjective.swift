/// Which rows a ``RowLayout`` lays out: the question asked of the core,
/// answered at each container width.
public enum RowObjective: Sendable {
  /// The rows of a packer, such as ``NextFit`` (a flow layout that keeps
  /// the order) or ``FirstFitDecreasing`` (few rows, reordered).
  case packer(any RowPacker)
  /// The fewest rows, proven when the budget allows
  /// (``solveOptimally(_:budget:resolution:)``).
  case fewestRows(SearchBudget)
  /// The fewest rows, then the most even ones by the measure
  /// (``balanceRows(_:measure:keepingOrder:budget:resolution:)``).
  case balanced(RowEvenness, keepingOrder: Bool, budget: SearchBudget)
  /// As many items as fit in at most ``RowLimit/maxRows`` rows, with a
  /// "+k more" chip for the hidden ones
  /// (``limitRows(_:maxRows:chipWidth:priorities:keepingOrder:budget:resolution:)``).
  case rowLimit(RowLimit)
  /// The fewest rows of any order with the fewest items moved out of
  /// reading order (`tradeoffRowsAndMoves`).
  case fewestMoves(SearchBudget)
  /// The fewest rows when at most the given number of items may move out
  /// of reading order (0: next-fit's flow).
  case maxMoves(Int, budget: SearchBudget)

  /// A flow layout: next-fit, the order kept.
  public static var flow: RowObjective { .packer(NextFit()) }

  /// A short name for reports, such as `next-fit` or `balanced largest-gap, order kept`.
  public var name: String {
    switch self {
    case .packer(let packer): return packer.name
    case .fewestRows: return "fewest rows"
    case .balanced(let measure, let keepingOrder, _):
      return "balanced \(measure.rawValue), \(keepingOrder ? "order kept" : "reordered")"
    case .rowLimit(let limit):
      return "at most \(limit.maxRows) row\(limit.maxRows == 1 ? "" : "s"), \(limit.keepingOrder ? "order kept" : "reordered")"
    case .fewestMoves: return "fewest rows, fewest moves"
    case .maxMoves(let k, _): return "at most \(k) tag\(k == 1 ? "" : "s") moved"
    }
  }
}

/// The row limit of ``RowObjective/rowLimit(_:)``: at most ``maxRows`` rows,
/// a chip "+k more" at the end of the last row when items are hidden.
public struct RowLimit: Sendable {
  /// N, at least 1.
  public var maxRows: Int
  /// The chip's size for `k` hidden items, `k` in `1...n`, as the app
  /// measures "+k more" (the chip must fit in a row).
  public var chipSize: @Sendable (Int) -> LayoutSize
  /// One whole number `>= 0` per item, the most valuable shown first; `nil` counts items.
  public var priorities: [Int]?
  /// Whether the shown items keep their order (a flow layout of them).
  public var keepingOrder: Bool
  /// How long the reordered or prioritised searches may run.
  public var budget: SearchBudget

  public init(
    maxRows: Int, chipSize: @escaping @Sendable (Int) -> LayoutSize, priorities: [Int]? = nil,
    keepingOrder: Bool = true, budget: SearchBudget = SearchBudget()
  ) {
    self.maxRows = maxRows
    self.chipSize = chipSize
    self.priorities = priorities
    self.keepingOrder = keepingOrder
    self.budget = budget
  }
}

/// What an objective answered at one width, with what it proved.
public enum ObjectiveAnswer: Sendable, Hashable {
  /// A packer's rows, and the packer's name.
  case packed(algorithm: String)
  /// The exact solver's result: the packing, its lower bound, its status.
  case fewestRows(PackingResult)
  /// The balanced rows, the measure's value and what is proven.
  case balanced(BalancedRows)
  /// The shown and hidden items, the chip's row, what is proven.
  case rowLimit(LimitedRows)
  /// The curve of rows against items moved, and the point laid out.
  case moves(RowsAndMovesTradeoff, point: FewestMovesLayout)
}
