import RowPacking
import RowPackingILP
import XCTest

/// Fractional widths: solved on the scaled integers with the certificate,
/// optimal for the true widths only when proven on the bound sizes.
final class FractionalWidthTests: XCTestCase {
  func testExactlyScalableWidthsAreProvenOptimal() throws {
    // Widths in tenths: resolution 10 is exact. Three rows of 10.0 each
    // filled exactly by 3.3 + 3.3 + 3.4 cannot be packed in fewer.
    let widths = [3.3, 3.3, 3.4, 3.3, 3.3, 3.4, 3.3, 3.3, 3.4, 2.5, 2.5, 2.5, 2.5]
    let instance = try Instance(name: "tenths", widths: widths, rowWidth: 10)
    XCTAssertTrue(try instance.scaled().isExact)
    let result = solveExactly(instance, algorithm: .exact)
    XCTAssertEqual(verify(try XCTUnwrap(result.packing), for: instance), [])
    XCTAssertEqual(result.rowCount, 4)
    XCTAssertEqual(result.status, .optimal)
  }

  func testInexactScalingReportsHonestly() throws {
    // 1/3 of a point cannot be represented at any resolution: sizes are
    // rounded up for packing, down for the bound. Three widths of 10/3 fill
    // a row of 10 exactly, but the rounded-up sizes do not fit three to a
    // row, so the packing has more rows than the bound: not proven.
    let third = 10.0 / 3.0
    let instance = try Instance(name: "thirds", widths: Array(repeating: third, count: 9), rowWidth: 10)
    XCTAssertFalse(try instance.scaled().isExact)
    let result = solveExactly(instance, algorithm: .exact, options: ExactOptions(timeLimit: .seconds(5)))
    let packing = try XCTUnwrap(result.packing)
    XCTAssertEqual(verify(packing, for: instance), [])
    XCTAssertEqual(result.lowerBound.value, 3)
    XCTAssertEqual(packing.rowCount, 5)  // two per row on the rounded-up sizes
    XCTAssertNotEqual(result.status, .optimal)
    XCTAssertFalse(result.isProvenOptimal)
  }

  func testInexactScalingCanStillProve() throws {
    // Widths of a third with a lot of room: the rounding does not matter
    // and the bound on the rounded-down sizes proves the rows.
    let third = 10.0 / 3.0
    let instance = try Instance(name: "loose", widths: Array(repeating: third, count: 4) + [7, 7], rowWidth: 10.5)
    let result = solveExactly(instance, algorithm: .exact)
    XCTAssertEqual(verify(try XCTUnwrap(result.packing), for: instance), [])
    XCTAssertEqual(result.rowCount, 3)
    XCTAssertEqual(result.status, .optimal)
  }

  func testResolutionOption() throws {
    // 2.5 is whole in tenths: two per row of 5, proven. At resolution 1 the
    // packing sizes round up to 3 (one per row) and the bound sizes down to
    // 2: a valid packing of 4 rows, a bound of 2, no proof.
    let instance = try Instance(name: "halves", widths: [2.5, 2.5, 2.5, 2.5], rowWidth: 5)
    let fine = solveExactly(instance, algorithm: .exact)
    XCTAssertEqual(fine.rowCount, 2)
    XCTAssertEqual(fine.status, .optimal)
    let coarse = solveExactly(instance, algorithm: .exact, options: ExactOptions(timeLimit: .seconds(5), resolution: 1))
    XCTAssertEqual(verify(try XCTUnwrap(coarse.packing), for: instance), [])
    XCTAssertEqual(coarse.rowCount, 4)
    XCTAssertEqual(coarse.lowerBound.value, 2)
    XCTAssertFalse(coarse.isProvenOptimal)
  }
}
