extension RowLayout {
  /// What a layout pass computed for one list of item sizes: the
  /// arrangement at each container width asked for, so that the many
  /// proposals of a pass (and the frames after them) compute the rows once.
  ///
  /// Made by ``RowLayout/makeCache(sizes:)``; remade when the sizes
  /// change. It forgets its arrangements when asked with a different
  /// geometry, order or fit test; after changing only the objective, make
  /// a new cache.
  public struct Cache: Sendable {
    /// The items' measured sizes.
    public private(set) var sizes: [LayoutSize]
    /// The arrangements computed, by container width.
    private var arrangements: [Double: RowArrangement] = [:]
    private var key: Key
    /// How many requests found their width's arrangement already computed.
    public private(set) var hits = 0
    /// How many arrangements were computed.
    public private(set) var misses = 0

    /// The most widths kept; beyond, the cache starts over (a layout pass
    /// asks for a few widths; a window resized live asks for many).
    public static let capacity = 64

    fileprivate struct Key: Equatable {
      var geometry: RowGeometry
      var order: ItemOrder
      var fit: FitTest
    }

    fileprivate init(sizes: [LayoutSize], key: Key) {
      self.sizes = sizes
      self.key = key
    }

    fileprivate mutating func arrangement(
      _ layout: RowLayout, containerWidth: Double
    ) throws(RowLayoutError) -> RowArrangement {
      let current = Key(geometry: layout.geometry, order: layout.order, fit: layout.fit)
      if current != key {
        arrangements = [:]
        key = current
      }
      if let known = arrangements[containerWidth] {
        hits += 1
        return known
      }
      let computed = try layout.arrangement(sizes: sizes, containerWidth: containerWidth)
      misses += 1
      if arrangements.count >= Self.capacity { arrangements = [:] }
      arrangements[containerWidth] = computed
      return computed
    }
  }

  /// A cache for items of the given sizes (SwiftUI's `makeCache(subviews:)`).
  public func makeCache(sizes: [LayoutSize]) -> Cache {
    Cache(sizes: sizes, key: Cache.Key(geometry: geometry, order: order, fit: fit))
  }

  /// The container width a proposal leads to: the proposed width, or for
  /// no proposal (`nil` or infinite, SwiftUI's ideal size) the width of
  /// one row holding every item; never narrower than the widest item (at
  /// least 1 pt) plus the leading and trailing insets (SwiftUI's minimum
  /// size, for a proposal of 0).
  ///
  /// The one row's width has `(n + 1) / 1000` pt more than the items and
  /// spacings: packers see widths rounded up to 1/1000 pt when they are
  /// finer (``Instance/scaled(resolution:)``), and the row must hold them.
  public func containerWidth(proposedWidth: Double?, sizes: [LayoutSize]) -> Double {
    let insets = geometry.insets.leading + geometry.insets.trailing
    let widest = sizes.reduce(1.0) { Swift.max($0, $1.width.isFinite ? $1.width : 0) }
    let narrowest = widest + insets
    guard let proposed = proposedWidth, proposed.isFinite else {
      let oneRow = sizes.reduce(0.0) { $0 + ($1.width.isFinite ? $1.width : 0) }
        + Double(Swift.max(sizes.count - 1, 0)) * geometry.spacing
      let rounding = Double(sizes.count + 1) / Double(ScaledInstance.defaultMaximumResolution)
      return Swift.max(oneRow + rounding + insets, narrowest)
    }
    return Swift.max(proposed, narrowest)
  }

  /// The size of the content for a proposed width: the container width
  /// (``containerWidth(proposedWidth:sizes:)``) and the content height of
  /// the rows there (SwiftUI's `sizeThatFits(proposal:subviews:cache:)`).
  ///
  /// - Throws: ``RowLayoutError``.
  /// - Complexity: O(1) when the cache holds the width, else the objective's.
  public func sizeThatFits(proposedWidth: Double?, cache: inout Cache) throws(RowLayoutError) -> LayoutSize {
    let width = containerWidth(proposedWidth: proposedWidth, sizes: cache.sizes)
    return try cache.arrangement(self, containerWidth: width).contentSize
  }

  /// The items laid out in `bounds` (SwiftUI's `placeSubviews(in:proposal:subviews:cache:)`):
  /// the arrangement for the bounds' width, moved to their origin.
  /// Bounds narrower than the items' minimum width are widened to it
  /// (``containerWidth(proposedWidth:sizes:)``): frames then overflow the
  /// bounds, as views proposed less than their minimum do.
  ///
  /// - Throws: ``RowLayoutError``.
  /// - Complexity: O(*n*) when the cache holds the width, else the objective's.
  public func place(in bounds: Frame, cache: inout Cache) throws(RowLayoutError) -> RowArrangement {
    let width = containerWidth(proposedWidth: bounds.width, sizes: cache.sizes)
    return try cache.arrangement(self, containerWidth: width).offsetBy(dx: bounds.x, dy: bounds.y)
  }
}
