/// Where a row's items sit along the row when they do not fill it.
public enum RowAlignment: String, CaseIterable, Sendable, Hashable, Codable {
  /// Against the leading edge (left in left-to-right).
  case leading
  /// Centred, the free space split evenly before and after.
  case center
  /// Against the trailing edge.
  case trailing
  /// The free space shared among the gaps so that the row spans its width;
  /// the last row and rows of one item stay leading, as justified text does.
  case justified
}

/// Where an item sits within its row when the row's tallest item is taller.
public enum RowVerticalAlignment: String, CaseIterable, Sendable, Hashable, Codable {
  /// Against the top of the row.
  case top
  /// Centred, the free height split evenly above and below.
  case center
  /// Against the bottom of the row.
  case bottom
}

/// The direction in which items run along a row.
///
/// (Not named `LayoutDirection`, so that an app importing SwiftUI and
/// RowPacking sees no ambiguity.)
public enum RowDirection: String, CaseIterable, Sendable, Hashable, Codable {
  case leftToRight = "ltr"
  /// The mirror image of the left-to-right layout: `x' = container width - x - width`.
  case rightToLeft = "rtl"
}
