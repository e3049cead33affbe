// The one Swift file that calls GLPK's C API (through the guarded functions
// of Sources/CGLPK/shim.h). Everything else in the module sees the Swift
// types below: a model, a status, a solution, and a typed error.
import CGLPK

/// A failure of GLPK, as a value: GLPK never aborts the process.
public enum GLPKError: Error, Sendable, Hashable, CustomStringConvertible {
  /// GLPK detected an internal error (it would have called `abort()`); the
  /// error hook caught it, the thread's GLPK environment was freed, and the
  /// message is GLPK's own.
  case internalError(String)
  /// A solver routine returned a failure code (`glp_simplex`, `glp_intopt`).
  case solverFailed(routine: String, code: Int32, meaning: String)
  /// A problem object was used after its session failed or ended.
  case sessionClosed

  public var description: String {
    switch self {
    case .internalError(let message):
      let trimmed = message.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
      return "GLPK error: " + trimmed.suffix(3).joined(separator: " / ")
    case .solverFailed(let routine, let code, let meaning):
      return "\(routine) failed with code \(code) (\(meaning))"
    case .sessionClosed: return "GLPK session closed after an earlier error"
    }
  }

  static func meaning(of code: Int32) -> String {
    switch code {
    case GLP_EBADB: return "invalid basis"
    case GLP_ESING: return "singular matrix"
    case GLP_ECOND: return "ill-conditioned matrix"
    case GLP_EBOUND: return "invalid bounds"
    case GLP_EFAIL: return "solver failed"
    case GLP_EITLIM: return "iteration limit"
    case GLP_ETMLIM: return "time limit"
    case GLP_ENOPFS: return "no primal feasible solution"
    case GLP_ENODFS: return "no dual feasible solution"
    case GLP_EROOT: return "root LP optimum not provided"
    case GLP_ESTOP: return "terminated by the application"
    case GLP_EMIPGAP: return "mip gap reached"
    default: return "GLPK code \(code)"
    }
  }
}

/// A linear or mixed-integer programme to minimise, in Swift types.
///
/// Rows are constraints `lower <= sum(a_ij x_j) <= upper` (by ``Bounds``),
/// columns are variables with bounds, an objective coefficient, a kind and
/// their coefficients as `(row, value)` pairs with 0-based row indices.
public struct LinearModel: Sendable {
  /// The bounds of a row or a column.
  public enum Bounds: Sendable, Hashable {
    case free
    case atLeast(Double)
    case atMost(Double)
    case between(Double, Double)
    case fixed(Double)
  }

  /// A variable.
  public struct Column: Sendable {
    public var objective: Double
    public var bounds: Bounds
    public var isInteger: Bool
    /// Coefficients in the rows, `(row index from 0, value)`; each row at most once.
    public var entries: [(row: Int, value: Double)]
    public init(objective: Double, bounds: Bounds = .atLeast(0), isInteger: Bool = false, entries: [(row: Int, value: Double)]) {
      self.objective = objective
      self.bounds = bounds
      self.isInteger = isInteger
      self.entries = entries
    }
  }

  public var rows: [Bounds]
  public var columns: [Column]
  public init(rows: [Bounds] = [], columns: [Column] = []) {
    self.rows = rows
    self.columns = columns
  }
}

/// How an LP or MIP solve ended.
public enum ProgramStatus: Sendable, Hashable {
  /// Proven optimal (for a MIP: the search finished).
  case optimal
  /// A feasible solution, not proven optimal (a MIP stopped early).
  case feasible
  /// Proven to have no feasible solution.
  case infeasible
  /// The objective is unbounded.
  case unbounded
  /// The time limit was reached with no solution (LP) or no integer solution (MIP).
  case timeLimit
}

/// A solution of a ``LinearModel``.
public struct ProgramSolution: Sendable {
  public var status: ProgramStatus
  /// The objective value (meaningful for optimal and feasible).
  public var objective: Double
  /// The value of each column.
  public var values: [Double]
  /// The dual value of each row (LP only; empty for a MIP).
  public var duals: [Double]
  /// For a MIP: the best bound known when it stopped, and the nodes explored.
  public var bound: Double?
  public var nodes: Int
}

