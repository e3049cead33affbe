import Foundation
import RowPacking
import XCTest

/// The shared copy of the hard sets (``TestData/bpplibHardDirectory``).
public enum HardSetFixture {
  /// The optima table of the hard sets, or an XCTSkip naming where they
  /// were looked for when they are absent.
  public static func optima() throws -> (root: URL, table: OptimaTable) {
    guard let root = TestData.bpplibHardDirectory else { throw XCTSkip(TestData.bpplibHardMissing) }
    let file = root.appendingPathComponent("optima.tsv")
    return (root, try OptimaTable(parsing: String(contentsOf: file, encoding: .utf8), file: file.path))
  }

  /// The first `count` instances of `set` with `items` items (by name),
  /// each with its known optimum; an XCTSkip when the sets are absent, a
  /// ``FixtureError`` when none matches.
  public static func instances(set: String, items: Int, count: Int) throws
    -> [(optimum: KnownOptimum, instance: Instance)]
  {
    let (root, table) = try optima()
    let entries = table.entries.values.filter { $0.set == set && $0.itemCount == items }
      .sorted { $0.instance < $1.instance }
    guard !entries.isEmpty else { throw FixtureError("no \(set) instance of \(items) items in \(root.path)/optima.tsv") }
    return try entries.prefix(count).map { ($0, try instance($0, root: root)) }
  }

  /// A seeded sample of `set`'s smallest instances: the `smallest` of the
  /// fewest items (ties by name), shuffled by SplitMix64 from `seed`, the
  /// first `count` taken; each with its known optimum.
  public static func sample(set: String, count: Int, seed: UInt64, smallest: Int = 8) throws
    -> [(optimum: KnownOptimum, instance: Instance)]
  {
    let (root, table) = try optima()
    let entries = table.entries.values.filter { $0.set == set }
      .sorted { ($0.itemCount, $0.instance) < ($1.itemCount, $1.instance) }
    guard !entries.isEmpty else { throw FixtureError("no \(set) instance in \(root.path)/optima.tsv") }
    return try seededPrefix(Array(entries.prefix(smallest)), count: count, seed: seed).map {
      ($0, try instance($0, root: root))
    }
  }

  static func instance(_ entry: KnownOptimum, root: URL) throws -> Instance {
    let file = root.appendingPathComponent("instances/\(entry.set)/\(entry.instance).txt")
    return try InstanceFileFormat.bpp.parse(String(contentsOf: file, encoding: .utf8), file: file.path)
  }
}

/// The first `count` elements of a Fisher-Yates shuffle of `elements` by
/// SplitMix64 from `seed` (the same sample on every platform).
public func seededPrefix<T>(_ elements: [T], count: Int, seed: UInt64) -> [T] {
  var shuffled = elements
  var random = SplitMix64(seed: seed)
  for i in shuffled.indices.dropLast() {
    let j = i + Int(random.next() % UInt64(shuffled.count - i))
    shuffled.swapAt(i, j)
  }
  return Array(shuffled.prefix(count))
}
