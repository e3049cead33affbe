import Foundation
import RowPacking
import RowPackingILP
import TestSupport
import XCTest

/// Every BPPLIB instance solved by `exact` must be proven optimal at the
/// known optimum of optima.tsv. A slow test (`PACKBENCH_SLOW_TESTS=1`,
/// scripts/slow-tests.sh); skipped with a message when ../shared/bpplib
/// is absent. CI runs a seeded sample of every set instead
/// (``OptimalitySampleTests``). Timing goals are for scripts/exact-bpplib.sh
/// (release), not for these tests: the time limit only guards against a hang.
final class BPPLIBOptimalityTests: XCTestCase {
  static let timeLimit = Duration.seconds(120)

  func check(set: String) throws {
    try SlowTests.require("BPPLIBOptimalityTests (every \(set) instance)")
    let optima = try BPPLIBFixture.optima()
    var checked = 0
    for file in try BPPLIBFixture.files(set: set) {
      let instance = try BPPLIBFixture.instance(at: file)
      let known = try XCTUnwrap(optima.optimum(for: instance), "\(instance.name) is not in optima.tsv")
      let result = solveExactly(instance, algorithm: .exact, options: ExactOptions(timeLimit: Self.timeLimit))
      let packing = try XCTUnwrap(result.packing, "\(instance.name): no packing (\(result.status))")
      XCTAssertEqual(verify(packing, for: instance), [], instance.name)
      XCTAssertEqual(result.status, .optimal, "\(instance.name): \(result.status.name) \(result.status.message ?? "")")
      XCTAssertEqual(packing.rowCount, known.optimum, "\(instance.name): rows")
      XCTAssertEqual(result.lowerBound.value, known.optimum, "\(instance.name): bound")
      checked += 1
    }
    XCTAssertGreaterThan(checked, 0, "no instance of \(set) checked")
  }

  func testFalkenauerU() throws { try check(set: "Falkenauer_U") }
  func testFalkenauerT() throws { try check(set: "Falkenauer_T") }
  func testSchwerin1() throws { try check(set: "Schwerin_1") }
  func testSchwerin2() throws { try check(set: "Schwerin_2") }
  func testWaescher() throws { try check(set: "Waescher") }
  func testScholl1() throws { try check(set: "Scholl_1") }
  func testScholl2() throws { try check(set: "Scholl_2") }
  func testScholl3() throws { try check(set: "Scholl_3") }
}