/// One GLPK environment, used by one solve on one thread.
///
/// GLPK keeps its environment per thread: create a session, use it and its
/// problems on the same thread, and ``close()`` it at the end (which frees
/// the environment and every problem of it). After a caught GLPK error the
/// environment is already freed and every problem of the session is dead.
final class GLPKSession {
  private let context: UnsafeMutablePointer<pb_context>
  private(set) var isAlive = true
  private var closed = false

  init(verbose: Bool) {
    context = .allocate(capacity: 1)
    context.initialize(to: pb_context())
    context.pointee.verbose = verbose ? 1 : 0
  }

  deinit { close() }

  /// Frees the thread's GLPK environment (every problem of it).
  func close() {
    guard !closed else { return }
    closed = true
    if isAlive { pb_free_env() }
    isAlive = false
    context.deinitialize(count: 1)
    context.deallocate()
  }

  /// Writes `line` to GLPK's terminal output, the log that `--verbose`
  /// shows (nothing otherwise): a stage's summary among GLPK's own lines.
  func log(_ line: String) throws(GLPKError) {
    guard isAlive else { return }
    try guarded { context in line.withCString { pb_print(context, $0) } }
  }

  /// Runs a guarded shim call; turns PB_GLPK_FAILED into ``GLPKError/internalError(_:)``.
  fileprivate func guarded(_ call: (UnsafeMutablePointer<pb_context>) -> Int32) throws(GLPKError) {
    guard isAlive else { throw .sessionClosed }
    if call(context) == PB_GLPK_FAILED {
      isAlive = false  // the shim freed the environment
      let message = withUnsafeBytes(of: &context.pointee.message) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      throw .internalError(message)
    }
  }
}

/// A GLPK problem object built from a ``LinearModel``, kept so that it can
/// be changed and re-solved from its last basis (column generation, diving).
final class GLPKProblem {
  let session: GLPKSession
  private var pointer: OpaquePointer?
  private(set) var rowCount = 0
  private(set) var columnCount = 0
  /// The simplex's pricing rule: GLPK's projected steepest edge (true, its
  /// default) or Dantzig's largest reduced cost.
  var steepestEdge = true
  /// The simplex's ratio test.
  var ratioTest = RatioTest.harris

  /// GLPK's ratio tests (`r_test`).
  enum RatioTest: Int32 {
    /// Harris's two-pass test (GLPK's default).
    case harris = 0
    /// The textbook test.
    case textbook = 1
    /// The long-step (bound-flipping) test.
    case longStep = 2
  }

  init(session: GLPKSession, model: LinearModel) throws(GLPKError) {
    self.session = session
    var created: OpaquePointer? = nil
    try session.guarded { pb_create($0, &created) }
    pointer = created
    try addRows(model.rows)
    try addColumns(model.columns)
  }

  deinit {
    if let pointer, session.isAlive { try? session.guarded { pb_delete($0, pointer) } }
  }

  private static func glpkBounds(_ b: LinearModel.Bounds) -> (Int32, Double, Double) {
    switch b {
    case .free: return (GLP_FR, 0, 0)
    case .atLeast(let l): return (GLP_LO, l, 0)
    case .atMost(let u): return (GLP_UP, 0, u)
    case .between(let l, let u): return l == u ? (GLP_FX, l, u) : (GLP_DB, l, u)
    case .fixed(let v): return (GLP_FX, v, v)
    }
  }

  func addRows(_ rows: [LinearModel.Bounds]) throws(GLPKError) {
    guard !rows.isEmpty else { return }
    let b = rows.map(Self.glpkBounds)
    let types = b.map(\.0), lower = b.map(\.1), upper = b.map(\.2)
    try session.guarded { pb_add_rows($0, pointer, Int32(rows.count), types, lower, upper) }
    rowCount += rows.count
  }

