import RowPacking

/// A row-limited layout: the shown tags and the "+k more" chip, laid out.
public struct RowLimitedLayout: Sendable {
  /// The layout of the shown tags and the chip (the chip is the last tag
  /// when tags are hidden).
  public var layout: TagLayoutResult
  /// Which tags are shown and hidden, and what is proven.
  public var limited: LimitedRows
  /// The chip's tag ("+k more", measured like the tags), `nil` when none is hidden.
  public var chip: Tag?
  /// The input index of each tag of ``layout`` (the chip has none).
  public var inputIndex: [Int?]
}

extension TagLayoutEngine {
  /// Lays out as many tags as fit (or the most valuable) in `maxRows` rows,
  /// with a chip for the hidden ones at the end of the last row: the core's
  /// ``RowObjective/rowLimit(_:)``, its frames re-indexed to the shown tags
  /// and the chip.
  ///
  /// - Parameters:
  ///   - chipTag: the chip's tag for `k` hidden, measured with the tags' font and style.
  ///   - keepingOrder: a flow layout of the shown tags in their order, else
  ///     any arrangement (the chip's row then comes last).
  /// - Throws: ``LayoutError`` for bad options (a chip wider than the row,
  ///   no rows) or a layout that does not verify.
  public func layOutLimited(
    _ tags: [Tag], maxRows: Int, chipTag: (Int) -> Tag, priorities: [Int]? = nil, keepingOrder: Bool = true,
    budget: SearchBudget = SearchBudget()
  ) throws(LayoutError) -> RowLimitedLayout {
    _ = try instance(for: tags)  // the options and tags, checked with the messages of this module
    let chips = tags.isEmpty ? [] : (1...tags.count).map(chipTag)
    let chipSizes = chips.map(\.size)
    let limit = RowLimit(
      maxRows: maxRows, chipSize: { chipSizes[$0 - 1] }, priorities: priorities, keepingOrder: keepingOrder, budget: budget)
    let layout = RowLayout(geometry: options.geometry, objective: .rowLimit(limit), order: options.order)
    let arranged: RowArrangement
    do {
      arranged = try layout.arrangement(sizes: tags.map(\.size), containerWidth: options.width)
    } catch {
      throw LayoutError(error)
    }
    guard case .rowLimit(let limited) = arranged.answer else { throw .packer("the row limit gave no row-limited answer") }
    // The shown tags in input order, then the chip.
    let shown = limited.packing.items.sorted()
    var position = [Int](repeating: -1, count: tags.count + 1)
    for (p, i) in shown.enumerated() { position[i] = p }
    position[tags.count] = shown.count
    var laidOut = shown.map { tags[$0] }
    var frames = shown.map { arranged.frames[$0] }
    var truncated = shown.map { arranged.placed.clamped[$0] }
    var inputIndex: [Int?] = shown
    let chip = arranged.chip.map { chips[$0.hiddenCount - 1] }
    if let chip, let placedChip = arranged.chip {
      laidOut.append(chip)
      frames.append(placedChip.frame)
      truncated.append(false)
      inputIndex.append(nil)
    }
    var engine = self
    if !keepingOrder { engine.options.order = .packed }
    let rows = arranged.placed.rows.map { row in
      LayoutRow(tags: row.items.map { position[$0] }, y: row.y, height: row.height, usedWidth: row.usedWidth)
    }
    let result = TagLayoutResult(
      tags: laidOut, frames: frames, truncated: truncated, rows: rows, options: engine.options,
      algorithm: layout.objective.name)
    return RowLimitedLayout(layout: result, limited: limited, chip: chip, inputIndex: inputIndex)
  }
}
