import Foundation
import RowPacking
import TestSupport
import XCTest

/// The shared copy of the hard sets (``TestData/bpplibHardDirectory``).
enum HardSetFixture {
  /// The first `count` instances of `set` with `items` items (by name),
  /// each with its known optimum; an XCTSkip naming where the sets were
  /// looked for when they are absent, a failure when none matches.
  static func instances(set: String, items: Int, count: Int) throws -> [(optimum: KnownOptimum, instance: Instance)] {
    guard let root = TestData.bpplibHardDirectory else { throw XCTSkip(TestData.bpplibHardMissing) }
    let optimaFile = root.appendingPathComponent("optima.tsv")
    let table = try OptimaTable(parsing: String(contentsOf: optimaFile, encoding: .utf8), file: optimaFile.path)
    let entries = table.entries.values.filter { $0.set == set && $0.itemCount == items }.sorted { $0.instance < $1.instance }
    XCTAssertFalse(entries.isEmpty, "no \(set) instance of \(items) items in \(optimaFile.path)")
    return try entries.prefix(count).map { entry in
      let file = root.appendingPathComponent("instances/\(set)/\(entry.instance).txt")
      return (entry, try InstanceFileFormat.bpp.parse(String(contentsOf: file, encoding: .utf8), file: file.path))
    }
  }
}
