// The only file that calls HarfBuzz's C API. Everything else in TagLayout
// sees `Font`, `TextMeasurer`, `TextMeasurement` and `ShapingError`, plain
// Swift values, so the C surface (pointers, ownership, failure by NULL or
// by an empty face) is handled in one place.

import CHarfBuzz
import RowPacking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A font file and a size: what a tag's text is measured with.
///
/// The size is in points; widths and heights that come back are in points
/// too (one em is `size` points).
public struct Font: Sendable, Hashable, Codable {
  /// DejaVu Sans, from Debian's `fonts-dejavu-core`.
  public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  /// 17 pt, the body text size of iOS.
  public static let defaultSize = 17.0

  /// The path of a TrueType or OpenType file (`.ttf`, `.otf`, or a collection's first face).
  public var path: String
  /// The size in points, finite and `> 0`.
  public var size: Double
  /// The face within a collection file (`.ttc`); 0 for a single font.
  public var faceIndex: Int

  public init(path: String = Font.defaultPath, size: Double = Font.defaultSize, faceIndex: Int = 0) {
    self.path = path
    self.size = size
    self.faceIndex = faceIndex
  }
}

/// Why a font could not be opened for measuring.
public enum ShapingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No file at the path.
  case fontFileMissing(path: String)
  /// A file that exists but cannot be read (permissions, a directory, I/O).
  case fontFileUnreadable(path: String)
  /// A readable file that holds no font HarfBuzz can use (no glyphs).
  case notAFont(path: String)
  /// A size that is not finite and `> 0`.
  case invalidSize(Double)

  public var description: String {
    switch self {
    case .fontFileMissing(let path): return "\(path): no such font file"
    case .fontFileUnreadable(let path): return "\(path): the font file cannot be read"
    case .notAFont(let path): return "\(path): not a TrueType or OpenType font (HarfBuzz found no glyphs)"
    case .invalidSize(let size): return "the font size is \(formatNumber(size)); it must be a number > 0 (points)"
    }
  }
}

/// What the shaper says about one string.
public struct TextMeasurement: Sendable, Hashable, Codable {
  /// The sum of the glyphs' horizontal advances, in points, after shaping
  /// (kerning, ligatures and contextual forms applied).
  public var advance: Double
  /// The number of glyphs after shaping (a ligature counts once).
  public var glyphCount: Int
  /// Glyphs no font used has (glyph 0, `.notdef`, drawn as a box): their
  /// advance is the `.notdef` glyph's, which is what a renderer shows.
  public var missingGlyphCount: Int
  /// The characters (grapheme clusters) drawn as missing-glyph boxes.
  public var missingCharacters: [String] = []
  /// The characters the font lacks that a fallback font drew, and the
  /// family of that font, in text order.
  public var fallbackCharacters: [String] = []
  public var fallbackFamilies: [String] = []

  public init(advance: Double, glyphCount: Int, missingGlyphCount: Int) {
    self.advance = advance
    self.glyphCount = glyphCount
    self.missingGlyphCount = missingGlyphCount
  }
}

/// What a ``TextMeasurer`` does with characters its font lacks.
public enum FontFallback: String, Sendable, Hashable, Codable, CaseIterable {
  /// Measure them with the font's missing-glyph box (`.notdef`).
  case none
  /// Measure them with the installed font fontconfig chooses for them, as
  /// a text system draws them; boxes only where no installed font has them.
  case system
}

/// One glyph out of the shaper: its cluster (the UTF-8 offset of the text
/// it draws), glyph id (0: missing) and advance in font units.
struct ShapedGlyph {
  var cluster: Int
  var glyph: UInt32
  var advance: Int
}

/// Measures text with HarfBuzz: opens a font once, then shapes strings and
/// returns their advance widths in points.
///
/// Each string is shaped with HarfBuzz's default features (kerning,
/// standard and contextual ligatures, mark positioning) after
/// `hb_buffer_guess_segment_properties` has set its script, direction and
/// language from the text, so Latin, Arabic (right to left, joined forms),
/// CJK and emoji are measured by the shaper, never by counting characters.
/// The font is scaled to its units per em and advances are converted to
/// points exactly (`units * size / unitsPerEm`), without hinting, as
/// `hb-shape` measures them.
///
/// The shaper is immutable after creation and safe to share between
/// threads (each call shapes in its own buffer).
///
/// Sources: HarfBuzz manual, "Shaping and shape plans" and "Fonts, faces
/// and font functions" (harfbuzz.github.io).
public final class TextMeasurer: @unchecked Sendable {
  /// The font this measurer was opened with.
  public let font: Font
  /// Font design units per em.
  public let unitsPerEm: Int
  /// The ascender, in points (positive, above the baseline).
  public let ascender: Double
  /// The descender, in points (negative, below the baseline).
  public let descender: Double
  /// The line gap, in points.
  public let lineGap: Double
  /// The family name from the font's `name` table (for example "DejaVu Sans"),
  /// or the file name when the table has none.
  public let familyName: String

  /// What happens to characters the font lacks.
  public let fallback: FontFallback

