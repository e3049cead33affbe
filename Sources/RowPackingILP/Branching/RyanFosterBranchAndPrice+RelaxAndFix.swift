import RowPacking

extension RyanFosterBranchAndPrice {
  /// Completes a partial packing: given rows of items fixed from a node's
  /// LP and the deadline, a packing of every item in the rows asked for
  /// (rows of items), or nil.
  typealias Completion = (_ fixed: [[Int]], _ deadline: ContinuousClock.Instant) throws(GLPKError) -> [[Int]]?

  /// Relax-and-fix at a converged node: the rows its LP fixes, completed by
  /// ``completion``; a packing in the rows asked for, or nil.
  ///
  /// It runs while its time stays within ``relaxAndFixShare`` of the
  /// tree's time since its root ended (not at the root: the dives before
  /// the tree fixed from nearly the same LP) and the tree has refuted less
  /// than ``relaxAndFixRefutedBelow``, each call with the time that
  /// share leaves, once that is at least ``relaxAndFixLeastTime``. The rows
  /// fixed are ``relaxAndFixRows(columns:values:rows:objective:)``'s; where
  /// the completion fails, once more with only the rows at value 1. The
  /// completion backs off within its own rows (the stage's dive does).
  ///
  /// R. F. F. da Silva and R. C. S. Schouery, INFORMS Journal on
  /// Computing, 2025 (their relax-and-fix inside the tree); Sadykov et
  /// al., INFORMS Journal on Computing 31(2), 2019 (diving).
  func relaxAndFix(_ lp: NodeLP, _ solution: ProgramSolution, _ run: inout TreeRun) throws(GLPKError) -> [[Int]]? {
    guard let completion, let rootTime = run.outcome.rootTime, !lp.isRoot,
      run.outcome.closed < relaxAndFixRefutedBelow
    else { return nil }
    let now = run.clock.now
    let allowance = (now - run.start - rootTime) * relaxAndFixShare - run.outcome.heuristicTime
    guard allowance >= relaxAndFixLeastTime else { return nil }
    let deadline = min(run.deadline, now + allowance)
    defer {
      let spent = run.clock.now - now
      run.outcome.heuristicTime += spent
      if let rate = relaxAndFixWorkPerSecond { run.outcome.work += Int(spent / .seconds(1) * rate) }
    }
    let usable = columns.indices.map { free[$0] && isWithinBudget(load: load(of: columns[$0])) }
    let values = solution.values.indices.map { usable[$0] ? solution.values[$0] : 0 }
    let fixings = Self.relaxAndFixRows(
      columns: columns, values: values, rows: run.rows, objective: solution.objective)
    for fixed in fixings {
      guard run.clock.now < deadline else { break }
      run.outcome.heuristicCalls += 1
      guard let packing = try completion(fixed, deadline),
        packing.count <= run.rows, packing.allSatisfy({ load(of: $0) <= capacity }),
        Self.partition(packing, itemCount: sizes.count) != nil
      else { continue }
      run.outcome.heuristicPackings += 1
      return packing
    }
    return nil
  }

  /// The rows relax-and-fix fixes from an LP solution, then its back-off.
  ///
  /// First every row at value 1, then the
  /// others by decreasing value, each disjoint from those taken, while
  /// the values given up, `sum (1 - x)`, stay within the gap between the
  /// rows asked for and the LP's objective. The second fixing is the rows
  /// at value 1 alone, when it differs. Each fixing has fewer rows than `rows`.
  ///
  /// - Complexity: O(*c* log *c* + items) for the *c* positive columns.
  static func relaxAndFixRows(columns: [[Int]], values: [Double], rows: Int, objective: Double) -> [[[Int]]] {
    let positive = values.indices.filter { values[$0] > 1e-6 }
      .sorted { values[$0] != values[$1] ? values[$0] > values[$1] : $0 < $1 }
    var taken = Set<Int>()
    var integral: [[Int]] = []
    var fixed: [[Int]] = []
    var givenUp = 0.0
    let gap = Double(rows) - objective
    for c in positive where fixed.count < rows - 1 {
      let isIntegral = values[c] >= 1 - 1e-6
      if !isIntegral {
        guard givenUp + (1 - values[c]) <= gap else { break }
      }
      guard columns[c].allSatisfy({ !taken.contains($0) }) else { continue }
      taken.formUnion(columns[c])
      fixed.append(columns[c])
      if isIntegral { integral.append(columns[c]) } else { givenUp += 1 - values[c] }
    }
    if fixed.isEmpty { return [] }
    return integral.count == fixed.count || integral.isEmpty ? [fixed] : [fixed, integral]
  }
}
