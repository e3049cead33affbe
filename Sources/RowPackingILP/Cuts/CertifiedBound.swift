import RowPacking

/// The precision at which cut-and-price and the tree certify a lower bound.
///
/// A certified bound is `ceil(total / maximum)`, `total` the Lagrangian
/// value `sum_t w_t d_t + sum_c s_c rhs_c` of integer weights (duals
/// scaled and rounded down) and `maximum` the exact largest value of a
/// row at them (``SubsetRowCutAndPrice/safeBound(weights:demands:cuts:cutWeights:maximum:)``).
/// It is valid for any weights; its distance below the LP value comes from
/// three losses: the rounding of the weights (about `n / scale` rows), the
/// reduced costs the LP solver leaves negative, and the columns that column
/// generation leaves out as not improving enough (each `K x` their reduced
/// cost). This type fixes the scale and the improving margin as da Silva
/// and Schouery do (integer duals at about 2^44-2^50, an improving column
/// below `-2^-38` of a row), so that a bound `K + 1e-10` above the rows
/// certifies `K + 1`.
///
/// R. da Silva and R. C. S. Schouery, "A branch-and-cut-and-price algorithm
/// for cutting stock and related problems", INFORMS Journal on Computing,
/// 2023.0399; A. A. Farley, Operations Research 38(5), 1990.
enum CertifiedBound {
  /// The integer weight of a dual of 1: the largest power of two up to
  /// 2^50 at which a weight (a dual of at most 4, as
  /// `integerWeight(dual:scale:)` caps it) times a size of at most
  /// `capacity` stays below 2^62, as the pricings order items by such
  /// products and sum at most `capacity` weights in a row.
  ///
  /// - Complexity: O(1).
  static func scale(capacity: Int) -> Int {
    var bits = 50
    while bits > 30 && (4 << bits) > (1 << 62) / max(capacity, 1) { bits -= 1 }
    return 1 << bits
  }

  /// The least gain over `scale` (a row's cost) that makes a column
  /// improving: 2^-38 of a row, at least one unit.
  ///
  /// - Complexity: O(1).
  static func improvingMargin(scale: Int) -> Int { max(1, scale >> 38) }

  /// The Lagrangian total `sum_t w_t d_t + sum_c s_c rhs_c`, nil on
  /// overflow.
  ///
  /// - Complexity: O(types + cuts).
  static func total(weights: [Int], demands: [Int], cuts: [SubsetRowCut], cutWeights: [Int]) -> Int? {
    var total = 0
    for t in weights.indices where weights[t] != 0 {
      let (product, o1) = weights[t].multipliedReportingOverflow(by: demands[t])
      let (sum, o2) = total.addingReportingOverflow(product)
      if o1 || o2 { return nil }
      total = sum
    }
    for c in cuts.indices where cutWeights[c] != 0 {
      let (product, o1) = cutWeights[c].multipliedReportingOverflow(by: cuts[c].rightHandSide)
      let (sum, o2) = total.addingReportingOverflow(product)
      if o1 || o2 { return nil }
      total = sum
    }
    return total
  }

  /// How far the certified value `total / maximum` lies above `rows`
  /// (negative: below), computed from the integer quotient and remainder
  /// so that a difference of 1e-12 rows survives; nil when `maximum` is
  /// not positive.
  ///
  /// - Complexity: O(1).
  static func excess(total: Int, maximum: Int, rows: Int) -> Double? {
    guard maximum > 0 else { return nil }
    let (quotient, remainder) = total.quotientAndRemainder(dividingBy: maximum)
    // Floor division, so that the remainder is in 0..<maximum.
    let (q, r) = remainder < 0 ? (quotient - 1, remainder + maximum) : (quotient, remainder)
    return Double(q - rows) + Double(r) / Double(maximum)
  }
}

extension CertifiedBound {
  /// How finely a master is priced and its bound certified.
  struct Precision: Sendable, Equatable {
    /// The integer weight of a dual of 1 in pricing and in the bound.
    var scale: Int
    /// A row improves the master when worth more than ``scale`` by this.
    var improvingMargin: Int
    /// GLPK's tolerance on reduced costs in the master (nil: its default).
    var dualTolerance: Double?
    /// GLPK's tolerance on bounds (nil: its default, 1e-7): a cut violated
    /// by 5e-9 needs the primal values that exact.
    var primalTolerance: Double? = nil
    /// At each convergence, the most exact re-solves from the basis
    /// (``GLPKProblem/solveExactLP(timeLimit:)``), each priced exactly,
    /// its improving rows entering before the next (0: none).
    var exactRounds: Int

    /// The precision before this type: duals at 2^36, rows improving by
    /// 1e-9 of a row, GLPK's reduced costs to 1e-10, no exact re-solve.
    static let standard = Precision(
      scale: KnapsackPricing.scale, improvingMargin: KnapsackPricing.scale / 1_000_000_000, dualTolerance: 1e-10,
      exactRounds: 0)

    /// da Silva and Schouery's precision for rows of `capacity`: duals at
    /// ``CertifiedBound/scale(capacity:)``, rows improving by 2^-38,
    /// up to three exact re-solves. GLPK's reduced costs stay at 1e-10:
    /// tighter, its solves on large masters take several times the pivots
    /// (docs/experiments/051-ani-certified-bounds.md), and the exact
    /// re-solves settle what that tolerance leaves.
    static func certified(capacity: Int) -> Precision {
      let scale = CertifiedBound.scale(capacity: capacity)
      return Precision(
        scale: scale, improvingMargin: CertifiedBound.improvingMargin(scale: scale), dualTolerance: 1e-10,
        exactRounds: 3)
    }

    /// Whether a row priced at `value` improves the master.
    func improves(_ value: Int) -> Bool { value > scale + improvingMargin }
  }
}
