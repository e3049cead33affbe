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
  ]

  /// The fields of this record in the order of ``columns``.
  public var fields: [String] {
    [
      dataset, instance, String(itemCount), formatNumber(capacity), formatNumber(spacing), algorithm,
      rows.map(String.init) ?? "", String(lowerBound), boundSource.rawValue,
      optimum.map(String.init) ?? "", gap.map(String.init) ?? "", status.name,
      verified ? "true" : "false", formatMilliseconds(timeMedian), formatMilliseconds(timeMinimum),
      formatMilliseconds(timeMaximum), String(repetitions), nodes.map(String.init) ?? "",
      stage ?? "", status.message ?? "",
    ]
  }
}

/// Milliseconds with six decimals (nanosecond resolution).
func formatMilliseconds(_ duration: Duration) -> String {
  String(format: "%.6f", duration.milliseconds)
}
