import Foundation
import RowPacking
import XCTest
@testable import TagLayout

final class LayoutTests: XCTestCase {
  static let packers: [any RowPacker] = PackingAlgorithm.allCases.map(\.packer)

  /// Random tags: whole, half and fractional widths, a few wider than the
  /// row, a few tall ones, some that fill a row exactly.
  func randomTags(_ rng: inout SplitMix64, rowWidth: Double, spacing: Double) -> [Tag] {
    let n = Int(rng.next() % 40)
    var tags: [Tag] = []
    while tags.count < n {
      let kind = rng.next() % 10
      let height = kind == 0 ? 45 : 28
      switch kind {
      case 0: tags.append(Tag(label: "wide \(tags.count)", width: rowWidth + Double(rng.next() % 100), height: Double(height)))
      case 1:
        // Two tags that fill a row exactly.
        let a = Double(1 + rng.next() % UInt64(rowWidth - spacing - 1))
        tags.append(Tag(label: "a\(tags.count)", width: a, height: 28))
        tags.append(Tag(label: "b\(tags.count)", width: rowWidth - spacing - a, height: 28))
      case 2: tags.append(Tag(label: "q\(tags.count)", width: Double(rng.next() % 4000) / 16, height: 30))
      default: tags.append(Tag(label: "t\(tags.count)", width: Double(20 + rng.next() % 200), height: Double(height)))
      }
    }
    return tags
  }

  func checkInvariants(_ layout: TagLayoutResult, _ context: String) {
    let o = layout.options
    let eps = 1e-9 * (o.width + 1)
    let tags = layout.tags
    // Every tag in exactly one row, no empty rows.
    XCTAssertEqual(layout.readingOrder.sorted(), Array(tags.indices), context)
    XCTAssertFalse(layout.rows.contains { $0.tags.isEmpty }, "empty row: \(context)")
    // No frame outside the row's band (horizontally) or its row (vertically).
    let left = o.direction == .leftToRight ? o.insets.leading : o.insets.trailing
    for (r, row) in layout.rows.enumerated() {
      XCTAssertEqual(row.height, row.tags.map { tags[$0].height }.max()!, context)
      for t in row.tags {
        let f = layout.frames[t]
        XCTAssertGreaterThanOrEqual(f.x, left - eps, "\(context) row \(r) tag \(t)")
        XCTAssertLessThanOrEqual(f.maxX, left + o.rowWidth + eps, "\(context) row \(r) tag \(t)")
        XCTAssertGreaterThanOrEqual(f.y, row.y - eps, context)
        XCTAssertLessThanOrEqual(f.maxY, row.y + row.height + eps, context)
        XCTAssertEqual(f.width, min(tags[t].width, o.rowWidth), context)
        XCTAssertEqual(layout.truncated[t], tags[t].width > o.rowWidth, context)
        if layout.truncated[t] && o.spacing > 0 {
          XCTAssertEqual(row.tags, [t], "a truncated tag has a row of its own: \(context)")
        }
      }
      // Neighbours in reading order do not overlap and keep at least the spacing.
      let sorted = row.tags.map { layout.frames[$0] }.sorted { $0.x < $1.x }
      for (a, b) in zip(sorted, sorted.dropFirst()) {
        XCTAssertGreaterThanOrEqual(b.x - a.maxX, o.spacing - eps, "overlap or spacing: \(context) row \(r)")
      }
    }
    // Rows do not overlap: each starts a line spacing below the previous one.
    for (a, b) in zip(layout.rows, layout.rows.dropFirst()) {
      XCTAssertEqual(b.y, a.y + a.height + o.lineSpacing, accuracy: eps, context)
    }
    // The content-size formula.
    let heights = layout.rows.reduce(0.0) { $0 + $1.height }
    let expected = o.insets.top + heights + Double(max(layout.rows.count - 1, 0)) * o.lineSpacing + o.insets.bottom
    XCTAssertEqual(layout.contentHeight, expected, accuracy: eps, context)
    if let bottom = layout.frames.map(\.maxY).max() {
      XCTAssertEqual(bottom + o.insets.bottom, layout.contentHeight, accuracy: eps, "the tallest tag of the last row touches the bottom inset: \(context)")
    }
  }

