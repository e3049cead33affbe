import Foundation

/// FNV-1a, 64 bits: a small, stable, dependency-free content hash (not
/// cryptographic: it names runs and detects changed files, it does not
/// defend against forgery).
public struct FNV1a64: Sendable {
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01b3
    }
  }

  public mutating func combine(_ text: String) { combine(text.utf8) }

  /// The hash as 16 lowercase hex digits.
  public var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  public static func hex(of data: Data) -> String {
    var h = FNV1a64()
    h.combine(data)
    return h.hex
  }

  public static func hex(of text: String) -> String {
    var h = FNV1a64()
    h.combine(text)
    return h.hex
  }
}

/// The checksum of an instance file's bytes (FNV-1a 64, hex), or
/// `"unreadable"` when the file cannot be read.
public func instanceChecksum(_ url: URL) -> String {
  guard let data = try? Data(contentsOf: url) else { return "unreadable" }
  return FNV1a64.hex(of: data)
}

/// A per-run seed derived from the bench's seed and the run's identity
/// (SplitMix64's finaliser), so that every run gets the same seed whatever
/// the order, the shard or the number of jobs.
public func derivedSeed(base: UInt64, identity: String) -> UInt64 {
  var z = base ^ (FNV1a64.hex(of: identity).withCString { UInt64(strtoull($0, nil, 16)) })
  z &+= 0x9e37_79b9_7f4a_7c15
  z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
  z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
  return z ^ (z >> 31)
}
