/// Order keys: short strings that store a list's order, one per record, so
/// that moving a record rewrites that record alone.
///
/// A key is ASCII over the 62 digits `0-9A-Za-z` (in that, their byte,
/// order) and has two parts:
///
/// - an *integer part*: a head letter that gives its length, then that many
///   digits. `a`...`z` head the non-negative integers with 1...26 digits,
///   `Z`...`A` the negative ones with 1...26 digits, so `a0` < `a1` < ... <
///   `az` < `b00` and `Zz` < `a0`. Appending or prepending *n* records counts
///   up or down: about log62(*n*) characters.
/// - a *fraction*: digits after the integer part, without a trailing `0`;
///   a key between two keys with the same integer part extends the fraction.
///
/// Keys compare **by bytes** (UTF-8 code units, here ASCII): in Swift
/// `a.utf8.lexicographicallyPrecedes(b.utf8)` or ``OrderKey/precedes(_:_:)``;
/// in SQL a binary collation (`COLLATE BINARY` in SQLite, `COLLATE "C"` in
/// PostgreSQL). Never sort them with a locale-aware comparison, which puts
/// `a` before `B`.
///
/// The scheme is D. Greenspan's, "Implementing Fractional Indexing" (2020),
/// as in the `fractional-indexing` package of Rocicorp; the length cap, the
/// window rewrite and the fewest-writes reorder are ``OrderKeyGenerator``'s
/// and ``OrderKeyList``'s.
public enum OrderKey {
  /// The 62 digits, in byte order.
  public static let digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

  /// The key of the first record of an empty list: integer zero.
  public static let first = "a0"

  /// Whether `a` sorts before `b` in byte order, the order of keys.
  ///
  /// - Complexity: O(min(|*a*|, |*b*|)).
  @inlinable
  public static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// Throws the first thing wrong with `key`, or returns when it is a key.
  ///
  /// - Throws: ``OrderKeyError/empty``, ``OrderKeyError/invalidCharacter(key:offset:)``,
  ///   ``OrderKeyError/invalidHead(key:)``, ``OrderKeyError/truncatedInteger(key:)``,
  ///   ``OrderKeyError/trailingZero(key:)`` or ``OrderKeyError/reservedMinimum(key:)``.
  /// - Complexity: O(|*key*|).
  public static func validate(_ key: String) throws(OrderKeyError) {
    try KeyBytes.validate(Array(key.utf8), key)
  }

  /// Whether `key` is a well-formed key (``validate(_:)`` does not throw).
  public static func isValid(_ key: String) -> Bool {
    (try? validate(key)) != nil
  }
}

/// What is wrong with a key or a request for one.
public enum OrderKeyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The key is the empty string.
  case empty
  /// A character outside `0-9A-Za-z`, at this UTF-8 offset.
  case invalidCharacter(key: String, offset: Int)
  /// The first character is not a letter (`A-Z` or `a-z`).
  case invalidHead(key: String)
  /// Fewer digits after the head than the head announces.
  case truncatedInteger(key: String)
  /// The fraction ends in `0` (the same place as the key without it).
  case trailingZero(key: String)
  /// `A` followed by 26 `0`s, the smallest integer: no key could go before it.
  case reservedMinimum(key: String)
  /// The lower bound is not below the upper bound.
  case notAscending(lower: String, upper: String)
  /// The integer part cannot count further (26 digits used up).
  case exhausted
  /// The new key would be longer than the generator's cap; an
  /// ``OrderKeyList`` rewrites neighbours instead of throwing this.
  case tooLong(length: Int, maxLength: Int)
  /// A negative count of keys, or a cap below 2.
  case invalidArgument(String)
  /// The same record id twice in a list.
  case duplicateRecord(id: String)
  /// A new order that is not a permutation of the records' ids.
  case notAPermutation
  /// An index outside the list.
  case indexOutOfRange(index: Int, count: Int)

  public var description: String {
    switch self {
    case .empty: "empty order key"
    case let .invalidCharacter(key, offset): "order key \"\(key)\": character at offset \(offset) is not in 0-9A-Za-z"
    case let .invalidHead(key): "order key \"\(key)\": the first character must be a letter"
    case let .truncatedInteger(key): "order key \"\(key)\": the integer part is shorter than its head says"
    case let .trailingZero(key): "order key \"\(key)\": the fraction ends in 0"
    case let .reservedMinimum(key): "order key \"\(key)\": the smallest integer is reserved"
    case let .notAscending(lower, upper): "order keys \"\(lower)\" >= \"\(upper)\": the lower bound must come first"
    case .exhausted: "order keys: the integer part cannot grow further"
    case let .tooLong(length, maxLength): "order key of \(length) characters would pass the cap of \(maxLength)"
    case let .invalidArgument(message): "order keys: \(message)"
    case let .duplicateRecord(id): "record \(id) appears twice"
    case .notAPermutation: "the new order is not a permutation of the records"
    case let .indexOutOfRange(index, count): "index \(index) is outside 0...\(count)"
    }
  }
}

/// Byte-level key arithmetic. Keys are `[UInt8]` of ASCII; fractions are
/// handled as digit values 0...61.
@usableFromInline
enum KeyBytes {
  static let digitBytes: [UInt8] = Array(OrderKey.digits.utf8)
  static let zero: UInt8 = 0x30        // "0"
  static let first: [UInt8] = [0x61, 0x30]  // "a0"
  static let smallest: [UInt8] = [0x41] + [UInt8](repeating: 0x30, count: 26)  // "A000..."

