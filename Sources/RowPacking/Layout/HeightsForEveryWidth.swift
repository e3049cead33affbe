/// The content height for a range of container widths: from
/// ``containerWidth`` (inclusive) to the next step's, the items take
/// ``rows`` rows and the content is ``contentHeight`` tall.
public struct HeightStep: Sendable, Hashable, Codable {
  /// The narrowest container width of the step (row width plus the leading and trailing insets).
  public var containerWidth: Double
  /// The narrowest row width of the step.
  public var rowWidth: Double
  public var rows: Int
  /// Top inset + the rows' heights + (rows - 1) x line spacing + bottom inset
  /// (``RowGeometry/contentHeight(rowHeights:)``).
  public var contentHeight: Double
}

extension RowGeometry {
  /// The rows and the content height of items of the given sizes for
  /// every container width, from the widest item to a single row, as a
  /// step function, so that a cell knows its height before layout.
  ///
  /// The breakpoints come from ``rowsForEveryWidth(widths:spacing:algorithm:resolution:)``
  /// (exact at the scaled widths, every breakpoint found; FFD and BFD may
  /// need more rows at a larger width). A row is as tall as its tallest
  /// item; with items of one height the height is exact over the whole
  /// step, with mixed heights it is that of the packing at the breakpoint.
  ///
  /// - Throws: ``RowLayoutError`` for a bad geometry or size, or an
  ///   algorithm the step function does not support.
  /// - Complexity: that of ``rowsForEveryWidth(widths:spacing:algorithm:resolution:)``, plus O(*n*) per step.
  public func heightsForEveryWidth(
    sizes: [LayoutSize], algorithm: RowCountAlgorithm
  ) throws(RowLayoutError) -> (steps: [HeightStep], rows: RowsForEveryWidth) {
    do throws(RowGeometryError) {
      try validate()
      for (i, size) in sizes.enumerated() where !(size.width.isFinite && size.width >= 0 && size.height.isFinite && size.height >= 0) {
        throw RowGeometryError.invalidSize(item: i, width: size.width, height: size.height)
      }
    } catch {
      throw .geometry(error)
    }
    let function: RowsForEveryWidth
    do {
      function = try rowsForEveryWidth(widths: sizes.map(\.width), spacing: spacing, algorithm: algorithm)
    } catch {
      throw .rowsForEveryWidth(error)
    }
    let steps = function.steps.map { step in
      let heights = step.packing.rows.map { row in row.reduce(0.0) { Swift.max($0, sizes[$1].height) } }
      return HeightStep(
        containerWidth: step.rowWidth + insets.leading + insets.trailing, rowWidth: step.rowWidth,
        rows: step.rows, contentHeight: contentHeight(rowHeights: heights))
    }
    return (steps, function)
  }
}

extension RowLayout {
  /// The rows and content height for every container width
  /// (``RowGeometry/heightsForEveryWidth(sizes:algorithm:)``) of this
  /// layout's objective: next-fit, first-fit, first-fit-decreasing,
  /// best-fit-decreasing, or the fewest rows within the budget of each probe.
  ///
  /// - Throws: ``RowLayoutError/unsupported(_:)`` for other objectives.
  public func heightsForEveryWidth(sizes: [LayoutSize]) throws(RowLayoutError) -> (steps: [HeightStep], rows: RowsForEveryWidth) {
    let algorithm: RowCountAlgorithm
    switch objective {
    case .packer(let packer):
      guard let known = PackingAlgorithm(rawValue: packer.name), known != .knapsackRows, fit == .normal else {
        throw .unsupported("the heights for every width follow next-fit, first-fit, first-fit-decreasing, best-fit-decreasing or the fewest rows, with the normal fit test, not \(packer.name)\(fit == .strict ? " (strict fit)" : "")")
      }
      algorithm = .packer(known)
    case .fewestRows(let budget): algorithm = .exact(budget)
    default: throw .unsupported("the heights for every width follow a packer or the fewest rows, not \(objective.name)")
    }
    return try geometry.heightsForEveryWidth(sizes: sizes, algorithm: algorithm)
  }
}
