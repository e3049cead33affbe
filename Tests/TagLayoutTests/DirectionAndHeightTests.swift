import Foundation
import RowPacking
import TestSupport
import XCTest
@testable import TagLayout

/// Right-to-left detection from the labels, and the height for every width
/// against real layouts.
final class DirectionAndHeightTests: XCTestCase {
  func testDirectionOfLabels() {
    XCTAssertEqual(TextDirection.of("مصر"), .rightToLeft)  // Arabic (AL)
    XCTAssertEqual(TextDirection.of("ישראל"), .rightToLeft)  // Hebrew (R)
    XCTAssertEqual(TextDirection.of("France"), .leftToRight)
    XCTAssertEqual(TextDirection.of("Ελλάδα"), .leftToRight)
    XCTAssertEqual(TextDirection.of("日本"), .leftToRight)
    XCTAssertEqual(TextDirection.of("123 ٣٤ - !"), nil)  // digits (EN, AN) and punctuation are not strong
    XCTAssertEqual(TextDirection.of("(2024) مصر"), .rightToLeft)  // the first strong character decides
    XCTAssertEqual(TextDirection.of("\u{05B0}A"), .leftToRight)  // a Hebrew point (NSM) is not strong
    XCTAssertEqual(TextDirection.of(labels: ["مصر", "ليبيا", "UAE"]), .rightToLeft)  // mixed, mostly Arabic
    XCTAssertEqual(TextDirection.of(labels: ["Paris", "London", "תל אביב"]), .leftToRight)
    XCTAssertEqual(TextDirection.of(labels: ["مصر", "Paris"]), .leftToRight)  // a tie stays left to right
    XCTAssertEqual(TextDirection.of(labels: []), .leftToRight)
  }

  func testBundledListsAreDetected() throws {
    let dir = TestData.packageRoot.appendingPathComponent("datasets/tags")
    for (file, expected) in [("countries-ar.txt", LayoutDirection.rightToLeft), ("countries.txt", .leftToRight),
                             ("countries-ru.txt", .leftToRight), ("countries-ja.txt", .leftToRight)] {
      let labels = try TagList.read(path: dir.appendingPathComponent(file).path)
      XCTAssertEqual(TextDirection.of(labels: labels), expected, file)
    }
  }

  /// The study lays Arabic clouds out right to left.
  func testStudyOptionsFollowTheLabels() throws {
    let study = TagCloudStudy(algorithms: [])
    let arabic = try Instance(widths: [50, 60], rowWidth: 200, spacing: 8, labels: ["مصر", "ليبيا"])
    let latin = try Instance(widths: [50, 60], rowWidth: 200, spacing: 8, labels: ["Egypt", "Libya"])
    XCTAssertEqual(study.options(for: .init(instance: arabic, tagHeight: 20, preset: "plain")).direction, .rightToLeft)
    XCTAssertEqual(study.options(for: .init(instance: latin, tagHeight: 20, preset: "plain")).direction, .leftToRight)
  }

  /// At and just below each breakpoint, a real layout at that container
  /// width has the step's rows and content height.
  func testHeightForEveryWidthMatchesLayouts() throws {
    for seed in 0..<8 {
      var rng = SplitMix64(seed: UInt64(seed))
      let tags = (0..<Int.random(in: 1...18, using: &rng)).map {
        Tag(label: "t\($0)", width: Double(Int.random(in: 2000...16000, using: &rng)) / 100, height: 28)
      }
      let engine = TagLayoutEngine(options: LayoutOptions(width: 390, insets: EdgeInsets(all: 12), spacing: 6, lineSpacing: 5))
      for algorithm in [PackingAlgorithm.nextFit, .firstFitDecreasing, .bestFitDecreasing] {
        let (steps, function) = try engine.heightForEveryWidth(tags, algorithm: .packer(algorithm))
        XCTAssertTrue(function.isProven)
        for (i, step) in steps.enumerated() {
          var at = engine
          at.options.width = step.containerWidth
          let layout = try at.layOut(tags, using: algorithm.packer)
          XCTAssertEqual(layout.rows.count, step.rows, "seed \(seed) \(algorithm) at \(step.containerWidth)")
          XCTAssertEqual(layout.contentHeight, step.contentHeight, accuracy: 1e-9)
          if i > 0 {
            at.options.width = step.containerWidth - 0.01
            XCTAssertEqual(try at.layOut(tags, using: algorithm.packer).rows.count, steps[i - 1].rows, "seed \(seed) \(algorithm) below \(step.containerWidth)")
          }
        }
      }
    }
  }
}
