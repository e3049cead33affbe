import Foundation
import RowPacking

/// One row of the bench's CSV: one algorithm on one instance.
public struct RunRecord: Sendable, Hashable {
  public var dataset: String
  public var instance: String
  public var itemCount: Int
  /// The row width.
  public var capacity: Double
  public var spacing: Double
  public var algorithm: String
  /// Rows of the packing; `nil` when there is none.
  public var rows: Int?
  public var lowerBound: Int
  public var boundSource: BoundSource
  /// The known optimum, when the dataset has one.
  public var optimum: Int?
  public var status: SolveStatus
  /// Whether the packing passed the independent verifier.
  public var verified: Bool
  public var timeMedian: Duration
  public var timeMinimum: Duration
  public var timeMaximum: Duration
  public var repetitions: Int
  /// Branch-and-bound nodes, for exact solvers that report them.
  public var nodes: Int?
  /// The stage that settled the instance (heuristic, LP, MIP).
  public var stage: String?
  /// The packing itself (not written to the CSV).
  public var packing: Packing? = nil
  /// Micro mode: the 90th percentile and the interquartile range of the
  /// samples, and how many samples lie outside Tukey's fences.
  public var timeP90: Duration? = nil
  public var timeIQR: Duration? = nil
  public var outliers: Int? = nil
  /// The run's own seed.
  public var seed: UInt64? = nil
  /// The run's stable key (see ``PlannedRun/key``).
  public var runKey: String = ""
  /// What a child process printed (a solver's log), kept with `--verbose`
  /// (not written to the CSV).
  public var log: String? = nil
  /// Wall time from the solve's start to the end of its root LP, for
  /// exact solvers that have one (``PackingResult/rootLPTime``); of the
  /// first solve when fast solves repeat.
  public var rootLPTime: Duration? = nil

  /// Rows minus the optimum, or minus the lower bound when the optimum is unknown.
  public var gap: Int? {
    guard let rows else { return nil }
    return rows - (optimum ?? lowerBound)
  }

  /// The CSV columns, in order.
  public static let columns = [
    "dataset", "instance", "n", "capacity", "spacing", "algorithm", "rows", "lower_bound",
    "bound_source", "optimum", "gap", "status", "verified", "time_ms", "time_ms_min",
    "time_ms_max", "repetitions", "nodes", "stage", "message",
    "time_ms_p90", "time_ms_iqr", "outliers", "seed", "run_key", "root_lp_ms",
  ]

  /// The columns of the first version of the CSV (files with only these can still be read).
  public static let baseColumnCount = 20

  /// The fields of this record in the order of ``columns``.
  public var fields: [String] {
    [
      dataset, instance, String(itemCount), formatNumber(capacity), formatNumber(spacing), algorithm,
      rows.map(String.init) ?? "", String(lowerBound), boundSource.rawValue,
      optimum.map(String.init) ?? "", gap.map(String.init) ?? "", status.name,
      verified ? "true" : "false", formatMilliseconds(timeMedian), formatMilliseconds(timeMinimum),
      formatMilliseconds(timeMaximum), String(repetitions), nodes.map(String.init) ?? "",
      stage ?? "", (status.message ?? "").oneLine,
      timeP90.map(formatMilliseconds) ?? "", timeIQR.map(formatMilliseconds) ?? "",
      outliers.map(String.init) ?? "", seed.map(String.init) ?? "", runKey,
      rootLPTime.map(formatMilliseconds) ?? "",
    ]
  }

  /// Whether this run failed: any status but `optimal` and `feasible`.
  public var failed: Bool { !(status == .optimal || status == .feasible) }
}

extension RunRecord {
  public init(
    dataset: String, instance: String, itemCount: Int, capacity: Double, spacing: Double, algorithm: String,
    rows: Int?, lowerBound: Int, boundSource: BoundSource, optimum: Int?, status: SolveStatus, verified: Bool,
    timeMedian: Duration, timeMinimum: Duration, timeMaximum: Duration, repetitions: Int, nodes: Int? = nil,
    stage: String? = nil
  ) {
    self.dataset = dataset
    self.instance = instance
    self.itemCount = itemCount
    self.capacity = capacity
    self.spacing = spacing
    self.algorithm = algorithm
    self.rows = rows
    self.lowerBound = lowerBound
    self.boundSource = boundSource
    self.optimum = optimum
    self.status = status
    self.verified = verified
    self.timeMedian = timeMedian
    self.timeMinimum = timeMinimum
    self.timeMaximum = timeMaximum
    self.repetitions = repetitions
    self.nodes = nodes
    self.stage = stage
  }

  /// A record read back from a CSV row with the given header.
  ///
  /// - Throws: ``RecordParseError`` naming the column that does not parse.
  public init(fields: [String], header: [String]) throws {
    var index: [String: Int] = [:]
    for (i, name) in header.enumerated() where index[name] == nil { index[name] = i }
    func text(_ name: String) -> String {
      guard let i = index[name], i < fields.count else { return "" }
      return fields[i]
    }
    func number<T: LosslessStringConvertible>(_ name: String, _ type: T.Type) throws -> T? {
      let value = text(name)
      if value.isEmpty { return nil }
      guard let parsed = T(value) else { throw RecordParseError(column: name, value: value) }
      return parsed
    }
    func milliseconds(_ name: String) throws -> Duration? {
      try number(name, Double.self).map { .nanoseconds(Int64(($0 * 1e6).rounded())) }
    }
    guard let status = SolveStatus(name: text("status"), message: text("message").isEmpty ? nil : text("message")) else {
      throw RecordParseError(column: "status", value: text("status"))
    }
    self.init(
      dataset: text("dataset"), instance: text("instance"), itemCount: try number("n", Int.self) ?? 0,
      capacity: try number("capacity", Double.self) ?? 0, spacing: try number("spacing", Double.self) ?? 0,
      algorithm: text("algorithm"), rows: try number("rows", Int.self), lowerBound: try number("lower_bound", Int.self) ?? 0,
      boundSource: BoundSource(rawValue: text("bound_source")) ?? .none, optimum: try number("optimum", Int.self),
      status: status, verified: text("verified") == "true", timeMedian: try milliseconds("time_ms") ?? .zero,
      timeMinimum: try milliseconds("time_ms_min") ?? .zero, timeMaximum: try milliseconds("time_ms_max") ?? .zero,
      repetitions: try number("repetitions", Int.self) ?? 0, nodes: try number("nodes", Int.self),
      stage: text("stage").isEmpty ? nil : text("stage"))
    timeP90 = try milliseconds("time_ms_p90")
    timeIQR = try milliseconds("time_ms_iqr")
    outliers = try number("outliers", Int.self)
    seed = try number("seed", UInt64.self)
    runKey = text("run_key")
    rootLPTime = try milliseconds("root_lp_ms")
  }
}

/// A CSV field that does not parse.
public struct RecordParseError: Error, CustomStringConvertible {
  public var column: String
  public var value: String
  public var description: String { "the \(column) column holds '\(value)'" }
}

extension String {
  /// The text with line breaks turned into " / ", so that a CSV record is
  /// always one line (a torn last line can then be found and dropped).
  var oneLine: String {
    split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.joined(separator: " / ")
  }
}

/// Milliseconds with six decimals (nanosecond resolution).
func formatMilliseconds(_ duration: Duration) -> String {
  String(format: "%.6f", duration.milliseconds)
}
