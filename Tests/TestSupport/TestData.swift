import Foundation
import RowPacking

/// Where test data lives, and seeded random instances.
public enum TestData {
  /// The package's root directory, from this file's path.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Where BPPLIB should be: $PACKBENCH_BPPLIB, else ../shared/bpplib next
  /// to the package (whether or not it is there).
  public static var bpplibPath: URL {
    if let path = ProcessInfo.processInfo.environment["PACKBENCH_BPPLIB"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return packageRoot.appendingPathComponent("../shared/bpplib").standardizedFileURL
  }

  /// BPPLIB's directory, or `nil` when it has no optima.tsv.
  public static var bpplibDirectory: URL? {
    let url = bpplibPath
    return FileManager.default.fileExists(atPath: url.appendingPathComponent("optima.tsv").path) ? url : nil
  }

  /// Where the hard BPPLIB sets (AI, ANI, GI, Random) should be:
  /// $PACKBENCH_BPPLIB_HARD, else ../shared/bpplib-hard next to the package
  /// (whether or not it is there).
  public static var bpplibHardPath: URL {
    if let path = ProcessInfo.processInfo.environment["PACKBENCH_BPPLIB_HARD"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return packageRoot.appendingPathComponent("../shared/bpplib-hard").standardizedFileURL
  }

  /// The hard sets' directory, or `nil` when it has no optima.tsv.
  public static var bpplibHardDirectory: URL? {
    let url = bpplibHardPath
    return FileManager.default.fileExists(atPath: url.appendingPathComponent("optima.tsv").path) ? url : nil
  }

  /// The message of a test skipped because the hard sets are absent.
  public static var bpplibHardMissing: String {
    "the hard BPPLIB sets not found at \(bpplibHardPath.path) (expected optima.tsv there; set PACKBENCH_BPPLIB_HARD); skipping"
  }

  /// The message of a test skipped because BPPLIB is absent.
  public static let bpplibMissing =
    "BPPLIB not found: expected ../shared/bpplib next to the package (with optima.tsv), or set PACKBENCH_BPPLIB"

  /// One BPPLIB instance with its set and proven optimum.
  public struct BPPLIBInstance {
    public var set: String
    public var instance: Instance
    public var optimum: Int
  }

  /// Every BPPLIB instance listed in optima.tsv (optionally only some sets), read from disk.
  public static func bpplibInstances(sets: Set<String>? = nil) throws -> [BPPLIBInstance] {
    guard let dir = bpplibDirectory else { return [] }
    let optimaURL = dir.appendingPathComponent("optima.tsv")
    let table = try OptimaTable(parsing: String(contentsOf: optimaURL, encoding: .utf8), file: optimaURL.path)
    return try table.entries.values
      .filter { sets == nil || sets!.contains($0.set) }
      .sorted { ($0.set, $0.instance) < ($1.set, $1.instance) }
      .map { entry in
        let file = dir.appendingPathComponent("instances/\(entry.set)/\(entry.instance).txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        let instance = try InstanceFileFormat.bpp.parse(text, file: file.path)
        return BPPLIBInstance(set: entry.set, instance: instance, optimum: entry.optimum)
      }
  }

  /// A random integer instance: up to `maxItems` items, capacity in
  /// `capacities`, widths from 1 up to the capacity with a bias to small
  /// ones, and a spacing of 0 or a small number.
  public static func randomIntegerInstance(
    using rng: inout SplitMix64, maxItems: Int = 40, capacities: ClosedRange<Int> = 10...200
  ) -> Instance {
    let capacity = Int.random(in: capacities, using: &rng)
    let n = Int.random(in: 0...maxItems, using: &rng)
    let spacing = Bool.random(using: &rng) ? 0 : Int.random(in: 0...max(1, capacity / 10), using: &rng)
    let widths = (0..<n).map { _ -> Int in
      let top = Bool.random(using: &rng) ? capacity : max(1, capacity / 3)
      return Int.random(in: 0...top, using: &rng)
    }
    return try! Instance(name: "random", widths: widths, rowWidth: capacity, spacing: spacing)
  }

  /// A random instance of fractional widths (in points, like a UI).
  public static func randomFractionalInstance(using rng: inout SplitMix64, maxItems: Int = 30) -> Instance {
    let rowWidth = Double.random(in: 100...400, using: &rng)
    let spacing = [0, 4, 8, 7.5].randomElement(using: &rng)!
    let n = Int.random(in: 0...maxItems, using: &rng)
    let widths = (0..<n).map { _ in Double.random(in: 0...rowWidth, using: &rng) }
    return try! Instance(name: "fractional", widths: widths, rowWidth: rowWidth, spacing: spacing)
  }
}