  private let hbFont: OpaquePointer
  /// Fallback fonts opened so far, shared by the threads that measure.
  let fallbackCache = FallbackCache()

  /// Opens `font` for measuring; with `fallback` `.system`, characters it
  /// lacks are measured in the installed font that has them.
  ///
  /// - Throws: ``ShapingError`` for a missing or unreadable file, a file
  ///   that is not a font, or a size that is not `> 0`.
  /// - Complexity: maps the file; O(1) beyond that.
  public init(font: Font = Font(), fallback: FontFallback = .none) throws(ShapingError) {
    guard font.size.isFinite, font.size > 0 else { throw .invalidSize(font.size) }
    var status = stat()
    guard stat(font.path, &status) == 0 else {
      throw errno == ENOENT || errno == ENOTDIR ? .fontFileMissing(path: font.path) : .fontFileUnreadable(path: font.path)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG, access(font.path, R_OK) == 0 else {
      throw .fontFileUnreadable(path: font.path)
    }
    guard let blob = hb_blob_create_from_file_or_fail(font.path) else {
      throw .fontFileUnreadable(path: font.path)
    }
    defer { hb_blob_destroy(blob) }
    guard let face = hb_face_create(blob, UInt32(clamping: font.faceIndex)) else { throw .notAFont(path: font.path) }
    defer { hb_face_destroy(face) }
    guard hb_face_get_glyph_count(face) > 0 else { throw .notAFont(path: font.path) }
    let upem = Int(hb_face_get_upem(face))
    guard let hbFont = hb_font_create(face) else { throw .notAFont(path: font.path) }
    hb_ot_font_set_funcs(hbFont)
    hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
    hb_font_make_immutable(hbFont)
    self.hbFont = hbFont
    self.font = font
    self.fallback = fallback
    self.unitsPerEm = upem
    let toPoints = font.size / Double(upem)
    var extents = hb_font_extents_t()
    if hb_font_get_h_extents(hbFont, &extents) != 0 {
      ascender = Double(extents.ascender) * toPoints
      descender = Double(extents.descender) * toPoints
      lineGap = Double(extents.line_gap) * toPoints
    } else {
      // No horizontal metrics: one em, 80% above the baseline.
      ascender = 0.8 * font.size
      descender = -0.2 * font.size
      lineGap = 0
    }
    familyName = Self.familyName(of: face) ?? instanceName(fromPath: font.path)
  }

  deinit { hb_font_destroy(hbFont) }

  /// The height of one line of text in points: ascender - descender + line gap.
  public var lineHeight: Double { ascender - descender + lineGap }

  /// The advance width of `text` in points.
  ///
  /// - Complexity: O(*n*) in the length of the text (one shaping pass).
  public func advance(of text: String) -> Double { measure(text).advance }

  /// Shapes `text` and returns its advance, glyph count and missing glyphs.
  ///
  /// - Complexity: O(*n*) in the length of the text (one shaping pass).
  public func measure(_ text: String) -> TextMeasurement {
    let glyphs = shape(text)
    let units = glyphs.reduce(0) { $0 + $1.advance }
    var measurement = TextMeasurement(
      advance: points(units), glyphCount: glyphs.count, missingGlyphCount: glyphs.filter { $0.glyph == 0 }.count)
    guard measurement.missingGlyphCount > 0 else { return measurement }
    if fallback == .system { return measureWithFallback(text, glyphs: glyphs) }
    measurement.missingCharacters = missingCharacters(text, glyphs: glyphs)
    return measurement
  }

  /// Font units to points at this font's size.
  func points(_ units: Int) -> Double { Double(units) * font.size / Double(unitsPerEm) }

  /// The glyphs HarfBuzz shapes `text` into, in visual order.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  func shape(_ text: String) -> [ShapedGlyph] {
    guard !text.isEmpty, let buffer = hb_buffer_create() else { return [] }
    defer { hb_buffer_destroy(buffer) }
    var utf8 = Array(text.utf8)
    let length = Int32(clamping: utf8.count)
    utf8.withUnsafeMutableBufferPointer { bytes in
      bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
        hb_buffer_add_utf8(buffer, chars, length, 0, length)
      }
    }
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(hbFont, buffer, nil, 0)
    var count: UInt32 = 0
    var positionCount: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &positionCount), positionCount == count
    else { return [] }
    return (0..<Int(count)).map {
      ShapedGlyph(cluster: Int(infos[$0].cluster), glyph: infos[$0].codepoint, advance: Int(positions[$0].x_advance))
    }
  }

  private static func familyName(of face: OpaquePointer) -> String? {
    for id in [hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY), hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)] {
      var size: UInt32 = 0
      let total = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &size, nil)
      guard total > 0 else { continue }
      var buffer = [CChar](repeating: 0, count: Int(total) + 1)
      size = UInt32(buffer.count)
      _ = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &size, &buffer)
      let name = String(decoding: buffer.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !name.isEmpty { return name }
    }
    return nil
  }
}

extension TextMeasurer {
  /// The version of the HarfBuzz library linked, such as "6.0.0".
  public static var harfBuzzVersion: String { String(cString: hb_version_string()) }
}
