import Foundation
import PackBench
import RowPacking
import XCTest

final class WilcoxonSignedRankTests: XCTestCase {
  /// Hollander and Wolfe, Nonparametric Statistical Methods (Wiley 1973),
  /// p. 29, Table 3.1: Hamilton depression scale factor IV of 9 patients
  /// before (x) and after (y) a tranquilliser; also the example of R's
  /// `?wilcox.test`. Differences x - y: 0.952, -0.147, 1.022, 0.43, 0.62,
  /// 0.59, 0.49, -0.08, 0.01; the negative ones have ranks 3 and 2, so
  /// W- = 5 and W+ = 45 - 5 = 40. Exactly: the subsets of {1..9} with sum
  /// <= 5 are 10 (sums 0, 1, 2: one each; 3, 4: two each; 5: three), so
  /// p = 2 · 10 / 2^9 = 0.0390625 (R: V = 40, one-sided p = 0.01953).
  func testHollanderAndWolfeTable31Exactly() throws {
    let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30]
    let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
    let test = try XCTUnwrap(WilcoxonSignedRank(x, y))
    XCTAssertEqual(test.count, 9)
    XCTAssertEqual(test.positiveRankSum, 40)
    XCTAssertEqual(test.negativeRankSum, 5)
    XCTAssertEqual(test.statistic, 5)
    XCTAssertEqual(test.method, .exact)
    XCTAssertEqual(test.pValue, 20.0 / 512, accuracy: 1e-15)
    // The test is symmetric: swapping the samples swaps W+ and W-, not p.
    let swapped = try XCTUnwrap(WilcoxonSignedRank(y, x))
    XCTAssertEqual(swapped.positiveRankSum, 5)
    XCTAssertEqual(swapped.pValue, test.pValue, accuracy: 1e-15)
  }

  /// Darwin's Zea mays data as Fisher gives it (The Design of Experiments,
  /// 1935, section 17): the differences in height, in eighths of an inch, of
  /// 15 pairs of crossed and self-fertilised plants; also the example of
  /// SciPy's `wilcoxon`. The two negative differences, -48 and -67, have
  /// ranks 10 and 14: W- = 24. The exact two-sided p is 0.041259765625
  /// (2 · 676 / 2^15; SciPy gives the same).
  func testDarwinsZeaMaysExactly() throws {
    let d: [Double] = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]
    let test = try XCTUnwrap(WilcoxonSignedRank(differences: d))
    XCTAssertEqual(test.negativeRankSum, 24)
    XCTAssertEqual(test.positiveRankSum, 120 - 24)
    XCTAssertEqual(test.method, .exact)
    XCTAssertEqual(test.pValue, 0.041259765625, accuracy: 1e-15)
  }

  /// n = 30 > 25: the normal approximation. Differences 1...30, those of
  /// magnitude 3, 7, 12 and 20 negative: W- = 42, W+ = 465 - 42 = 423; the
  /// mean is 30·31/4 = 232.5, the variance 30·31·61/24 = 2363.75; with the
  /// continuity correction z = (423 - 232.5 - 0.5) / sqrt(2363.75) =
  /// 3.907984, p = erfc(z / sqrt 2) = 9.30693e-5 (SciPy, correction=True:
  /// the same).
  func testNormalApproximationByHand() throws {
    let d = (1...30).map { [3, 7, 12, 20].contains($0) ? -Double($0) : Double($0) }
    let test = try XCTUnwrap(WilcoxonSignedRank(differences: d))
    XCTAssertEqual(test.method, .normal)
    XCTAssertEqual(test.negativeRankSum, 42)
    XCTAssertEqual(try XCTUnwrap(test.z), 3.907984477, accuracy: 1e-8)
    XCTAssertEqual(test.pValue, 9.306928e-5, accuracy: 1e-10)
  }

  /// 30 differences, 3 of them zero and most of the rest tied. Wilcoxon's
  /// rule drops the zeros: 27 ranked, tie groups of sizes 3, 4, 4, 3, 5, 3,
  /// 2 (magnitudes 1 to 7), so midranks 2, 5.5, 9.5, 13, 17, 21, 23.5, then
  /// 25, 26, 27. The negatives (-1, -2, -4, -6) give W- = 2 + 5.5 + 13 + 21
  /// = 41.5, W+ = 378 - 41.5 = 336.5. Variance 27·28·55/24 - 318/48 =
  /// 1725.875 (318 = sum of t^3 - t); z = (336.5 - 189 - 0.5) / sqrt(1725.875)
  /// = 3.538451, p = 4.02488e-4. Pratt's rule ranks the zeros first (1-3)
  /// and drops them: every other rank 3 higher, W- = 53.5, W+ = 405.5, mean
  /// (465 - 6)/2 = 229.5, variance (9455 - 14 - 318/12)/4 = 2353.625,
  /// z = 175.5 / sqrt(2353.625) = 3.617494, p = 2.97463e-4. (SciPy 1.17,
  /// zero_method wilcox / pratt, correction=True: the same p-values.)
  func testTiesAndZerosByHandUnderBothRules() throws {
    let d: [Double] = [0, 0, 0, 1, -1, 1, 2, 2, -2, 2, 3, 3, 3, 3, 4, -4, 4, 5, 5, 5, 5, 5, 6, 6, -6, 7, 7, 8, 9, 10]
    let wilcoxon = try XCTUnwrap(WilcoxonSignedRank(differences: d, zeroMethod: .wilcoxon))
    XCTAssertEqual(wilcoxon.count, 27)
    XCTAssertEqual(wilcoxon.zeros, 3)
    XCTAssertEqual(wilcoxon.negativeRankSum, 41.5)
    XCTAssertEqual(wilcoxon.positiveRankSum, 336.5)
    XCTAssertEqual(wilcoxon.method, .normal)
    XCTAssertEqual(try XCTUnwrap(wilcoxon.z), 147 / 1725.875.squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(wilcoxon.pValue, 4.024884e-4, accuracy: 1e-9)
    let pratt = try XCTUnwrap(WilcoxonSignedRank(differences: d, zeroMethod: .pratt))
    XCTAssertEqual(pratt.negativeRankSum, 53.5)
    XCTAssertEqual(pratt.positiveRankSum, 405.5)
    XCTAssertEqual(try XCTUnwrap(pratt.z), 175.5 / 2353.625.squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(pratt.pValue, 2.974628e-4, accuracy: 1e-9)
  }

  /// The exact p-value, ties and zeros included, against enumerating every
  /// one of the 2^n sign assignments of the same ranks.
  func testExactDistributionMatchesEnumerationOverSeeds() throws {
    for seed in UInt64(1)...40 {
      var random = SplitMix64(seed: seed)
      let n = 1 + Int(random.next() % 12)
      // Small integer magnitudes, so that ties and zeros are frequent.
      let d = (0..<n).map { _ in Double(Int(random.next() % 9) - 4) }
      for rule in [WilcoxonSignedRank.ZeroMethod.wilcoxon, .pratt] {
        let ranked = rule == .wilcoxon ? d.filter { $0 != 0 } : d
        let ranks = WilcoxonSignedRank.midranks(ranked.map(abs))
        let nonZero = zip(ranked, ranks).filter { $0.0 != 0 }
        guard let test = WilcoxonSignedRank(differences: d, zeroMethod: rule) else {
          XCTAssertTrue(nonZero.isEmpty, "seed \(seed)")
          continue
        }
        let observed = min(test.positiveRankSum, test.negativeRankSum)
        var atMost = 0
        for mask in 0..<(1 << nonZero.count) {
          var plus = 0.0
          for (k, pair) in nonZero.enumerated() where mask & (1 << k) != 0 { plus += pair.1 }
          if plus <= observed + 1e-9 { atMost += 1 }
        }
        let expected = min(1, 2 * Double(atMost) / Double(1 << nonZero.count))
        XCTAssertEqual(test.pValue, expected, accuracy: 1e-12, "seed \(seed), \(rule), d = \(d)")
      }
    }
  }

  func testMidranksAndNothingToTest() {
    XCTAssertEqual(WilcoxonSignedRank.midranks([3, 1, 3, 2, 3]), [4, 1, 4, 2, 4])
    XCTAssertNil(WilcoxonSignedRank(differences: [0, 0, 0]))
    XCTAssertNil(WilcoxonSignedRank(differences: []))
    // One difference: p = 2 · 1/2 = 1.
    XCTAssertEqual(WilcoxonSignedRank(differences: [2.5])?.pValue, 1)
  }
}
