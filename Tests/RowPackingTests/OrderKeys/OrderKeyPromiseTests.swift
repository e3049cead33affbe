import RowPacking
import XCTest

/// The measured promises of issue 6: order, key length and writes.
final class OrderKeyPromiseTests: XCTestCase {
  enum Pattern: CaseIterable { case left, right, alternating, random }

  /// An app's store, kept apart from the list: the order the user made and
  /// the keys the returned writes put in it.
  struct Store {
    var order: [Int] = []
    var stored: [Int: String] = [:]
    var maxWrittenLength = 0
    var writes = 0

    mutating func apply(_ writes: [OrderKeyRecord<Int>]) {
      for write in writes {
        stored[write.id] = write.key
        maxWrittenLength = max(maxWrittenLength, write.key.count)
      }
      self.writes += writes.count
    }

    /// Where the records `ids` are in the order, searched outwards from
    /// `index` (writes cluster there; a stray one costs a longer search).
    func positions(of ids: Set<Int>, near index: Int) -> [Int] {
      var found: [Int] = []
      var distance = 0
      while found.count < ids.count, distance <= order.count {
        for i in Set([index - distance, index + distance]) where order.indices.contains(i) && ids.contains(order[i]) {
          found.append(i)
        }
        distance += 1
      }
      XCTAssertEqual(found.count, ids.count, "every written record is in the list")
      return found
    }

    /// Keys ascend strictly along the order, checked pair by pair around
    /// `positions`, or everywhere when nil.
    func check(around positions: [Int]? = nil, file: StaticString = #filePath, line: UInt = #line) {
      let pairs = positions.map { $0.flatMap { [$0 - 1, $0] } } ?? Array(order.indices)
      for i in pairs where i >= 0 && i + 1 < order.count {
        let a = stored[order[i]]!
        let b = stored[order[i + 1]]!
        if !bytesAscending(a, b) {
          XCTFail("keys out of order at \(i): \(a) then \(b)", file: file, line: line)
          return
        }
      }
    }
  }

  /// Inserts `count` new records one by one at the index `next` picks and
  /// checks after each that every key ascends.
  func insertAll(
    count: Int, initial: Int = 0, generator: OrderKeyGenerator = OrderKeyGenerator(), seed: UInt64,
    next: (inout SplitMix64, _ last: Int, _ count: Int) -> Int
  ) throws -> (list: OrderKeyList<Int>, store: Store) {
    var list = try OrderKeyList<Int>([], generator: generator, seed: seed)
    var store = Store()
    var random = SplitMix64(seed: seed)
    for id in 0..<initial {
      store.apply(try list.append(id))
      store.order.append(id)
    }
    var last = initial / 2
    for n in 0..<count {
      let id = initial + n
      let index = n == 0 ? last : next(&random, last, store.order.count)
      let writes = try list.insert(id, at: index)
      XCTAssertTrue(writes.contains { $0.id == id }, "the new record is written")
      store.order.insert(id, at: index)
      store.apply(writes)
      store.check(around: store.positions(of: Set(writes.map(\.id)), near: index))
      last = index
    }
    store.check()
    XCTAssertEqual(list.order, store.order)
    XCTAssertEqual(list.records.map(\.key), store.order.map { store.stored[$0]! })
    return (list, store)
  }

  static func nextIndex(_ pattern: Pattern) -> (inout SplitMix64, Int, Int) -> Int {
    var toggle = false
    return { random, last, _ in
      switch pattern {
      case .left: return last
      case .right: return last + 1
      case .alternating:
        toggle.toggle()
        return toggle ? last + 1 : last
      case .random: return Bool.random(using: &random) ? last + 1 : last
      }
    }
  }

  /// 10^4 random inserts: never equal or out of order; mean length <= 5,
  /// maximum <= 8.
  func testRandomInserts() throws {
    for seed in [1, 2] as [UInt64] {
      let (list, store) = try insertAll(count: 10_000, seed: seed) { random, _, count in
        Int.random(in: 0...count, using: &random)
      }
      let lengths = list.records.map(\.key.count)
      let mean = Double(lengths.reduce(0, +)) / Double(lengths.count)
      XCTAssertLessThanOrEqual(mean, 5, "seed \(seed)")
      XCTAssertLessThanOrEqual(lengths.max()!, 8, "seed \(seed)")
      XCTAssertEqual(store.writes, 10_000, "random inserts stay far from the cap: one write each")
    }
  }

  /// 10^4 nested inserts at one spot, per pattern, under the cap of 32:
  /// never equal or out of order, no key longer than 32.
  func testNestedInsertsUnderTheCap() throws {
    for pattern in Pattern.allCases {
      let (list, store) = try insertAll(count: 10_000, initial: 10, seed: 3, next: Self.nextIndex(pattern))
      XCTAssertLessThanOrEqual(store.maxWrittenLength, 32, "\(pattern)")
      XCTAssertLessThanOrEqual(list.records.map(\.key.count).max()!, 32, "\(pattern)")
      XCTAssertGreaterThan(store.writes, 10_000, "\(pattern): the cap forced window rewrites")
      XCTAssertLessThan(store.writes, 40_000, "\(pattern): window rewrites stay amortised")
    }
  }

  /// The same with jitter (cap 32), and with a small cap (10) that
  /// forces a window rewrite every few inserts: order and cap hold.
  func testNestedInsertsWithJitterOrASmallCap() throws {
    for pattern in Pattern.allCases {
      for generator in [OrderKeyGenerator(maxLength: 32, jitter: true), OrderKeyGenerator(maxLength: 10)] {
        let (_, store) = try insertAll(count: 3_000, initial: 3, generator: generator, seed: 4, next: Self.nextIndex(pattern))
        XCTAssertLessThanOrEqual(store.maxWrittenLength, generator.maxLength, "\(pattern) \(generator)")
      }
    }
  }

  /// 10^4 appends, or prepends, stay within 4 characters.
  func testAppendsAndPrependsStayShort() throws {
    let (appended, _) = try insertAll(count: 10_000, seed: 5) { _, _, count in count }
    XCTAssertLessThanOrEqual(appended.records.map(\.key.count).max()!, 4)
    let (prepended, _) = try insertAll(count: 10_000, seed: 5) { _, _, _ in 0 }
    XCTAssertLessThanOrEqual(prepended.records.map(\.key.count).max()!, 4)
  }

  /// Nested inserts at one spot cost at most 0.2 characters each until the
  /// cap (and at most one character ahead of that rate on the way).
  func testNestedInsertsCostAtMostOneFifthOfACharacter() throws {
    let keys = OrderKeyGenerator()
    for pattern in Pattern.allCases {
      var random = SplitMix64(seed: 6)
      var lower: String? = "a0"
      var upper: String? = "a1"
      var inserts = 0
      var length = 2
      var toggle = false
      while true {
        let k: String
        do { k = try keys.key(between: lower, and: upper) } catch { break }
        inserts += 1
        length = k.count
        XCTAssertLessThanOrEqual(Double(length - 2), 0.2 * Double(inserts) + 1, "\(pattern) at \(inserts)")
        let goLeft: Bool
        switch pattern {
        case .left: goLeft = true
        case .right: goLeft = false
        case .alternating: toggle.toggle(); goLeft = toggle
        case .random: goLeft = Bool.random(using: &random)
        }
        if goLeft { upper = k } else { lower = k }
      }
      XCTAssertEqual(length, 32, "\(pattern): stopped at the cap")
      XCTAssertLessThanOrEqual(Double(length - 2) / Double(inserts), 0.2 + 1e-9, "\(pattern)")
    }
  }
}
