import RowPacking
import TagLayout
import TestSupport
import XCTest

/// TagLayout lays out through the core: its frames are RowLayout's for the
/// same sizes and options, for every packer, alignment, order and direction.
final class CoreGeometryTests: XCTestCase {
  func testTheEngineFramesAreTheCoresForTheSameSizes() throws {
    var rng = SplitMix64(seed: 5)
    for _ in 0..<6 {
      let tags = (0..<Int.random(in: 1...40, using: &rng)).map { i in
        Tag(label: "t\(i)", width: Double(Int.random(in: 200...4000, using: &rng)) / 10, height: [30, 45][Int.random(in: 0...1, using: &rng)])
      }
      for algorithm in [PackingAlgorithm.nextFit, .firstFit, .firstFitDecreasing, .bestFitDecreasing] {
        for alignment in RowAlignment.allCases {
          for direction in LayoutDirection.allCases {
            for vertical in RowVerticalAlignment.allCases {
              let options = LayoutOptions(
                width: 390, insets: EdgeInsets(all: 12), spacing: 6, lineSpacing: 4, alignment: alignment,
                direction: direction, order: algorithm == .nextFit ? .input : .packed, verticalAlignment: vertical)
              let engine = try TagLayoutEngine(options: options).layOut(tags, using: algorithm.packer)
              let core = try RowLayout(geometry: options.geometry, objective: .packer(algorithm.packer), order: options.order)
                .arrangement(sizes: tags.map(\.size), containerWidth: 390)
              XCTAssertEqual(engine.frames, core.frames)
              XCTAssertEqual(engine.rows.map(\.tags), core.placed.rows.map(\.items))
              XCTAssertEqual(engine.contentHeight, core.contentSize.height)
              XCTAssertEqual(engine.truncated, core.placed.clamped)
            }
          }
        }
      }
    }
  }

  func testTheRowLimitsChipIsTheCoresChip() throws {
    let tags = (0..<30).map { Tag(label: "tag \($0)", width: Double(60 + 7 * ($0 % 9)), height: 32) }
    let chip: @Sendable (Int) -> Tag = { k in Tag(label: "+\(k) more", width: k < 10 ? 64 : 72, height: 32) }
    for keepingOrder in [true, false] {
      let engine = TagLayoutEngine(options: LayoutOptions(width: 320))
      let limited = try engine.layOutLimited(tags, maxRows: 2, chipTag: chip, keepingOrder: keepingOrder)
      let limit = RowLimit(maxRows: 2, chipSize: { chip($0).size }, keepingOrder: keepingOrder)
      let core = try RowLayout(geometry: engine.options.geometry, objective: .rowLimit(limit))
        .arrangement(sizes: tags.map(\.size), containerWidth: 320)
      let placedChip = try XCTUnwrap(core.chip)
      XCTAssertEqual(limited.layout.frames.last, placedChip.frame)
      XCTAssertEqual(limited.chip?.label, "+\(placedChip.hiddenCount) more")
      for (p, input) in limited.inputIndex.enumerated() {
        if let input { XCTAssertEqual(limited.layout.frames[p], core.frames[input]) }
      }
    }
  }
}
