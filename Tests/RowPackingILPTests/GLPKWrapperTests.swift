import RowPackingILP
import XCTest

/// The GLPK wrapper: a tiny LP and MIP solved right, and GLPK's internal
/// errors (which would abort the process) turned into typed errors.
final class GLPKWrapperTests: XCTestCase {
  /// minimise -x - y  s.t.  x + 2y <= 4,  3x + y <= 6,  x, y >= 0.
  var smallModel: LinearModel {
    LinearModel(
      rows: [.atMost(4), .atMost(6)],
      columns: [
        .init(objective: -1, entries: [(0, 1), (1, 3)]),
        .init(objective: -1, entries: [(0, 2), (1, 1)]),
      ])
  }

  func testLinearProgram() throws {
    let solution = try solveLinearProgram(smallModel)
    XCTAssertEqual(solution.status, .optimal)
    XCTAssertEqual(solution.objective, -2.8, accuracy: 1e-9)  // x = 1.6, y = 1.2
    XCTAssertEqual(solution.values[0], 1.6, accuracy: 1e-9)
    XCTAssertEqual(solution.values[1], 1.2, accuracy: 1e-9)
  }

  func testIntegerProgram() throws {
    var model = smallModel
    for j in model.columns.indices { model.columns[j].isInteger = true }
    let solution = try solveIntegerProgram(model)
    XCTAssertEqual(solution.status, .optimal)
    XCTAssertEqual(solution.objective, -2, accuracy: 1e-9)
  }

  func testRowIndexOutOfRangeIsATypedError() throws {
    let bad = LinearModel(rows: [.atLeast(1)], columns: [.init(objective: 1, entries: [(5, 1)])])
    XCTAssertThrowsError(try solveLinearProgram(bad)) { error in
      guard case GLPKError.internalError(let message) = error else {
        return XCTFail("expected GLPKError.internalError, got \(error)")
      }
      XCTAssertTrue(message.contains("out of range"), message)
    }
    // GLPK still works afterwards on this thread (a fresh environment).
    XCTAssertEqual(try solveLinearProgram(smallModel).objective, -2.8, accuracy: 1e-9)
  }

  func testDuplicateEntryIsATypedError() throws {
    let bad = LinearModel(rows: [.atLeast(1)], columns: [.init(objective: 1, entries: [(0, 1), (0, 2)])])
    XCTAssertThrowsError(try solveIntegerProgram(bad)) { error in
      guard case GLPKError.internalError = error else {
        return XCTFail("expected GLPKError.internalError, got \(error)")
      }
    }
  }

  func testInfeasibleProgram() throws {
    let model = LinearModel(rows: [.atMost(-1)], columns: [.init(objective: 1, entries: [(0, 1)])])
    XCTAssertEqual(try solveLinearProgram(model).status, .infeasible)
  }
}
