import RowPacking
import XCTest

/// The example in the README and in OrderKeyList's doc comment does what it says.
final class OrderKeyExampleTests: XCTestCase {
  func testTheDocumentedExample() throws {
    var list = try OrderKeyList<Int>([])
    XCTAssertEqual(try list.insert(1, at: 0).map(\.key), ["a0"])
    XCTAssertEqual(try list.insert(2, at: 1).map(\.key), ["a1"])
    let writes = try list.move(from: 1, to: 0)
    XCTAssertEqual(writes.map(\.id), [2])
    XCTAssertEqual(writes.map(\.key), ["Zz"])
    XCTAssertEqual(list.order, [2, 1])
  }
}
