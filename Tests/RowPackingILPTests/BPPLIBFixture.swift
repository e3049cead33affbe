import Foundation
import RowPacking
import TestSupport
import XCTest

/// The shared BPPLIB copy: `$PACKBENCH_BPPLIB`, or `../shared/bpplib`
/// relative to the package root.
enum BPPLIBFixture {
  static var root: URL { TestData.bpplibPath }

  /// The optima table, or an XCTSkip naming the path when BPPLIB is absent.
  static func optima() throws -> OptimaTable {
    let file = root.appendingPathComponent("optima.tsv")
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
      throw XCTSkip("BPPLIB not found at \(root.path) (set PACKBENCH_BPPLIB to its directory); skipping")
    }
    return try OptimaTable(parsing: text, file: file.path)
  }

  /// The instance files of a set, sorted by name.
  static func files(set: String) throws -> [URL] {
    let dir = root.appendingPathComponent("instances").appendingPathComponent(set)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
      throw XCTSkip("BPPLIB set \(set) not found at \(dir.path); skipping")
    }
    return names.filter { $0.hasSuffix(".txt") }.sorted().map { dir.appendingPathComponent($0) }
  }

  static func instance(at url: URL) throws -> Instance {
    let text = try String(contentsOf: url, encoding: .utf8)  // CRLF, as BPPLIB ships it
    return try InstanceFileFormat.bpp.parse(text, file: url.path)
  }
}
