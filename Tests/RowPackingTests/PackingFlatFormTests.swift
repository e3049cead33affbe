import Foundation
import RowPacking
import TestSupport
import XCTest

/// The flat form of a packing (items row after row, row starts) against
/// its nested rows.
final class PackingFlatFormTests: XCTestCase {
  func testRowsAndFlatFormAgree() throws {
    var rng = SplitMix64(seed: 3)
    for _ in 0..<200 {
      let rows = (0..<Int.random(in: 0...8, using: &rng)).map { _ in
        (0..<Int.random(in: 1...5, using: &rng)).map { _ in Int.random(in: 0...50, using: &rng) }
      }
      let packing = Packing(rows: rows)
      XCTAssertEqual(packing.rows, rows)
      XCTAssertEqual(packing.rowCount, rows.count)
      XCTAssertEqual(packing.items, rows.flatMap { $0 })
      XCTAssertEqual(packing.rowStarts.count, rows.count + 1)
      for r in rows.indices { XCTAssertEqual(Array(packing.row(r)), rows[r]) }
      XCTAssertEqual(Packing(items: packing.items, rowStarts: packing.rowStarts), packing)
    }
  }

  func testJSONKeepsTheNestedRows() throws {
    let packing = Packing(rows: [[2, 0], [1]])
    let json = String(decoding: try JSONEncoder().encode(packing), as: UTF8.self)
    XCTAssertEqual(json, #"{"rows":[[2,0],[1]]}"#)
    XCTAssertEqual(try JSONDecoder().decode(Packing.self, from: Data(json.utf8)), packing)
    XCTAssertEqual(Packing(rows: []).rowStarts, [0])
  }

  /// Next-fit keeps the order, so its packing stores only the row starts:
  /// it must read, compare, hash and encode like the same rows stored in full.
  func testOrderKeepingPackingsBehaveLikeStoredOnes() throws {
    var rng = SplitMix64(seed: 4)
    for _ in 0..<200 {
      let capacity = Int.random(in: 1...40, using: &rng)
      let sizes = (0..<Int.random(in: 0...30, using: &rng)).map { _ in Int.random(in: 0...capacity, using: &rng) }
      let inOrder = NextFit().pack(ScaledInstance(sizes: sizes, capacity: capacity))
      let stored = Packing(rows: inOrder.rows)
      XCTAssertEqual(inOrder, stored)
      XCTAssertEqual(stored, inOrder)
      XCTAssertEqual(inOrder.hashValue, stored.hashValue)
      XCTAssertEqual(inOrder.items, Array(sizes.indices))
      XCTAssertEqual(inOrder.itemCount, sizes.count)
      for r in 0..<inOrder.rowCount { XCTAssertEqual(Array(inOrder.row(r)), Array(stored.row(r))) }
      XCTAssertEqual(try JSONEncoder().encode(inOrder), try JSONEncoder().encode(stored))
      if sizes.count > 1 {
        // A different order with the same row starts is a different packing.
        var items = Array(sizes.indices)
        items.swapAt(0, items.count - 1)
        XCTAssertNotEqual(Packing(items: items, rowStarts: inOrder.rowStarts), inOrder)
      }
    }
  }
}
