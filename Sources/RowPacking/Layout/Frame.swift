/// A rectangle in points, origin at the top left, y growing downwards.
public struct Frame: Sendable, Hashable, Codable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The right edge, `x + width`.
  public var maxX: Double { x + width }
  /// The bottom edge, `y + height`.
  public var maxY: Double { y + height }

  /// The same rectangle moved by `dx` and `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Frame {
    Frame(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// Whether the two rectangles share interior points (touching edges do not overlap).
  public func overlaps(_ other: Frame) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }
}

/// A width and a height in points: an item's measured size, or the content's.
public struct LayoutSize: Sendable, Hashable, Codable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}