  /// Digit value of an ASCII byte, or nil outside the alphabet.
  @inline(__always)
  static func value(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte) - 0x30
    case 0x41...0x5A: Int(byte) - 0x41 + 10
    case 0x61...0x7A: Int(byte) - 0x61 + 36
    default: nil
    }
  }

  @inline(__always)
  static func byte(_ value: Int) -> UInt8 { digitBytes[value] }

  /// Length of the integer part (head included) for a head byte.
  static func integerLength(head: UInt8) -> Int? {
    switch head {
    case 0x61...0x7A: Int(head) - 0x61 + 2   // a -> 2 ... z -> 27
    case 0x41...0x5A: 0x5A - Int(head) + 2   // Z -> 2 ... A -> 27
    default: nil
    }
  }

  static func validate(_ key: [UInt8], _ text: @autoclosure () -> String) throws(OrderKeyError) {
    guard let head = key.first else { throw .empty }
    for (offset, byte) in key.enumerated() where value(byte) == nil {
      throw .invalidCharacter(key: text(), offset: offset)
    }
    guard let length = integerLength(head: head) else { throw .invalidHead(key: text()) }
    guard key.count >= length else { throw .truncatedInteger(key: text()) }
    if key == smallest { throw .reservedMinimum(key: text()) }
    if key.count > length, key.last == zero { throw .trailingZero(key: text()) }
  }

  static func isValid(_ key: [UInt8]) -> Bool {
    (try? validate(key, "")) != nil
  }

  static func string(_ key: [UInt8]) -> String { String(decoding: key, as: UTF8.self) }

  /// Adds one to an integer part; nil past the largest (`z` + 26 `z`s).
  static func increment(_ integer: ArraySlice<UInt8>) -> [UInt8]? {
    let head = integer[integer.startIndex]
    var digits = Array(integer.dropFirst())
    var i = digits.count - 1
    while i >= 0 {
      let d = value(digits[i])! + 1
      if d == 62 { digits[i] = zero; i -= 1 } else { digits[i] = byte(d); return [head] + digits }
    }
    // Carry out of every digit: the next length.
    if head == 0x5A { return first }          // "Zz...": -1 + 1 = "a0"
    if head == 0x7A { return nil }            // "z": no longer integer
    let next = head + 1
    if next > 0x61 { digits.append(zero) } else { digits.removeLast() }
    return [next] + digits
  }

  /// Subtracts one from an integer part; nil below the smallest.
  static func decrement(_ integer: ArraySlice<UInt8>) -> [UInt8]? {
    let head = integer[integer.startIndex]
    var digits = Array(integer.dropFirst())
    var i = digits.count - 1
    while i >= 0 {
      let d = value(digits[i])! - 1
      if d < 0 { digits[i] = byte(61); i -= 1 } else { digits[i] = byte(d); return [head] + digits }
    }
    if head == 0x61 { return [0x5A, byte(61)] }   // "a0" - 1 = "Zz"
    if head == 0x41 { return nil }
    let next = head - 1
    if next < 0x5A { digits.append(byte(61)) } else { digits.removeLast() }
    return [next] + digits
  }

  /// A fraction strictly between fractions `a` and `b` (nil: 1), both
  /// without trailing zeros and a < b; the shortest such, rounded to the
  /// middle digit when there is a choice.
  static func midpoint(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>?) -> [UInt8] {
    var result: [UInt8] = []
    var a = a
    var b = b
    while true {
      if let upper = b {
        // Common prefix, `a` padded with zeros.
        var n = 0
        while n < upper.count,
          (n < a.count ? a[a.startIndex + n] : zero) == upper[upper.startIndex + n]
        {
          n += 1
        }
        if n > 0 {
          result += upper.prefix(n)
          a = a.dropFirst(n)
          b = upper.dropFirst(n)
        }
      }
      let lowDigit = a.first.map { value($0)! } ?? 0
      let highDigit = b.map { value($0.first!)! } ?? 62
      if highDigit - lowDigit > 1 {
        result.append(byte((lowDigit + highDigit + 1) / 2))
        return result
      }
      if let upper = b, upper.count > 1 {
        result.append(upper.first!)
        return result
      }
      result.append(byte(lowDigit))
      a = a.dropFirst()
      b = nil
    }
  }

  /// A key strictly between valid keys `a` and `b` (nil: open end), a < b.
  static func between(_ a: [UInt8]?, _ b: [UInt8]?) throws(OrderKeyError) -> [UInt8] {
    switch (a, b) {
    case (nil, nil):
      return first
    case let (nil, b?):
      let length = integerLength(head: b[0])!
      let integer = b[..<length]
      if Array(integer) == smallest { return Array(integer) + midpoint([], b[length...]) }
      if b.count > length { return Array(integer) }
      guard let lower = decrement(integer) else { throw .exhausted }
      return lower
    case let (a?, nil):
      let length = integerLength(head: a[0])!
      if let higher = increment(a[..<length]) { return higher }
      return Array(a[..<length]) + midpoint(a[length...], nil)
    case let (a?, b?):
      let lengthA = integerLength(head: a[0])!
      let lengthB = integerLength(head: b[0])!
      if a[..<lengthA] == b[..<lengthB] {
        return Array(a[..<lengthA]) + midpoint(a[lengthA...], b[lengthB...])
      }
      guard let higher = increment(a[..<lengthA]) else { throw .exhausted }
      if higher.lexicographicallyPrecedes(b) { return higher }
      return Array(a[..<lengthA]) + midpoint(a[lengthA...], nil)
    }
  }
}
