@testable import RowPackingILP

extension ItemTypes {
  /// Every packing of the items in at most `limit` rows, as row patterns
  /// (each sorted, as items are placed by increasing type): brute force,
  /// each item into an open row with room or a new one.
  ///
  /// - Complexity: exponential in the items; for small instances only.
  func allPackings(limit: Int) -> [[Pattern]] {
    var items: [Int] = []
    for t in 0..<count { items += Array(repeating: t, count: demands[t]) }
    var rows: [Pattern] = []
    var loads: [Int] = []
    var packings: [[Pattern]] = []
    func place(_ i: Int) {
      if i == items.count { packings.append(rows); return }
      let t = items[i]
      for r in rows.indices where loads[r] + sizes[t] <= capacity {
        rows[r].append(t)
        loads[r] += sizes[t]
        place(i + 1)
        rows[r].removeLast()
        loads[r] -= sizes[t]
      }
      if rows.count < limit {
        rows.append([t])
        loads.append(sizes[t])
        place(i + 1)
        rows.removeLast()
        loads.removeLast()
      }
    }
    place(0)
    return packings
  }
}