  /// Rows or columns of sparse entries (0-based indices) as GLPK's
  /// compressed form: entry list k is `start[k]..<start[k+1]` of `index`
  /// (1-based) and `value`, each array with one spare element so that an
  /// empty one still has a valid base address.
  private static func sparse(_ lists: [[(index: Int, value: Double)]]) -> (start: [Int32], index: [Int32], value: [Double]) {
    var start: [Int32] = [0]
    var index: [Int32] = []
    var value: [Double] = []
    for entries in lists {
      for e in entries {
        index.append(Int32(truncatingIfNeeded: e.index + 1))
        value.append(e.value)
      }
      start.append(Int32(index.count))
    }
    index.append(0)
    value.append(0)
    return (start, index, value)
  }

  /// Adds rows with their coefficients on the existing columns (0-based
  /// column indices; GLPK checks them), as cuts are added to a master.
  func addRows(_ rows: [(bounds: LinearModel.Bounds, entries: [(column: Int, value: Double)])]) throws(GLPKError) {
    guard !rows.isEmpty else { return }
    let b = rows.map { Self.glpkBounds($0.bounds) }
    let (start, columnIndex, value) = Self.sparse(rows.map { $0.entries.map { ($0.column, $0.value) } })
    let types = b.map(\.0), lower = b.map(\.1), upper = b.map(\.2)
    try session.guarded {
      pb_add_rows_with_entries($0, pointer, Int32(rows.count), types, lower, upper, start, columnIndex, value)
    }
    rowCount += rows.count
  }

  /// Adds columns; their row indices are checked by GLPK (an index out of
  /// range is GLPK's internal error, caught and thrown).
  func addColumns(_ columns: [LinearModel.Column]) throws(GLPKError) {
    guard !columns.isEmpty else { return }
    let b = columns.map { Self.glpkBounds($0.bounds) }
    let (start, rowIndex, value) = Self.sparse(columns.map { $0.entries.map { ($0.row, $0.value) } })
    let types = b.map(\.0), lower = b.map(\.1), upper = b.map(\.2)
    let objective = columns.map(\.objective)
    let kinds = columns.map { $0.isInteger ? GLP_IV : GLP_CV }
    try session.guarded {
      pb_add_columns($0, pointer, Int32(columns.count), types, lower, upper, objective, kinds, start, rowIndex, value)
    }
    columnCount += columns.count
  }

  /// Deletes columns (0-based indices, distinct); the others keep their
  /// order, renumbered, and their basis status. The columns deleted must
  /// be non-basic for the basis to stay valid.
  ///
  /// - Complexity: O(columns + their entries).
  func deleteColumns(_ indices: [Int]) throws(GLPKError) {
    guard !indices.isEmpty else { return }
    let index = indices.map { Int32($0 + 1) }
    try session.guarded { pb_delete_columns($0, pointer, Int32(index.count), index) }
    columnCount -= indices.count
  }

  /// Changes the bounds of rows (0-based indices).
  func setRowBounds(_ changes: [(index: Int, bounds: LinearModel.Bounds)]) throws(GLPKError) {
    guard !changes.isEmpty else { return }
    let b = changes.map { Self.glpkBounds($0.bounds) }
    let index = changes.map { Int32($0.index + 1) }
    let types = b.map(\.0), lower = b.map(\.1), upper = b.map(\.2)
    try session.guarded { pb_set_row_bounds($0, pointer, Int32(changes.count), index, types, lower, upper) }
  }

  /// Changes the bounds of columns (0-based indices).
  func setColumnBounds(_ changes: [(index: Int, bounds: LinearModel.Bounds)]) throws(GLPKError) {
    guard !changes.isEmpty else { return }
    let b = changes.map { Self.glpkBounds($0.bounds) }
    let index = changes.map { Int32($0.index + 1) }
    let types = b.map(\.0), lower = b.map(\.1), upper = b.map(\.2)
    try session.guarded { pb_set_column_bounds($0, pointer, Int32(changes.count), index, types, lower, upper) }
  }

  /// Changes the objective coefficients of columns (0-based indices).
  func setObjective(_ changes: [(index: Int, value: Double)]) throws(GLPKError) {
    guard !changes.isEmpty else { return }
    let index = changes.map { Int32($0.index + 1) }
    let values = changes.map(\.value)
    try session.guarded { pb_set_objective($0, pointer, Int32(changes.count), index, values) }
  }

