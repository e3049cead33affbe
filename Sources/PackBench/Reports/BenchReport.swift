import Foundation
import RowPacking

/// `packbench report`: a result file as bin-packing papers tabulate it, with
/// performance profiles, the distribution of gaps and time against n.
public struct BenchReport: Sendable {
  /// One line of a table: one set (or "all") and one algorithm.
  public struct Line: Sendable, Hashable {
    public var dataset: String
    public var algorithm: String
    public var instances: Int
    /// Rows equal to a proven lower bound (status optimal).
    public var provenOptimal: Int
    /// Runs with a reference: the known optimum, else the lower bound.
    public var reached: Int
    public var plusOne: Int
    public var plusTwoOrMore: Int
    /// Runs with no valid packing (a limit, an error, a crash, wrong).
    public var noPacking: Int
    public var largestDeviation: Int?
    /// In the table's unit (seconds for exact solvers, milliseconds for heuristics).
    public var meanTime: Double?
    public var medianTime: Double?
    public var shiftedGeometricMeanTime: Double?
    public var meanGap: Double?
  }

  /// A group of algorithms timed in one unit with one shift.
  public struct Table: Sendable {
    public var title: String
    public var unit: String
    public var shift: Double
    public var lines: [Line]
  }

  public var tables: [Table]
  /// A line saying where the results come from (limits, threads, machine).
  public var caption: String
  /// A Dolan-Moré performance profile over a group of algorithms.
  public struct Profile: Sendable {
    public var title: String
    public var algorithms: [String]
    /// The instances every algorithm of the group ran on.
    public var problems: Int
    /// Per algorithm, its sorted finite performance ratios.
    public var ratios: [[Double]]
  }

  /// One profile per table (exact solvers; heuristics): times in seconds and
  /// in microseconds are not set against each other.
  public var profiles: [Profile]
  /// Every algorithm in order of appearance (their colours in the charts).
  public var algorithms: [String]
  /// Per algorithm: runs with gap 0, 1, 2, 3, 4, 5 or more, and with no packing.
  public var gapDistribution: [(algorithm: String, counts: [Int])]
  /// Per algorithm: (n, time in ms) of each run with a packing.
  public var timeAgainstN: [(algorithm: String, points: [(n: Int, milliseconds: Double)])]

  public static let gapBins = ["0", "1", "2", "3", "4", "5+", "none"]

  /// Per heuristic, how steady its timings were (runs timed with at least
  /// two samples: micro mode, or --repetitions >= 2).
  public struct TimingQuality: Sendable, Hashable {
    public var algorithm: String
    public var runs: Int
    /// Medians over runs.
    public var samplesPerRun: Double
    public var medianMilliseconds: Double
    public var minimumMilliseconds: Double
    public var p90Milliseconds: Double
    /// IQR / median, in percent.
    public var relativeIQR: Double
    /// Outlier samples (outside Tukey's fences) over all samples, in percent.
    public var outlierShare: Double
  }

  public var timingQuality: [TimingQuality]

  /// Which stage settled each instance, for packbench's exact solvers.
  public var stageLines: [StageLine]

  /// Whether an algorithm is timed as a heuristic: the registry says so, or
  /// (for peers' and external algorithms) every one of its runs has stage
  /// "heuristic", or none used its time or claimed a bound.
  static func isHeuristic(_ algorithm: String, records: [RunRecord]) -> Bool {
    if let known = BenchAlgorithms.named(algorithm) { return known.kind == .heuristic }
    if records.allSatisfy({ $0.stage == "heuristic" }) { return true }
    // An external solver that never used its time and never claimed a bound
    // stops by itself, as a heuristic does: its own time is what it costs.
    return records.allSatisfy { r in
      r.stage == nil && (r.status == .feasible || r.status == .optimal) && r.boundSource != .external
    }
  }

