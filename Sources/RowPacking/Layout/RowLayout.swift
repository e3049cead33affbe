/// A tag view's layout as SwiftUI's `Layout` protocol asks for it: the
/// size for a proposed width, then the frames in given bounds, with a
/// cache shared by the many proposals of a layout pass.
///
/// ```swift
/// let layout = RowLayout(geometry: RowGeometry(insets: ContentInsets(all: 16), spacing: 8),
///                        objective: .flow)
/// var cache = layout.makeCache(sizes: sizes)       // sizes measured by the app
/// let size = try layout.sizeThatFits(proposedWidth: 390, cache: &cache)
/// let placed = try layout.place(in: Frame(x: 0, y: 0, width: 390, height: size.height), cache: &cache)
/// placed.frames                                     // one frame per item
/// ```
///
/// The rows for a width are computed once per cache (by the objective:
/// any packer, the proven fewest rows within a budget, balanced rows, a row
/// limit with a chip, the fewest moves) and the frames from them by
/// ``RowGeometry/frames(rows:sizes:containerWidth:)``. Every packing is
/// checked by ``verify(_:for:)`` before it is placed.
public struct RowLayout: Sendable {
  /// Insets, spacings, alignments and direction.
  public var geometry: RowGeometry
  /// Which rows: a packer or an exact objective.
  public var objective: RowObjective
  /// The order of the items of a packer's, the exact solver's or reordered
  /// balanced rows (objectives that keep the order, and the reordered row
  /// limit and moves, which arrange their rows themselves, ignore it).
  public var order: ItemOrder
  /// The fit test of a packer (``FitTest/strict`` applies to packers only).
  public var fit: FitTest

  public init(
    geometry: RowGeometry = RowGeometry(), objective: RowObjective = .flow, order: ItemOrder = .input,
    fit: FitTest = .normal
  ) {
    self.geometry = geometry
    self.objective = objective
    self.order = order
    self.fit = fit
  }

  /// The items laid out in a container `containerWidth` wide, without a cache.
  ///
  /// The row width is the container width minus the leading and trailing
  /// insets; an item wider than it is narrowed to it and gets a row of its
  /// own (with spacing > 0). The objective packs the widths, the packing
  /// is verified, ordered and placed.
  ///
  /// - Throws: ``RowLayoutError``.
  /// - Complexity: the objective's, plus O(*n* log *n*).
  public func arrangement(sizes: [LayoutSize], containerWidth: Double) throws(RowLayoutError) -> RowArrangement {
    do throws(RowGeometryError) {
      try geometry.validate(containerWidth: containerWidth)
      for (i, size) in sizes.enumerated() where !(size.width.isFinite && size.width >= 0 && size.height.isFinite && size.height >= 0) {
        throw RowGeometryError.invalidSize(item: i, width: size.width, height: size.height)
      }
    } catch {
      throw .geometry(error)
    }
    if fit == .strict {
      guard case .packer = objective else {
        throw .unsupported("the strict fit test applies to packers, not to \(objective.name)")
      }
    }
    let rowWidth = geometry.rowWidth(containerWidth: containerWidth)
    let instance: Instance
    do {
      instance = try Instance(widths: sizes.map { Swift.min($0.width, rowWidth) }, rowWidth: rowWidth, spacing: geometry.spacing)
    } catch {
      throw .instance(error)
    }
    let (rows, answer, chip) = try rows(of: instance, sizes: sizes)
    let placedSizes = chip.map { sizes + [$0.size] } ?? sizes
    var placed: RowFrames
    do {
      placed = try geometry.frames(rows: rows, sizes: placedSizes, containerWidth: containerWidth)
    } catch {
      throw .geometry(error)
    }
    var placedChip: PlacedChip? = nil
    var hidden: [Int] = []
    if case .rowLimit(let limited) = answer { hidden = limited.hiddenItems }
    if let chip {
      let n = sizes.count
      let row = placed.rows.firstIndex { $0.items.contains(n) } ?? placed.rows.count - 1
      placedChip = PlacedChip(frame: placed.frames[n], row: row, hiddenCount: chip.hidden)
      placed.frames.removeLast()
      placed.clamped.removeLast()
    }
    return RowArrangement(placed: placed, chip: placedChip, hiddenItems: hidden, answer: answer)
  }

  /// The objective's rows (ordered), its answer, and the chip's size and
  /// hidden count when a row limit hides items.
  private func rows(of instance: Instance, sizes: [LayoutSize]) throws(RowLayoutError) -> (rows: [[Int]], answer: ObjectiveAnswer, chip: (size: LayoutSize, hidden: Int)?) {
    guard instance.count > 0 else { return ([], .packed(algorithm: objective.name), nil) }
    do {
      switch objective {
      case .packer(let packer):
        var scaled = try instance.scaled()
        if fit == .strict { scaled = scaled.strictFit }
        let packing = try packer.pack(scaled)
        try check(packing, instance)
        return (order.arrange(packing.rows), .packed(algorithm: packer.name), nil)
      case .fewestRows(let budget):
        let result = solveOptimally(instance, budget: budget)
        guard let packing = result.packing else { throw RowLayoutError.packer("\(objective.name): \(result.status.name) \(result.status.message ?? "")") }
        try check(packing, instance)
        return (order.arrange(packing.rows), .fewestRows(result), nil)
      case .balanced(let measure, let keepingOrder, let budget):
        let balanced = try balanceRows(instance, measure: measure, keepingOrder: keepingOrder, budget: budget)
        return ((keepingOrder ? .input : order).arrange(balanced.packing.rows), .balanced(balanced), nil)
      case .rowLimit(let limit):
        let n = instance.count
        let chips = (1...n).map(limit.chipSize)
        let limited = try limitRows(
          instance, maxRows: limit.maxRows, chipWidth: { chips[$0 - 1].width }, priorities: limit.priorities,
          keepingOrder: limit.keepingOrder, budget: limit.budget)
        let rows = (limit.keepingOrder ? ItemOrder.input : .packed).arrange(limited.rowsWithChip)
        let chip = limited.hiddenCount > 0 ? (chips[limited.hiddenCount - 1], limited.hiddenCount) : nil
        return (rows, .rowLimit(limited), chip)
      case .fewestMoves(let budget), .maxMoves(_, let budget):
        let curve = try tradeoffRowsAndMoves(instance, budget: budget)
        var point = curve.points.last
        if case .maxMoves(let k, _) = objective { point = curve.fewestRows(movingAtMost: k) }
        guard let point else { throw RowLayoutError.packer("\(objective.name): no layout found within the budget") }
        // Kept items first in each row, in order; moved ones at the ends.
        return (point.packing.rows, .moves(curve, point: point), nil)
      }
    } catch let error as RowLayoutError {
      throw error
    } catch let error as InstanceError {
      throw .instance(error)
    } catch let error as RowLimitError {
      throw .rowLimit(error)
    } catch {
      throw .packer("\(objective.name): \(error)")
    }
  }

  private func check(_ packing: Packing, _ instance: Instance) throws(RowLayoutError) {
    let violations = verify(packing, for: instance)
    guard violations.isEmpty else {
      throw .packer("\(objective.name): the packing does not verify: \(violations.prefix(3).map(\.description).joined(separator: "; "))")
    }
  }
}
