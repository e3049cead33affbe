import Foundation
import RowPacking
import XCTest

/// The shared BPPLIB copy: `$PACKBENCH_BPPLIB`, or `../shared/bpplib`
/// relative to the package root.
public enum BPPLIBFixture {
  public static var root: URL { TestData.bpplibPath }

  /// The optima table, or an XCTSkip naming the path when BPPLIB is absent.
  public static func optima() throws -> OptimaTable {
    let file = root.appendingPathComponent("optima.tsv")
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
      throw XCTSkip("BPPLIB not found at \(root.path) (set PACKBENCH_BPPLIB to its directory); skipping")
    }
    return try OptimaTable(parsing: text, file: file.path)
  }

  /// The instance files of a set, sorted by name.
  public static func files(set: String) throws -> [URL] {
    let dir = root.appendingPathComponent("instances").appendingPathComponent(set)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
      throw XCTSkip("BPPLIB set \(set) not found at \(dir.path); skipping")
    }
    return names.filter { $0.hasSuffix(".txt") }.sorted().map { dir.appendingPathComponent($0) }
  }

  public static func instance(at url: URL) throws -> Instance {
    let text = try String(contentsOf: url, encoding: .utf8)  // CRLF, as BPPLIB ships it
    return try InstanceFileFormat.bpp.parse(text, file: url.path)
  }
}

extension BPPLIBFixture {
  /// A seeded sample of `count` instances of `set` (files shuffled by
  /// SplitMix64 from `seed`), each with its known optimum.
  public static func sample(set: String, count: Int, seed: UInt64) throws
    -> [(optimum: KnownOptimum, instance: Instance)]
  {
    let optima = try optima()
    return try seededPrefix(try files(set: set), count: count, seed: seed).map { file in
      let instance = try instance(at: file)
      guard let known = optima.optimum(for: instance) else {
        throw FixtureError("\(instance.name) (\(file.path)) is not in optima.tsv")
      }
      return (known, instance)
    }
  }
}
