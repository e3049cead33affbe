import RowPacking
import XCTest

/// The README's Swift snippets for app developers, compiled and run as written.
///
/// `DocsDriftTests.testReadmeSwiftSnippetsAreCompiledHere` checks that every
/// Swift block of README.md (the Package.swift lines apart) appears in this
/// file line for line, so the README cannot show code that does not build.
final class ReadmeSnippetTests: XCTestCase {
  func testRowsFromWidthsAndTheProvenMinimum() throws {
    // README: "The rows of a tag list, by a packer"
    let widths: [Double] = [96.5, 120, 64, 150, 88]      // tag widths in points
    let rows = try packRows(widths: widths, rowWidth: 358, spacing: 8,
                            algorithm: .firstFitDecreasing)
    // rows == [[3, 1, 2], [0, 4]]: item indices, top row first
    XCTAssertEqual(rows, [[3, 1, 2], [0, 4]])

    // README: "The proven minimum, in pure Swift, under a budget"
    let result = try packRowsOptimally(widths: widths, rowWidth: 358, spacing: 8,
                                       budget: SearchBudget(timeLimit: .milliseconds(20)))
    let best = result.packing!.rows     // the rows
    let proven = result.isProvenOptimal // rows equal a proven lower bound (result.lowerBound)
    let status = result.status          // .optimal, or .timeLimit with the best packing found
    XCTAssertEqual(best.count, 2)
    XCTAssertTrue(proven)
    XCTAssertEqual(status, .optimal)
  }
}
