import RowPacking

extension RyanFosterBranchAndPrice {
  /// A branching decision: two items in one row (`together`) or not.
  struct Decision: Hashable {
    var first: Int
    var second: Int
    var together: Bool
  }

  /// The items of a node: the merged items (groups of items that must share
  /// a row) and the pairs of merged items that must not.
  struct NodeItems {
    /// The merged item of each item.
    let groupOf: [Int]
    /// The items of each merged item, increasing; merged items ordered by
    /// their first item.
    let groups: [[Int]]
    /// Pairs of merged items that may not share a row.
    let conflicts: [(Int, Int)]
    private let conflictKeys: Set<Int>

    /// The node of `decisions` over items `0..<itemCount`.
    ///
    /// - Complexity: O(items + decisions), nearly (union-find).
    init(itemCount: Int, decisions: [Decision]) {
      var parent = Array(0..<itemCount)
      func find(_ i: Int) -> Int {
        var i = i
        while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
        return i
      }
      for d in decisions where d.together {
        let (a, b) = (find(d.first), find(d.second))
        if a != b { parent[max(a, b)] = min(a, b) }
      }
      var index = [Int](repeating: -1, count: itemCount)
      var groups: [[Int]] = []
      var groupOf = [Int](repeating: 0, count: itemCount)
      for i in 0..<itemCount {
        let root = find(i)
        if index[root] < 0 { index[root] = groups.count; groups.append([]) }
        groups[index[root]].append(i)
        groupOf[i] = index[root]
      }
      var conflicts: [(Int, Int)] = []
      var keys = Set<Int>()
      for d in decisions where !d.together {
        let (g, h) = (groupOf[d.first], groupOf[d.second])
        let key = min(g, h) * itemCount + max(g, h)
        if g != h && keys.insert(key).inserted { conflicts.append((min(g, h), max(g, h))) }
      }
      self.groupOf = groupOf
      self.groups = groups
      self.conflicts = conflicts
      conflictKeys = keys
    }

    /// Whether merged items `g` and `h` may not share a row.
    func conflict(_ g: Int, _ h: Int) -> Bool { conflictKeys.contains(min(g, h) * groupOf.count + max(g, h)) }

    /// The merged items of a set of items, increasing, or `nil` when the set
    /// splits a merged item or holds a conflict (the node forbids it).
    ///
    /// - Complexity: O(items x merged items in the set).
    func mergedItems(of items: [Int]) -> [Int]? {
      var touched: [Int: Int] = [:]
      for i in items { touched[groupOf[i], default: 0] += 1 }
      guard touched.allSatisfy({ groups[$0.key].count == $0.value }) else { return nil }
      let merged = touched.keys.sorted()
      for a in merged.indices { for b in merged.indices where b > a && conflict(merged[a], merged[b]) { return nil } }
      return merged
    }
  }
}
