import Foundation
import RowPacking
import XCTest
@testable import TagLayout

/// The committed tag datasets agree with the code that made them.
final class DatasetTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every tag-cloud file parses as BPP with spacing 8 and rows of 358 pt,
  /// holds 5 to 60 labelled tags, and each width is what the shaper and
  /// the file's preset give today (clamped to the row).
  func testTagCloudWidthsAreReproducible() throws {
    guard FileManager.default.fileExists(atPath: TagLayout.Font.defaultPath) else {
      throw XCTSkip("\(TagLayout.Font.defaultPath) not found (fonts-dejavu-core; scripts/setup installs it)")
    }
    let dir = Self.root.appendingPathComponent("datasets/tag-clouds")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".txt") }.sorted()
    XCTAssertGreaterThanOrEqual(files.count, 10, "datasets/tag-clouds: regenerate with scripts/make-tags.sh")
    let measurer = try TextMeasurer(font: TagLayout.Font(size: 17))
    for file in files {
      let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
      let instance = try InstanceFileFormat.bpp.parse(text, file: file)
      XCTAssertEqual(instance.rowWidth, 358, file)
      XCTAssertEqual(instance.spacing, 8, file)
      XCTAssertTrue((5...60).contains(instance.count), file)
      let presetName = text.split(separator: "\n").first { $0.hasPrefix("# preset: ") }?
        .dropFirst("# preset: ".count).split(separator: " ").first.map(String.init)
      let preset = try XCTUnwrap(presetName.flatMap(TagPreset.init(rawValue:)), "\(file): no preset line")
      let labels = try XCTUnwrap(instance.labels, file)
      for (label, width) in zip(labels, instance.widths) {
        let expected = min(preset.style().width(forAdvance: measurer.advance(of: label)), 358)
        XCTAssertEqual(width, expected, "\(file): '\(label)'")
      }
    }
  }

  func testTagListsHoldRealNames() throws {
    let dir = Self.root.appendingPathComponent("datasets/tags")
    let countries = try TagList.read(path: dir.appendingPathComponent("countries.txt").path)
    XCTAssertGreaterThan(countries.count, 200)
    XCTAssertTrue(countries.contains("Germany"))
    XCTAssertTrue(try TagList.read(path: dir.appendingPathComponent("countries-ar.txt").path).contains("ألمانيا"))
    XCTAssertTrue(try TagList.read(path: dir.appendingPathComponent("currencies.txt").path).contains("Euro"))
    XCTAssertTrue(try TagList.read(path: dir.appendingPathComponent("languages.txt").path).contains("French"))
  }
}
