import Foundation
import RowPacking

extension BenchReport {
  /// The stages that settle an instance (the names results carry), in the
  /// order of ``SolveStage``.
  public static let stages = SolveStage.allCases.map(\.rawValue)

  /// For an exact solver of packbench: which stage settled each instance,
  /// and how long the slowest took. One line per set (and "all").
  public struct StageLine: Sendable, Hashable {
    public var dataset: String
    public var algorithm: String
    public var instances: Int
    public var provenOptimal: Int
    /// Proven-optimal runs per stage, in the order of ``BenchReport/stages``.
    public var settledBy: [Int]
    public var medianSeconds: Double?
    public var maximumSeconds: Double?
  }

  /// Stage lines for the exact solvers of packbench's registry found in
  /// `records` (peers report no stages).
  static func stageLines(_ records: [RunRecord]) -> [StageLine] {
    var algorithms: [String] = []
    var datasets: [String] = []
    for record in records where BenchAlgorithms.named(record.algorithm)?.kind == .exact {
      if !algorithms.contains(record.algorithm) { algorithms.append(record.algorithm) }
      if !datasets.contains(record.dataset) { datasets.append(record.dataset) }
    }
    func line(_ dataset: String, _ algorithm: String, _ group: [RunRecord]) -> StageLine {
      let proven = group.filter { $0.status == .optimal }
      let seconds = group.filter { $0.rows != nil }.map { $0.timeMedian.milliseconds / 1000 }
      return StageLine(
        dataset: dataset, algorithm: algorithm, instances: group.count, provenOptimal: proven.count,
        settledBy: stages.map { stage in proven.filter { $0.stage == stage }.count },
        medianSeconds: BenchStatistics.median(seconds), maximumSeconds: seconds.max())
    }
    var lines: [StageLine] = []
    for algorithm in algorithms {
      let runs = records.filter { $0.algorithm == algorithm }
      for dataset in datasets {
        let group = runs.filter { $0.dataset == dataset }
        if !group.isEmpty { lines.append(line(dataset, algorithm, group)) }
      }
      if datasets.count > 1 { lines.append(line("all", algorithm, runs)) }
    }
    return lines
  }

  /// The stage table in Markdown (empty when there is no exact solver of packbench).
  var stagesMarkdown: String {
    guard !stageLines.isEmpty else { return "" }
    var text = "### Exact solvers: what settled each instance\n\n"
    text += "The stage whose packing or bound last closed the gap (docs/ARCHITECTURE.md lists the stages; "
    text += "columns of stages that settled nothing here are left out). "
    text += "Times are wall times of the whole solve, over runs with a packing.\n\n"
    // Only the stages that settled something, in the order of the stages.
    let shown = Self.stages.indices.filter { k in stageLines.contains { $0.settledBy[k] > 0 } }
    let headers = ["set", "algorithm", "instances", "proven opt.", "median time (s)", "max time (s)"]
      + shown.map { Self.stages[$0] } + ["not proven"]
    text += "| " + headers.joined(separator: " | ") + " |\n"
    text += "|" + headers.indices.map { $0 < 2 ? "---|" : "---:|" }.joined() + "\n"
    for l in stageLines {
      let time = { (v: Double?) in v.map { String(format: "%.4f", $0) } ?? "-" }
      let cells = [l.dataset, l.algorithm, String(l.instances), String(l.provenOptimal), time(l.medianSeconds), time(l.maximumSeconds)]
        + shown.map { String(l.settledBy[$0]) } + [String(l.instances - l.provenOptimal)]
      text += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return text + "\n"
  }
}
