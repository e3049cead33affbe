import RowPacking

/// What every exact solve starts from: the scaled instance, the clock and
/// deadline, the simple lower bound (L1, L2) and the best packing of the
/// core's packers.
struct SolveSetup {
  let instance: Instance
  let scaled: ScaledInstance
  let clock = ContinuousClock()
  let start: ContinuousClock.Instant
  let deadline: ContinuousClock.Instant
  let simpleBound: LowerBound
  /// The best packing of first fit decreasing, best fit decreasing and
  /// knapsack rows (on the packing sizes).
  let bestHeuristic: Packing

  init(instance: Instance, timeLimit: Duration, resolution: Int? = nil) throws(InstanceError) {
    self.instance = instance
    start = clock.now
    deadline = start + timeLimit
    scaled = try instance.scaled(resolution: resolution)
    simpleBound = scaled.simpleLowerBound
    var best: Packing? = nil
    var packers: [any RowPacker] = [FirstFitDecreasing(), BestFitDecreasing()]
    if Self.knapsackRowsFits(scaled, rows: simpleBound.value) { packers.append(KnapsackRows()) }
    for packer in packers {
      if let best, best.rowCount <= simpleBound.value { break }
      if let p = try? packer.pack(scaled), best == nil || p.rowCount < best!.rowCount { best = p }
    }
    bestHeuristic = best ?? Packing(rows: scaled.sizes.indices.map { [$0] })
  }

  /// The most machine-word operations knapsack rows may need (rows x items
  /// x capacity / 64): about a second. It has no deadline of its own, and on
  /// large capacities (GI, 1.5 million units and 2500 items: 25 s) it would
  /// take the whole time limit before the first stage.
  static let knapsackRowsWorkLimit = 2_000_000_000

  /// Whether knapsack rows is run: its capacity is accepted and its work
  /// bound, `rows` x items x capacity / 64, is within ``knapsackRowsWorkLimit``.
  static func knapsackRowsFits(_ scaled: ScaledInstance, rows: Int) -> Bool {
    guard scaled.capacity <= KnapsackRows.capacityLimit else { return false }
    let (work, overflow) = max(rows, 1).multipliedReportingOverflow(by: scaled.count * (scaled.capacity / 64 + 1))
    return !overflow && work <= knapsackRowsWorkLimit
  }

  var elapsed: Duration { clock.now - start }
  var timeLeft: Duration { deadline - clock.now }

  /// The result of a packing and a bound: verified and judged; `limited`
  /// turns feasible into timeLimit; `error` reports a failure (the packing,
  /// if it verifies, is kept).
  func result(
    packing: Packing, bound: LowerBound, stage: SolveStage?, nodes: Int? = nil,
    limited: Bool = false, error: String? = nil
  ) -> PackingResult {
    var status = judge(packing, for: instance, bound: bound)
    if case .wrong = status {
      // Never return an unverified packing: fall back to the heuristic one.
      let fallback = judge(bestHeuristic, for: instance, bound: bound)
      return PackingResult(
        packing: bestHeuristic, lowerBound: bound,
        status: fallback == .optimal || fallback == .feasible ? .error("internal: \(status.message ?? "")") : fallback,
        elapsed: elapsed, nodes: nodes, stage: .heuristic)
    }
    if let error { status = .error(error) } else if status == .feasible && limited { status = .timeLimit }
    return PackingResult(packing: packing, lowerBound: bound, status: status, elapsed: elapsed, nodes: nodes, stage: stage)
  }

  /// A bound from a MIP or LP value on the packing sizes, valid for the
  /// true widths only when the scaling is exact.
  func bound(_ value: Int, source: BoundSource, over current: LowerBound) -> LowerBound {
    guard scaled.isExact else { return current }
    return current.strongest(LowerBound(value: value, source: source))
  }
}
