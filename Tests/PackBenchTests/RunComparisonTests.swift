import Foundation
import PackBench
import RowPacking
import XCTest

final class RunComparisonTests: XCTestCase {
  func run(_ set: String, _ instance: String, proven: Bool, seconds: Double, algorithm: String = "exact") -> RunRecord {
    RunRecord(
      dataset: set, instance: instance, itemCount: 10, capacity: 100, spacing: 0, algorithm: algorithm,
      rows: proven ? 5 : 6, lowerBound: 5, boundSource: .lp, optimum: 5, status: proven ? .optimal : .timeLimit,
      verified: true, timeMedian: .milliseconds(Int64(seconds * 1000)), timeMinimum: .zero, timeMaximum: .zero,
      repetitions: 1, stage: "LP")
  }

  /// Pairing by set and instance; gained, lost and the instances in one run
  /// only, per set and overall.
  func testPairsGainsAndLosses() {
    let base = [
      run("A", "a1", proven: true, seconds: 10), run("A", "a2", proven: true, seconds: 10),
      run("A", "a3", proven: true, seconds: 10), run("A", "a4", proven: false, seconds: 60),
      run("B", "b1", proven: true, seconds: 10), run("B", "b2", proven: false, seconds: 60),
      run("B", "gone", proven: true, seconds: 10),
    ]
    let new = [
      run("B", "b2", proven: true, seconds: 30), run("A", "a1", proven: true, seconds: 30),
      run("A", "a2", proven: true, seconds: 30), run("A", "a3", proven: false, seconds: 60),
      run("A", "a4", proven: true, seconds: 30), run("B", "b1", proven: true, seconds: 30),
      run("C", "c1", proven: true, seconds: 1),
    ]
    let c = RunComparison(
      base: .init(label: "base", records: base, timeLimitSeconds: 60),
      new: .init(label: "new", records: new, timeLimitSeconds: 60))
    XCTAssertEqual(c.groups.map(\.dataset), ["A", "B", "C"])
    let a = c.groups[0]
    XCTAssertEqual(a.paired, 4)
    XCTAssertEqual([a.baseProven, a.newProven], [3, 3])
    XCTAssertEqual(a.gained, ["A/a4"])
    XCTAssertEqual(a.lost, ["A/a3"])
    XCTAssertEqual(a.bothProven, 2)
    let b = c.groups[1]
    XCTAssertEqual([b.paired, b.baseProven, b.newProven], [2, 1, 2])
    XCTAssertEqual(b.onlyInBase, ["B/gone"])
    XCTAssertEqual(c.groups[2].onlyInNew, ["C/c1"])
    XCTAssertEqual(c.groups[2].paired, 0)
    XCTAssertNil(c.groups[2].timeRatio)
    let all = c.overall
    XCTAssertEqual([all.paired, all.baseProven, all.newProven, all.bothProven], [6, 4, 5, 3])
    XCTAssertEqual(all.gained, ["A/a4", "B/b2"])
    XCTAssertEqual(all.lost, ["A/a3"])
    XCTAssertEqual(all.onlyInBase, ["B/gone"])
    XCTAssertEqual(all.onlyInNew, ["C/c1"])
    XCTAssertTrue(c.verdict.hasPrefix("NEW proves 1 more (gains 2, loses 1); time ratio "), c.verdict)
  }

  /// Unproven runs count at the time limit: with BASE at 10 s (proven) or
  /// 60 s (unproven) and NEW three times as slow where it proves, the ratio
  /// is the shifted geometric means' ratio, by hand.
  func testTimeRatioCountsUnprovenAtTheLimit() throws {
    // Every pair: BASE 10 s, NEW 30 s; shift 10: the means are 10 and 30,
    // and every resample gives 30 / 10 = 3, so the interval is [3, 3].
    let base = (0..<8).map { run("A", "i\($0)", proven: true, seconds: 10) }
    let slower = (0..<8).map { run("A", "i\($0)", proven: true, seconds: 30) }
    var c = RunComparison(
      base: .init(label: "base", records: base, timeLimitSeconds: 60),
      new: .init(label: "new", records: slower, timeLimitSeconds: 60))
    var ratio = try XCTUnwrap(c.overall.timeRatio)
    XCTAssertEqual([ratio.estimate, ratio.lower, ratio.upper].map { ($0 * 1e9).rounded() / 1e9 }, [3, 3, 3])
    XCTAssertTrue(c.isWorse, "the interval lies above 1")
    XCTAssertEqual(c.overall.wilcoxon?.pValue ?? -1, 2.0 / 256, accuracy: 1e-12, "8 of 8 slower: exact p = 2/2^8")
    // NEW stops at 5 s without a proof under a limit of 60 s: it counts at
    // 60 s, so the means are exp(mean(ln 20, ln 70)) - 10 = sqrt(1400) - 10
    // for NEW (half unproven) against 10 for BASE.
    let half = (0..<8).map { run("A", "i\($0)", proven: $0 % 2 == 0, seconds: $0 % 2 == 0 ? 10 : 5) }
    c = RunComparison(
      base: .init(label: "base", records: base, timeLimitSeconds: 60),
      new: .init(label: "new", records: half, timeLimitSeconds: 60))
    ratio = try XCTUnwrap(c.overall.timeRatio)
    XCTAssertEqual(ratio.estimate, (1400.0.squareRoot() - 10) / 10, accuracy: 1e-9)
    XCTAssertEqual(c.overall.newProven, 4)
    XCTAssertTrue(c.isWorse, "NEW proves fewer")
    XCTAssertTrue(c.verdict.hasPrefix("NEW proves 4 fewer (gains 0, loses 4)"), c.verdict)
    // The Wilcoxon test is on the pairs both proved only, whose times are equal: nothing to test.
    XCTAssertEqual(c.overall.bothProven, 4)
    XCTAssertNil(c.overall.wilcoxon)
    XCTAssertTrue(c.verdict.hasSuffix("p n/a"), c.verdict)
  }

