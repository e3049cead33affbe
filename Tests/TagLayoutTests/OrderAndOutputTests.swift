import Foundation
import RowPacking
import XCTest
@testable import TagLayout
#if canImport(FoundationXML)
import FoundationXML
#endif

final class OrderMetricsTests: XCTestCase {
  func bruteForceInversions(_ a: [Int]) -> Int {
    var count = 0
    for i in a.indices { for j in a.indices where i < j && a[i] > a[j] { count += 1 } }
    return count
  }

  func bruteForceLIS(_ a: [Int]) -> Int {
    // O(n^2) dynamic programme.
    var best = [Int](repeating: 1, count: a.count)
    for i in a.indices { for j in 0..<i where a[j] < a[i] { best[i] = max(best[i], best[j] + 1) } }
    return best.max() ?? 0
  }

  func testAgainstBruteForce() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<300 {
      let n = Int(rng.next() % 50)
      var permutation = Array(0..<n)
      permutation.shuffle(using: &rng)
      let d = OrderDisplacement(readingOrder: permutation)
      XCTAssertEqual(d.kendallTauDistance, bruteForceInversions(permutation), "\(permutation)")
      XCTAssertEqual(d.movedTags, n - bruteForceLIS(permutation), "\(permutation)")
    }
  }

  func testKnownValues() {
    XCTAssertEqual(OrderDisplacement(readingOrder: []).movedTags, 0)
    XCTAssertEqual(OrderDisplacement(readingOrder: [0, 1, 2, 3]).kendallTauDistance, 0)
    let reversed = OrderDisplacement(readingOrder: [4, 3, 2, 1, 0])
    XCTAssertEqual(reversed.kendallTauDistance, 10)
    XCTAssertEqual(reversed.maximumKendallTauDistance, 10)
    XCTAssertEqual(reversed.normalizedKendallTau, 1)
    XCTAssertEqual(reversed.movedTags, 4)
    // One tag moved from the end to the front.
    let one = OrderDisplacement(readingOrder: [5, 0, 1, 2, 3, 4])
    XCTAssertEqual(one.movedTags, 1)
    XCTAssertEqual(one.kendallTauDistance, 5)
  }
}

final class OutputTests: XCTestCase {
  func requireMeasurer() throws -> TextMeasurer {
    guard FileManager.default.fileExists(atPath: TagLayout.Font.defaultPath) else {
      throw XCTSkip("\(TagLayout.Font.defaultPath) not found (fonts-dejavu-core; scripts/setup installs it)")
    }
    return try TextMeasurer()
  }

