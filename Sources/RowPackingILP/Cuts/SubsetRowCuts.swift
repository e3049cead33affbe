import RowPacking

/// A subset-row cut on three item types: the rank-1 Chvátal–Gomory cut of
/// the set-partitioning rows of types `S = {i, j, k}` with multiplier 1/2,
///
///     sum_p floor((a_ip + a_jp + a_kp) / 2) x_p  <=  floor((d_i + d_j + d_k) / 2),
///
/// valid for every packing: its rows, as patterns that hold each type's
/// items exactly (`sum_p a_tp x_p = d_t`), sum to `sum_S a` items of `S`,
/// and the integer left side is at most half of that. Types of demand
/// above 1 count with their copies on both sides.
///
/// M. Jepsen, B. Petersen, S. Spoorendonk and D. Pisinger, "Subset-row
/// inequalities applied to the vehicle-routing problem with time windows",
/// Operations Research 56(2):497-511, 2008; for bin packing, L. Wei, Z.
/// Luo, R. Baldacci and A. Lim, "A new branch-and-price-and-cut algorithm
/// for one-dimensional bin-packing problems", INFORMS Journal on Computing
/// 32(2):428-443, 2020.
struct SubsetRowCut: Hashable, Sendable {
  /// The three item types, increasing.
  let types: [Int]
  /// The right side, `floor(sum_S d / 2)`.
  let rightHandSide: Int

  init(types: [Int], demands: [Int]) {
    self.types = types.sorted()
    rightHandSide = types.reduce(0) { $0 + demands[$1] } / 2
  }

  /// A pattern's coefficient: `floor(sum_S a / 2)`.
  ///
  /// - Complexity: O(pattern length).
  func coefficient(of pattern: Pattern) -> Int {
    pattern.reduce(0) { $0 + (types.contains($1) ? 1 : 0) } / 2
  }
}

/// Separation of violated subset-row cuts (``SubsetRowCut``) from a
/// fractional solution of the Gilmore–Gomory master: the triples of item
/// types whose cut the solution violates most, most violated first.
///
/// A triple's left side counts only rows that hold at least two items of
/// it, so only triples of types that share rows of the solution can be
/// violated: the candidates are the triples `i < j < k` with `j` a
/// neighbour of `i` (sharing a row of positive value, or `i` twice in a
/// row) and `k` a neighbour of `i` or `j`. A heuristic over the candidates,
/// not an exact separation: a cut it misses costs strength, never validity.
///
/// - Complexity: O(sum over candidate triples of the rows holding them).
enum SubsetRowCutSeparation {
  /// The violated cuts of `solution` (values per pattern), most violated
  /// first, at most `limit`, each violated by more than `minimumViolation`,
  /// none in `existing`.
  static func separate(
    patterns: [Pattern], values: [Double], demands: [Int], existing: Set<SubsetRowCut> = [],
    limit: Int = 50, minimumViolation: Double = 1e-4
  ) -> [(cut: SubsetRowCut, violation: Double)] {
    let typeCount = demands.count
    var rowsOf = [[Int]](repeating: [], count: typeCount)
    var neighbours = [Set<Int>](repeating: [], count: typeCount)
    for p in patterns.indices where values[p] > 1e-9 {
      let distinct = Array(Set(patterns[p]))
      for t in distinct {
        rowsOf[t].append(p)
        for u in distinct where u != t { neighbours[t].insert(u) }
      }
    }
    var found: [(cut: SubsetRowCut, violation: Double)] = []
    var seen: Set<[Int]> = []
    for i in 0..<typeCount where !rowsOf[i].isEmpty {
      for j in neighbours[i] where j > i {
        for k in neighbours[i].union(neighbours[j]) where k != i && k != j {
          let triple = [i, j, k].sorted()
          guard seen.insert(triple).inserted else { continue }
          let cut = SubsetRowCut(types: triple, demands: demands)
          if existing.contains(cut) { continue }
          var left = 0.0
          var counted: Set<Int> = []
          for t in triple {
            for p in rowsOf[t] where counted.insert(p).inserted {
              left += Double(cut.coefficient(of: patterns[p])) * values[p]
            }
          }
          let violation = left - Double(cut.rightHandSide)
          if violation > minimumViolation { found.append((cut, violation)) }
        }
      }
    }
    found.sort { $0.violation != $1.violation ? $0.violation > $1.violation : $0.cut.types.lexicographicallyPrecedes($1.cut.types) }
    return Array(found.prefix(limit))
  }
}
