/// Draws a ``TagLayoutResult`` as SVG: rounded tags with their labels in the
/// measuring font's family, the row width marked by dashed lines at the
/// insets, and each row numbered in the leading margin.
///
/// The text is placed, not measured again: each label is centred in its
/// tag's label area (left-aligned and clipped when the tag was truncated),
/// on a baseline that centres the font's ascender-to-descender box in the
/// tag. A browser drawing with the same font file shows the same widths.
///
/// - Complexity: O(*n*) in the number of tags (plus the length of the labels).
public struct SVGRenderer: Sendable {
  /// The CSS font family of the labels (the font's family name).
  public var fontFamily: String
  /// The font size in points (one SVG user unit is one point).
  public var fontSize: Double
  /// The font's ascender and descender in points, for the baseline.
  public var ascender: Double
  public var descender: Double
  /// The style the tags were sized with (padding, icon, corner radius).
  public var style: TagStyle

  public init(fontFamily: String, fontSize: Double, ascender: Double, descender: Double, style: TagStyle) {
    self.fontFamily = fontFamily
    self.fontSize = fontSize
    self.ascender = ascender
    self.descender = descender
    self.style = style
  }

  /// A renderer matching a measurer's font.
  public init(measurer: TextMeasurer, style: TagStyle) {
    self.init(
      fontFamily: measurer.familyName, fontSize: measurer.font.size, ascender: measurer.ascender,
      descender: measurer.descender, style: style)
  }

  /// A standalone SVG document (with an XML declaration).
  public func document(_ layout: TagLayoutResult, idPrefix: String = "t") -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg(layout, idPrefix: idPrefix)
  }

  /// An `<svg>` element, to embed in HTML or save as a file. `idPrefix`
  /// keeps clip-path ids unique when several are on one page.
  public func svg(_ layout: TagLayoutResult, idPrefix: String = "t") -> String {
    let o = layout.options
    let width = o.width
    let height = layout.contentHeight
    let rtl = o.direction == .rightToLeft
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="\(escape(fontFamily)), sans-serif" font-size="\(n(fontSize))">

      """
    out += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\" stroke=\"#c8c8c8\"/>\n"
    // The row width: from the leading inset to the trailing one.
    let rowLeft = rtl ? o.insets.trailing : o.insets.leading
    let rowRight = rowLeft + o.rowWidth
    out += "<rect x=\"\(n(rowLeft))\" y=\"0\" width=\"\(n(o.rowWidth))\" height=\"\(n(height))\" fill=\"#f6f8fb\"/>\n"
    for x in [rowLeft, rowRight] {
      out += "<line x1=\"\(n(x))\" y1=\"0\" x2=\"\(n(x))\" y2=\"\(n(height))\" stroke=\"#9aa5b1\" stroke-dasharray=\"4 3\"/>\n"
    }
    for (r, row) in layout.rows.enumerated() {
      let numberX = rtl ? width - o.insets.leading / 2 : o.insets.leading / 2
      out += "<text x=\"\(n(numberX))\" y=\"\(n(row.y + row.height / 2 + 3))\" font-size=\"8\" text-anchor=\"middle\" fill=\"#7b8794\">\(r + 1)</text>\n"
    }
    for row in layout.rows {
      for index in row.tags {
        out += tag(index, in: layout, rtl: rtl, idPrefix: idPrefix)
      }
    }
    out += "</svg>\n"
    return out
  }

  private func tag(_ index: Int, in layout: TagLayoutResult, rtl: Bool, idPrefix: String) -> String {
    let f = layout.frames[index]
    let truncated = layout.truncated[index]
    let radius = min(style.cornerRadius ?? f.height / 2, f.height / 2, f.width / 2)
    let fill = truncated ? "#fdecea" : "#e3edfb"
    let stroke = truncated ? "#c0392b" : "#4a6fa5"
    var out = "<g>"
    out += "<rect x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" rx=\"\(n(radius))\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>"
    if style.iconWidth > 0 {
      let cx = rtl ? f.maxX - style.leadingPadding - style.iconWidth / 2 : f.x + style.leadingPadding + style.iconWidth / 2
      out += "<circle cx=\"\(n(cx))\" cy=\"\(n(f.y + f.height / 2))\" r=\"\(n(style.iconWidth / 2))\" fill=\"#4a6fa5\"/>"
    }
    // The label area, between the icon (or leading padding) and the trailing padding.
    let areaStart = rtl ? f.x + style.trailingPadding : f.x + style.labelOffset
    let areaEnd = rtl ? f.maxX - style.labelOffset : f.maxX - style.trailingPadding
    let baseline = f.y + f.height / 2 + (ascender + descender) / 2
    let label = escape(layout.tags[index].label)
    if truncated {
      let id = "\(idPrefix)-clip-\(index)"
      out += "<clipPath id=\"\(id)\"><rect x=\"\(n(areaStart))\" y=\"\(n(f.y))\" width=\"\(n(max(areaEnd - areaStart, 0)))\" height=\"\(n(f.height))\"/></clipPath>"
      let anchorX = rtl ? areaEnd : areaStart
      out += "<text x=\"\(n(anchorX))\" y=\"\(n(baseline))\" text-anchor=\"\(rtl ? "end" : "start")\" clip-path=\"url(#\(id))\" fill=\"#1f2933\">\(label)</text>"
    } else {
      out += "<text x=\"\(n((areaStart + areaEnd) / 2))\" y=\"\(n(baseline))\" text-anchor=\"middle\" fill=\"#1f2933\">\(label)</text>"
    }
    out += "<title>\(label): \(n(layout.tags[index].width)) pt\(truncated ? ", truncated to \(n(f.width)) pt" : "")</title></g>\n"
    return out
  }
}

/// A number for SVG and HTML: at most two decimals, no trailing zeros.
func n(_ value: Double) -> String {
  let rounded = (value * 100).rounded() / 100
  if rounded == rounded.rounded() { return String(Int(rounded)) }
  var s = String(rounded)
  while s.hasSuffix("0") { s.removeLast() }
  return s
}

/// Escapes text for XML content and attribute values.
func escape(_ text: String) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for c in text {
    switch c {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&apos;"
    default: out.append(c)
    }
  }
  return out
}
