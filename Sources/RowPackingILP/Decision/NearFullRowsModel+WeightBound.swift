extension NearFullRowsModel {
  /// An upper bound on the weight that the types `t..<m` can add to a row
  /// with `room` left (a bounded knapsack over the suffix of the types),
  /// from a table of dynamic programming over rooms: exact when the table
  /// over every room is small enough; else over a grid, sizes and room
  /// rounded down to multiples of a step (a set of items that fits the
  /// room still fits on the grid, as `sum floor(s / g) <= floor(sum s / g)`,
  /// so the table's value is still an upper bound, off by less than a step
  /// per item; the scaling relaxation of O. H. Ibarra and C. E. Kim, "Fast
  /// approximation algorithms for the knapsack and sum of subset problems",
  /// JACM 22(4), 1975). Only with more types than table entries, the
  /// linear relaxation (Dantzig's bound: the types by decreasing weight per
  /// unit of size, the last one fractional, rounded up). G. B. Dantzig,
  /// "Discrete-variable extremum problems", Operations Research
  /// 5(2):266-288, 1957.
  ///
  /// The enumeration of restricted rows keeps a branch only while this bound
  /// can still reach the least weight; with a tight table only the rows
  /// near the best knapsack fill are ever visited (Dantzig's bound, on ANI
  /// instances with n = 402, let the enumeration run for 25 s).
  ///
  /// - Complexity: the table O(*m* x *C* / step x *d*) time and at most
  ///   ``tableLimit`` entries, then O(1) per query; else O(*m*) per query.
  struct WeightBound {
    /// The most entries a table may have (the near-full-rows model shares
    /// this among its restrictions: 256 MB in all). Finer grids prune far
    /// more: on ANI 402_10000_NR_11, 6 to 18 restrictions were found to
    /// leave too many rows in 0.3-0.6 s each, where a quarter of this took
    /// 2.7-12 s.
    static let tableLimit = 32_000_000

    private let sizes: [Int]
    private let demands: [Int]
    private let weights: [Int]
    private let capacity: Int
    /// (m + 1) x (capacity / step + 1), row t: at least the best weight of
    /// types t..<m in each room (rounded down to the grid).
    private let table: [Int]?
    /// The grid's step (1: exact).
    private let step: Int
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
      // The finest grid whose table fits: (m + 1) x (capacity / step + 1).
      let cellsPerRow = tableLimit / (m + 1)
      if cellsPerRow >= 2 {
        let step = Swift.max(1, (capacity + cellsPerRow - 2) / (cellsPerRow - 1))
        let gridCapacity = capacity / step
        let width = gridCapacity + 1
        var best = [Int](repeating: 0, count: (m + 1) * width)
        for t in stride(from: m - 1, through: 0, by: -1) {
          let gridSize = sizes[t] / step
          // Copies that can fit at all (the true sizes; zero sizes: all).
          let copies = sizes[t] == 0 ? demands[t] : Swift.min(demands[t], capacity / sizes[t])
          for room in 0...gridCapacity {
            var value = best[(t + 1) * width + room]
            if weights[t] > 0 {
              var k = 1
              while k <= copies && k * gridSize <= room {
                value = Swift.max(value, best[(t + 1) * width + room - k * gridSize] + k * weights[t])
                k += 1
              }
            }
            best[t * width + room] = value
          }
        }
        table = best
        self.step = step
      } else {
        table = nil
        step = 1
      }
    }

    /// At least the most weight the types `t..<m` can add in `room`.
    func most(from t: Int, room: Int) -> Int {
      if let table { return table[t * (capacity / step + 1) + room / step] }
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
