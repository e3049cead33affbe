@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The cut master started from the plain master's basis
/// (``GilmoreGomoryColumnGeneration/basisWithoutExchangeColumns()``,
/// ``SubsetRowCutAndPrice/start(basicRows:basicPatterns:)``) reaches the
/// same LP optimum as from the standard basis, in fewer pivots.
final class CutMasterWarmStartTests: XCTestCase {
  let far = TestDeadline.far

  func testWarmStartReachesTheSameOptimumInFewerPivots() throws {
    var warmPivots = 0, coldPivots = 0, instances = 0
    for seed in UInt64(1)...40 {
      var random = SplitMix64(seed: seed &+ 0x3A2)
      let capacity = 200 + Int(random.next() % 300)
      let sizes = (0..<(40 + Int(random.next() % 40))).map { _ in 10 + Int(random.next() % UInt64(capacity / 2)) }
      let types = ItemTypes(sizes: sizes, capacity: capacity)
      let session = GLPKSession(verbose: false)
      defer { session.close() }
      let master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      let root = try XCTUnwrap(try master.solve(until: far, toConvergence: true), "seed \(seed)")
      let support = root.values.indices.filter { root.values[$0] > 1e-9 }.map { master.patterns[$0] }
      let (basicRows, basicPatterns) = try master.basisWithoutExchangeColumns()
      XCTAssertEqual(basicRows.count, types.count, "seed \(seed)")

      let cold = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: support + basicPatterns)
      let coldLP = try cold.problem.solveLP(timeLimit: .seconds(60))
      let warm = try SubsetRowCutAndPrice(session: session, types: types, initialPatterns: support + basicPatterns)
      try warm.start(basicRows: basicRows, basicPatterns: Set(basicPatterns))
      let warmLP = try warm.problem.solveLP(timeLimit: .seconds(60))
      XCTAssertEqual(coldLP.status, .optimal, "seed \(seed)")
      XCTAssertEqual(warmLP.status, .optimal, "seed \(seed)")
      XCTAssertEqual(warmLP.objective, coldLP.objective, accuracy: 1e-7, "seed \(seed)")
      warmPivots += try warm.problem.iterationCount()
      coldPivots += try cold.problem.iterationCount()
      instances += 1
    }
    XCTAssertEqual(instances, 40)
    XCTAssertLessThan(warmPivots, coldPivots, "the plain master's basis saved no pivots")
  }
}
