import RowPacking

/// The content height for a range of container widths: from
/// ``containerWidth`` (inclusive) to the next step's, the tags take
/// ``rows`` rows and the content is ``contentHeight`` tall.
public struct HeightStep: Sendable, Hashable, Codable {
  /// The narrowest container width of the step (row width plus the leading and trailing insets).
  public var containerWidth: Double
  /// The narrowest row width of the step.
  public var rowWidth: Double
  public var rows: Int
  /// Top inset + the rows' heights + (rows - 1) x line spacing + bottom inset,
  /// as ``TagLayoutResult/contentHeight`` computes it.
  public var contentHeight: Double
}

extension TagLayoutEngine {
  /// The rows and the content height of the tags for every container
  /// width, from the widest tag to a single row, as a step function, so
  /// that a cell knows its height before layout.
  ///
  /// The breakpoints come from ``rowsForEveryWidth(widths:spacing:algorithm:resolution:)``
  /// (exact at the scaled widths, every breakpoint found; FFD and BFD may
  /// need more rows at a larger width). A row is as tall as its tallest tag;
  /// with tags of one height (every preset) the height is exact over the
  /// whole step, with mixed heights it is that of the packing at the breakpoint.
  /// The options' width is ignored; the insets, spacing and line spacing
  /// are used (the normal fit test).
  ///
  /// - Throws: ``LayoutError`` for bad options or tags, or an algorithm the
  ///   step function does not support.
  public func heightForEveryWidth(_ tags: [Tag], algorithm: RowCountAlgorithm) throws(LayoutError) -> (steps: [HeightStep], rows: RowsForEveryWidth) {
    for (i, tag) in tags.enumerated() {
      guard tag.width.isFinite, tag.width >= 0, tag.height.isFinite, tag.height >= 0 else {
        throw .invalidTag(index: i, label: tag.label, reason: "its size \(tag.width) x \(tag.height) is not finite and >= 0")
      }
    }
    let o = options
    let function: RowsForEveryWidth
    do {
      function = try rowsForEveryWidth(widths: tags.map(\.width), spacing: o.spacing, algorithm: algorithm)
    } catch {
      throw .invalidOption(error.description)
    }
    let steps = function.steps.map { step in
      let rowsHeight = step.packing.rows.reduce(0.0) { sum, row in sum + (row.map { tags[$0].height }.max() ?? 0) }
      let height = o.insets.top + rowsHeight + Double(max(step.rows - 1, 0)) * o.lineSpacing + o.insets.bottom
      return HeightStep(
        containerWidth: step.rowWidth + o.insets.leading + o.insets.trailing, rowWidth: step.rowWidth,
        rows: step.rows, contentHeight: height)
    }
    return (steps, function)
  }
}
