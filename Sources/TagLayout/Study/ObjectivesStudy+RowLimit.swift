import RowPacking

extension ObjectivesStudy {
  /// The row limits studied: the "N rows and +k more" of tag views.
  public static let rowLimits = [1, 2, 3]

  /// One cloud's answers under the row limits: tags shown by truncation
  /// (the first tags that fit, as tag views cut a list), by the order-kept
  /// optimum (any tags may hide) and reordered.
  public struct RowLimitResult: Sendable {
    public var count: Int
    /// By row limit: (shown by truncation, shown in order, proven, shown reordered, proven).
    public var shown: [Int: (truncated: Int, inOrder: Int, inOrderProven: Bool, reordered: Int, reorderedProven: Bool)]
  }

  /// Studies one cloud under each row limit; also returns the order-kept
  /// layout at two rows (for pictures).
  ///
  /// - Parameter chipTag: the chip "+k more" for k hidden tags, measured like the tags.
  public func studyRowLimits(
    _ instance: Instance, engine: TagLayoutEngine, tags: [Tag], chipTag: (Int) -> Tag
  ) -> (RowLimitResult, [TagLayoutResult]) {
    var shown: [Int: (Int, Int, Bool, Int, Bool)] = [:]
    var layouts: [TagLayoutResult] = []
    let n = instance.count
    let chips = n == 0 ? [] : (1...n).map { chipTag($0).width }
    for limit in Self.rowLimits {
      guard let kept = try? engine.layOutLimited(tags, maxRows: limit, chipTag: chipTag, budget: budget),
        let moved = try? engine.layOutLimited(tags, maxRows: limit, chipTag: chipTag, keepingOrder: false, budget: budget)
      else { continue }
      // Truncation: the longest prefix that fits with its chip, by flow.
      var truncated = 0
      for m in stride(from: n, through: 0, by: -1) {
        let widths = Array(instance.widths[0..<m]) + (m < n ? [chips[n - m - 1]] : [])
        guard let prefix = try? Instance(widths: widths, rowWidth: instance.rowWidth, spacing: instance.spacing),
          let rows = RowPacking.solve(prefix, with: NextFit()).packing?.rowCount
        else { continue }
        if rows <= limit { truncated = m; break }
      }
      shown[limit] = (
        truncated, n - kept.limited.hiddenCount, kept.limited.isProven, n - moved.limited.hiddenCount, moved.limited.isProven
      )
      if limit == 2 { layouts.append(kept.layout) }
    }
    return (RowLimitResult(count: n, shown: shown), layouts)
  }

  /// The Markdown section on row limits.
  public func rowLimitMarkdown(_ results: [RowLimitResult]) -> String {
    var out = "## At most N rows and a \"+k more\" chip\n\n"
    out += "Tags shown in at most N rows with a chip \"+k more\" for the k hidden ones (measured with the cloud's font and preset) at the end of the last row. "
    out += "*Truncation*: the first tags that fit with their chip, as tag views cut a list. "
    out += "*Order kept*: the most tags shown in their order, any of them hidden (a dynamic programme over next-fit states; exact). "
    out += "*Reordered*: the most tags in any arrangement (maximum cardinality bin packing: the narrowest tags, each decision by the pure-Swift exact solver within \(seconds(budget.timeLimit)) per layout). "
    out += "Totals over \(results.count) clouds of \(results.reduce(0) { $0 + $1.count }) tags.\n\n"
    out += "| N rows | shown by truncation | shown, order kept | proven | shown, reordered | proven | more than truncation (order kept / reordered) |\n"
    out += "|---|---|---|---|---|---|---|\n"
    for limit in Self.rowLimits {
      let s = results.compactMap { $0.shown[limit] }
      guard !s.isEmpty else { continue }
      let truncated = s.reduce(0) { $0 + $1.truncated }
      let kept = s.reduce(0) { $0 + $1.inOrder }
      let moved = s.reduce(0) { $0 + $1.reordered }
      let gainKept = s.filter { $0.inOrder > $0.truncated }.count
      let gainMoved = s.filter { $0.reordered > $0.truncated }.count
      out += "| \(limit) | \(truncated) | \(kept) | \(s.filter(\.inOrderProven).count) of \(s.count) | \(moved) | \(s.filter(\.reorderedProven).count) of \(s.count) | \(gainKept) / \(gainMoved) clouds |\n"
    }
    out += "\nHiding any tags rather than the last ones shows more whenever a wide tag blocks narrower ones behind it; reordering adds the tags that fit only in another arrangement.\n"
    return out
  }
}
