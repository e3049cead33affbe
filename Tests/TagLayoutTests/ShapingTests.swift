import Foundation
import XCTest
@testable import TagLayout

/// Our widths against HarfBuzz's own command-line shaper, `hb-shape`.
final class ShapingTests: XCTestCase {
  static let fontPath = TagLayout.Font.defaultPath

  /// The sum of x advances `hb-shape` reports for `text`, in font units
  /// (hb-shape's default scale is the font's units per em), or `nil` with
  /// the reason when hb-shape or the font is missing.
  func hbShapeAdvance(_ text: String) throws -> Int {
    let candidates = ["/usr/bin/hb-shape", "/usr/local/bin/hb-shape", "/opt/homebrew/bin/hb-shape"]
    guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      throw XCTSkip("hb-shape not found (Debian package libharfbuzz-bin; scripts/setup installs it): cannot compare widths with HarfBuzz's own shaper")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["--output-format=json", Self.fontPath, text]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "hb-shape failed on '\(text)'")
    let glyphs = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]], "hb-shape JSON for '\(text)'")
    return glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }
  }

  func requireFont() throws {
    guard FileManager.default.fileExists(atPath: Self.fontPath) else {
      throw XCTSkip("\(Self.fontPath) not found (Debian package fonts-dejavu-core; scripts/setup installs it)")
    }
  }

  func testWidthsAgreeWithHBShape() throws {
    try requireFont()
    let measurer = try TextMeasurer(font: TagLayout.Font(size: 17))
    XCTAssertEqual(measurer.unitsPerEm, 2048)
    let strings = [
      "AV", "To", "Wave", "office", "Hello, World", "Åland Islands", "Côte d'Ivoire",
      "Россия", "Ελλάδα", "الإمارات العربيّة المتحدّة", "日本", "🇫🇷 France",
    ]
    for text in strings {
      let units = try hbShapeAdvance(text)
      let expected = Double(units) * 17 / Double(measurer.unitsPerEm)
      XCTAssertEqual(measurer.advance(of: text), expected, accuracy: 1e-9, "'\(text)'")
    }
  }

  func testKerningAndLigaturesAreApplied() throws {
    try requireFont()
    let m = try TextMeasurer()
    // DejaVu Sans kerns A-V and T-o: the pair is narrower than its letters apart.
    XCTAssertEqual(m.advance(of: ""), 0)
    XCTAssertLessThan(m.advance(of: "AV"), m.advance(of: "A") + m.advance(of: "V"))
    XCTAssertLessThan(m.advance(of: "To"), m.advance(of: "T") + m.advance(of: "o"))
    // Arabic joins: the shaped word is not the sum of isolated letters.
    let word = "مرحبا"
    let isolated = word.map { m.advance(of: String($0)) }.reduce(0, +)
    XCTAssertNotEqual(m.advance(of: word), isolated, accuracy: 1e-6)
    // Width scales linearly with the size (no hinting).
    let big = try TextMeasurer(font: TagLayout.Font(size: 34))
    XCTAssertEqual(big.advance(of: "Wave"), 2 * m.advance(of: "Wave"), accuracy: 1e-9)
  }

  func testMissingGlyphsAreCounted() throws {
    try requireFont()
    let m = try TextMeasurer()
    XCTAssertEqual(m.measure("France").missingGlyphCount, 0)
    // DejaVu Sans has no CJK glyphs: measured as .notdef boxes, still nonzero.
    let cjk = m.measure("日本")
    XCTAssertEqual(cjk.missingGlyphCount, 2)
    XCTAssertGreaterThan(cjk.advance, 0)
  }

  func testLineHeightAndFamily() throws {
    try requireFont()
    let m = try TextMeasurer(font: TagLayout.Font(size: 17))
    XCTAssertEqual(m.familyName, "DejaVu Sans")
    XCTAssertGreaterThan(m.ascender, 0)
    XCTAssertLessThan(m.descender, 0)
    XCTAssertEqual(m.lineHeight, m.ascender - m.descender + m.lineGap, accuracy: 1e-12)
    XCTAssertGreaterThan(m.lineHeight, 17)
    XCTAssertLessThan(m.lineHeight, 17 * 1.5)
  }

  func testBadFontInput() throws {
    XCTAssertThrowsError(try TextMeasurer(font: TagLayout.Font(path: "/nonexistent/Font.ttf"))) { error in
      XCTAssertEqual(error as? ShapingError, .fontFileMissing(path: "/nonexistent/Font.ttf"))
      XCTAssertTrue("\(error)".contains("/nonexistent/Font.ttf"))
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("taglayout-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertThrowsError(try TextMeasurer(font: TagLayout.Font(path: dir.path))) { error in
      XCTAssertEqual(error as? ShapingError, .fontFileUnreadable(path: dir.path))
    }
    let text = dir.appendingPathComponent("not-a-font.ttf")
    try Data("hello, I am not a font\n".utf8).write(to: text)
    XCTAssertThrowsError(try TextMeasurer(font: TagLayout.Font(path: text.path))) { error in
      XCTAssertEqual(error as? ShapingError, .notAFont(path: text.path))
    }
    for size in [0, -17, .nan, .infinity] {
      XCTAssertThrowsError(try TextMeasurer(font: TagLayout.Font(size: size))) { error in
        guard case .invalidSize = error as? ShapingError else { return XCTFail("size \(size): \(error)") }
        XCTAssertTrue("\(error)".contains("> 0"))
      }
    }
  }

  func testTagStylePresets() throws {
    try requireFont()
    let m = try TextMeasurer()
    let advance = m.advance(of: "Germany")
    let label = advance.rounded(.up)
    XCTAssertNotEqual(advance, label, "a label whose advance has a fraction")
    // The articles' "label + padding" presets keep the measured fraction;
    // "ceil(label) + spacing" (plain) and a style by default round it up.
    XCTAssertEqual(TagPreset.capsule.style().width(forAdvance: advance), advance + 40)
    XCTAssertEqual(TagPreset.capsule.style().height(lineHeight: m.lineHeight), 45)
    XCTAssertEqual(TagPreset.compact.style().width(forAdvance: advance), advance + 10)
    XCTAssertEqual(TagPreset.compact.style().height(lineHeight: m.lineHeight), m.lineHeight + 10, accuracy: 1e-12)
    XCTAssertEqual(TagPreset.icon.style().width(forAdvance: advance), 16 + 4 + advance + 10)
    XCTAssertEqual(TagStyle(leadingPadding: 20).width(forAdvance: advance), label + 40)
    XCTAssertEqual(TagPreset.icon.style().height(lineHeight: m.lineHeight), 28)
    XCTAssertEqual(TagPreset.plain.style().width(forAdvance: advance), label + 16)
    XCTAssertEqual(TagPreset.plain.style(padding: 3).width(forAdvance: advance), label + 6)
    var clamped = TagPreset.compact.style()
    clamped.minimumWidth = 200
    XCTAssertEqual(clamped.width(forAdvance: advance), 200)
    clamped.minimumWidth = nil
    clamped.maximumWidth = 50
    XCTAssertEqual(clamped.width(forAdvance: advance), 50)
    let tags = m.tags(for: ["Germany"], style: TagPreset.capsule.style())
    XCTAssertEqual(tags, [Tag(label: "Germany", width: advance + 40, height: 45)])
  }
}
