@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The certified precision on ANI files of the hard sets (slow; skipped
/// when the sets are absent): cut-and-price at the standard and at the
/// certified precision, then the tree's root, never a bound above the
/// known optimum. Each run's summary is printed: the certified value minus
/// the rows to refute is the measurement of docs/experiments/051.
final class CertifiedBoundANITests: XCTestCase {
  func testCertifiedCutClosureNeverExceedsTheOptimumOnANI() throws {
    try SlowTests.require("Cut-and-price at two precisions on ANI 600 and 801")
    let files = try HardSetFixture.instances(set: "ANI", items: 600, count: 2)
      + HardSetFixture.instances(set: "ANI", items: 801, count: 1)
    for (entry, instance) in files {
      let solved = try PipelineRoot(instance)
      defer { solved.session.close() }
      let rows = entry.optimum - 1
      print("\(entry.instance): root LP \(solved.root.masterObjective), bound \(solved.root.rowBound)")
      for certified in [false, true] {
        var options = SubsetRowCutsStage.Options()
        options.certifiedPrecision = certified
        options.minimumViolation = certified ? 5e-9 : 1e-4
        let outcome = try SubsetRowCutsStage.bound(
          session: solved.session, types: solved.types, master: solved.master, root: solved.root,
          target: entry.optimum, face: nil, options: options, until: ContinuousClock().now + .seconds(120))
        print("\(entry.instance) \(certified ? "certified" : "standard"): \(outcome.summary)")
        XCTAssertLessThanOrEqual(outcome.rowBound, entry.optimum, entry.instance)
        var pipelineOptions = ExactPipeline.Options()
        pipelineOptions.cuts = options
        let (tree, patterns) = try BranchAndPriceStage.decide(
          state: solved.state(options: pipelineOptions), master: solved.master, root: solved.root, rows: rows, cutRounds: 3,
          until: ContinuousClock().now + .seconds(60))
        print("\(entry.instance) \(certified ? "certified" : "standard"): \(tree.summary)")
        XCTAssertLessThanOrEqual(tree.rootBound, entry.optimum, entry.instance)
        XCTAssertNil(patterns, "\(entry.instance): a packing in \(rows) rows, below the optimum")
      }
    }
  }
}
