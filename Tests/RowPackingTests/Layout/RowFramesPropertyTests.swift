import RowPacking
import TestSupport
import XCTest

/// Properties of the core's frames over seeded random tag lists, every
/// alignment, vertical alignment and direction.
final class RowFramesPropertyTests: XCTestCase {
  struct Case {
    var sizes: [LayoutSize]
    var geometry: RowGeometry
    var containerWidth: Double
  }

  static func randomCase(_ rng: inout SplitMix64) -> Case {
    let n = Int.random(in: 0...40, using: &rng)
    let heights: [Double] = [24, 28, 32.5, 40]
    let sizes = (0..<n).map { _ in
      LayoutSize(width: Double(Int.random(in: 30...2400, using: &rng)) / 10, height: heights.randomElement(using: &rng)!)
    }
    let inset = Double(Int.random(in: 0...24, using: &rng))
    let geometry = RowGeometry(
      insets: ContentInsets(top: inset, leading: inset, bottom: inset + 2, trailing: inset / 2),
      spacing: Double(Int.random(in: 0...12, using: &rng)), lineSpacing: Double(Int.random(in: 0...12, using: &rng)))
    return Case(sizes: sizes, geometry: geometry, containerWidth: Double(Int.random(in: 200...800, using: &rng)))
  }

  static let objectives: [RowObjective] = [.flow, .packer(FirstFitDecreasing()), .packer(BestFitDecreasing())]

  func testFramesDoNotOverlapStayInsideAndHonourTheSpacing() throws {
    var rng = SplitMix64(seed: 41)
    for _ in 0..<60 {
      let c = Self.randomCase(&rng)
      for objective in Self.objectives {
        for alignment in RowAlignment.allCases {
          for vertical in RowVerticalAlignment.allCases {
            var geometry = c.geometry
            geometry.alignment = alignment
            geometry.verticalAlignment = vertical
            let layout = RowLayout(geometry: geometry, objective: objective)
            let arranged = try layout.arrangement(sizes: c.sizes, containerWidth: c.containerWidth)
            try checkProperties(arranged.placed, c.sizes, geometry, c.containerWidth)
          }
        }
      }
    }
  }

  private func checkProperties(_ placed: RowFrames, _ sizes: [LayoutSize], _ g: RowGeometry, _ width: Double) throws {
    let eps = 1e-9
    let frames = placed.frames
    XCTAssertEqual(placed.readingOrder.sorted(), Array(sizes.indices), "every item placed once")
    let rowWidth = g.rowWidth(containerWidth: width)
    for (i, f) in frames.enumerated() {
      XCTAssertEqual(f.width, min(sizes[i].width, rowWidth))
      XCTAssertEqual(f.height, sizes[i].height)
      XCTAssertGreaterThanOrEqual(f.x, g.insets.leading - eps)
      XCTAssertLessThanOrEqual(f.maxX, width - g.insets.trailing + eps)
      XCTAssertGreaterThanOrEqual(f.y, g.insets.top - eps)
      XCTAssertLessThanOrEqual(f.maxY, placed.contentSize.height - g.insets.bottom + eps)
    }
    for a in frames.indices {
      for b in frames.indices where a < b && frames[a].width > 0 && frames[b].width > 0 && frames[a].height > 0 {
        XCTAssertFalse(frames[a].overlaps(frames[b]), "items \(a) and \(b) overlap")
      }
    }
    for (r, row) in placed.rows.enumerated() {
      let inRow = row.items.map { frames[$0] }
      // Spacing between neighbours, at least the spacing (more when justified).
      for (left, right) in zip(inRow, inRow.dropFirst()) {
        XCTAssertGreaterThanOrEqual(right.x - left.maxX, g.spacing - eps)
        if g.alignment != .justified || r == placed.rows.count - 1 {
          XCTAssertEqual(right.x - left.maxX, g.spacing, accuracy: 1e-9)
        }
      }
      // The row is as tall as its tallest item; items sit by the vertical alignment.
      XCTAssertEqual(row.height, inRow.map(\.height).max())
      for f in inRow {
        switch g.verticalAlignment {
        case .top: XCTAssertEqual(f.y, row.y)
        case .center: XCTAssertEqual(f.y - row.y, row.y + row.height - f.maxY, accuracy: 1e-9)
        case .bottom: XCTAssertEqual(f.maxY, row.y + row.height, accuracy: 1e-9)
        }
      }
      // Horizontal alignment.
      let first = inRow.first!, last = inRow.last!
      let before = first.x - g.insets.leading
      let after = width - g.insets.trailing - last.maxX
      switch g.alignment {
      case .leading: XCTAssertEqual(before, 0, accuracy: 1e-9)
      case .center: XCTAssertEqual(before, after, accuracy: 1e-9)
      case .trailing: XCTAssertEqual(after, 0, accuracy: 1e-9)
      case .justified:
        XCTAssertEqual(before, 0, accuracy: 1e-9)
        if inRow.count > 1 && r < placed.rows.count - 1 { XCTAssertEqual(after, 0, accuracy: 1e-6) }
      }
      // Line spacing between rows.
      if r > 0 {
        let above = placed.rows[r - 1]
        XCTAssertEqual(row.y - (above.y + above.height), g.lineSpacing, accuracy: 1e-9)
      }
    }
  }