  private static func milliseconds(_ d: Duration) -> Int32 {
    let (s, a) = d.components
    let ms = max(1, s * 1000 + a / 1_000_000_000_000_000)
    return Int32(clamping: ms)
  }

  /// Solves the LP relaxation (the simplex method, from the last basis).
  ///
  /// - Parameters:
  ///   - dual: start with the dual simplex (after changing row bounds,
  ///     the last basis stays dual feasible).
  ///   - dualTolerance: GLPK's tolerance on reduced costs (`tol_dj`) when
  ///     given, else its default 1e-7.
  ///   - primalTolerance: GLPK's tolerance on bounds (`tol_bnd`) when
  ///     given, else its default 1e-7.
  ///
  /// When the simplex stops on its basis (invalid, singular or
  /// ill-conditioned, or a failure after numerical trouble, as when the
  /// dual simplex leaves a basis GLPK cannot factorise), it starts once
  /// more from the standard basis by the primal simplex, within the same
  /// time limit, as a solve should not fail for its starting basis; a
  /// second failure is thrown.
  func solveLP(
    timeLimit: Duration, dual: Bool = false, dualTolerance: Double? = nil, primalTolerance: Double? = nil
  ) throws(GLPKError) -> ProgramSolution {
    var result: Int32 = 0
    var status: Int32 = 0
    let clock = ContinuousClock()
    let start = clock.now
    let tolerance = dualTolerance ?? 0
    let primal = primalTolerance ?? 0
    let pricing: Int32 = steepestEdge ? 0 : 1, test = ratioTest.rawValue
    try session.guarded {
      pb_simplex(
        $0, pointer, Self.milliseconds(timeLimit), 0, dual ? 1 : 0, tolerance, primal, pricing, test, &result, &status)
    }
    if [GLP_EBADB, GLP_ESING, GLP_ECOND, GLP_EFAIL].contains(result) {
      let left = timeLimit - (clock.now - start)
      guard left > .zero else { return try lpSolution(result: GLP_ETMLIM, status: status) }
      try setStandardBasis()
      try session.guarded {
        pb_simplex($0, pointer, Self.milliseconds(left), 0, 0, tolerance, primal, pricing, test, &result, &status)
      }
    }
    return try lpSolution(result: result, status: status)
  }

  /// The LP solved again in exact rational arithmetic, from the current basis.
  ///
  /// GLPK's `glp_exact`: few pivots after a
  /// floating-point optimum, and duals without the floating simplex's
  /// tolerances (rounded to doubles only when read).
  ///
  /// - Complexity: rational arithmetic on the basis; from an optimal
  ///   basis, one factorisation and a few pivots.
  func solveExactLP(timeLimit: Duration) throws(GLPKError) -> ProgramSolution {
    var result: Int32 = 0
    var status: Int32 = 0
    let ms = Self.milliseconds(timeLimit)
    try session.guarded { pb_exact($0, pointer, ms, &result, &status) }
    return try lpSolution(result: result, status: status)
  }

  /// The solution after a simplex run that returned `result` and `status`.
  private func lpSolution(result: Int32, status: Int32) throws(GLPKError) -> ProgramSolution {
    if result == GLP_ETMLIM {
      return ProgramSolution(status: .timeLimit, objective: .nan, values: [], duals: [], bound: nil, nodes: 0)
    }
    if result != 0 {
      throw .solverFailed(routine: "glp_simplex", code: result, meaning: GLPKError.meaning(of: result))
    }
    let programStatus: ProgramStatus
    switch status {
    case GLP_OPT: programStatus = .optimal
    case GLP_NOFEAS, GLP_INFEAS: programStatus = .infeasible
    case GLP_UNBND: programStatus = .unbounded
    default: programStatus = .feasible
    }
    var objective = 0.0
    var values = [Double](repeating: 0, count: max(columnCount, 1))
    var duals = [Double](repeating: 0, count: max(rowCount, 1))
    try session.guarded { pb_lp_solution($0, pointer, &objective, &values, &duals) }
    return ProgramSolution(
      status: programStatus, objective: objective, values: Array(values.prefix(columnCount)),
      duals: Array(duals.prefix(rowCount)), bound: nil, nodes: 0)
  }