  /// External solvers that stop by themselves without a bound are timed as
  /// heuristics (their own time, not the limit); one that ran into its
  /// limit, or claimed a bound, is timed as an exact solver.
  func testExternalsThatStopByThemselvesAreTimedAsHeuristics() throws {
    func external(_ name: String, _ i: Int, seconds: Double, status: SolveStatus = .feasible) -> RunRecord {
      var r = run("A", "i\(i)", proven: false, seconds: seconds, algorithm: name)
      (r.stage, r.status, r.boundSource) = (nil, status, .l1)
      return r
    }
    let fast = (0..<6).map { external("ffd-a", $0, seconds: 0.05) }
    let slow = (0..<6).map { external("ffd-b", $0, seconds: 0.1) }
    var c = RunComparison(
      base: .init(label: "a", records: fast, timeLimitSeconds: 60), new: .init(label: "b", records: slow, timeLimitSeconds: 60))
    // In milliseconds with a shift of 1: (100 + 1 - 1) / (50 + 1 - 1).
    XCTAssertEqual(try XCTUnwrap(c.overall.timeRatio).estimate, 2, accuracy: 1e-9)
    var limited = slow
    limited[0] = external("ffd-b", 0, seconds: 60, status: .timeLimit)
    c = RunComparison(
      base: .init(label: "a", records: fast, timeLimitSeconds: 60), new: .init(label: "b", records: limited, timeLimitSeconds: 60))
    XCTAssertFalse(c.heuristic, "a run at its limit: an exact solver's timing")
  }

  /// NEW as fast and proving as many is not worse; faster is not worse; the
  /// same seed gives the same interval, another seed another one.
  func testNotWorseAndSeeded() throws {
    var random = SplitMix64(seed: 3)
    let base = (0..<30).map { run("A", "i\($0)", proven: true, seconds: Double(1 + random.next() % 40)) }
    let faster = base.map { r -> RunRecord in
      var r = r
      r.timeMedian = r.timeMedian * 0.7
      return r
    }
    let c = RunComparison(
      base: .init(label: "base", records: base, timeLimitSeconds: 60),
      new: .init(label: "new", records: faster, timeLimitSeconds: 60), settings: .init(seed: 5, resamples: 2000))
    XCTAssertFalse(c.isWorse)
    let ratio = try XCTUnwrap(c.overall.timeRatio)
    XCTAssertLessThan(ratio.upper, 1)
    XCTAssertEqual(c.overall.wilcoxon?.method, .normal)
    XCTAssertLessThan(try XCTUnwrap(c.overall.wilcoxon).pValue, 1e-5)
    XCTAssertTrue(c.timeConclusion.hasPrefix("NEW is faster"))
    let again = RunComparison(
      base: .init(label: "base", records: base, timeLimitSeconds: 60),
      new: .init(label: "new", records: faster, timeLimitSeconds: 60), settings: .init(seed: 5, resamples: 2000))
    XCTAssertEqual(again.overall.timeRatio, c.overall.timeRatio)
    let other = RunComparison(
      base: .init(label: "base", records: base, timeLimitSeconds: 60),
      new: .init(label: "new", records: faster, timeLimitSeconds: 60), settings: .init(seed: 6, resamples: 2000))
    XCTAssertNotEqual(other.overall.timeRatio, c.overall.timeRatio)
    XCTAssertTrue(c.markdown.contains("| all |") == false, "one set: no 'all' line")
    XCTAssertTrue(c.markdown.contains("**NEW proves as many (30); time ratio"), c.markdown)
  }
}
