/// Timings of repeated runs of one piece of work, per run.
public struct Timings: Sendable, Hashable {
  /// The time of one run in each sample (a sample's total over its batch size).
  public var samples: [Duration]
  /// How many runs each sample repeated.
  public var batchSize: Int

  public init(samples: [Duration], batchSize: Int) {
    self.samples = samples
    self.batchSize = batchSize
  }

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

/// Times `work` on the monotonic clock: a calibration (one run, whose result
/// is returned, then, where that run was shorter than `minimumSampleTime`,
/// timed batches until one lasts that long), then `samples` samples, each
/// repeating `work` enough times to last at least `minimumSampleTime`.
///
/// Only `work` is inside the clock readings; the result of each repeated
/// run is kept alive so that the optimiser cannot drop the work.
public func measureTimings<Result>(
  samples: Int, minimumSampleTime: Duration, _ work: () throws -> Result
) rethrows -> (result: Result, timings: Timings) {
  let clock = ContinuousClock()
  let (result, batch) = try calibrate(minimumSampleTime: minimumSampleTime, work)
  var timings: [Duration] = []
  timings.reserveCapacity(samples)
  for _ in 0..<max(samples, 1) {
    let sampleStart = clock.now
    for _ in 0..<batch { blackHole(try work()) }
    timings.append((clock.now - sampleStart) / batch)
  }
  return (result, Timings(samples: timings, batchSize: batch))
}

/// Runs `work` once (its result is what the measurement returns) and
/// chooses how many runs a sample batches so that it lasts at least
/// `minimumSampleTime` (at most a million).
///
/// The first run alone can mislead (a cold cache, or the clock's own cost
/// on work of a few nanoseconds): a batch of the size it suggests is timed,
/// and while a batch falls short of `minimumSampleTime` the batch grows
/// (at least doubling) and is timed again. Those batches are untimed work
/// for the caller, like warm-ups.
///
/// - Complexity: O(log(batch)) timed batches.
func calibrate<Result>(
  minimumSampleTime: Duration, _ work: () throws -> Result
) rethrows -> (result: Result, batch: Int) {
  let clock = ContinuousClock()
  let start = clock.now
  let result = try work()
  let once = clock.now - start
  guard once < minimumSampleTime else { return (result, 1) }
  /// The batch that would last `minimumSampleTime` if `batch` runs took `elapsed`.
  func scaled(_ batch: Int, took elapsed: Duration) -> Int {
    let ratio = elapsed > .zero ? minimumSampleTime / elapsed : 1_000_000
    return Int(min(max((ratio * Double(batch)).rounded(.up), 1), 1_000_000))
  }
  var batch = scaled(1, took: once)
  while batch < 1_000_000 {
    let batchStart = clock.now
    for _ in 0..<batch { blackHole(try work()) }
    let elapsed = clock.now - batchStart
    if elapsed >= minimumSampleTime { break }
    batch = min(max(2 * batch, scaled(batch, took: elapsed)), 1_000_000)
  }
  return (result, batch)
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

// MARK: - Micro mode: a warm-up, at least N samples and a minimum total time

extension Timings {
  /// The `p`-th quantile (0...1) of the samples, by linear interpolation
  /// between order statistics (Hyndman and Fan's type 7, the default of R
  /// and NumPy).
  public func quantile(_ p: Double) -> Duration {
    Self.quantile(p, of: samples)
  }

  public static func quantile(_ p: Double, of values: [Duration]) -> Duration {
    guard !values.isEmpty else { return .zero }
    let sorted = values.sorted()
    let h = Double(sorted.count - 1) * min(max(p, 0), 1)
    let lo = Int(h.rounded(.down))
    let hi = min(lo + 1, sorted.count - 1)
    let fraction = h - Double(lo)
    let a = sorted[lo].milliseconds, b = sorted[hi].milliseconds
    return .nanoseconds(Int64(((a + (b - a) * fraction) * 1e6).rounded()))
  }

  /// The 90th percentile.
  public var p90: Duration { quantile(0.9) }
  /// The interquartile range, Q3 - Q1.
  public var interquartileRange: Duration { quantile(0.75) - quantile(0.25) }
  /// Samples outside Tukey's fences, Q1 - 1.5 IQR and Q3 + 1.5 IQR.
  public var outliers: Int {
    let q1 = quantile(0.25), q3 = quantile(0.75)
    let iqr = q3 - q1
    let low = q1 - iqr * 1.5, high = q3 + iqr * 1.5
    return samples.filter { $0 < low || $0 > high }.count
  }
}

/// How a heuristic is timed.
public struct MicroTiming: Sendable, Hashable, Codable {
  /// Untimed batches before the first sample (after the calibration).
  public var warmups: Int = 1
  /// At least this many samples.
  public var minimumSamples: Int = 10
  /// Samples go on until their total reaches this much time.
  public var minimumTotalTime: Duration = .milliseconds(100)
  /// And stop at this many samples whatever the total.
  public var maximumSamples: Int = 10_000

  public init(warmups: Int = 1, minimumSamples: Int = 10, minimumTotalTime: Duration = .milliseconds(100)) {
    self.warmups = warmups
    self.minimumSamples = minimumSamples
    self.minimumTotalTime = minimumTotalTime
  }
}

/// Times `work` as micro-benchmark tools do: a calibration (one run, whose
/// result is returned, then timed batches until one lasts
/// `minimumSampleTime`), `warmups` untimed batches, then samples, each a
/// batch lasting at least `minimumSampleTime`, until there are at least
/// `micro.minimumSamples` of them and they total at least
/// `micro.minimumTotalTime`.
public func measureMicroTimings<Result>(
  _ micro: MicroTiming, minimumSampleTime: Duration, _ work: () throws -> Result
) rethrows -> (result: Result, timings: Timings) {
  let clock = ContinuousClock()
  let (result, batch) = try calibrate(minimumSampleTime: minimumSampleTime, work)
  for _ in 0..<max(micro.warmups, 0) {
    for _ in 0..<batch { blackHole(try work()) }
  }
  var timings: [Duration] = []
  var total = Duration.zero
  while timings.count < max(micro.minimumSamples, 1) || (total < micro.minimumTotalTime && timings.count < micro.maximumSamples) {
    let sampleStart = clock.now
    for _ in 0..<batch { blackHole(try work()) }
    let elapsed = clock.now - sampleStart
    total += elapsed
    timings.append(elapsed / batch)
  }
  return (result, Timings(samples: timings, batchSize: batch))
}