  /// A simplex basis: GLPK's status of every row and column when saved.
  struct Basis {
    var rows: [Int32]
    var columns: [Int32]

    /// Whether column `k` (0-based) is basic.
    func isBasic(column k: Int) -> Bool { columns[k] == Int32(GLP_BS) }
    /// Whether row `i`'s auxiliary variable (0-based) is basic.
    func isBasic(row i: Int) -> Bool { rows[i] == Int32(GLP_BS) }

    /// The basis where the rows and columns marked are basic and the others
    /// non-basic at their lower bound.
    init(basicRows: [Bool], basicColumns: [Bool]) {
      rows = basicRows.map { $0 ? Int32(GLP_BS) : Int32(GLP_NL) }
      columns = basicColumns.map { $0 ? Int32(GLP_BS) : Int32(GLP_NL) }
    }

    init(rows: [Int32], columns: [Int32]) {
      self.rows = rows
      self.columns = columns
    }
  }

  /// The current basis, and GLPK's count of simplex iterations so far.
  ///
  /// - Complexity: O(rows + columns).
  func basis() throws(GLPKError) -> (basis: Basis, iterations: Int) {
    var rows = [Int32](repeating: 0, count: max(rowCount, 1))
    var columns = [Int32](repeating: 0, count: max(columnCount, 1))
    var iterations: Int32 = 0
    try session.guarded { pb_get_basis($0, pointer, &rows, &columns, &iterations) }
    return (Basis(rows: Array(rows.prefix(rowCount)), columns: Array(columns.prefix(columnCount))), Int(iterations))
  }

  /// Makes `basis` the starting basis of the next solve.
  ///
  /// The basis is one saved by ``basis()`` on this problem, with the same
  /// rows and at most as many columns; columns added since it was saved
  /// start non-basic at their lower bound. Its basis matrix is the one that was factorised when it
  /// was saved (columns never change), so it stays nonsingular.
  ///
  /// - Complexity: O(rows + columns).
  func setBasis(_ basis: Basis) throws(GLPKError) {
    try session.guarded {
      pb_set_basis($0, pointer, Int32(basis.rows.count), basis.rows, Int32(basis.columns.count), basis.columns)
    }
  }

  /// GLPK's count of simplex iterations on this problem so far.
  func iterationCount() throws(GLPKError) -> Int {
    var iterations: Int32 = 0
    try session.guarded { pb_iteration_count($0, pointer, &iterations) }
    return Int(iterations)
  }

  /// GLPK's standard basis (every row's auxiliary variable basic).
  func setStandardBasis() throws(GLPKError) {
    try session.guarded { pb_std_basis($0, pointer) }
  }

