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
/// several runs, every packing verified. A run lasts at least
/// `minimumSampleTime`: below that it is a batch of calls timed together
/// (their mean), so that the clock's own cost (tens of nanoseconds) and
/// its granularity do not weigh on the sub-microsecond times of small
/// instances. Baselines and packers are batched alike.
///
/// - Throws: ``ScalingError`` if a packing fails verification.
public func measureScaling(
  algorithms: [PackingAlgorithm], itemCounts: [Int], runs: Int, seed: UInt64,
  minimumSampleTime: Duration = .microseconds(200)
) throws -> [ScalingPoint] {
  var points: [ScalingPoint] = []
  for n in itemCounts {
    var rng = SplitMix64(seed: seed &+ UInt64(n))
    let widths = (0..<n).map { _ in Int.random(in: 20...100, using: &rng) }
    let instance = try Instance(name: "uniform-\(n)", widths: widths, rowWidth: 150)
    let scaled = try instance.scaled()
    // The baselines, timed the same way on the same sizes: one pass over the
    // sizes (their sum) and a sort of a copy of them (Swift's sort on Int).
    let sizes = scaled.sizes
    let (_, pass) = try measureTimings(samples: runs, minimumSampleTime: minimumSampleTime) { () throws -> Int in
      sumOfSizes(opaque(sizes))
    }
    points.append(ScalingPoint(
      algorithm: ScalingPoint.onePass, itemCount: n, rows: 0, median: pass.median, minimum: pass.minimum,
      maximum: pass.maximum, runs: pass.samples.count))
    let (_, sorting) = try measureTimings(samples: runs, minimumSampleTime: minimumSampleTime) { () throws -> Int in
      var copy = opaque(sizes)
      copy.sort()
      return copy[copy.count / 2]
    }
    points.append(ScalingPoint(
      algorithm: ScalingPoint.sorting, itemCount: n, rows: 0, median: sorting.median, minimum: sorting.minimum,
      maximum: sorting.maximum, runs: sorting.samples.count))
    for algorithm in algorithms {
      let packer = algorithm.packer
      let (packing, timings) = try measureTimings(samples: runs, minimumSampleTime: minimumSampleTime) {
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

/// One pass over the sizes: the baseline of next-fit.
@inline(never) func sumOfSizes(_ sizes: [Int]) -> Int {
  var total = 0
  for s in sizes { total &+= s }
  return total
}

/// Hides a value from the optimiser, so that a timed pass over it is not
/// hoisted out of the timing loop or folded away.
@_optimize(none) @inline(never) func opaque<T>(_ value: T) -> T { value }

public enum ScalingError: Error, CustomStringConvertible {
  case invalidPacking(String, Int, String)
  public var description: String {
    switch self {
    case .invalidPacking(let a, let n, let v): return "\(a) on \(n) items: packing does not verify: \(v)"
    }
  }
}

extension ScalingPoint {
  /// The baseline "one pass over the sizes" (summing them).
  public static let onePass = "baseline: one pass (sum of sizes)"
  /// The baseline "sort the sizes" (a copy sorted by Swift's sort).
  public static let sorting = "baseline: sort the sizes"

  /// Each packer's median time over its baseline's (next-fit over one pass,
  /// the decreasing packers over the sort), per item count, in Markdown.
  public static func ratioMarkdown(_ points: [ScalingPoint]) -> String {
    let counts = Array(Set(points.map(\.itemCount))).sorted()
    let pairs: [(String, String, String)] = [
      ("next-fit", onePass, "one pass"), ("first-fit-decreasing", sorting, "sort"), ("best-fit-decreasing", sorting, "sort"),
    ]
    var text = "| packer / baseline | " + counts.map { "n = \($0)" }.joined(separator: " | ") + " |\n"
    text += "|---|" + counts.map { _ in "---:|" }.joined() + "\n"
    for (packer, baseline, label) in pairs where points.contains(where: { $0.algorithm == packer }) {
      let cells = counts.map { n -> String in
        guard let p = points.first(where: { $0.algorithm == packer && $0.itemCount == n }),
          let b = points.first(where: { $0.algorithm == baseline && $0.itemCount == n }), b.median > .zero
        else { return "" }
        return String(format: "%.1fx", p.median / b.median)
      }
      text += "| \(packer) / \(label) | " + cells.joined(separator: " | ") + " |\n"
    }
    return text
  }

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