  public init(records: [RunRecord], manifest: Manifest?) {
    var algorithms: [String] = []
    var datasets: [String] = []
    for record in records {
      if !algorithms.contains(record.algorithm) { algorithms.append(record.algorithm) }
      if !datasets.contains(record.dataset) { datasets.append(record.dataset) }
    }
    let byAlgorithm = Dictionary(grouping: records, by: \.algorithm)
    let heuristic = Dictionary(uniqueKeysWithValues: algorithms.map { ($0, Self.isHeuristic($0, records: byAlgorithm[$0]!)) })
    let limit = manifest?.configuration.timeLimitSeconds

    /// A run's time in the table's unit; an unsolved exact run counts at the limit.
    func time(_ record: RunRecord, heuristic: Bool) -> Double? {
      if heuristic { return record.rows != nil ? record.timeMedian.milliseconds : nil }
      let seconds = record.timeMedian.milliseconds / 1000
      if record.status == .optimal { return seconds }
      if record.status.name == "error" && record.itemCount == 0 { return nil }  // no instance at all
      return max(limit ?? seconds, seconds)
    }

    func line(_ dataset: String, _ algorithm: String, _ group: [RunRecord]) -> Line {
      let h = heuristic[algorithm]!
      let valid = group.filter { $0.rows != nil && $0.verified && $0.status.name != "wrong" }
      let gaps = valid.compactMap(\.gap)
      let times = group.compactMap { time($0, heuristic: h) }
      return Line(
        dataset: dataset, algorithm: algorithm, instances: group.count,
        provenOptimal: group.filter { $0.status == .optimal }.count,
        reached: gaps.filter { $0 == 0 }.count, plusOne: gaps.filter { $0 == 1 }.count,
        plusTwoOrMore: gaps.filter { $0 >= 2 }.count, noPacking: group.count - valid.count,
        largestDeviation: gaps.max(), meanTime: BenchStatistics.mean(times), medianTime: BenchStatistics.median(times),
        shiftedGeometricMeanTime: BenchStatistics.shiftedGeometricMean(times, shift: h ? 1 : 10),
        meanGap: BenchStatistics.mean(gaps.map(Double.init)))
    }

    var tables: [Table] = []
    for h in [false, true] {
      let names = algorithms.filter { heuristic[$0] == h }
      guard !names.isEmpty else { continue }
      var lines: [Line] = []
      for dataset in datasets {
        for algorithm in names {
          let group = records.filter { $0.dataset == dataset && $0.algorithm == algorithm }
          if !group.isEmpty { lines.append(line(dataset, algorithm, group)) }
        }
      }
      if datasets.count > 1 {
        for algorithm in names { lines.append(line("all", algorithm, byAlgorithm[algorithm]!)) }
      }
      tables.append(
        Table(title: h ? "Heuristics" : "Exact solvers", unit: h ? "ms" : "s", shift: h ? 1 : 10, lines: lines))
    }
    self.tables = tables

    // The profiles: problems are the instances every algorithm of the group ran on.
    var problemKeys: [String] = []
    var timesByKey: [String: [String: Double?]] = [:]
    for record in records {
      let key = record.dataset + "/" + record.instance
      if timesByKey[key] == nil { problemKeys.append(key) }
      let h = heuristic[record.algorithm]!
      let solved = h ? (record.gap == 0 && record.verified && record.status.name != "wrong") : record.status == .optimal
      timesByKey[key, default: [:]][record.algorithm] = .some(solved ? record.timeMedian.milliseconds / 1000 : nil)
    }
    self.algorithms = algorithms
    profiles = [false, true].compactMap { h in
      let names = algorithms.filter { heuristic[$0] == h }
      guard !names.isEmpty else { return nil }
      let common = problemKeys.filter { key in names.allSatisfy { timesByKey[key]?[$0] != nil } }
      return Profile(
        title: h ? "Heuristics (solved: the optimum reached)" : "Exact solvers (solved: proven optimal)",
        algorithms: names, problems: common.count,
        ratios: BenchStatistics.performanceRatios(names.map { a in common.map { timesByKey[$0]![a]! } }))
    }

    gapDistribution = algorithms.map { algorithm in
      var counts = [Int](repeating: 0, count: Self.gapBins.count)
      for record in byAlgorithm[algorithm]! {
        if let gap = record.gap, record.verified, record.status.name != "wrong" {
          counts[min(max(gap, 0), 5)] += 1
        } else {
          counts[6] += 1
        }
      }
      return (algorithm, counts)
    }
    timeAgainstN = algorithms.map { algorithm in
      (algorithm, byAlgorithm[algorithm]!.filter { $0.rows != nil && $0.itemCount > 0 }.map { ($0.itemCount, $0.timeMedian.milliseconds) })
    }
    timingQuality = algorithms.filter { heuristic[$0]! }.compactMap { algorithm in
      let timed = byAlgorithm[algorithm]!.filter { $0.timeP90 != nil && $0.timeIQR != nil && $0.outliers != nil && $0.repetitions >= 2 }
      guard !timed.isEmpty else { return nil }
      let samples = timed.map(\.repetitions).reduce(0, +)
      func median(_ values: [Double]) -> Double { BenchStatistics.median(values) ?? 0 }
      return TimingQuality(
        algorithm: algorithm, runs: timed.count, samplesPerRun: median(timed.map { Double($0.repetitions) }),
        medianMilliseconds: median(timed.map { $0.timeMedian.milliseconds }),
        minimumMilliseconds: median(timed.map { $0.timeMinimum.milliseconds }),
        p90Milliseconds: median(timed.map { $0.timeP90!.milliseconds }),
        relativeIQR: median(timed.map { $0.timeMedian > .zero ? 100 * $0.timeIQR!.milliseconds / $0.timeMedian.milliseconds : 0 }),
        outlierShare: samples > 0 ? 100 * Double(timed.map { $0.outliers! }.reduce(0, +)) / Double(samples) : 0)
    }
    stageLines = Self.stageLines(records)
    caption = Self.caption(manifest, records: records)
  }

