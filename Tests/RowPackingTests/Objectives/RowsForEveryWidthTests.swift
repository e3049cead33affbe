import RowPacking
import XCTest

/// The rows for every width against direct evaluation at every capacity.
final class RowsForEveryWidthTests: XCTestCase {
  private static let algorithms: [RowCountAlgorithm] = [
    .packer(.nextFit), .packer(.firstFit), .packer(.firstFitDecreasing), .packer(.bestFitDecreasing),
    .exact(.unlimited),
  ]

  /// Small integer lists: the step function equals the algorithm run at
  /// every integer row width of the range (so every breakpoint is right,
  /// and none is missing), and the breakpoint check finds nothing.
  func testEqualsDirectEvaluationAtEveryWidth() throws {
    var nonMonotone = 0
    for seed in 0..<120 {
      var rng = SplitMix64(seed: UInt64(seed))
      let n = Int.random(in: 1...9, using: &rng)
      let spacing = Int.random(in: 0...3, using: &rng)
      let widths = (0..<n).map { _ in Double(Int.random(in: 1...30, using: &rng)) }
      for algorithm in Self.algorithms {
        let f = try rowsForEveryWidth(widths: widths, spacing: Double(spacing), algorithm: algorithm)
        XCTAssertTrue(f.isProven)
        XCTAssertEqual(f.steps.first?.rowWidth, widths.max())
        XCTAssertEqual(f.steps.last?.rows, 1)
        XCTAssertEqual(f.checkBreakpoints(widths: widths, algorithm: algorithm), [], "seed \(seed) \(algorithm.name)")
        if !f.isMonotone { nonMonotone += 1 }
        let oneRow = Int(widths.reduce(0, +)) + (n - 1) * spacing
        XCTAssertNil(f.rows(atRowWidth: widths.max()! - 0.5))
        for w in Int(widths.max()!)...(oneRow + 2) {
          let instance = try Instance(widths: widths, rowWidth: Double(w), spacing: Double(spacing))
          let direct: Int
          switch algorithm {
          case .packer(let p): direct = solve(instance, with: p.packer).rowCount!
          case .exact: direct = solveOptimally(instance, budget: .unlimited).rowCount!
          }
          XCTAssertEqual(f.rows(atRowWidth: Double(w)), direct, "seed \(seed) \(algorithm.name) width \(w)")
        }
        if case .exact = algorithm { XCTAssertTrue(f.isMonotone) }
        if algorithm == .packer(.nextFit) { XCTAssertTrue(f.isMonotone) }
      }
    }
    _ = nonMonotone
  }

  /// FFD's anomaly: on this list a row of 63 needs 5 rows where 62 needs 4.
  /// The step function shows it, and agrees with FFD at every width.
  func testFirstFitDecreasingIsNotMonotone() throws {
    let widths: [Double] = [14, 18, 31, 39, 11, 16, 13, 14, 17, 22, 18, 32]
    let f = try rowsForEveryWidth(widths: widths, algorithm: .packer(.firstFitDecreasing))
    XCTAssertFalse(f.isMonotone)
    XCTAssertEqual(f.rows(atRowWidth: 62), 4)
    XCTAssertEqual(f.rows(atRowWidth: 63), 5)
    for w in 39...256 {
      let direct = solve(try Instance(widths: widths, rowWidth: Double(w)), with: FirstFitDecreasing()).rowCount
      XCTAssertEqual(f.rows(atRowWidth: Double(w)), direct, "width \(w)")
    }
    XCTAssertTrue(try rowsForEveryWidth(widths: widths, algorithm: .exact(.unlimited)).isMonotone)
  }

  /// Fractional widths: checked at the scaled resolution, at and below each breakpoint.
  func testFractionalWidthsBreakpointsCheck() throws {
    for seed in 0..<12 {
      var rng = SplitMix64(seed: UInt64(500 + seed))
      let widths = (0..<Int.random(in: 5...16, using: &rng)).map { _ in Double(Int.random(in: 3000...15000, using: &rng)) / 100 }
      for algorithm in Self.algorithms.dropLast() {
        let f = try rowsForEveryWidth(widths: widths, spacing: 8, algorithm: algorithm)
        XCTAssertEqual(f.resolution, 100)
        XCTAssertEqual(f.checkBreakpoints(widths: widths, algorithm: algorithm), [], "seed \(seed) \(algorithm.name)")
        for step in f.steps {
          let at = try Instance(widths: widths, rowWidth: step.rowWidth, spacing: 8)
          XCTAssertEqual(verify(step.packing, for: at), [], "the breakpoint's packing fits at the breakpoint")
        }
      }
    }
  }

  func testRefusesKnapsackAndEmptyLists() {
    XCTAssertThrowsError(try rowsForEveryWidth(widths: [1, 2], algorithm: .packer(.knapsackRows)))
    XCTAssertThrowsError(try rowsForEveryWidth(widths: [], algorithm: .packer(.nextFit)))
    XCTAssertThrowsError(try rowsForEveryWidth(widths: [0, 0], algorithm: .packer(.nextFit)))
  }
}
