import RowPacking
import TestSupport
import XCTest

/// Every packer of the core through the same checks.
final class PackerConformanceTests: XCTestCase {
  let packers: [any RowPacker] = PackingAlgorithm.allCases.map(\.packer)

  func pack(_ packer: any RowPacker, _ instance: Instance, file: StaticString = #filePath, line: UInt = #line) throws -> Packing {
    let packing = try packer.pack(try instance.scaled())
    XCTAssertEqual(verify(packing, for: instance), [], "\(packer.name) on \(instance.widths)", file: file, line: line)
    return packing
  }

  func testExactFillIsOneRow() throws {
    let instance = try Instance(widths: [60, 25, 15], rowWidth: 100)
    for packer in packers { XCTAssertEqual(try pack(packer, instance).rowCount, 1, packer.name) }
  }

  func testSpacingBetweenNeighboursOnly() throws {
    // 45 + 10 + 45 = 100 fills the row exactly; 45 + 10 + 46 does not fit.
    let fits = try Instance(widths: [45, 45], rowWidth: 100, spacing: 10)
    let overflows = try Instance(widths: [45, 46], rowWidth: 100, spacing: 10)
    for packer in packers {
      XCTAssertEqual(try pack(packer, fits).rowCount, 1, packer.name)
      XCTAssertEqual(try pack(packer, overflows).rowCount, 2, packer.name)
    }
  }

  func testSingleItemNoItemsAndFullWidthItem() throws {
    for packer in packers {
      XCTAssertEqual(try pack(packer, try Instance(widths: [7], rowWidth: 10)).rows, [[0]], packer.name)
      XCTAssertEqual(try pack(packer, try Instance(widths: [Int](), rowWidth: 10)).rowCount, 0, packer.name)
      XCTAssertEqual(try pack(packer, try Instance(widths: [10, 10], rowWidth: 10, spacing: 3)).rowCount, 2, packer.name)
    }
  }

  func testZeroWidthItemsOpenNoRowOfTheirOwn() throws {
    let instance = try Instance(widths: [10, 0, 10, 0], rowWidth: 10)
    for packer in packers {
      XCTAssertEqual(try pack(packer, instance).rowCount, 2, packer.name)
    }
  }

  func testItemWiderThanTheRowIsAnError() {
    XCTAssertThrowsError(try Instance(widths: [5, 11, 3], rowWidth: 10)) { error in
      XCTAssertEqual(error as? InstanceError, .itemWiderThanRow(item: 1, width: 11, rowWidth: 10))
      XCTAssertEqual("\(error)", "item 2 (width 11) is wider than the row (10)")
    }
  }

  func testInvalidWidthsAreErrors() {
    XCTAssertThrowsError(try Instance(widths: [-1], rowWidth: 10))
    XCTAssertThrowsError(try Instance(widths: [.nan], rowWidth: 10))
    XCTAssertThrowsError(try Instance(widths: [.infinity], rowWidth: 10))
    XCTAssertThrowsError(try Instance(widths: [1], rowWidth: 0))
    XCTAssertThrowsError(try Instance(widths: [1], rowWidth: 10, spacing: -1))
  }

  /// Thousands of seeded instances: every packing verifies, and L1 <= L2 <= rows.
  func testRandomInstancesVerifyAndRespectTheBounds() throws {
    for seed in UInt64(1)...2000 {
      var rng = SplitMix64(seed: seed)
      let instance = TestData.randomIntegerInstance(using: &rng)
      let scaled = try instance.scaled()
      let l1 = scaled.continuousBound, l2 = scaled.martelloTothBound
      XCTAssertLessThanOrEqual(l1, l2, "seed \(seed)")
      for packer in packers {
        let rows = try pack(packer, instance).rowCount
        XCTAssertLessThanOrEqual(l2, rows, "\(packer.name) seed \(seed)")
      }
    }
  }

  /// No packer beats the optimum of an instance whose optimum is known by construction.
  func testNoPackerBeatsAKnownOptimum() throws {
    for seed in UInt64(1)...300 {
      for kind in [InstanceGenerator.triplets, .perfect] {
        var rng = SplitMix64(seed: seed)
        let generated = kind.generate(name: "g", size: Int.random(in: 1...30, using: &rng), using: &rng)
        let optimum = try XCTUnwrap(generated.optimum)
        XCTAssertLessThanOrEqual(try generated.instance.scaled().martelloTothBound, optimum)
        for packer in packers {
          XCTAssertGreaterThanOrEqual(try pack(packer, generated.instance).rowCount, optimum, "\(packer.name) \(kind) seed \(seed)")
        }
      }
    }
  }

  func testFractionalInstancesGiveValidPackingsForTheTrueWidths() throws {
    for seed in UInt64(1)...500 {
      var rng = SplitMix64(seed: seed)
      let instance = TestData.randomFractionalInstance(using: &rng)
      for packer in packers { _ = try pack(packer, instance) }
    }
  }

  func testPackersAreDeterministic() throws {
    for seed in UInt64(1)...50 {
      var rng = SplitMix64(seed: seed)
      let instance = TestData.randomIntegerInstance(using: &rng)
      for packer in packers { XCTAssertEqual(try pack(packer, instance), try pack(packer, instance), packer.name) }
    }
  }

  func testSolveComputesTheStatusFromRowsAndBound() throws {
    // Three items of 60 in rows of 100: L2 = 3 = rows, proven optimal.
    let result = solve(try Instance(widths: [60, 60, 60], rowWidth: 100), with: FirstFitDecreasing())
    XCTAssertEqual(result.status, .optimal)
    XCTAssertEqual(result.lowerBound, LowerBound(value: 3, source: .l2))
    XCTAssertTrue(result.isProvenOptimal)
    // Next-fit on an order that wastes a row: 6 and 5 cannot share a row of 10.
    let wasteful = solve(try Instance(widths: [6, 5, 4, 5], rowWidth: 10), with: NextFit())
    XCTAssertEqual(wasteful.rowCount, 3)
    XCTAssertEqual(wasteful.status, .feasible)
  }

  func testPackRowsEntryPoint() throws {
    let rows = try packRows(widths: [96.5, 120, 64, 150, 88], rowWidth: 358, spacing: 8)
    // The example of the README and the doc comment.
    XCTAssertEqual(rows, [[3, 1, 2], [0, 4]])
    XCTAssertThrowsError(try packRows(widths: [400], rowWidth: 358))
  }
}
