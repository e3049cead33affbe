import RowPacking
import TestSupport
import XCTest

final class VerifierTests: XCTestCase {
  let instance = try! Instance(widths: [50, 30, 20, 40], rowWidth: 100, spacing: 5)

  func testAValidPackingHasNoViolations() {
    // 50 + 5 + 30 = 85; 20 + 5 + 40 = 65.
    XCTAssertEqual(verify(Packing(rows: [[0, 1], [2, 3]]), for: instance), [])
  }

  func testEveryKindOfViolationIsFound() {
    XCTAssertEqual(verify(Packing(rows: [[0, 1], [2]]), for: instance), [.missingItem(3)])
    XCTAssertEqual(verify(Packing(rows: [[0, 1], [2, 3, 1]]), for: instance), [.repeatedItem(1)])
    XCTAssertEqual(verify(Packing(rows: [[0, 1], [2, 3], []]), for: instance), [.emptyRow(2)])
    XCTAssertEqual(verify(Packing(rows: [[0, 1, 9], [2, 3]]), for: instance), [.unknownItem(row: 0, item: 9)])
    // 50 + 5 + 30 + 5 + 20 = 110 > 100.
    XCTAssertEqual(verify(Packing(rows: [[0, 1, 2], [3]]), for: instance), [.overfullRow(row: 0, usedWidth: 110, rowWidth: 100)])
  }

  func testAnExactFillWithSpacingIsValidAndOneMoreIsNot() throws {
    let exact = try Instance(widths: [45, 45], rowWidth: 100, spacing: 10)
    XCTAssertEqual(verify(Packing(rows: [[0, 1]]), for: exact), [])
    let over = try Instance(widths: [45, 45.5], rowWidth: 100, spacing: 10)
    XCTAssertEqual(verify(Packing(rows: [[0, 1]]), for: over).count, 1)
  }

  func testFractionalSumsAreCheckedWithinFloatingPointNoiseOnly() throws {
    // 0.1 + 0.2 > 0.3 in binary floating point; the row is still exactly full.
    let tight = try Instance(widths: [0.1, 0.2], rowWidth: 0.3)
    XCTAssertEqual(verify(Packing(rows: [[0, 1]]), for: tight), [])
    let over = try Instance(widths: [0.1, 0.2], rowWidth: 0.2999)
    XCTAssertEqual(verify(Packing(rows: [[0, 1]]), for: over).count, 1)
  }
}

final class ScalingTests: XCTestCase {
  func testIntegerInstancesAreExactAtResolutionOne() throws {
    let s = try Instance(widths: [3, 4], rowWidth: 10, spacing: 2).scaled()
    XCTAssertEqual(s.resolution, 1)
    XCTAssertEqual(s.sizes, [5, 6])
    XCTAssertEqual(s.capacity, 12)
    XCTAssertTrue(s.isExact)
  }

  func testDecimalWidthsAreExactAtTheirResolution() throws {
    let s = try Instance(widths: [12.5, 0.25], rowWidth: 100, spacing: 8).scaled()
    XCTAssertEqual(s.resolution, 100)
    XCTAssertEqual(s.sizes, [2050, 825])
    XCTAssertEqual(s.capacity, 10800)
    XCTAssertTrue(s.isExact)
  }

  func testOtherWidthsRoundSafely() throws {
    let third = 1.0 / 3.0
    let s = try Instance(widths: [third], rowWidth: 10 + third).scaled()
    XCTAssertEqual(s.resolution, 1000)
    XCTAssertEqual(s.sizes, [334])  // up
    XCTAssertEqual(s.boundSizes, [333])  // down
    XCTAssertEqual(s.capacity, 10333)  // down
    XCTAssertEqual(s.boundCapacity, 10334)  // up
    XCTAssertFalse(s.isExact)
  }

  func testAnItemAsWideAsTheRowStillFitsAfterRounding() throws {
    let w = 100.0 / 3.0
    let s = try Instance(widths: [w, w], rowWidth: w).scaled()
    XCTAssertLessThanOrEqual(s.sizes.max()!, s.capacity)
    for packer in PackingAlgorithm.allCases.map(\.packer) { XCTAssertEqual(try packer.pack(s).rowCount, 2) }
  }

  func testScaledSizesBracketTheTrueSizes() throws {
    for seed in UInt64(1)...300 {
      var rng = SplitMix64(seed: seed)
      let instance = TestData.randomFractionalInstance(using: &rng)
      let s = try instance.scaled()
      let q = Double(s.resolution)
      for (i, w) in instance.widths.enumerated() {
        let size = (w + instance.spacing) * q
        XCTAssertLessThanOrEqual(Double(s.boundSizes[i]), size + 1e-6)
        XCTAssertGreaterThanOrEqual(Double(s.sizes[i]), min(size, Double(s.capacity)) - 1e-6)
      }
      XCTAssertLessThanOrEqual(Double(s.capacity), (instance.rowWidth + instance.spacing) * q + 1e-6)
      XCTAssertGreaterThanOrEqual(Double(s.boundCapacity), (instance.rowWidth + instance.spacing) * q - 1e-6)
    }
  }

  func testInvalidResolutionsAreRefused() throws {
    let instance = try Instance(widths: [1], rowWidth: 2)
    XCTAssertThrowsError(try instance.scaled(resolution: 3))
    XCTAssertThrowsError(try instance.scaled(resolution: 0))
    XCTAssertEqual(try instance.scaled(resolution: 10).capacity, 20)
  }
}
