import Foundation
import XCTest
@testable import TagLayout

/// Characters the font lacks: warnings naming them, and widths from the
/// installed font fontconfig chooses, against `hb-shape` with that font.
final class FontFallbackTests: XCTestCase {
  /// The sum of x advances `hb-shape` reports for `text` in `font`, in points at `size`.
  func hbShapePoints(_ text: String, font: String, size: Double) throws -> Double {
    let candidates = ["/usr/bin/hb-shape", "/usr/local/bin/hb-shape", "/opt/homebrew/bin/hb-shape"]
    guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      throw XCTSkip("hb-shape not found (Debian package libharfbuzz-bin; scripts/setup installs it)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["--output-format=json", font, text]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let glyphs = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]], "hb-shape JSON for '\(text)'")
    let units = glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }
    let upem = try TextMeasurer(font: TagLayout.Font(path: font, size: size)).unitsPerEm
    return Double(units) * size / Double(upem)
  }

  func requireFont() throws {
    guard FileManager.default.fileExists(atPath: TagLayout.Font.defaultPath) else {
      throw XCTSkip("\(TagLayout.Font.defaultPath) not found (Debian package fonts-dejavu-core; scripts/setup installs it)")
    }
  }

  /// The installed font that covers `text`, or a skip naming the package to install.
  func fallbackFont(for text: String, package: String) throws -> String {
    guard let file = SystemFonts.font(covering: Array(text.unicodeScalars)) else {
      throw XCTSkip("no installed font has '\(text)' (Debian package \(package); scripts/setup installs it)")
    }
    return file.path
  }

  func testCJKIsMeasuredInTheFallbackFont() throws {
    try requireFont()
    let file = try fallbackFont(for: "東京", package: "fonts-droid-fallback")
    let m = try TextMeasurer(fallback: .system).measure("東京")
    XCTAssertEqual(m.missingGlyphCount, 0)
    XCTAssertEqual(m.missingCharacters, [])
    XCTAssertEqual(m.fallbackCharacters, ["東", "京"])
    XCTAssertEqual(m.advance, try hbShapePoints("東京", font: file, size: 17), accuracy: 1e-9)
    // Without fallback: DejaVu's missing-glyph boxes, and the characters named.
    let boxes = try TextMeasurer(fallback: .none).measure("東京")
    XCTAssertEqual(boxes.missingGlyphCount, 2)
    XCTAssertEqual(boxes.missingCharacters, ["東", "京"])
    XCTAssertEqual(boxes.advance, try hbShapePoints("東京", font: TagLayout.Font.defaultPath, size: 17), accuracy: 1e-9)
  }

  func testEmojiRunUsesTheEmojiFontAndTheRestStaysInDejaVu() throws {
    try requireFont()
    let flag = "🏳️‍🌈"
    let file = try fallbackFont(for: flag, package: "fonts-noto-color-emoji")
    let m = try TextMeasurer(fallback: .system).measure(flag + " Pride")
    XCTAssertEqual(m.missingGlyphCount, 0)
    XCTAssertEqual(m.fallbackCharacters, [flag])
    let expected = try hbShapePoints(flag, font: file, size: 17) + hbShapePoints(" Pride", font: TagLayout.Font.defaultPath, size: 17)
    XCTAssertEqual(m.advance, expected, accuracy: 1e-9)
  }

  func testCombiningMarks() throws {
    try requireFont()
    let m = try TextMeasurer(fallback: .system)
    // DejaVu has e and U+0301: one cluster, no warning.
    XCTAssertEqual(m.coverageWarnings(for: ["Cafe\u{301}", "Ελλάδα"]), [])
    XCTAssertEqual(m.measure("e\u{301}").advance, try hbShapePoints("e\u{301}", font: TagLayout.Font.defaultPath, size: 17), accuracy: 1e-9)
    // A CJK base with a combining mark: the whole cluster goes to one font,
    // or is named as missing; never measured silently.
    let warnings = m.coverageWarnings(for: ["東\u{301}"])
    XCTAssertEqual(warnings.count, 1)
    XCTAssertEqual(warnings.first.map { $0.missingCharacters + $0.fallback.map(\.character) }, ["東\u{301}"])
  }

  func testNoFontHasItWarnsAndKeepsTheBox() throws {
    try requireFont()
    let label = "\u{10FFFD} x"  // a private-use code point no font maps
    let m = try TextMeasurer(fallback: .system)
    let measured = m.measure(label)
    XCTAssertEqual(measured.missingGlyphCount, 1)
    XCTAssertEqual(measured.missingCharacters, ["\u{10FFFD}"])
    XCTAssertEqual(measured.advance, try hbShapePoints(label, font: TagLayout.Font.defaultPath, size: 17), accuracy: 1e-9)
    let warnings = m.coverageWarnings(for: ["Paris", label])
    XCTAssertEqual(warnings.map(\.label), [label])
    XCTAssertTrue(warnings[0].description.contains("U+10FFFD"), warnings[0].description)
    XCTAssertTrue(warnings[0].description.contains("no installed font"), warnings[0].description)
  }

  func testFontOptionStaysFirst() throws {
    try requireFont()
    // Latin text the font has is never measured in another font.
    let m = try TextMeasurer(fallback: .system)
    XCTAssertEqual(m.measure("Hello").advance, try hbShapePoints("Hello", font: TagLayout.Font.defaultPath, size: 17), accuracy: 1e-9)
    XCTAssertEqual(m.measure("Hello").fallbackCharacters, [])
  }
}
