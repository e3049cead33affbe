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
      var kept = range.filter { !rowSent.contains($0) }
      var load = kept.reduce(0) { $0 + sizes[$1] }
      var rowSent = rowSent
      // A long interval's bound sends the cheapest tags, which need not
      // make the rest fit: send more, the fewest that do.
      while load > capacity {
        let over = load - capacity
        let k = kept.indices.filter { sizes[kept[$0]] >= over }.min { sizes[kept[$0]] < sizes[kept[$1]] }
          ?? kept.indices.max { sizes[kept[$0]] < sizes[kept[$1]] }!
        load -= sizes[kept[k]]
        rowSent.append(kept.remove(at: k))
      }
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
    if place(0) {
      for (k, item) in sent.enumerated() { rows[home[k]].append(item) }
    } else {
      guard let ejected = ejectionRepair(rows: rows, rooms: rooms, sent: sent) else { return nil }
      rows = ejected
    }
    // The rows in interval order, their kept tags first: read the moves off.
    let reading = rows.flatMap { $0 }
    let keptItems = Set(longestIncreasingSubsequence(reading))
    let arranged = rows.map { row in row.filter { keptItems.contains($0) } + row.filter { !keptItems.contains($0) } }
    let inOrder = (packing: Packing(rows: arranged.filter { !$0.isEmpty }), moved: reading.filter { !keptItems.contains($0) })
    let sorted = bestReadingOrder(Packing(rows: rows.filter { !$0.isEmpty }))
    return sorted.moved.count < inOrder.moved.count ? sorted : inOrder
  }

  /// `rows` with the tags `sent` placed by best fit, widest first; a tag
  /// that fits no room takes the place of a narrower kept tag (which then
  /// moves too), in the row it fills best: an ejection chain, each link
  /// narrower, so it ends. `nil` when a tag fits nowhere even so.
  ///
  /// - Complexity: O(*n*^2) links of O(*n*) each.
  func ejectionRepair(rows: [[Int]], rooms: [Int], sent: [Int]) -> [[Int]]? {
    var rows = rows, rooms = rooms
    var waiting = sent.sorted { sizes[$0] < sizes[$1] }  // widest last
    var received = Set<Int>()
    while let tag = waiting.popLast() {
      let size = sizes[tag]
      if let r = rooms.indices.filter({ rooms[$0] >= size }).min(by: { rooms[$0] < rooms[$1] }) {
        rows[r].append(tag)
        rooms[r] -= size
        received.insert(tag)
        continue
      }
      var best: (row: Int, at: Int, left: Int)? = nil
      for (r, row) in rows.enumerated() {
        for (at, other) in row.enumerated() where !received.contains(other) && sizes[other] < size {
          let left = rooms[r] + sizes[other] - size
          if left >= 0, left < best?.left ?? Int.max { best = (r, at, left) }
        }
      }
      guard let best else { return nil }
      let out = rows[best.row].remove(at: best.at)
      rows[best.row].append(tag)
      rooms[best.row] = best.left
      received.insert(tag)
      let at = waiting.firstIndex { sizes[$0] > sizes[out] } ?? waiting.count
      waiting.insert(out, at: at)
    }
    return rows
  }
}
