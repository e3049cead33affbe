/// How the items of a packing are ordered in the layout.
public enum ItemOrder: String, CaseIterable, Sendable, Hashable, Codable {
  /// Rows and items within a row exactly as the packer returned them.
  case packed
  /// Each row's items in their input order, and rows by their first
  /// item's input position: the same rows, read as close to the input as
  /// they allow.
  case input

  /// The rows in this order (each row non-empty).
  ///
  /// - Complexity: O(*n* log *n*).
  public func arrange(_ rows: [[Int]]) -> [[Int]] {
    switch self {
    case .packed: return rows
    case .input: return rows.map { $0.sorted() }.sorted { ($0.first ?? 0) < ($1.first ?? 0) }
    }
  }
}
