extension FewestMovesLagrangianBound {
  /// A layout from the least-cost solution of an evaluation, or `nil`: each
  /// row keeps its interval's tags but those it sends, and the tags sent
  /// are packed into the rows' rooms by a depth-first search (widest tag
  /// first, into the rows of distinct rooms that hold it, the tightest
  /// first) of at most `nodeLimit` nodes. A Lagrangian heuristic: where
  /// the prices balance sends and receipts the relaxed solution is nearly a
  /// layout (Fisher, "The Lagrangian relaxation method for solving integer
  /// programming problems", Management Science 1981).
  ///
  /// The moves are counted again from the rows (n minus the longest run
  /// of tags in reading order), never taken from the relaxation.
  ///
  /// - Complexity: O(*n* log *n*) plus the search's `nodeLimit` nodes of
  ///   O(*R*) each.
  func repairedLayout(_ evaluation: Evaluation, nodeLimit: Int = 2000) -> (packing: Packing, moved: [Int])? {
    var rows: [[Int]] = []
    var rooms: [Int] = []
    var sent: [Int] = []
    for (range, rowSent) in evaluation.cut {
      let kept = range.filter { !rowSent.contains($0) }
      let load = kept.reduce(0) { $0 + sizes[$1] }
      guard load <= capacity else { return nil }  // a long interval's bound, not a row
      rows.append(kept)
      rooms.append(capacity - load)
      sent += rowSent
    }
    guard rows.count == self.rows, Set(sent).count == sent.count,
      rows.reduce(0, { $0 + $1.count }) + sent.count == sizes.count
    else { return nil }
    sent.sort { sizes[$0] > sizes[$1] }
    var home = [Int](repeating: -1, count: sent.count)
    var nodes = 0
    func place(_ k: Int) -> Bool {
      if k == sent.count { return true }
      nodes += 1
      guard nodes <= nodeLimit else { return false }
      let size = sizes[sent[k]]
      let fitting = rooms.indices.filter { rooms[$0] >= size }.sorted { rooms[$0] < rooms[$1] }
      var tried: Set<Int> = []
      for r in fitting where tried.insert(rooms[r]).inserted {
        rooms[r] -= size
        home[k] = r
        if place(k + 1) { return true }
        rooms[r] += size
      }
      return false
    }
    guard place(0) else { return nil }
    for (k, item) in sent.enumerated() { rows[home[k]].append(item) }
    // The rows in interval order, their kept tags first: read the moves off.
    let reading = rows.flatMap { $0 }
    let keptItems = Set(longestIncreasingSubsequence(reading))
    let arranged = rows.map { row in row.filter { keptItems.contains($0) } + row.filter { !keptItems.contains($0) } }
    let inOrder = (packing: Packing(rows: arranged.filter { !$0.isEmpty }), moved: reading.filter { !keptItems.contains($0) })
    let sorted = bestReadingOrder(Packing(rows: rows.filter { !$0.isEmpty }))
    return sorted.moved.count < inOrder.moved.count ? sorted : inOrder
  }
}
