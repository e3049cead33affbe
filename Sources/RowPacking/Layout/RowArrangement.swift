/// The "+k more" chip of a row-limited layout, placed.
public struct PlacedChip: Sendable, Hashable, Codable {
  /// The chip's frame, at the end of its row.
  public var frame: Frame
  /// The row the chip ends (0 is the top row).
  public var row: Int
  /// The number of hidden items, the `k` of "+k more".
  public var hiddenCount: Int
}

/// Items laid out at one container width: the frames, the chip of a row
/// limit, and the objective's answer.
public struct RowArrangement: Sendable, Hashable {
  /// The frames (one per item, in input order), the rows and the content
  /// size. With a chip, the rows list it as item `n` (the item count).
  public var placed: RowFrames
  /// The chip, when a row limit hides items.
  public var chip: PlacedChip?
  /// The items a row limit hides (increasing); they have empty frames.
  public var hiddenItems: [Int]
  /// What the objective answered, with its bounds and proofs.
  public var answer: ObjectiveAnswer

  /// The frame of each item, in input order.
  public var frames: [Frame] { placed.frames }
  /// The container width and the content height.
  public var contentSize: LayoutSize { placed.contentSize }
  /// The number of rows, the chip's included.
  public var rowCount: Int { placed.rows.count }

  /// The same arrangement with every frame and row moved by `dx` and `dy`
  /// (into a container's bounds).
  public func offsetBy(dx: Double, dy: Double) -> RowArrangement {
    guard dx != 0 || dy != 0 else { return self }
    var moved = self
    moved.placed.frames = placed.frames.map { $0.offsetBy(dx: dx, dy: dy) }
    moved.placed.rows = placed.rows.map { row in
      var row = row
      row.y += dy
      return row
    }
    moved.chip?.frame = chip!.frame.offsetBy(dx: dx, dy: dy)
    return moved
  }
}
