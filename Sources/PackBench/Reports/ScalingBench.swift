import Foundation
import RowPacking

/// How a packer's time grows with the number of items: one measurement.
public struct ScalingPoint: Sendable, Hashable {
  public var algorithm: String
  public var itemCount: Int
  public var rows: Int
  public var median: Duration
  public var minimum: Duration
  public var maximum: Duration
  public var runs: Int
}

/// Times packers on seeded random instances of growing size (sizes uniform
/// in 20...100, capacity 150, as Falkenauer's U class), each the median of
/// several runs, every packing verified.
///
/// - Throws: ``ScalingError`` if a packing fails verification.
public func measureScaling(
  algorithms: [PackingAlgorithm], itemCounts: [Int], runs: Int, seed: UInt64
) throws -> [ScalingPoint] {
  var points: [ScalingPoint] = []
  for n in itemCounts {
    var rng = SplitMix64(seed: seed &+ UInt64(n))
    let widths = (0..<n).map { _ in Int.random(in: 20...100, using: &rng) }
    let instance = try Instance(name: "uniform-\(n)", widths: widths, rowWidth: 150)
    let scaled = try instance.scaled()
    for algorithm in algorithms {
      let packer = algorithm.packer
      let (packing, timings) = try measureTimings(samples: runs, minimumSampleTime: .zero) {
        try packer.pack(scaled)
      }
      let violations = verify(packing, for: instance)
      guard violations.isEmpty else { throw ScalingError.invalidPacking(algorithm.rawValue, n, violations.first!.description) }
      points.append(ScalingPoint(
        algorithm: algorithm.rawValue, itemCount: n, rows: packing.rowCount, median: timings.median,
        minimum: timings.minimum, maximum: timings.maximum, runs: timings.samples.count))
    }
  }
  return points
}

public enum ScalingError: Error, CustomStringConvertible {
  case invalidPacking(String, Int, String)
  public var description: String {
    switch self {
    case .invalidPacking(let a, let n, let v): return "\(a) on \(n) items: packing does not verify: \(v)"
    }
  }
}

extension ScalingPoint {
  /// A Markdown table of points: one row per algorithm, one column per item count (median ms).
  public static func markdown(_ points: [ScalingPoint]) -> String {
    let counts = Array(Set(points.map(\.itemCount))).sorted()
    var algorithms: [String] = []
    for p in points where !algorithms.contains(p.algorithm) { algorithms.append(p.algorithm) }
    var text = "| algorithm | " + counts.map { "n = \($0)" }.joined(separator: " | ") + " |\n"
    text += "|---|" + counts.map { _ in "---:|" }.joined() + "\n"
    for a in algorithms {
      let cells = counts.map { n -> String in
        guard let p = points.first(where: { $0.algorithm == a && $0.itemCount == n }) else { return "" }
        return String(format: "%.3f ms", p.median.milliseconds)
      }
      text += "| \(a) | " + cells.joined(separator: " | ") + " |\n"
    }
    return text
  }
}