  /// Runs GLPK's branch and bound after an optimal LP relaxation.
  ///
  /// - Parameters:
  ///   - deadline: the callback terminates the search when the monotonic
  ///     clock passes it (GLPK's `tm_lim` does the same at its own pace).
  ///   - incumbent: a feasible integer solution (one value per column),
  ///     offered to GLPK once through `glp_ios_heur_sol`.
  ///   - cliqueCuts: whether GLPK separates clique cuts from the conflict
  ///     graph of the binary columns (its memory grows fast with their
  ///     number: callers turn it on for small models only).
  ///   - feasibilityPump: whether GLPK runs its feasibility pump at the
  ///     root (`fp_heur`; Fischetti, Glover and Lodi 2005).
  ///   - proximitySearch: when given, GLPK's proximity search at the root
  ///     (`ps_heur`; Fischetti and Monaci 2014) for at most that long.
  ///     Both apply only where every integer column is binary (GLPK skips
  ///     them otherwise).
  ///   - depthFirst: depth-first backtracking instead of the node of best
  ///     local bound (for a feasibility search, where every node has the
  ///     same bound).
  func solveMIP(
    timeLimit: Duration, incumbent: [Double]?, cliqueCuts: Bool = false, feasibilityPump: Bool = false,
    proximitySearch: Duration? = nil, depthFirst: Bool = false
  ) throws(GLPKError) -> ProgramSolution {
    let ms = Self.milliseconds(timeLimit)
    let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) * 1e-18
    let oneBased: [Double]? = incumbent.map { [0] + $0 }
    var info = pb_mip_info()
    info.deadline = pb_monotonic_seconds() + seconds
    info.cliqueCuts = cliqueCuts ? 1 : 0
    info.feasibilityPump = feasibilityPump ? 1 : 0
    info.depthFirst = depthFirst ? 1 : 0
    info.proximitySearchMs = proximitySearch.map { Self.milliseconds($0) } ?? 0
    var result: Int32 = 0
    var status: Int32 = 0
    let pointer = self.pointer
    if let oneBased {
      try oneBased.withUnsafeBufferPointer { buffer throws(GLPKError) in
        info.incumbent = buffer.baseAddress
        try session.guarded { pb_intopt($0, pointer, ms, &info, &result, &status) }
        info.incumbent = nil
      }
    } else {
      try session.guarded { pb_intopt($0, pointer, ms, &info, &result, &status) }
    }
    let nodes = Int(info.nodes)
    let bound = info.hasBound != 0 ? info.bound : nil
    if result != 0 && result != GLP_ETMLIM && result != GLP_ESTOP && result != GLP_EMIPGAP {
      throw .solverFailed(routine: "glp_intopt", code: result, meaning: GLPKError.meaning(of: result))
    }
    let programStatus: ProgramStatus
    switch status {
    case GLP_OPT: programStatus = result == 0 ? .optimal : .feasible
    case GLP_FEAS: programStatus = .feasible
    case GLP_NOFEAS: programStatus = .infeasible
    default: programStatus = .timeLimit
    }
    var objective = 0.0
    var values = [Double](repeating: 0, count: max(columnCount, 1))
    if programStatus == .optimal || programStatus == .feasible {
      try session.guarded { pb_mip_solution($0, pointer, &objective, &values) }
    }
    return ProgramSolution(
      status: programStatus, objective: objective, values: Array(values.prefix(columnCount)),
      duals: [], bound: bound, nodes: nodes)
  }
}

/// Solves a linear programme (integrality ignored) in a fresh GLPK session
/// on the calling thread.
///
/// - Throws: ``GLPKError`` for an invalid model (GLPK's own checks, such as
///   a row index out of range) or a solver failure.
public func solveLinearProgram(
  _ model: LinearModel, timeLimit: Duration = .seconds(60), verbose: Bool = false
) throws(GLPKError) -> ProgramSolution {
  let session = GLPKSession(verbose: verbose)
  defer { session.close() }
  let problem = try GLPKProblem(session: session, model: model)
  return try problem.solveLP(timeLimit: timeLimit)
}

/// Solves a mixed-integer programme in a fresh GLPK session on the calling
/// thread: the LP relaxation, then branch and bound, both within `timeLimit`.
public func solveIntegerProgram(
  _ model: LinearModel, timeLimit: Duration = .seconds(60), incumbent: [Double]? = nil,
  verbose: Bool = false
) throws(GLPKError) -> ProgramSolution {
  let session = GLPKSession(verbose: verbose)
  defer { session.close() }
  let problem = try GLPKProblem(session: session, model: model)
  return try problem.solveIntegerProgram(timeLimit: timeLimit, incumbent: incumbent)
}

extension GLPKProblem {
  /// The LP relaxation, then branch and bound, within `timeLimit` in all.
  func solveIntegerProgram(timeLimit: Duration, incumbent: [Double]?) throws(GLPKError) -> ProgramSolution {
    let clock = ContinuousClock()
    let start = clock.now
    let lp = try solveLP(timeLimit: timeLimit)
    switch lp.status {
    case .optimal: break
    case .timeLimit, .infeasible, .unbounded, .feasible:
      return ProgramSolution(status: lp.status == .feasible ? .timeLimit : lp.status, objective: .nan, values: [], duals: [], bound: nil, nodes: 0)
    }
    let left = timeLimit - (clock.now - start)
    guard left > .milliseconds(1) else {
      return ProgramSolution(status: .timeLimit, objective: .nan, values: [], duals: [], bound: lp.objective, nodes: 0)
    }
    var mip = try solveMIP(timeLimit: left, incumbent: incumbent)
    if mip.bound == nil { mip.bound = lp.objective }
    return mip
  }
}
