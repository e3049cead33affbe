/// How long an exact search may run: wall time and/or search nodes.
///
/// `nil` means unlimited. When a budget runs out, a search returns the best
/// packing it has with the best lower bound it has proven, and a status that
/// says the optimum is not proven (``SolveStatus/timeLimit``).
///
/// ```swift
/// let result = solveOptimally(instance, budget: SearchBudget(timeLimit: .milliseconds(50)))
/// ```
public struct SearchBudget: Sendable, Hashable {
  /// The longest wall time, measured from the start of the solve.
  public var timeLimit: Duration?
  /// The most search nodes (each extension of a partial row counts as one).
  public var nodeLimit: Int?

  /// A budget of `timeLimit` (one second by default) and `nodeLimit` (none by default).
  public init(timeLimit: Duration? = .seconds(1), nodeLimit: Int? = nil) {
    self.timeLimit = timeLimit
    self.nodeLimit = nodeLimit
  }

  /// No limit at all: the search runs until it proves the optimum.
  public static let unlimited = SearchBudget(timeLimit: nil, nodeLimit: nil)
}

/// Counts the nodes of a search against a ``SearchBudget``, reading the
/// clock only every 1024 nodes so that the check costs next to nothing.
struct BudgetMeter {
  private let clock = ContinuousClock()
  private let deadline: ContinuousClock.Instant?
  private let nodeLimit: Int
  private(set) var nodes = 0
  private(set) var isExhausted = false

  init(_ budget: SearchBudget, start: ContinuousClock.Instant) {
    deadline = budget.timeLimit.map { start + $0 }
    nodeLimit = budget.nodeLimit ?? Int.max
  }

  /// Counts one node; returns `false` once the budget has run out.
  mutating func tick() -> Bool {
    if isExhausted { return false }
    nodes &+= 1
    if nodes > nodeLimit {
      isExhausted = true
    } else if nodes & 1023 == 0, let deadline, clock.now >= deadline {
      isExhausted = true
    }
    return !isExhausted
  }

  /// A meter for part of what is left: `fraction` of the time to the
  /// deadline and of the nodes not yet counted.
  func share(_ fraction: Double) -> BudgetMeter {
    let now = clock.now
    let time = deadline.map { deadline in
      deadline > now ? (deadline - now) * fraction : .zero
    }
    let nodesLeft = nodeLimit == Int.max ? nil : Int(Double(max(nodeLimit - nodes, 0)) * fraction)
    return BudgetMeter(SearchBudget(timeLimit: time, nodeLimit: nodesLeft), start: now)
  }

  /// Counts the nodes a ``share(_:)`` of this meter spent.
  mutating func absorb(_ part: BudgetMeter) {
    nodes &+= part.nodes
    if nodes > nodeLimit { isExhausted = true }
  }

  /// Whether the deadline has passed (read now, whatever the node count).
  mutating func checkClock() -> Bool {
    if !isExhausted, let deadline, clock.now >= deadline { isExhausted = true }
    return !isExhausted
  }
}
