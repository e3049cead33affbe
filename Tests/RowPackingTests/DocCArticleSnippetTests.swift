import RowPacking
import XCTest

/// The code of the DocC articles (TheProvenMinimum, LayoutObjectives), compiled and run.
final class DocCArticleSnippetTests: XCTestCase {
  let widths: [Double] = [96.5, 120, 64, 150, 88]

  func testTheProvenMinimum() throws {
    let result = try packRowsOptimally(widths: widths, rowWidth: 358, spacing: 8,
                                       budget: SearchBudget(timeLimit: .milliseconds(20)))
    let rows = result.packing?.rows ?? []
    XCTAssertTrue(result.isProvenOptimal)
    XCTAssertEqual(rows.count, result.lowerBound.value)
    let counted = try packRowsOptimally(widths: widths, rowWidth: 358, spacing: 8,
                                        budget: SearchBudget(timeLimit: .milliseconds(50), nodeLimit: 100_000))
    XCTAssertEqual(counted.packing?.rowCount, 2)
  }

  func testLayoutObjectives() throws {
    let instance = try Instance(widths: widths, rowWidth: 358, spacing: 8)
    let tradeoff = try tradeoffRowsAndMoves(instance, budget: SearchBudget(timeLimit: .milliseconds(50)))
    XCTAssertFalse(tradeoff.points.isEmpty)
    for point in tradeoff.points { XCTAssertGreaterThanOrEqual(point.moves, point.movesLowerBound) }
    let oneMove = tradeoff.fewestRows(movingAtMost: 1)
    XCTAssertNotNil(oneMove)

    let balanced = try packRowsBalanced(widths: widths, rowWidth: 358, spacing: 8,
                                        measure: .largestEmptySpace, keepingOrder: true)
    XCTAssertEqual(balanced.packing.rows.flatMap { $0 }, [0, 1, 2, 3, 4])
    XCTAssertEqual(balanced.emptySpaces.count, balanced.packing.rowCount)

    let limited = try packRowsLimited(widths: widths, rowWidth: 358, spacing: 8,
                                      maxRows: 1, chipWidth: { k in k < 10 ? 62 : 70 })
    XCTAssertEqual(limited.packing.rowCount, 1)
    XCTAssertEqual(limited.packing.rows.flatMap { $0 }.count + limited.hiddenItems.count, widths.count)

    let steps = try rowsForEveryWidth(widths: widths, spacing: 8, algorithm: .packer(.firstFitDecreasing))
    XCTAssertEqual(steps.rows(atRowWidth: 358), 2)
  }
}
