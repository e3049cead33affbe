/// Space between a container's edges and its rows, in points.
///
/// `leading` and `trailing` follow the direction: right to left, the
/// leading inset is on the right. (Not named `EdgeInsets`, so that an app
/// importing SwiftUI and RowPacking sees no ambiguity.)
public struct ContentInsets: Sendable, Hashable, Codable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same inset on all four sides.
  public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }

  /// No insets.
  public static let zero = ContentInsets(all: 0)
}
