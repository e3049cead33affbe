/// How a tag is drawn around its label, and so how wide and tall it is.
///
/// A tag's width is `ceil(advance) + leadingPadding + trailingPadding`
/// (plus an icon and its gap, when there is one), clamped to
/// ``minimumWidth`` and ``maximumWidth``; its height is ``fixedHeight``
/// when set, else the font's line height plus ``verticalPadding`` above and
/// below. The advance is rounded up to a whole point, as a UI rounds a
/// label's measured width so that the label is never clipped, unless
/// ``roundsLabelUp`` is off: then the shaped advance is used as measured
/// (fractional points), as the articles' `label + padding` styles do with
/// UIKit's measured text sizes.
///
/// The presets are the tag styles of the articles this bench started from
/// (see ``TagPreset``).
public struct TagStyle: Sendable, Hashable, Codable {
  /// Space between the tag's leading edge and its icon or label, in points.
  public var leadingPadding: Double
  /// Space between the label and the tag's trailing edge, in points.
  public var trailingPadding: Double
  /// Space above and below the label, in points (ignored with ``fixedHeight``).
  public var verticalPadding: Double
  /// A fixed tag height in points, or `nil` for line height + 2 x vertical padding.
  public var fixedHeight: Double?
  /// The width of an icon before the label (0 for none), in points.
  public var iconWidth: Double
  /// The space between the icon and the label (used only with an icon).
  public var iconGap: Double
  /// The smallest tag width, or `nil`.
  public var minimumWidth: Double?
  /// The largest tag width, or `nil` (a longer label is truncated).
  public var maximumWidth: Double?
  /// The corner radius for drawing; `nil` for a capsule (half the height).
  public var cornerRadius: Double?
  /// Whether the label's advance is rounded up to a whole point (`ceil`);
  /// when off, widths keep the shaped advance's fraction.
  public var roundsLabelUp: Bool

  public init(
    leadingPadding: Double, trailingPadding: Double? = nil, verticalPadding: Double = 0,
    fixedHeight: Double? = nil, iconWidth: Double = 0, iconGap: Double = 0,
    minimumWidth: Double? = nil, maximumWidth: Double? = nil, cornerRadius: Double? = nil,
    roundsLabelUp: Bool = true
  ) {
    self.roundsLabelUp = roundsLabelUp
    self.leadingPadding = leadingPadding
    self.trailingPadding = trailingPadding ?? leadingPadding
    self.verticalPadding = verticalPadding
    self.fixedHeight = fixedHeight
    self.iconWidth = iconWidth
    self.iconGap = iconGap
    self.minimumWidth = minimumWidth
    self.maximumWidth = maximumWidth
    self.cornerRadius = cornerRadius
  }

  /// Everything in a tag's width that is not its label.
  public var horizontalChrome: Double {
    leadingPadding + trailingPadding + (iconWidth > 0 ? iconWidth + iconGap : 0)
  }

  /// The tag width for a label of the given shaped advance (in points):
  /// `ceil(advance)` (or the advance itself, without ``roundsLabelUp``) plus
  /// padding and icon, clamped to the minimum and maximum width.
  public func width(forAdvance advance: Double) -> Double {
    var width = (roundsLabelUp ? advance.rounded(.up) : advance) + horizontalChrome
    if let minimumWidth { width = max(width, minimumWidth) }
    if let maximumWidth { width = min(width, maximumWidth) }
    return width
  }

  /// The tag height for a font of the given line height (in points).
  public func height(lineHeight: Double) -> Double {
    fixedHeight ?? lineHeight + 2 * verticalPadding
  }

  /// Where the label starts, from the tag's leading edge.
  public var labelOffset: Double { leadingPadding + (iconWidth > 0 ? iconWidth + iconGap : 0) }
}

/// The tag styles of the source articles, by command-line name.
public enum TagPreset: String, CaseIterable, Sendable, Hashable, Codable {
  /// Label plus 20 pt on each side, 45 pt tall: a large capsule chip.
  /// The label's width is used as measured (fractional points).
  case capsule
  /// Label plus 5 pt margins on each side (and above and below): a compact
  /// chip. The label's width is used as measured (fractional points).
  case compact
  /// A 16 pt icon, a 4 pt gap, the label, 5 pt on each side; 28 pt tall.
  /// The label's width is used as measured (fractional points).
  case icon
  /// `ceil(label)` plus a horizontal spacing on each side (``TagPreset/defaultPlainSpacing`` by default).
  case plain

  /// The horizontal spacing on each side of the ``plain`` preset.
  public static let defaultPlainSpacing = 8.0

  /// The style, with `padding` overriding the horizontal padding on each
  /// side when given (for ``plain``, that is its spacing).
  public func style(padding: Double? = nil) -> TagStyle {
    switch self {
    case .capsule:
      return TagStyle(leadingPadding: padding ?? 20, fixedHeight: 45, roundsLabelUp: false)
    case .compact:
      return TagStyle(leadingPadding: padding ?? 5, verticalPadding: 5, cornerRadius: 4, roundsLabelUp: false)
    case .icon:
      return TagStyle(
        leadingPadding: padding ?? 5, fixedHeight: 28, iconWidth: 16, iconGap: 4, cornerRadius: 6,
        roundsLabelUp: false)
    case .plain:
      return TagStyle(leadingPadding: padding ?? Self.defaultPlainSpacing, verticalPadding: 4, cornerRadius: 6)
    }
  }

  /// One line describing the preset.
  public var summary: String {
    switch self {
    case .capsule: return "label + 20 pt each side, 45 pt tall"
    case .compact: return "label + 5 pt margins on each side"
    case .icon: return "16 pt icon + 4 pt gap + label + 5 pt each side, 28 pt tall"
    case .plain: return "ceil(label) + a horizontal spacing on each side (8 pt)"
    }
  }
}

/// A tag ready to lay out: its label and its size in points.
public struct Tag: Sendable, Hashable, Codable {
  public var label: String
  /// The width the label asks for (may exceed the row; the layout clamps it).
  public var width: Double
  public var height: Double

  public init(label: String, width: Double, height: Double) {
    self.label = label
    self.width = width
    self.height = height
  }
}

extension TextMeasurer {
  /// Measures each label and sizes its tag with `style`.
  ///
  /// - Complexity: O(total text length).
  public func tags(for labels: [String], style: TagStyle) -> [Tag] {
    let height = style.height(lineHeight: lineHeight)
    return labels.map { Tag(label: $0, width: style.width(forAdvance: advance(of: $0)), height: height) }
  }
}