  static func caption(_ manifest: Manifest?, records: [RunRecord]) -> String {
    guard let m = manifest else {
      return "\(records.count) runs; no manifest beside the file, so limits and machine are unknown."
    }
    let c = m.configuration
    let memory = c.memoryLimitBytes.map { "\($0 >> 20) MiB" } ?? "none"
    let gib = Double(m.machine.memoryBytes) / Double(1 << 30)
    var text = "Time limit \(formatNumber(c.timeLimitSeconds)) s and memory limit \(memory) per exact solve (each in its own process)"
    text += "; \(m.jobs) job\(m.jobs == 1 ? "" : "s") at a time, one thread per solver"
    text += "; heuristics: median of \(c.micro.map { ">= \($0.minimumSamples) samples after a warm-up (micro mode)" } ?? "\(c.repetitions) samples")"
    text += String(format: ". Machine: %@, %d cores, %.0f GiB; %@. ", m.machine.cpu.isEmpty ? "unknown CPU" : m.machine.cpu, m.machine.cores, gib, m.machine.os)
    text += "packbench \(m.software.packbench)"
    if !m.software.commit.isEmpty { text += " (\(m.software.commit.prefix(12)))" }
    text += ", Swift \(m.software.swift)"
    if !m.software.glpk.isEmpty { text += ", GLPK \(m.software.glpk)" }
    text += ", seed \(c.seed)."
    return text
  }

  // MARK: - Output

  static func cells(_ line: Line, table: Table) -> [String] {
    func number(_ value: Double?, _ digits: Int) -> String { value.map { String(format: "%.\(digits)f", $0) } ?? "-" }
    let digits = table.unit == "s" ? 2 : 4
    return [
      line.dataset, line.algorithm, String(line.instances), String(line.provenOptimal), String(line.reached),
      String(line.plusOne), String(line.plusTwoOrMore), String(line.noPacking), line.largestDeviation.map(String.init) ?? "-",
      number(line.meanTime, digits), number(line.medianTime, digits), number(line.shiftedGeometricMeanTime, digits),
      number(line.meanGap, 2),
    ]
  }