  func testInvariantsOnRandomTagSets() throws {
    var rng = SplitMix64(seed: 20261122)
    for round in 0..<20 {
      let width = Double(200 + rng.next() % 300)
      let inset = Double(rng.next() % 20)
      let spacing = Double(1 + rng.next() % 12)
      var options = LayoutOptions(width: width, insets: EdgeInsets(top: inset, leading: inset, bottom: inset + 3, trailing: inset / 2), spacing: spacing, lineSpacing: Double(rng.next() % 10))
      let tags = randomTags(&rng, rowWidth: options.rowWidth, spacing: spacing)
      for packer in Self.packers {
        for alignment in RowAlignment.allCases {
          for order in TagOrder.allCases {
            options.alignment = alignment
            options.order = order
            options.direction = .leftToRight
            let ltr = try TagLayoutEngine(options: options).layOut(tags, using: packer)
            let context = "round \(round) \(packer.name) \(alignment) \(order)"
            checkInvariants(ltr, context + " ltr")
            options.direction = .rightToLeft
            let rtl = try TagLayoutEngine(options: options).layOut(tags, using: packer)
            checkInvariants(rtl, context + " rtl")
            // Right to left is the mirror image of left to right.
            XCTAssertEqual(rtl.rows.map(\.tags), ltr.rows.map(\.tags), context)
            for i in tags.indices {
              XCTAssertEqual(rtl.frames[i].x, width - ltr.frames[i].x - ltr.frames[i].width, accuracy: 1e-9, context)
              XCTAssertEqual(rtl.frames[i].y, ltr.frames[i].y, context)
            }
            XCTAssertEqual(rtl.contentHeight, ltr.contentHeight, context)
            if packer.name == "next-fit" {
              XCTAssertEqual(ltr.displacement.movedTags, 0)
              XCTAssertEqual(ltr.displacement.kendallTauDistance, 0)
            }
          }
        }
      }
    }
  }

  func testAlignment() throws {
    let tags = [100.0, 100, 100, 50].enumerated().map { Tag(label: "\($0.offset)", width: $0.element, height: 20) }
    func frames(_ alignment: RowAlignment) throws -> [Frame] {
      try TagLayoutEngine(options: LayoutOptions(width: 358, insets: .zero, spacing: 10, alignment: alignment))
        .layOut(tags, using: NextFit()).frames
    }
    // Row 1: three tags, 320 used, 38 free; row 2: the 50.
    XCTAssertEqual(try frames(.leading).map(\.x), [0, 110, 220, 0])
    XCTAssertEqual(try frames(.trailing).map(\.x), [38, 148, 258, 308])
    XCTAssertEqual(try frames(.center).map(\.x), [19, 129, 239, 154])
    // Justified: the free space is shared by the two gaps; the last row stays leading.
    XCTAssertEqual(try frames(.justified).map(\.x), [0, 129, 258, 0])
  }

  func testAnExactFillStaysOnItsRow() throws {
    // 100 + 8 + 100 + 8 + 142 = 358: the row fills exactly.
    let tags = [100.0, 100, 142, 30].map { Tag(label: "w\($0)", width: $0, height: 28) }
    var options = LayoutOptions(width: 390, insets: EdgeInsets(all: 16), spacing: 8)
    for packer in Self.packers {
      let layout = try TagLayoutEngine(options: options).layOut(tags, using: packer)
      XCTAssertTrue(layout.rows.contains { Set($0.tags) == [0, 1, 2] }, packer.name)
      XCTAssertEqual(layout.rows.count, 2, packer.name)
      let row = layout.rows.first { $0.tags.contains(0) }!
      XCTAssertEqual(row.usedWidth, 358)
    }
    // Fractional widths that fill exactly: 117.25 + 8 + 120.5 + 8 + 104.25 = 358.
    let fractional = [117.25, 120.5, 104.25].map { Tag(label: "f\($0)", width: $0, height: 28) }
    XCTAssertEqual(try TagLayoutEngine(options: options).layOut(fractional, using: NextFit()).rows.count, 1)
    // The strict test refuses the exact fill: next-fit needs one row more.
    options.fit = .strict
    XCTAssertEqual(try TagLayoutEngine(options: options).layOut(tags, using: NextFit()).rows.map(\.tags), [[0, 1], [2, 3]])
    XCTAssertEqual(try TagLayoutEngine(options: options).layOut(fractional, using: NextFit()).rows.count, 2)
    // ... but accepts a row one point short of the width.
    let short = [100.0, 100, 141].map { Tag(label: "s\($0)", width: $0, height: 28) }
    XCTAssertEqual(try TagLayoutEngine(options: options).layOut(short, using: NextFit()).rows.count, 1)
  }

