import Foundation
import PackBench
import RowPacking
import XCTest

final class BootstrapTests: XCTestCase {
  /// Hyndman and Fan's type 7 by hand (R: quantile(1:4, c(0.25, 0.5, 0.9))).
  func testQuantileType7ByHand() {
    XCTAssertEqual(Bootstrap.quantile(sorted: [1, 2, 3, 4], 0.25), 1.75, accuracy: 1e-12)
    XCTAssertEqual(Bootstrap.quantile(sorted: [1, 2, 3, 4], 0.5), 2.5, accuracy: 1e-12)
    XCTAssertEqual(Bootstrap.quantile(sorted: [1, 2, 3, 4], 0.9), 3.7, accuracy: 1e-12)
    XCTAssertEqual(Bootstrap.quantile(sorted: [7], 0.975), 7)
  }

  /// The same seed gives the same interval; another seed another one.
  func testTheSeedDecidesTheInterval() throws {
    let data = (0..<30).map { Double(($0 * 37) % 11) }
    let mean: ([Int]) -> Double = { idx in idx.map { data[$0] }.reduce(0, +) / Double(idx.count) }
    let a = try XCTUnwrap(Bootstrap.percentileInterval(count: 30, resamples: 2000, seed: 7, statistic: mean))
    let b = try XCTUnwrap(Bootstrap.percentileInterval(count: 30, resamples: 2000, seed: 7, statistic: mean))
    let c = try XCTUnwrap(Bootstrap.percentileInterval(count: 30, resamples: 2000, seed: 8, statistic: mean))
    XCTAssertEqual(a, b)
    XCTAssertNotEqual(a, c)
    XCTAssertEqual(a.estimate, data.reduce(0, +) / 30, accuracy: 1e-12)
    XCTAssertLessThan(a.lower, a.estimate)
    XCTAssertGreaterThan(a.upper, a.estimate)
  }

  /// Every index is drawn about equally often: a chi-square statistic of
  /// the draws of 10 indices over 5000 resamples (50 000 draws) below the
  /// 0.999 quantile of chi-square with 9 degrees of freedom, 27.88.
  func testIndicesAreUniformOverSeeds() {
    for seed in UInt64(1)...5 {
      var counts = [Int](repeating: 0, count: 10)
      _ = Bootstrap.percentileInterval(count: 10, resamples: 5000, seed: seed) { idx in
        for i in idx { counts[i] += 1 }
        return 0
      }
      let expected = 5000.0
      let chiSquare = counts.map { pow(Double($0) - expected, 2) / expected }.reduce(0, +)
      XCTAssertLessThan(chiSquare, 27.88, "seed \(seed): \(counts)")
    }
  }

  /// A known distribution: samples of 60 from the normal N(10, 2^2) (Box-
  /// Muller on SplitMix64). The bootstrap interval of the mean is close to
  /// the textbook one, mean ± 1.96 s / sqrt(n) (within a fifth of its half
  /// width), and over 200 samples it covers the true mean 10 in about 95 %
  /// of them (at 60 items the percentile interval is a little narrow:
  /// between 88 % and 99 %).
  func testTheIntervalOfANormalMeanCoversItAsTheTheorySays() throws {
    var random = SplitMix64(seed: 2026)
    func normal() -> Double {
      let u1 = (Double(random.next() >> 11) + 0.5) / 9_007_199_254_740_992
      let u2 = Double(random.next() >> 11) / 9_007_199_254_740_992
      return 10 + 2 * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
    var covered = 0
    let trials = 200
    for trial in 0..<trials {
      let sample = (0..<60).map { _ in normal() }
      let mean = sample.reduce(0, +) / 60
      let s = (sample.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 59).squareRoot()
      let interval = try XCTUnwrap(
        Bootstrap.percentileInterval(count: 60, resamples: 1000, seed: UInt64(trial)) { idx in
          idx.map { sample[$0] }.reduce(0, +) / Double(idx.count)
        })
      let half = 1.96 * s / 60.0.squareRoot()
      XCTAssertEqual(interval.lower, mean - half, accuracy: half / 5, "trial \(trial)")
      XCTAssertEqual(interval.upper, mean + half, accuracy: half / 5, "trial \(trial)")
      if interval.lower <= 10 && 10 <= interval.upper { covered += 1 }
    }
    let coverage = Double(covered) / Double(trials)
    XCTAssertGreaterThan(coverage, 0.88)
    XCTAssertLessThan(coverage, 0.99)
  }

  /// One item: every resample is that item, so the interval is a point;
  /// no item, or only non-finite values: no interval.
  func testDegenerateSamples() throws {
    let one = try XCTUnwrap(Bootstrap.percentileInterval(count: 1, resamples: 100, seed: 1) { _ in 4.5 })
    XCTAssertEqual([one.lower, one.estimate, one.upper], [4.5, 4.5, 4.5])
    XCTAssertNil(Bootstrap.percentileInterval(count: 0, resamples: 100, seed: 1) { _ in 1 })
    XCTAssertNil(Bootstrap.percentileInterval(count: 3, resamples: 100, seed: 1) { _ in .infinity })
  }
}
