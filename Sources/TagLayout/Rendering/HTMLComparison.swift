/// An HTML page that shows the same tags laid out by several algorithms
/// side by side, each labelled with its rows, content height and how far
/// it moved the tags; one section per tag set.
///
/// The page is self-contained (inline SVG and CSS, no scripts), so a
/// headless browser can screenshot it from a file.
public struct HTMLComparison: Sendable {
  /// One tag set: a title, a note (provenance), and its layouts by algorithm.
  public struct Section: Sendable {
    public var title: String
    public var note: String
    public var layouts: [TagLayoutResult]
    /// The tag style of this set, when it differs from the renderer's.
    public var style: TagStyle?
    public init(title: String, note: String = "", layouts: [TagLayoutResult], style: TagStyle? = nil) {
      self.title = title
      self.note = note
      self.layouts = layouts
      self.style = style
    }
  }

  public var title: String
  public var renderer: SVGRenderer
  public var sections: [Section]

  public init(title: String, renderer: SVGRenderer, sections: [Section]) {
    self.title = title
    self.renderer = renderer
    self.sections = sections
  }

  /// The page.
  ///
  /// - Complexity: O(total tags across sections and layouts).
  public var html: String {
    var out = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
      <style>
      body { font-family: "\(escape(renderer.fontFamily))", sans-serif; margin: 16px; color: #1f2933; background: #fafbfc; }
      h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 18px 0 2px; }
      p.note { font-size: 12px; color: #52606d; margin: 0 0 8px; }
      .row { display: flex; gap: 16px; align-items: flex-start; flex-wrap: nowrap; }
      figure { margin: 0; } figcaption { font-size: 12px; margin-bottom: 4px; line-height: 1.35; }
      figcaption b { font-size: 13px; } .best { color: #1e7b34; }
      </style></head><body>
      <h1>\(escape(title))</h1>

      """
    for (s, section) in sections.enumerated() {
      out += "<section><h2>\(escape(section.title))</h2>"
      if !section.note.isEmpty { out += "<p class=\"note\">\(escape(section.note))</p>" }
      out += "<div class=\"row\">\n"
      let fewest = section.layouts.map(\.rows.count).min() ?? 0
      var renderer = renderer
      if let style = section.style { renderer.style = style }
      for (l, layout) in section.layouts.enumerated() {
        let d = layout.displacement
        let best = layout.rows.count == fewest ? " class=\"best\"" : ""
        out += "<figure><figcaption><b>\(escape(layout.algorithm))</b><br>"
        out += "<span\(best)>\(layout.rows.count) rows</span>, content height \(n(layout.contentHeight)) pt<br>"
        out += "\(d.movedTags) tags moved, Kendall tau \(d.kendallTauDistance)</figcaption>\n"
        out += renderer.svg(layout, idPrefix: "s\(s)l\(l)")
        out += "</figure>\n"
      }
      out += "</div></section>\n"
    }
    out += "</body></html>\n"
    return out
  }
}
