import RowPacking
import XCTest

final class OrderKeyReorderTests: XCTestCase {
  let keys = OrderKeyGenerator()

  func records(_ keys: [String]) -> [OrderKeyRecord<Int>] {
    keys.enumerated().map { OrderKeyRecord(id: $0.offset, key: $0.element) }
  }

  /// Keys after applying `writes`, along `order`; fails unless they ascend.
  func assertAscending(
    _ records: [OrderKeyRecord<Int>], _ writes: [OrderKeyRecord<Int>], _ order: [Int],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    var key = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0.key) })
    for write in writes { key[write.id] = write.key }
    let after = order.map { key[$0]! }
    for (a, b) in zip(after, after.dropFirst()) where !bytesAscending(a, b) {
      XCTFail("\(a) !< \(b) in \(after)", file: file, line: line)
      return
    }
  }

  /// The fewest writes by brute force: the largest subset of records whose
  /// keys are valid and strictly ascend in `order`, over every subset.
  func bruteForceWrites(_ records: [OrderKeyRecord<Int>], _ order: [Int]) -> Int {
    let n = order.count
    let key = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0.key) })
    let ordered = order.map { key[$0]! }
    let valid = ordered.map(OrderKey.isValid)
    var ascending = [[Bool]](repeating: [Bool](repeating: false, count: n), count: n)
    for i in 0..<n { for j in 0..<n { ascending[i][j] = bytesAscending(ordered[i], ordered[j]) } }
    var best = 0
    for mask in 0..<(1 << n) where mask.nonzeroBitCount > best {
      var previous = -1
      var ok = true
      for i in 0..<n where mask & (1 << i) != 0 {
        if !valid[i] || (previous >= 0 && !ascending[previous][i]) { ok = false; break }
        previous = i
      }
      if ok { best = mask.nonzeroBitCount }
    }
    return n - best
  }

  func permutations(_ n: Int) -> [[Int]] {
    if n == 0 { return [[]] }
    return permutations(n - 1).flatMap { p in (0...p.count).map { i in var q = p; q.insert(n - 1, at: i); return q } }
  }

  /// On every permutation of up to 7 records, with distinct keys and with
  /// legacy keys (equal, malformed), the writes equal the brute-force
  /// minimum and the keys then ascend.
  func testReorderMatchesBruteForceOnAllSmallPermutations() throws {
    var random = SplitMix64(seed: 11)
    for n in 1...7 {
      let distinct = try keys.keys(between: nil, and: nil, count: n)
      let pool = ["a0", "a0", "a1", "a1V", "a00", "b"]
      let legacy = (0..<n).map { _ in pool[Int.random(in: 0..<pool.count, using: &random)] }
      for stored in [distinct, legacy] {
        let recs = records(stored)
        for order in permutations(n) {
          let writes = try keys.reorder(recs, to: order)
          XCTAssertEqual(writes.count, bruteForceWrites(recs, order), "\(stored) to \(order)")
          XCTAssertEqual(Set(writes.map(\.id)).count, writes.count)
          assertAscending(recs, writes, order)
        }
      }
    }
  }

  /// A single drag rewrites one record; a reverse rewrites n - 1.
  func testDragAndReverse() throws {
    var random = SplitMix64(seed: 12)
    let n = 200
    let recs = records(try keys.keys(between: nil, and: nil, count: n))
    for _ in 0..<200 {
      var order = Array(0..<n)
      let from = Int.random(in: 0..<n, using: &random)
      var to = Int.random(in: 0..<n - 1, using: &random)
      if to >= from { to += 1 }
      order.insert(order.remove(at: from), at: to)
      let writes = try keys.reorder(recs, to: order)
      XCTAssertEqual(writes.count, 1)
      assertAscending(recs, writes, order)
    }
    let reversed = Array((0..<n).reversed())
    let writes = try keys.reorder(recs, to: reversed)
    XCTAssertEqual(writes.count, n - 1)
    assertAscending(recs, writes, reversed)
    XCTAssertEqual(try keys.reorder(recs, to: Array(0..<n)), [])
  }

  /// Drags in a list: the dragged record alone is written.
  func testListMoveWritesTheDraggedRecord() throws {
    var random = SplitMix64(seed: 13)
    var list = try OrderKeyList<Int>([])
    for id in 0..<100 { _ = try list.append(id) }
    for _ in 0..<1_000 {
      let from = Int.random(in: 0..<100, using: &random)
      let to = Int.random(in: 0..<100, using: &random)
      let id = list.records[from].id
      let writes = try list.move(from: from, to: to)
      XCTAssertEqual(writes.map(\.id), from == to ? [] : [id])
      XCTAssertEqual(list.records[to].id, id)
    }
    let keys = list.records.map(\.key)
    XCTAssertTrue(zip(keys, keys.dropFirst()).allSatisfy(bytesAscending))
  }

  /// A reorder of a large list keeps a longest ascending run: writes equal
  /// n minus the longest increasing subsequence, computed here by O(n^2)
  /// dynamic programming.
  func testListReorderOfALargerList() throws {
    var random = SplitMix64(seed: 14)
    var list = try OrderKeyList<Int>([])
    for id in 0..<300 { _ = try list.insert(id, at: Int.random(in: 0...list.count, using: &random)) }
    for _ in 0..<5 {
      var order = list.order
      for _ in 0..<20 {
        let i = Int.random(in: 0..<order.count, using: &random)
        order.insert(order.remove(at: i), at: Int.random(in: 0..<order.count, using: &random))
      }
      let old = Dictionary(uniqueKeysWithValues: list.records.map { ($0.id, $0.key) })
      let keys = order.map { old[$0]! }
      var best = [Int](repeating: 1, count: keys.count)
      for i in keys.indices {
        for j in 0..<i where bytesAscending(keys[j], keys[i]) { best[i] = max(best[i], best[j] + 1) }
      }
      let writes = try list.reorder(to: order)
      XCTAssertEqual(writes.count, keys.count - best.max()!)
      XCTAssertEqual(list.order, order)
      let after = list.records.map(\.key)
      XCTAssertTrue(zip(after, after.dropFirst()).allSatisfy(bytesAscending))
    }
  }

  /// Legacy data with equal and malformed keys loads in (key, id) order and
  /// inserting or moving among them never traps and leaves the touched
  /// neighbours ascending.
  func testLegacyEqualKeys() throws {
    let legacy = [
      OrderKeyRecord(id: 5, key: "a1"), OrderKeyRecord(id: 2, key: "a1"), OrderKeyRecord(id: 9, key: "a1"),
      OrderKeyRecord(id: 1, key: "a0"), OrderKeyRecord(id: 7, key: "not a key"), OrderKeyRecord(id: 3, key: "a2"),
    ]
    var list = try OrderKeyList(legacy)
    XCTAssertEqual(list.order, [1, 2, 5, 9, 3, 7])
    let writes = try list.insert(10, at: 2)  // between two equal keys
    XCTAssertGreaterThan(writes.count, 1)
    XCTAssertEqual(list.order, [1, 2, 10, 5, 9, 3, 7])
    let keys = list.records.map(\.key)
    XCTAssertTrue(bytesAscending(keys[0], keys[1]) && bytesAscending(keys[1], keys[2]) && bytesAscending(keys[2], keys[3]))
    _ = try list.move(from: 6, to: 0)
    XCTAssertEqual(list.order.first, 7)
    let all = try list.reorder(to: list.order)
    let final = list.records.map(\.key)
    XCTAssertTrue(zip(final, final.dropFirst()).allSatisfy(bytesAscending), "\(final) after \(all)")
    XCTAssertThrowsError(try OrderKeyList([OrderKeyRecord(id: 1, key: "a0"), OrderKeyRecord(id: 1, key: "a1")]))
    XCTAssertThrowsError(try self.keys.reorder(legacy, to: [1, 2, 3]))
  }

  /// Under a small cap that forces window rewrites, the writes returned by
  /// insert and move are exactly the records whose key changed, and only
  /// the window's records change.
  func testWritesAreExactlyTheChangedRecords() throws {
    var random = SplitMix64(seed: 15)
    var list = try OrderKeyList<Int>([], generator: OrderKeyGenerator(maxLength: 6))
    var windows = 0
    for id in 0..<600 {
      let before = Dictionary(uniqueKeysWithValues: list.records.map { ($0.id, $0.key) })
      let writes: [OrderKeyRecord<Int>]
      if id >= 300, Bool.random(using: &random) {
        // Drag a random record next to the last one touched.
        let from = Int.random(in: 0..<list.count, using: &random)
        let to = min(list.count - 1, list.count / 2 + Int.random(in: 0...1, using: &random))
        writes = try list.move(from: from, to: to)
      } else {
        writes = try list.insert(id, at: list.count / 2)
      }
      let changed = Set(list.records.filter { before[$0.id] != $0.key }.map(\.id))
      XCTAssertEqual(Set(writes.map(\.id)), changed)
      XCTAssertEqual(writes.count, changed.count, "no record written twice")
      for write in writes { XCTAssertEqual(list.records.first { $0.id == write.id }?.key, write.key) }
      if writes.count > 1 { windows += 1 }
      let keys = list.records.map(\.key)
      XCTAssertTrue(zip(keys, keys.dropFirst()).allSatisfy(bytesAscending))
      XCTAssertLessThanOrEqual(keys.map(\.count).max() ?? 0, 6)
    }
    XCTAssertGreaterThan(windows, 10, "the cap of 6 forced window rewrites")
  }

  /// Messy legacy lists (equal, malformed, non-ASCII, over-long keys) take
  /// random inserts, moves and reorders without an error: each written key
  /// is valid and within the cap, the touched record lies strictly between
  /// its neighbours, and after a reorder every key ascends.
  func testMessyLegacyListsNeverFail() throws {
    let messy = ["", "a0", "a0", "a1", "a00", "é", "a1 ", "0", "b1", "Zz", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzV", "a0V", "a0V"]
    for seed in 0..<30 as Range<UInt64> {
      var random = SplitMix64(seed: seed)
      let count = Int.random(in: 0..<12, using: &random)
      let legacy = (0..<count).map {
        OrderKeyRecord(id: $0, key: messy[Int.random(in: 0..<messy.count, using: &random)])
      }
      var list = try OrderKeyList(legacy, generator: OrderKeyGenerator(maxLength: 8))
      var nextID = count
      for _ in 0..<40 {
        let writes: [OrderKeyRecord<Int>]
        let touched: Int?
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where list.count > 1:
          let from = Int.random(in: 0..<list.count, using: &random)
          let to = Int.random(in: 0..<list.count, using: &random)
          writes = try list.move(from: from, to: to)
          touched = from == to ? nil : to
        case 1:
          var order = list.order
          for i in order.indices.reversed() { order.swapAt(i, Int.random(in: 0...i, using: &random)) }
          writes = try list.reorder(to: order)
          touched = nil
          let keys = list.records.map(\.key)
          XCTAssertTrue(zip(keys, keys.dropFirst()).allSatisfy(bytesAscending), "seed \(seed): \(keys)")
        default:
          let at = Int.random(in: 0...list.count, using: &random)
          writes = try list.insert(nextID, at: at)
          nextID += 1
          touched = at
        }
        for write in writes {
          XCTAssertTrue(OrderKey.isValid(write.key), write.key)
          XCTAssertLessThanOrEqual(write.key.count, 8)
        }
        if let i = touched {
          let keys = list.records.map(\.key)
          if i > 0 { XCTAssertTrue(bytesAscending(keys[i - 1], keys[i]), "seed \(seed): \(keys)") }
          if i + 1 < keys.count { XCTAssertTrue(bytesAscending(keys[i], keys[i + 1]), "seed \(seed): \(keys)") }
        }
      }
    }
  }
}
