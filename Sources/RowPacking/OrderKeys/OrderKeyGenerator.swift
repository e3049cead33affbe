/// Makes ``OrderKey`` keys between two keys, under a length cap, with
/// optional random jitter.
///
/// ```swift
/// let keys = OrderKeyGenerator()
/// let a = try keys.key(between: nil, and: nil)   // "a0"
/// let b = try keys.key(between: a, and: nil)     // "a1": appended
/// let c = try keys.key(between: a, and: b)       // "a0V": in between
/// ```
///
/// Deterministic by default: the same bounds give the same key. Two
/// writers that insert at the same spot at the same time would then store
/// the same key; with ``jitter`` each key gets five random digits (about 30
/// bits) after the deterministic one, so they collide with a probability
/// of about 1e-9.
///
/// A key longer than ``maxLength`` is never returned: these methods throw
/// ``OrderKeyError/tooLong(length:maxLength:)``, and ``OrderKeyList``
/// rewrites the neighbouring records instead.
public struct OrderKeyGenerator: Hashable, Sendable {
  /// The longest key returned, in characters (default 32).
  public var maxLength: Int
  /// Whether to add about 30 random bits to each new key.
  public var jitter: Bool

  /// Random digits added by the jitter: 62^4 * 61 is about 2^29.8.
  static let jitterDigits = 5

  public init(maxLength: Int = 32, jitter: Bool = false) {
    self.maxLength = maxLength
    self.jitter = jitter
  }

  /// A key `k` with `lower < k < upper` in byte order; nil is an open end.
  ///
  /// - Throws: ``OrderKeyError`` when a bound is malformed, when
  ///   `lower >= upper`, or when the key would pass ``maxLength``.
  /// - Complexity: O(|*lower*| + |*upper*|).
  public func key(between lower: String?, and upper: String?) throws(OrderKeyError) -> String {
    var random = SystemRandomNumberGenerator()
    return try key(between: lower, and: upper, using: &random)
  }

  /// ``key(between:and:)`` drawing the jitter, if on, from `random`.
  public func key(
    between lower: String?, and upper: String?, using random: inout some RandomNumberGenerator
  ) throws(OrderKeyError) -> String {
    try keys(between: lower, and: upper, count: 1, using: &random)[0]
  }

  /// `count` ascending keys strictly between `lower` and `upper`, spread
  /// evenly: between two bounds by bisection (each key halves the gap it
  /// is put in, so they take about log62(`count`) more characters than the
  /// bounds), after `lower` or before `upper` by counting up or down.
  ///
  /// - Throws: as ``key(between:and:)``; ``OrderKeyError/invalidArgument(_:)``
  ///   for a negative count.
  /// - Complexity: O(`count` * key length).
  public func keys(between lower: String?, and upper: String?, count: Int) throws(OrderKeyError) -> [String] {
    var random = SystemRandomNumberGenerator()
    return try keys(between: lower, and: upper, count: count, using: &random)
  }

  /// ``keys(between:and:count:)`` drawing the jitter, if on, from `random`.
  public func keys(
    between lower: String?, and upper: String?, count: Int,
    using random: inout some RandomNumberGenerator
  ) throws(OrderKeyError) -> [String] {
    let a = lower.map { Array($0.utf8) }
    let b = upper.map { Array($0.utf8) }
    if let a, let lower { try KeyBytes.validate(a, lower) }
    if let b, let upper { try KeyBytes.validate(b, upper) }
    if let a, let b, !a.lexicographicallyPrecedes(b) {
      throw .notAscending(lower: lower!, upper: upper!)
    }
    return try bytes(between: a, and: b, count: count, using: &random).map(KeyBytes.string)
  }

  /// The byte-level work of ``keys(between:and:count:using:)``, for bounds
  /// already known to be valid and ascending.
  func bytes(
    between a: [UInt8]?, and b: [UInt8]?, count: Int, using random: inout some RandomNumberGenerator
  ) throws(OrderKeyError) -> [[UInt8]] {
    guard count >= 0 else { throw .invalidArgument("negative count \(count)") }
    guard maxLength >= 2 else { throw .invalidArgument("a cap of \(maxLength) characters is below 2") }
    var result: [[UInt8]] = []
    result.reserveCapacity(count)
    try Self.spread(a, b, count, into: &result)
    if jitter {
      for i in result.indices {
        result[i] = try Self.jittered(result[i], below: i + 1 < result.count ? result[i + 1] : b, using: &random)
      }
    }
    for key in result where key.count > maxLength {
      throw .tooLong(length: key.count, maxLength: maxLength)
    }
    return result
  }

  /// Appends `count` deterministic keys between `a` and `b` to `result`.
  static func spread(_ a: [UInt8]?, _ b: [UInt8]?, _ count: Int, into result: inout [[UInt8]]) throws(OrderKeyError) {
    if count == 0 { return }
    if b == nil {
      var key = a
      for _ in 0..<count {
        let next = try KeyBytes.between(key, nil)
        result.append(next)
        key = next
      }
      return
    }
    if a == nil {
      var reversed: [[UInt8]] = []
      var key = b
      for _ in 0..<count {
        let next = try KeyBytes.between(nil, key)
        reversed.append(next)
        key = next
      }
      result += reversed.reversed()
      return
    }
    let middle = try KeyBytes.between(a, b)
    let left = count / 2
    try spread(a, middle, left, into: &result)
    result.append(middle)
    try spread(middle, b, count - left - 1, into: &result)
  }

  /// `key` followed by five random digits (the last not 0), kept below
  /// `upper`: if `upper` starts with `key`, `key` first moves up to a key
  /// between them that is not a prefix of `upper`.
  static func jittered(
    _ key: [UInt8], below upper: [UInt8]?, using random: inout some RandomNumberGenerator
  ) throws(OrderKeyError) -> [UInt8] {
    var base = key
    while let upper, upper.starts(with: base) {
      base = try KeyBytes.between(base, upper)
    }
    for i in 0..<jitterDigits {
      let digit = i == jitterDigits - 1 ? Int.random(in: 1..<62, using: &random) : Int.random(in: 0..<62, using: &random)
      base.append(KeyBytes.byte(digit))
    }
    return base
  }
}
