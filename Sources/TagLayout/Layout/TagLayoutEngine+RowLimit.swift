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
  /// with a chip for the hidden ones at the end of the last row.
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
    let instance = try instance(for: tags)
    let chips = tags.isEmpty ? [] : (1...tags.count).map(chipTag)
    let limited: LimitedRows
    do {
      limited = try limitRows(
        instance, maxRows: maxRows, chipWidth: { chips[$0 - 1].width }, priorities: priorities,
        keepingOrder: keepingOrder, budget: budget)
    } catch let error as RowLimitError {
      throw .invalidOption(error.description)
    } catch {
      throw .packer("\(error)")
    }
    // The shown tags in input order, then the chip.
    let shown = limited.packing.items.sorted()
    var position = [Int: Int]()
    for (p, i) in shown.enumerated() { position[i] = p }
    var laidOut = shown.map { tags[$0] }
    var inputIndex: [Int?] = shown
    let chip = limited.hiddenCount > 0 ? chips[limited.hiddenCount - 1] : nil
    if let chip {
      laidOut.append(chip)
      inputIndex.append(nil)
    }
    let rows = limited.rowsWithChip.map { row in row.map { $0 == tags.count ? laidOut.count - 1 : position[$0]! } }
    var engine = self
    if !keepingOrder { engine.options.order = .packed }
    let name = "at most \(maxRows) row\(maxRows == 1 ? "" : "s"), \(keepingOrder ? "order kept" : "reordered")"
    let layout = try engine.layOut(laidOut, rows: rows, algorithm: name)
    return RowLimitedLayout(layout: layout, limited: limited, chip: chip, inputIndex: inputIndex)
  }
}
