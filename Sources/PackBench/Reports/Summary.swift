import Foundation

/// Per dataset and algorithm: how many instances, how many proven optimal,
/// how far from the optimum, how fast.
public struct SummaryLine: Sendable, Hashable {
  public var dataset: String
  public var algorithm: String
  public var instances: Int
  /// Runs whose rows equal their lower bound.
  public var provenOptimal: Int
  /// Runs whose rows equal the known optimum (among those with one).
  public var atOptimum: Int
  /// Runs with a known optimum.
  public var withOptimum: Int
  public var totalGap: Int
  public var maximumGap: Int
  /// Runs that ended in error, crash, a limit, or `wrong`.
  public var failures: Int
  public var totalRows: Int
  /// The median over instances of each run's median time.
  public var medianTime: Duration

  public var meanGap: Double { instances > failures ? Double(totalGap) / Double(instances - failures) : 0 }

  /// Summarises records, grouped by dataset then algorithm in the order they first appear.
  ///
  /// An instance with no known optimum (none in `optima.tsv`) takes the
  /// optimum proven in the same records: any verified run whose status is
  /// `optimal` (rows equal to a proven lower bound), typically `exact`'s.
  /// So the gaps of the heuristics are against a proven optimum whenever
  /// one run of the bench proved it.
  public static func summarise(_ records: [RunRecord]) -> [SummaryLine] {
    var proven: [String: Int] = [:]
    for record in records where record.status == .optimal && record.verified {
      if let rows = record.rows { proven[record.dataset + "\u{1F}" + record.instance] = rows }
    }
    let records = records.map { record -> RunRecord in
      var record = record
      if record.optimum == nil { record.optimum = proven[record.dataset + "\u{1F}" + record.instance] }
      return record
    }
    var order: [String] = []
    var groups: [String: [RunRecord]] = [:]
    for record in records {
      let key = record.dataset + "\u{1F}" + record.algorithm
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(record)
    }
    return order.map { key in
      let group = groups[key]!
      let solved = group.filter { $0.rows != nil && $0.verified && $0.status.name != "wrong" }
      let gaps = solved.compactMap(\.gap)
      return SummaryLine(
        dataset: group[0].dataset, algorithm: group[0].algorithm, instances: group.count,
        provenOptimal: group.filter { $0.status == .optimal }.count,
        atOptimum: solved.filter { $0.optimum != nil && $0.rows == $0.optimum }.count,
        withOptimum: group.filter { $0.optimum != nil }.count,
        totalGap: gaps.reduce(0, +), maximumGap: gaps.max() ?? 0,
        failures: group.count - solved.count, totalRows: solved.compactMap(\.rows).reduce(0, +),
        medianTime: Timings.median(of: solved.map(\.timeMedian)))
    }
  }

  static let headers = [
    "dataset", "algorithm", "instances", "proven optimal", "at optimum", "total gap", "mean gap",
    "max gap", "failures", "median ms",
  ]

  var cells: [String] {
    [
      dataset, algorithm, String(instances), String(provenOptimal),
      withOptimum > 0 ? "\(atOptimum)/\(withOptimum)" : "-", String(totalGap),
      String(format: "%.2f", meanGap), String(maximumGap), String(failures),
      String(format: "%.4f", medianTime.milliseconds),
    ]
  }

  /// A plain-text table that fits one screen.
  public static func table(_ lines: [SummaryLine]) -> String {
    let rows = [headers] + lines.map(\.cells)
    var widths = [Int](repeating: 0, count: headers.count)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    return rows.map { row in
      row.enumerated().map { i, cell in
        i < 2 ? cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[i] - cell.count) + cell
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }

  /// The same table in Markdown.
  public static func markdown(_ lines: [SummaryLine]) -> String {
    var text = "| " + headers.joined(separator: " | ") + " |\n"
    text += "|" + headers.enumerated().map { i, _ in i < 2 ? "---|" : "---:|" }.joined() + "\n"
    for line in lines { text += "| " + line.cells.joined(separator: " | ") + " |\n" }
    return text
  }
}