  func testTruncatedTagGetsItsOwnRow() throws {
    let tags = [Tag(label: "short", width: 50, height: 28), Tag(label: "very long", width: 500, height: 28), Tag(label: "x", width: 10, height: 28)]
    let layout = try TagLayoutEngine(options: LayoutOptions(width: 390, insets: EdgeInsets(all: 16), spacing: 8)).layOut(tags, using: NextFit())
    XCTAssertEqual(layout.rows.map(\.tags), [[0], [1], [2]])
    XCTAssertEqual(layout.truncated, [false, true, false])
    XCTAssertEqual(layout.frames[1].width, 358)
    XCTAssertEqual(layout.frames[1].x, 16)
  }

  func testGivenRowsAreChecked() throws {
    let tags = [100.0, 200, 300].map { Tag(label: "\($0)", width: $0, height: 20) }
    let engine = TagLayoutEngine(options: LayoutOptions(width: 390, insets: EdgeInsets(all: 16), spacing: 8))
    XCTAssertNoThrow(try engine.layOut(tags, rows: [[2], [0, 1]]))
    for bad in [[[0, 1, 2]], [[0], [1]], [[0], [], [1], [2]], [[0, 0], [1], [2]]] {
      XCTAssertThrowsError(try engine.layOut(tags, rows: bad)) { error in
        guard case .invalidPacking = error as? LayoutError else { return XCTFail("\(bad): \(error)") }
      }
    }
    let empty = try engine.layOut([], using: FirstFitDecreasing())
    XCTAssertEqual(empty.rows.count, 0)
    XCTAssertEqual(empty.contentHeight, 32)
  }

  func testBadOptionsAndTags() {
    let tags = [Tag(label: "a", width: 10, height: 10)]
    for width in [0.0, -390, .nan, .infinity] {
      XCTAssertThrowsError(try TagLayoutEngine(options: LayoutOptions(width: width)).layOut(tags, using: NextFit())) { error in
        guard case .invalidOption(let message) = error as? LayoutError else { return XCTFail("\(error)") }
        XCTAssertTrue(message.contains("width"), message)
      }
    }
    // Insets that leave no row.
    XCTAssertThrowsError(try TagLayoutEngine(options: LayoutOptions(width: 32, insets: EdgeInsets(all: 16))).layOut(tags, using: NextFit()))
    XCTAssertThrowsError(try TagLayoutEngine(options: LayoutOptions(spacing: -1)).layOut(tags, using: NextFit()))
    XCTAssertThrowsError(try TagLayoutEngine().layOut([Tag(label: "nan", width: .nan, height: 10)], using: NextFit())) { error in
      XCTAssertTrue("\(error)".contains("'nan'"), "\(error)")
    }
  }

  func testTagFiles() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("taglist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("good.txt")
    try Data("# countries\r\n  Germany \r\n\r\nCôte d'Ivoire\n#not a tag\nمصر\n".utf8).write(to: good)
    XCTAssertEqual(try TagList.read(path: good.path), ["Germany", "Côte d'Ivoire", "مصر"])
    let missing = dir.appendingPathComponent("missing.txt").path
    XCTAssertThrowsError(try TagList.read(path: missing)) { error in
      XCTAssertEqual(error as? TagListError, .unreadable(path: missing, reason: "does not exist"))
      XCTAssertTrue("\(error)".hasPrefix(missing))
    }
    XCTAssertThrowsError(try TagList.read(path: dir.path)) { error in
      guard case .unreadable(let path, _) = error as? TagListError else { return XCTFail("\(error)") }
      XCTAssertEqual(path, dir.path)
    }
    let binary = dir.appendingPathComponent("binary.txt")
    try Data([0xff, 0xfe, 0x00, 0xc3]).write(to: binary)
    XCTAssertThrowsError(try TagList.read(path: binary.path)) { error in
      XCTAssertTrue("\(error)".contains("UTF-8"), "\(error)")
    }
    let empty = dir.appendingPathComponent("empty.txt")
    try Data("# only a comment\n\n".utf8).write(to: empty)
    XCTAssertThrowsError(try TagList.read(path: empty.path)) { error in
      XCTAssertEqual(error as? TagListError, .empty(path: empty.path))
    }
    if getuid() != 0 {
      let locked = dir.appendingPathComponent("locked.txt")
      try Data("a\n".utf8).write(to: locked)
      try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
      XCTAssertThrowsError(try TagList.read(path: locked.path))
    }
  }
}
