import Foundation
import XCTest

/// `packbench layout` with labels the font cannot draw: a warning on
/// stderr naming them, and widths from a fallback font unless
/// `--font-fallback none`.
final class LayoutFontFallbackCLITests: CLITestCase {
  func testWarnsAndFallsBack() throws {
    let tags = work.appendingPathComponent("fallback.txt")
    try "Paris\n東京\n\u{10FFFD} x\n".write(to: tags, atomically: true, encoding: .utf8)
    let system = try run(["layout", "--tags", tags.path, "--json"])
    XCTAssertEqual(system.status, 0, system.stderr)
    XCTAssertTrue(system.stderr.contains("warning: DejaVu Sans cannot draw '\u{10FFFD} x'"), system.stderr)
    XCTAssertTrue(system.stderr.contains("no installed font has"), system.stderr)
    XCTAssertFalse(system.stderr.contains("'Paris'"), "a label the font draws is not named: \(system.stderr)")
    let none = try run(["layout", "--tags", tags.path, "--json", "--font-fallback", "none"])
    XCTAssertEqual(none.status, 0, none.stderr)
    XCTAssertTrue(none.stderr.contains("'東京': no installed font has") == false, none.stderr)
    XCTAssertTrue(none.stderr.contains("東 (U+6771)"), "the boxes are named: \(none.stderr)")
    guard system.stderr.contains("'東京': 東 (U+6771), 京 (U+4EAC) measured with") else {
      throw XCTSkip("no installed CJK font (Debian package fonts-droid-fallback; scripts/setup installs it)")
    }
    let width = { (out: String) throws -> Double? in
      let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
      let tags = json?["tags"] as? [[String: Any]]
      return tags?.first { ($0["label"] as? String) == "東京" }?["requestedWidth"] as? Double
    }
    XCTAssertNotEqual(try width(system.stdout), try width(none.stdout), "the fallback font's width, not the boxes'")
  }
}
