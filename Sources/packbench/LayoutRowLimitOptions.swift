import ArgumentParser
import Foundation
import RowPacking
import TagLayout

/// The options of `packbench layout` for a row limit with a "+k more" chip
/// (`--max-rows`).
struct LayoutRowLimitOptions: ParsableArguments {
  @Option(name: .customLong("max-rows"), help: ArgumentHelp(
    "Show as many tags as fit in at most N rows, with a '+k more' chip for the hidden ones at the end of the last row (any tags may hide, not only the last). Proven by a dynamic programme (order kept) or the exact solver (--max-rows-reorder). Replaces --algorithm.",
    valueName: "n"))
  var maxRows: Int?

  @Option(name: .customLong("more-label"), help: ArgumentHelp(
    "The chip's text; {k} stands for the number of hidden tags. It is measured with the tags' font and preset.", valueName: "text"))
  var moreLabel = "+{k} more"

  @Flag(name: .customLong("max-rows-reorder"), help: "With --max-rows: tags may move (maximum cardinality bin packing: the narrowest tags first, each decision by the exact solver).")
  var maxRowsReorder = false

  @Flag(help: "With --max-rows: each tag line reads 'label<TAB>priority' (a whole number >= 0), and the most valuable tags are shown rather than the most tags.")
  var priorities = false

  @Option(name: .customLong("max-rows-time-limit"), help: ArgumentHelp("The time of the searches of --max-rows (reordered or with priorities).", valueName: "seconds"))
  var maxRowsTimeLimit: Double = 2

  func validate() throws {
    if let maxRows, maxRows < 1 { throw ValidationError("--max-rows must be at least 1, not \(maxRows)") }
    if maxRows == nil && (maxRowsReorder || priorities) {
      throw ValidationError("--max-rows-reorder and --priorities go with --max-rows N")
    }
    guard moreLabel.contains("{k}") else {
      throw ValidationError("--more-label must contain {k}, the number of hidden tags (for example '+{k} more'), not '\(moreLabel)'")
    }
    guard maxRowsTimeLimit.isFinite, maxRowsTimeLimit > 0 else {
      throw ValidationError("--max-rows-time-limit must be a number of seconds > 0, not \(maxRowsTimeLimit)")
    }
  }

  /// The chip's label for `k` hidden tags.
  func chipLabel(_ k: Int) -> String { moreLabel.replacingOccurrences(of: "{k}", with: String(k)) }

  /// The row-limited layout, when `--max-rows` is given.
  func limitedLayout(
    _ tags: [Tag], priorities values: [Int]?, engine: TagLayoutEngine, measurer: TextMeasurer, style: TagStyle
  ) throws -> RowLimitedLayout? {
    guard let maxRows else { return nil }
    guard engine.options.fit == .normal else {
      throw LayoutError.invalidOption("--max-rows uses the normal fit test, not --fit strict")
    }
    return try engine.layOutLimited(
      tags, maxRows: maxRows, chipTag: { measurer.tags(for: [chipLabel($0)], style: style)[0] }, priorities: values,
      keepingOrder: !maxRowsReorder, budget: SearchBudget(timeLimit: .milliseconds(Int64(maxRowsTimeLimit * 1000))))
  }

  /// The lines `packbench layout` prints about a row-limited layout.
  static func describe(_ r: RowLimitedLayout, labels: [String]) -> [String] {
    let l = r.limited
    let hidden = l.hiddenItems.map { labels[$0] }
    return [
      "row limit:      \(l.maxRows), \(l.keepsOrder ? "order kept" : "reordered"); shown \(labels.count - l.hiddenCount) of \(labels.count) tags\(l.shownValue != labels.count - l.hiddenCount ? ", priority \(l.shownValue)" : "")",
      "chip:           " + (r.chip.map { "\"\($0.label)\" (\(formatNumber($0.width)) pt) on row \(l.chipRow! + 1)" } ?? "none (every tag shown)"),
      "hidden:         " + (hidden.isEmpty ? "none" : hidden.prefix(12).joined(separator: " | ") + (hidden.count > 12 ? " | ... (\(hidden.count - 12) more)" : "")),
      "status:         \(l.statusText)",
    ]
  }
}
