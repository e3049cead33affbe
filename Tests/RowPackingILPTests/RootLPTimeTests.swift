@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// An exact solve reports when its root LP ended
/// (``PackingResult/rootLPTime``): set exactly when the root LP stage ran
/// and converged, between the solve's start and its end.
final class RootLPTimeTests: XCTestCase {
  /// Seeded small instances (sizes of a fifth to seven tenths of the row,
  /// where L2 is often below the optimum): past the packers the root LP
  /// runs and its time is in (0, elapsed]; settled before it, there is none.
  func testASolvePastThePackersReportsItsRootLPTimeWithinItsElapsedTime() throws {
    var timed = 0, settledBefore = 0
    for seed in UInt64(1)...200 {
      var random = SplitMix64(seed: seed &+ 9100)
      let widths = (0..<(8 + Int(random.next() % 5))).map { _ in 20 + Int(random.next() % 50) }
      let instance = try Instance(widths: widths.map(Double.init), rowWidth: 100)
      let label = "seed \(seed): \(widths) in 100"
      let pipeline = ExactPipeline(setup: try SolveSetup(instance: instance, timeLimit: .seconds(10)), verbose: false)
      let (result, run) = pipeline.solve()
      guard run.contains(.rootLP) else {
        XCTAssertNil(result.rootLPTime, "\(label): no root LP ran (\(run.map(\.rawValue)))")
        settledBefore += 1
        continue
      }
      // Ten seconds are ample for a dozen items: the root LP converged.
      let root = try XCTUnwrap(result.rootLPTime, "\(label): the root LP ran but reports no time")
      XCTAssertGreaterThan(root, .zero, label)
      XCTAssertLessThanOrEqual(root, result.elapsed, label)
      timed += 1
    }
    XCTAssertGreaterThan(timed, 5, "the packers settled nearly all: the root LP time is hardly tested")
    XCTAssertGreaterThan(settledBefore, 0, "every solve ran the LP: the nil case is untested")
  }

  /// The public entry (the bench's `exact`) carries it too; a root LP that
  /// settles the instance (L1 = L2 = 3, LP bound 4) ends before the solve.
  func testTheExactAlgorithmReportsTheRootLPTime() throws {
    let instance = try Instance(widths: [49, 49, 34, 34, 34, 33, 33, 33], rowWidth: 100)
    let result = solveExactly(instance, algorithm: .exact, options: ExactOptions(timeLimit: .seconds(10)))
    XCTAssertEqual(result.status, .optimal)
    XCTAssertEqual(result.stage, .rootLP)
    let root = try XCTUnwrap(result.rootLPTime)
    XCTAssertLessThanOrEqual(root, result.elapsed)
    // The MIP formulations have no root LP stage.
    XCTAssertNil(solveExactly(instance, algorithm: .ilpArcFlow, options: ExactOptions(timeLimit: .seconds(10))).rootLPTime)
  }
}