  func testRightToLeftIsTheMirrorImageOfLeftToRight() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<80 {
      let c = Self.randomCase(&rng)
      for alignment in RowAlignment.allCases {
        var geometry = c.geometry
        geometry.alignment = alignment
        var mirrored = geometry
        mirrored.direction = .rightToLeft
        let ltr = try RowLayout(geometry: geometry).arrangement(sizes: c.sizes, containerWidth: c.containerWidth)
        let rtl = try RowLayout(geometry: mirrored).arrangement(sizes: c.sizes, containerWidth: c.containerWidth)
        XCTAssertEqual(ltr.placed.rows, rtl.placed.rows)
        for (a, b) in zip(ltr.frames, rtl.frames) {
          XCTAssertEqual(b.x, c.containerWidth - a.x - a.width, accuracy: 1e-9)
          XCTAssertEqual(a.y, b.y)
          XCTAssertEqual(a.width, b.width)
        }
      }
    }
  }

  func testContentHeightIsRowsTimesItemHeightPlusGapsAndInsets() throws {
    var rng = SplitMix64(seed: 3)
    for _ in 0..<100 {
      var c = Self.randomCase(&rng)
      c.sizes = c.sizes.map { LayoutSize(width: $0.width, height: 32) }
      for objective in Self.objectives {
        let arranged = try RowLayout(geometry: c.geometry, objective: objective).arrangement(sizes: c.sizes, containerWidth: c.containerWidth)
        let rows = Double(arranged.rowCount)
        let expected = c.geometry.insets.top + rows * 32 + max(rows - 1, 0) * c.geometry.lineSpacing + c.geometry.insets.bottom
        XCTAssertEqual(arranged.contentSize.height, expected, accuracy: 1e-9)
        XCTAssertEqual(arranged.contentSize.width, c.containerWidth)
      }
    }
  }

  func testTheRowsAreThePackersVerifiedAndInInputOrder() throws {
    var rng = SplitMix64(seed: 11)
    for _ in 0..<60 {
      let c = Self.randomCase(&rng)
      let rowWidth = c.geometry.rowWidth(containerWidth: c.containerWidth)
      let instance = try Instance(widths: c.sizes.map { min($0.width, rowWidth) }, rowWidth: rowWidth, spacing: c.geometry.spacing)
      for algorithm in [PackingAlgorithm.nextFit, .firstFitDecreasing] {
        let packing = try algorithm.packer.pack(try instance.scaled())
        for order in ItemOrder.allCases {
          let arranged = try RowLayout(geometry: c.geometry, objective: .packer(algorithm.packer), order: order)
            .arrangement(sizes: c.sizes, containerWidth: c.containerWidth)
          let rows = arranged.placed.rows.map(\.items)
          XCTAssertEqual(rows, order.arrange(packing.rows))
          XCTAssertEqual(verify(Packing(rows: rows), for: instance), [])
        }
      }
    }
  }

  func testBadSizesRowsAndWidthsAreErrorsNotCrashes() {
    let g = RowGeometry()
    let sizes = [LayoutSize(width: 40, height: 20), LayoutSize(width: 50, height: 20)]
    XCTAssertThrowsError(try g.frames(rows: [[0, 0]], sizes: sizes, containerWidth: 390))
    XCTAssertThrowsError(try g.frames(rows: [[0], [2]], sizes: sizes, containerWidth: 390))
    XCTAssertThrowsError(try g.frames(rows: [[0], []], sizes: sizes, containerWidth: 390))
    XCTAssertThrowsError(try g.frames(rows: [[0, 1]], sizes: sizes, containerWidth: 32))
    XCTAssertThrowsError(try RowLayout().arrangement(sizes: [LayoutSize(width: .nan, height: 1)], containerWidth: 390))
    XCTAssertThrowsError(try RowLayout(geometry: RowGeometry(spacing: -1)).arrangement(sizes: sizes, containerWidth: 390))
    XCTAssertThrowsError(try RowLayout(objective: .fewestRows(SearchBudget()), fit: .strict).arrangement(sizes: sizes, containerWidth: 390))
  }
}
