import Foundation

/// Two runs of the bench side by side, paired by instance: which instances
/// each proves, which NEW gains and loses, and whether its times differ from
/// BASE's by more than chance.
///
/// Time is summarised as the reports do: the shifted geometric mean (shift
/// 10 s, or 1 ms when both sides are heuristics), an exact solve that did not
/// prove optimality counted at its time limit. The ratio NEW / BASE of the
/// two means gets a percentile bootstrap interval over resamples of the
/// paired instances; the Wilcoxon signed-rank test is on the paired times of
/// the instances both sides proved (the only times that measure the same
/// work).
///
/// - Complexity: O(resamples · n) for n paired instances, per set and overall.
public struct RunComparison: Sendable {
  public struct Settings: Sendable {
    /// The bootstrap's SplitMix64 seed.
    public var seed: UInt64 = 1
    public var resamples: Int = 10_000
    public var confidence: Double = 0.95
    public init(seed: UInt64 = 1, resamples: Int = 10_000, confidence: Double = 0.95) {
      self.seed = seed
      self.resamples = resamples
      self.confidence = confidence
    }
  }

  /// One side: the records of one algorithm and the time limit they ran under.
  public struct Side: Sendable {
    /// How the output names this side (a file, an algorithm).
    public var label: String
    public var records: [RunRecord]
    /// From the file's manifest; without one an unproven run counts at its own time.
    public var timeLimitSeconds: Double?
    public init(label: String, records: [RunRecord], timeLimitSeconds: Double?) {
      self.label = label
      self.records = records
      self.timeLimitSeconds = timeLimitSeconds
    }
  }

  /// The comparison over one set (or over all of them).
  public struct Group: Sendable, Equatable {
    /// The set's name, or "all".
    public var dataset: String
    /// Instances in both runs.
    public var paired: Int
    /// "set/instance" of the instances in one run only.
    public var onlyInBase: [String]
    public var onlyInNew: [String]
    /// Paired instances each side proved optimal (verified, rows equal to a proven bound).
    public var baseProven: Int
    public var newProven: Int
    /// "set/instance" of the paired instances NEW proves and BASE does not, and the reverse.
    public var gained: [String]
    public var lost: [String]
    /// Paired runs whose status is `wrong`.
    public var baseWrong: Int
    public var newWrong: Int
    /// Pairs with a time on both sides (in the time ratio).
    public var timed: Int
    /// The shifted geometric means of time, in the comparison's unit.
    public var baseTime: Double?
    public var newTime: Double?
    /// The ratio NEW / BASE of the shifted geometric means, with its interval.
    public var timeRatio: BootstrapInterval?
    /// The pairs both sides proved (the Wilcoxon test's sample).
    public var bothProven: Int
    /// On the times NEW - BASE of the pairs both proved; `nil` when every difference is zero or there is none.
    public var wilcoxon: WilcoxonSignedRank?

    /// NEW's proven count less BASE's.
    public var provenDifference: Int { newProven - baseProven }
  }

  public var base: String
  public var new: String
  /// Per set, in the order the sets first appear.
  public var groups: [Group]
  public var overall: Group
  /// Whether both sides are heuristics (times in ms, shift 1 ms); else seconds, shift 10 s.
  public var heuristic: Bool
  public var unit: String { heuristic ? "ms" : "s" }
  public var shift: Double { heuristic ? 1 : 10 }
  public var settings: Settings

  /// NEW proves fewer instances overall, or its time ratio's interval lies wholly above 1.
  public var isWorse: Bool {
    overall.newProven < overall.baseProven || (overall.timeRatio.map { $0.lower > 1 } ?? false)
  }

