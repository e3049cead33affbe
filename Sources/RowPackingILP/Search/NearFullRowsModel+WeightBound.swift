extension NearFullRowsModel {
  /// An upper bound on the weight that the types `t..<m` can add to a row
  /// with `room` left (a bounded knapsack over the suffix of the types):
  /// exact, from a table of dynamic programming over rooms, when that table
  /// is small enough; else the linear relaxation (Dantzig's bound: the types
  /// by decreasing weight per unit of size, the last one fractional,
  /// rounded up). G. B. Dantzig, "Discrete-variable extremum problems",
  /// Operations Research 5(2):266-288, 1957.
  ///
  /// The enumeration of restricted rows keeps a branch only while this bound
  /// can still reach the least weight; with the exact table only the rows
  /// near the best knapsack fill are ever visited.
  ///
  /// - Complexity: the table O(*m* x *C* x *d*) time and O(*m* x *C*)
  ///   memory (at most ``tableLimit`` entries), then O(1) per query; else
  ///   O(*m*) per query.
  struct WeightBound {
    /// The most entries the exact table may have.
    static let tableLimit = 8_000_000

    private let sizes: [Int]
    private let demands: [Int]
    private let weights: [Int]
    private let capacity: Int
    /// (m + 1) x (capacity + 1), row t: the best weight of types t..<m.
    private let table: [Int]?
    /// Type indices by decreasing weight per unit of size (zero sizes first).
    private let byRatio: [Int]

    init(sizes: [Int], demands: [Int], weights: [Int], capacity: Int, tableLimit: Int = Self.tableLimit) {
      self.sizes = sizes
      self.demands = demands
      self.weights = weights
      self.capacity = capacity
      let m = sizes.count
      byRatio = (0..<m).sorted { a, b in
        // w_a / s_a > w_b / s_b, without division (sizes may be 0).
        let left = weights[a] * sizes[b], right = weights[b] * sizes[a]
        return left != right ? left > right : a < b
      }
      if (m + 1) * (capacity + 1) <= tableLimit {
        let width = capacity + 1
        var best = [Int](repeating: 0, count: (m + 1) * width)
        for t in stride(from: m - 1, through: 0, by: -1) {
          for room in 0...capacity {
            var value = best[(t + 1) * width + room]
            var k = 1
            while k <= demands[t] && k * sizes[t] <= room {
              value = Swift.max(value, best[(t + 1) * width + room - k * sizes[t]] + k * weights[t])
              k += 1
            }
            best[t * width + room] = value
          }
        }
        table = best
      } else {
        table = nil
      }
    }

    /// At least the most weight the types `t..<m` can add in `room`.
    func most(from t: Int, room: Int) -> Int {
      if let table { return table[t * (capacity + 1) + room] }
      var left = room, total = 0
      for u in byRatio where u >= t && weights[u] > 0 {
        let size = sizes[u]
        if size == 0 {
          total += weights[u] * demands[u]
          continue
        }
        let whole = Swift.min(demands[u], left / size)
        total += whole * weights[u]
        left -= whole * size
        if whole < demands[u] {
          // The fractional part of the next best type, rounded up.
          total += (left * weights[u] + size - 1) / size
          break
        }
      }
      return total
    }
  }
}
