import RowPacking

/// Completions of a residual problem (the items not yet in a fixed row, as
/// a demand per type): the packers' rows, or an exact decision by bin
/// completion when the residual is small. The LP-driven diving
/// (``LimitedDiscrepancyDiving``) closes or prunes its nodes with them.
extension ItemTypes {
  /// The residual's items, as sizes (types by decreasing size) and the type of each.
  func residualItems(_ residual: [Int]) -> (sizes: [Int], typeOfItem: [Int]) {
    var sizes: [Int] = []
    var typeOfItem: [Int] = []
    for t in residual.indices where residual[t] > 0 {
      sizes.append(contentsOf: repeatElement(self.sizes[t], count: residual[t]))
      typeOfItem.append(contentsOf: repeatElement(t, count: residual[t]))
    }
    return (sizes, typeOfItem)
  }

  /// The patterns of a greedy packing (best of first fit and best fit
  /// decreasing) of the residual items.
  ///
  /// - Complexity: O(*n* log *n*) for the residual's *n* items.
  func greedyCompletion(_ residual: [Int]) -> [Pattern] {
    let (sizes, typeOfItem) = residualItems(residual)
    if sizes.isEmpty { return [] }
    let scaled = ScaledInstance(sizes: sizes, capacity: capacity)
    var best: Packing? = nil
    for packer in [FirstFitDecreasing() as any RowPacker, BestFitDecreasing()] {
      if let p = try? packer.pack(scaled), best == nil || p.rowCount < best!.rowCount { best = p }
    }
    return best!.rows.map { $0.map { typeOfItem[$0] }.sorted() }
  }

  /// Whether the residual items fit in `rows` rows, by ``BinCompletionDecision``
  /// with a node limit: a packing (patterns of this instance's types), a
  /// proof that they do not fit, or unknown.
  ///
  /// - Complexity: at most `nodeLimit` search nodes.
  func exactCompletion(
    _ residual: [Int], rows: Int, nodeLimit: Int, until deadline: ContinuousClock.Instant
  ) -> (answer: BinCompletionDecision.Answer, nodes: Int) {
    let (sizes, typeOfItem) = residualItems(residual)
    let sub = ItemTypes(sizes: sizes, capacity: capacity)
    let (answer, nodes) = BinCompletionDecision(types: sub, nodeLimit: nodeLimit).decide(rows: rows, until: deadline)
    guard case .packing(let patterns) = answer else { return (answer, nodes) }
    // The sub-instance's types are the residual's positive types, in the same (decreasing) order.
    let typeOfSub = sub.items.map { typeOfItem[$0[0]] }
    return (.packing(patterns.map { $0.map { typeOfSub[$0] } }), nodes)
  }
}