  public init(base: Side, new: Side, settings: Settings = Settings()) {
    self.base = base.label
    self.new = new.label
    self.settings = settings
    let baseHeuristic = Self.isHeuristic(base.records)
    let newHeuristic = Self.isHeuristic(new.records)
    heuristic = baseHeuristic && newHeuristic
    let inSeconds = !heuristic

    func key(_ r: RunRecord) -> String { r.dataset + "/" + r.instance }
    var newByKey: [String: RunRecord] = [:]
    for record in new.records { newByKey[key(record)] = record }
    var baseByKey: [String: RunRecord] = [:]
    var order: [String] = []
    for record in base.records {
      if baseByKey[key(record)] == nil { order.append(key(record)) }
      baseByKey[key(record)] = record
    }
    var pairs: [Pair] = []
    var onlyInBase: [RunRecord] = []
    for k in order {
      let b = baseByKey[k]!
      guard let n = newByKey[k] else { onlyInBase.append(b); continue }
      pairs.append(
        Pair(
          base: b, new: n,
          baseTime: Self.time(b, heuristic: baseHeuristic, limit: base.timeLimitSeconds, inSeconds: inSeconds),
          newTime: Self.time(n, heuristic: newHeuristic, limit: new.timeLimitSeconds, inSeconds: inSeconds)))
    }
    var seenNew = Set<String>()
    let onlyInNew = new.records.filter { baseByKey[key($0)] == nil && seenNew.insert(key($0)).inserted }

    var datasets: [String] = []
    for r in base.records + new.records where !datasets.contains(r.dataset) { datasets.append(r.dataset) }
    let shift = heuristic ? 1.0 : 10.0
    groups = datasets.map { set in
      Self.group(
        set, pairs: pairs.filter { $0.base.dataset == set }, onlyInBase: onlyInBase.filter { $0.dataset == set },
        onlyInNew: onlyInNew.filter { $0.dataset == set }, shift: shift, settings: settings)
    }
    overall = Self.group(
      "all", pairs: pairs, onlyInBase: onlyInBase, onlyInNew: onlyInNew, shift: shift, settings: settings)
  }

  struct Pair {
    var base: RunRecord
    var new: RunRecord
    var baseTime: Double?
    var newTime: Double?
  }

  static func proven(_ r: RunRecord) -> Bool { r.status == .optimal && r.verified }

  static func isHeuristic(_ records: [RunRecord]) -> Bool {
    guard let first = records.first else { return false }
    return BenchReport.isHeuristic(first.algorithm, records: records)
  }

  /// A run's time as the reports count it: a heuristic's when it packed;
  /// an exact solver's, at its time limit when it did not prove optimality.
  static func time(_ r: RunRecord, heuristic: Bool, limit: Double?, inSeconds: Bool) -> Double? {
    let scale = inSeconds ? 1.0 / 1000 : 1.0
    let own = r.timeMedian.milliseconds * scale
    if heuristic { return r.rows != nil ? own : nil }
    if proven(r) { return own }
    if r.status.name == "error" && r.itemCount == 0 { return nil }  // no instance at all
    let atLimit = limit.map { $0 * 1000 * scale } ?? own
    return max(atLimit, own)
  }

  static func group(
    _ dataset: String, pairs: [Pair], onlyInBase: [RunRecord], onlyInNew: [RunRecord], shift: Double,
    settings: Settings
  ) -> Group {
    func name(_ r: RunRecord) -> String { r.dataset + "/" + r.instance }
    let timed = pairs.compactMap { p -> (Double, Double)? in
      guard let b = p.baseTime, let n = p.newTime else { return nil }
      return (b, n)
    }
    let baseLogs = timed.map { log(max($0.0, 0) + shift) }
    let newLogs = timed.map { log(max($0.1, 0) + shift) }
    // The ratio of shifted geometric means over a resample of the timed pairs.
    let ratio: ([Int]) -> Double = { indices in
      var b = 0.0
      var n = 0.0
      for i in indices {
        b += baseLogs[i]
        n += newLogs[i]
      }
      let count = Double(indices.count)
      return (exp(n / count) - shift) / (exp(b / count) - shift)
    }
    var interval = Bootstrap.percentileInterval(
      count: timed.count, resamples: settings.resamples, seed: settings.seed, confidence: settings.confidence,
      statistic: ratio)
    if let i = interval, !i.estimate.isFinite { interval = nil }
    let both = pairs.filter { proven($0.base) && proven($0.new) }
    let wilcoxon = WilcoxonSignedRank(
      both.compactMap(\.newTime), both.compactMap(\.baseTime), zeroMethod: .pratt)
    return Group(
      dataset: dataset, paired: pairs.count, onlyInBase: onlyInBase.map(name), onlyInNew: onlyInNew.map(name),
      baseProven: pairs.filter { proven($0.base) }.count, newProven: pairs.filter { proven($0.new) }.count,
      gained: pairs.filter { proven($0.new) && !proven($0.base) }.map { name($0.base) },
      lost: pairs.filter { proven($0.base) && !proven($0.new) }.map { name($0.base) },
      baseWrong: pairs.filter { $0.base.status.name == "wrong" }.count,
      newWrong: pairs.filter { $0.new.status.name == "wrong" }.count,
      timed: timed.count, baseTime: BenchStatistics.shiftedGeometricMean(timed.map(\.0), shift: shift),
      newTime: BenchStatistics.shiftedGeometricMean(timed.map(\.1), shift: shift), timeRatio: interval,
      bothProven: both.count, wilcoxon: wilcoxon)
  }
}
