import RowPacking
import XCTest

/// Byte order, written here independently of the module.
func bytesAscending(_ a: String, _ b: String) -> Bool {
  Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
}

final class OrderKeyTests: XCTestCase {
  let keys = OrderKeyGenerator()

  /// Published expectations of the fractional-indexing scheme (Rocicorp's
  /// `fractional-indexing` test suite, base 62).
  func testKnownKeys() throws {
    let cases: [(String?, String?, String)] = [
      (nil, nil, "a0"), (nil, "a0", "Zz"), (nil, "Zz", "Zy"), ("a0", nil, "a1"), ("a1", nil, "a2"),
      ("a0", "a1", "a0V"), ("a1", "a2", "a1V"), ("a0V", "a1", "a0l"), ("Zz", "a0", "ZzV"),
      ("Zz", "a1", "a0"), (nil, "Y00", "Xzzz"), ("bzz", nil, "c000"), ("a0", "a0V", "a0G"),
      ("a0", "a0G", "a08"), ("b125", "b129", "b127"), ("a0", "a1V", "a1"), ("Zz", "a01", "a0"),
      (nil, "a0V", "a0"), (nil, "b999", "b99"),
      (nil, "A000000000000000000000000001", "A000000000000000000000000000V"),
      ("zzzzzzzzzzzzzzzzzzzzzzzzzzy", nil, "zzzzzzzzzzzzzzzzzzzzzzzzzzz"),
      ("zzzzzzzzzzzzzzzzzzzzzzzzzzz", nil, "zzzzzzzzzzzzzzzzzzzzzzzzzzzV"),
    ]
    for (a, b, expected) in cases {
      let k = try keys.key(between: a, and: b)
      XCTAssertEqual(k, expected, "between \(a ?? "nil") and \(b ?? "nil")")
      if let a { XCTAssertTrue(bytesAscending(a, k)) }
      if let b { XCTAssertTrue(bytesAscending(k, b)) }
    }
  }

  func testRejectsMalformedKeysAndBadBounds() {
    func error(_ a: String?, _ b: String?) -> OrderKeyError? {
      do {
        _ = try keys.key(between: a, and: b)
        return nil
      } catch { return error }
    }
    XCTAssertEqual(error("", nil), .empty)
    XCTAssertEqual(error("a0-", nil), .invalidCharacter(key: "a0-", offset: 2))
    XCTAssertEqual(error("aé", nil), .invalidCharacter(key: "aé", offset: 1))
    XCTAssertEqual(error("0", "1"), .invalidHead(key: "0"))
    XCTAssertEqual(error(nil, "b0"), .truncatedInteger(key: "b0"))
    XCTAssertEqual(error("a00", nil), .trailingZero(key: "a00"))
    XCTAssertEqual(error("a00", "a1"), .trailingZero(key: "a00"))
    XCTAssertEqual(error(nil, "A00000000000000000000000000"), .reservedMinimum(key: "A00000000000000000000000000"))
    XCTAssertEqual(error("a1", "a0"), .notAscending(lower: "a1", upper: "a0"))
    XCTAssertEqual(error("a1", "a1"), .notAscending(lower: "a1", upper: "a1"))
    XCTAssertEqual(error("zzzzzzzzzzzzzzzzzzzzzzzzzzzV", nil), nil)
    XCTAssertFalse(OrderKey.isValid("a1 "))
    XCTAssertTrue(OrderKey.isValid("a1V"))
    XCTAssertThrowsError(try keys.keys(between: nil, and: nil, count: -1))
  }

  /// Byte order is not the locale's order (lower case after all upper case).
  func testByteOrderNotLocaleOrder() {
    XCTAssertTrue(OrderKey.precedes("aZ", "aa"))
    XCTAssertTrue(OrderKey.precedes("Zz", "a0"))
    XCTAssertTrue(bytesAscending("a0", "a0V"))
  }

  /// Every key of `keys(between:and:count:)` lies strictly inside and they
  /// ascend; in a bounded gap they also stay short (bisection).
  func testKeysBetweenSpreadInOrder() throws {
    var random = SplitMix64(seed: 7)
    let bounds: [(String?, String?)] = [(nil, nil), ("a0", nil), (nil, "a0"), ("a0", "a1"), ("a0V", "a0W"), ("Zz", "b00")]
    for (a, b) in bounds {
      for count in [0, 1, 2, 3, 10, 61, 62, 63, 500] {
        let spread = try keys.keys(between: a, and: b, count: count, using: &random)
        XCTAssertEqual(spread.count, count)
        let all = [a].compactMap { $0 } + spread + [b].compactMap { $0 }
        for (x, y) in zip(all, all.dropFirst()) { XCTAssertTrue(bytesAscending(x, y), "\(x) !< \(y)") }
        for k in spread { XCTAssertTrue(OrderKey.isValid(k), k) }
        let longestBound = max(a?.count ?? 2, b?.count ?? 2)
        for k in spread { XCTAssertLessThanOrEqual(k.count, longestBound + 3, "\(count) keys: \(k)") }
      }
    }
  }

  /// Random pairs of valid keys: the key between them is valid and inside.
  func testRandomPairs() throws {
    for seed in 0..<20 as Range<UInt64> {
      var random = SplitMix64(seed: seed)
      var pool = [try keys.key(between: nil, and: nil)]
      for _ in 0..<200 {
        let i = Int.random(in: 0...pool.count, using: &random)
        let k = try keys.key(between: i > 0 ? pool[i - 1] : nil, and: i < pool.count ? pool[i] : nil)
        pool.insert(k, at: i)
      }
      for _ in 0..<200 {
        var i = Int.random(in: 0..<pool.count, using: &random)
        var j = Int.random(in: 0..<pool.count, using: &random)
        if i == j { continue }
        if i > j { swap(&i, &j) }
        let k = try keys.key(between: pool[i], and: pool[j])
        XCTAssertTrue(bytesAscending(pool[i], k) && bytesAscending(k, pool[j]))
        XCTAssertTrue(OrderKey.isValid(k))
      }
    }
  }

  /// Jitter: keys stay inside their bounds and valid, two writers at the
  /// same spot get different keys, and the same seed repeats itself.
  func testJitter() throws {
    let jittery = OrderKeyGenerator(jitter: true)
    let bounds: [(String?, String?)] = [(nil, nil), ("a0", "a1"), ("a0", "a0V"), ("a0", "a01"), ("a0V", "a0V1"), (nil, "a0")]
    for (a, b) in bounds {
      var seen = Set<String>()
      for seed in 0..<200 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        let spread = try jittery.keys(between: a, and: b, count: 3, using: &random)
        let all = [a].compactMap { $0 } + spread + [b].compactMap { $0 }
        for (x, y) in zip(all, all.dropFirst()) { XCTAssertTrue(bytesAscending(x, y), "\(x) !< \(y)") }
        for k in spread { XCTAssertTrue(OrderKey.isValid(k), k) }
        seen.insert(spread[0])
      }
      XCTAssertEqual(seen.count, 200, "200 writers at one spot should not collide")
      var r1 = SplitMix64(seed: 5)
      var r2 = SplitMix64(seed: 5)
      XCTAssertEqual(try jittery.key(between: a, and: b, using: &r1), try jittery.key(between: a, and: b, using: &r2))
    }
  }
}