  static func headers(_ table: Table) -> [String] {
    let u = table.unit
    let shift = table.unit == "s" ? "10 s" : "1 ms"
    return [
      "set", "algorithm", "instances", "proven opt.", "opt.", "opt.+1", "opt.+2 or more", "no packing",
      "largest dev.", "mean time (\(u))", "median time (\(u))", "sgm time (\(u), shift \(shift))", "mean gap",
    ]
  }

  /// The rho(tau) of each algorithm at a few tau, for the Markdown summary.
  static let profileTaus: [Double] = [1, 2, 4, 10, 100]

  public var markdown: String {
    var text = "_\(caption)_\n\n"
    for table in tables {
      text += "### \(table.title)\n\n"
      let headers = Self.headers(table)
      text += "| " + headers.joined(separator: " | ") + " |\n"
      text += "|" + headers.indices.map { $0 < 2 ? "---|" : "---:|" }.joined() + "\n"
      for line in table.lines { text += "| " + Self.cells(line, table: table).joined(separator: " | ") + " |\n" }
      text += "\n"
    }
    text += "Opt.: rows equal to the known optimum (else to the lower bound); opt.+k: k rows more; no packing: a limit, an error, a crash or a wrong result. "
    text += "Times of exact solves that did not prove optimality count at the time limit; sgm: shifted geometric mean, exp(mean(ln(t + s))) - s.\n\n"
    text += stagesMarkdown
    for profile in profiles {
      text += "### Performance profile (Dolan and Moré): \(profile.title)\n\n"
      text += "Share of the \(profile.problems) instances that every algorithm of the group ran on which each one solves within tau times the fastest time.\n\n"
      text += "| algorithm | " + Self.profileTaus.map { "tau = \(formatNumber($0))" }.joined(separator: " | ") + " | solved |\n"
      text += "|---|" + Self.profileTaus.map { _ in "---:|" }.joined() + "---:|\n"
      for (i, algorithm) in profile.algorithms.enumerated() {
        let values = Self.profileTaus.map {
          String(format: "%.2f", BenchStatistics.profileValue(ratios: profile.ratios[i], problems: profile.problems, at: $0))
        }
        text += "| \(algorithm) | " + values.joined(separator: " | ") + " | \(profile.ratios[i].count) |\n"
      }
      text += "\n"
    }
    if !timingQuality.isEmpty {
      text += "### Heuristic timings\n\n"
      text += "Per run, the samples' median, minimum, 90th percentile and interquartile range; here the median of each over the runs, and the share of samples outside Tukey's fences (1.5 IQR beyond the quartiles).\n\n"
      text += "| algorithm | runs | samples per run | median (ms) | min (ms) | p90 (ms) | IQR / median | outlier samples |\n"
      text += "|---|---:|---:|---:|---:|---:|---:|---:|\n"
      for q in timingQuality {
        text += String(
          format: "| %@ | %d | %.0f | %.4f | %.4f | %.4f | %.1f %% | %.1f %% |\n", q.algorithm, q.runs, q.samplesPerRun,
          q.medianMilliseconds, q.minimumMilliseconds, q.p90Milliseconds, q.relativeIQR, q.outlierShare)
      }
      text += "\n"
    }
    text += "### Gaps (rows above the optimum, or the bound)\n\n"
    text += "| algorithm | " + Self.gapBins.joined(separator: " | ") + " |\n|---|" + Self.gapBins.map { _ in "---:|" }.joined() + "\n"
    for (algorithm, counts) in gapDistribution {
      text += "| \(algorithm) | " + counts.map(String.init).joined(separator: " | ") + " |\n"
    }
    return text
  }

