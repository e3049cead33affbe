/// Timings of repeated runs of one piece of work, per run.
public struct Timings: Sendable, Hashable {
  /// The time of one run in each sample (a sample's total over its batch size).
  public var samples: [Duration]
  /// How many runs each sample repeated.
  public var batchSize: Int

  public var median: Duration { Self.median(of: samples) }
  public var minimum: Duration { samples.min() ?? .zero }
  public var maximum: Duration { samples.max() ?? .zero }

  /// The median of durations (the mean of the two middle ones for an even count).
  public static func median(of values: [Duration]) -> Duration {
    guard !values.isEmpty else { return .zero }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }
}

/// Times `work` on the monotonic clock: one calibration run (whose result is
/// returned), then `samples` samples, each repeating `work` enough times to
/// last at least `minimumSampleTime`.
///
/// Only `work` is inside the clock readings; the result of each repeated
/// run is kept alive so that the optimiser cannot drop the work.
public func measureTimings<Result>(
  samples: Int, minimumSampleTime: Duration, _ work: () throws -> Result
) rethrows -> (result: Result, timings: Timings) {
  let clock = ContinuousClock()
  let start = clock.now
  let result = try work()
  let once = clock.now - start
  var batch = 1
  if once < minimumSampleTime {
    let ratio = once > .zero ? minimumSampleTime / once : 1_000_000
    batch = Int(min(max(ratio.rounded(.up), 1), 1_000_000))
  }
  var timings: [Duration] = []
  timings.reserveCapacity(samples)
  for _ in 0..<max(samples, 1) {
    let sampleStart = clock.now
    for _ in 0..<batch { blackHole(try work()) }
    timings.append((clock.now - sampleStart) / batch)
  }
  return (result, Timings(samples: timings, batchSize: batch))
}

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

extension Duration {
  /// The duration in milliseconds, as a floating-point number.
  public var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