  func testSVGIsWellFormedAndHasEveryTag() throws {
    let m = try requireMeasurer()
    let labels = ["Bosnia & Herzegovina", "<script>", "\"quoted\"", "مصر", "The United Kingdom of Great Britain and Northern Ireland"]
    for preset in TagPreset.allCases {
      let style = preset.style()
      let tags = m.tags(for: labels, style: style)
      var options = LayoutOptions()
      for direction in LayoutDirection.allCases {
        options.direction = direction
        let layout = try TagLayoutEngine(options: options).layOut(tags, using: FirstFitDecreasing())
        let svg = SVGRenderer(measurer: m, style: style).document(layout)
        let parser = XMLParser(data: Data(svg.utf8))
        XCTAssertTrue(parser.parse(), "\(preset) \(direction): \(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertTrue(svg.contains("Bosnia &amp; Herzegovina"))
        XCTAssertFalse(svg.contains("<script>"))
        XCTAssertTrue(svg.contains("font-family=\"DejaVu Sans, sans-serif\""))
        XCTAssertEqual(svg.components(separatedBy: "<text ").count - 1, labels.count + layout.rows.count, "a label per tag and a number per row")
        XCTAssertEqual(svg.components(separatedBy: "clip-path=").count - 1, layout.truncated.filter { $0 }.count)
      }
    }
    let page = HTMLComparison(title: "t", renderer: SVGRenderer(measurer: m, style: TagPreset.icon.style()), sections: [
      .init(title: "s", layouts: try PackingAlgorithm.allCases.map { try TagLayoutEngine().layOut(m.tags(for: labels, style: TagPreset.icon.style()), using: $0.packer) }),
    ]).html
    XCTAssertEqual(page.components(separatedBy: "<svg ").count - 1, PackingAlgorithm.allCases.count)
    XCTAssertTrue(page.contains("first-fit-decreasing"))
    XCTAssertTrue(page.contains("content height"))
  }

  func testTagCloudsAreSeededAndRoundTrip() throws {
    let m = try requireMeasurer()
    let sources = [
      TagCloudGenerator.Source(name: "a", labels: (1...80).map { "Label number \($0)" }),
      TagCloudGenerator.Source(name: "b", labels: ["Ελλάδα", "مصر", "Россия", "A very long label that does not fit on a row of three hundred and fifty-eight points"]),
    ]
    let generator = TagCloudGenerator(sources: sources)
    let first = try generator.clouds(count: 12, seed: 3, measurer: m, command: "test")
    let again = try generator.clouds(count: 12, seed: 3, measurer: m, command: "test")
    let other = try generator.clouds(count: 12, seed: 4, measurer: m, command: "test")
    XCTAssertEqual(first.map(\.fileText), again.map(\.fileText))
    XCTAssertNotEqual(first.map(\.fileText), other.map(\.fileText))
    for cloud in first {
      XCTAssertTrue((1...60).contains(cloud.instance.count))
      if cloud.fileName.contains("-a-") { XCTAssertGreaterThanOrEqual(cloud.instance.count, 5) }
      XCTAssertEqual(cloud.instance.rowWidth, 358)
      XCTAssertEqual(cloud.instance.spacing, 8)
      let parsed = try InstanceFileFormat.bpp.parse(cloud.fileText, file: cloud.fileName)
      XCTAssertEqual(parsed.widths, cloud.instance.widths)
      XCTAssertEqual(parsed.labels, cloud.instance.labels)
      XCTAssertEqual(parsed.spacing, 8)
      XCTAssertTrue(cloud.fileText.contains("# preset: "))
      XCTAssertTrue(cloud.fileText.contains("# font: DejaVu Sans"))
    }
  }

  func testStudyComparesWithNextFit() throws {
    var rng = SplitMix64(seed: 11)
    let clouds = try (0..<6).map { k -> TagCloudStudy.Cloud in
      let widths = (0..<(5 + k * 7)).map { _ in Double(40 + rng.next() % 200) }
      return TagCloudStudy.Cloud(instance: try Instance(name: "c\(k)", widths: widths, rowWidth: 358, spacing: 8), tagHeight: 28, preset: k % 2 == 0 ? "capsule" : "plain")
    }
    let study = TagCloudStudy(algorithms: PackingAlgorithm.allCases.map(TagCloudStudy.Algorithm.init))
    let results = clouds.map { study.study($0).result }
    for (r, cloud) in zip(results, clouds) {
      let nf = try XCTUnwrap(r.outcomes["next-fit"])
      XCTAssertEqual(nf.packedOrder.movedTags, 0)
      XCTAssertEqual(nf.rows, solve(cloud.instance, with: NextFit()).rowCount)
      XCTAssertGreaterThanOrEqual(r.strictNextFitRows, nf.rows)
      for o in r.outcomes.values {
        XCTAssertGreaterThanOrEqual(o.rows, r.lowerBound.value)
        XCTAssertEqual(o.contentHeight, 32 + Double(o.rows) * 28 + Double(o.rows - 1) * 8)
        XCTAssertLessThanOrEqual(o.inputOrder.kendallTauDistance, o.packedOrder.kendallTauDistance + o.inputOrder.maximumKendallTauDistance)
      }
    }
    let markdown = study.markdown(results)
    XCTAssertTrue(markdown.contains("| `first-fit-decreasing` |"))
    XCTAssertTrue(markdown.contains("strict"))
  }
}