  /// The profiles as CSV: algorithm, tau, rho, problems; one line per step.
  public var profileCSV: String {
    var text = CSV.record(["algorithm", "tau", "rho", "problems"])
    for profile in profiles {
      for (i, algorithm) in profile.algorithms.enumerated() {
        let ratios = profile.ratios[i]
        func line(_ tau: Double) -> String {
          CSV.record([algorithm, String(format: "%.6g", tau), String(format: "%.6f", BenchStatistics.profileValue(ratios: ratios, problems: profile.problems, at: tau)), String(profile.problems)])
        }
        text += line(1)
        var seen = Set<Double>([1])
        for ratio in ratios where seen.insert(ratio).inserted { text += line(ratio) }
      }
    }
    return text
  }

  public func html(title: String) -> String {
    func escape(_ s: String) -> String {
      s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
    var body = "<h1>\(escape(title))</h1>\n<p class=\"caption\">\(escape(caption))</p>\n"
    for table in tables {
      body += "<h2>\(table.title)</h2>\n<table>\n<tr>" + Self.headers(table).map { "<th>\(escape($0))</th>" }.joined() + "</tr>\n"
      for line in table.lines {
        body += "<tr" + (line.dataset == "all" ? " class=\"total\"" : "") + ">"
          + Self.cells(line, table: table).enumerated().map { i, c in i < 2 ? "<td>\(escape(c))</td>" : "<td class=\"n\">\(c)</td>" }.joined() + "</tr>\n"
      }
      body += "</table>\n"
    }
    if !timingQuality.isEmpty {
      body += "<h2>Heuristic timings</h2>\n<table>\n<tr><th>algorithm</th><th>runs</th><th>samples per run</th><th>median (ms)</th><th>min (ms)</th><th>p90 (ms)</th><th>IQR / median</th><th>outlier samples</th></tr>\n"
      for q in timingQuality {
        body += String(
          format: "<tr><td>%@</td><td class=\"n\">%d</td><td class=\"n\">%.0f</td><td class=\"n\">%.4f</td><td class=\"n\">%.4f</td><td class=\"n\">%.4f</td><td class=\"n\">%.1f %%</td><td class=\"n\">%.1f %%</td></tr>\n",
          escape(q.algorithm), q.runs, q.samplesPerRun, q.medianMilliseconds, q.minimumMilliseconds, q.p90Milliseconds,
          q.relativeIQR, q.outlierShare)
      }
      body += "</table>\n"
    }
    body += "<p class=\"note\">Opt.: rows equal to the known optimum (else the lower bound). Unproven exact solves count at the time limit. sgm: shifted geometric mean.</p>\n"
    body += "<div class=\"charts\">\n"
    for profile in profiles {
      body += "<figure>" + SVGChart.performanceProfile(profile, colors: self) + "<figcaption>Performance profile (Dolan and Moré 2002), \(escape(profile.title)): share of \(profile.problems) instances solved within tau times the fastest.</figcaption></figure>\n"
    }
    body += "<figure>" + SVGChart.gapDistribution(self) + "<figcaption>Distribution of gaps: rows above the optimum (or the bound) per run.</figcaption></figure>\n"
    body += "<figure>" + SVGChart.timeAgainstN(self) + "<figcaption>Time against n, log-log axes (runs with a packing).</figcaption></figure>\n"
    body += "</div>\n"
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
      <style>
      body { font-family: "DejaVu Sans", sans-serif; margin: 24px; color: #222; max-width: 1400px; }
      h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 22px; }
      .caption, .note { font-size: 13px; color: #444; }
      table { border-collapse: collapse; font-size: 12px; }
      th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: left; }
      th { background: #f3f3f3; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
      tr.total td { font-weight: bold; border-top: 2px solid #999; }
      .charts { display: flex; flex-wrap: wrap; gap: 16px; }
      figure { margin: 0; } figcaption { font-size: 12px; color: #444; max-width: 440px; }
      </style></head><body>
      \(body)</body></html>

      """
  }
}
