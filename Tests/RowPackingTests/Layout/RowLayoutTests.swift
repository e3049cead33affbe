import RowPacking
import TestSupport
import XCTest

/// The SwiftUI-shaped API: sizes for proposals, frames in bounds, the
/// cache, and every objective's answer.
final class RowLayoutTests: XCTestCase {
  static func tags(_ rng: inout SplitMix64, count: Int) -> [LayoutSize] {
    (0..<count).map { _ in LayoutSize(width: Double(Int.random(in: 40...180, using: &rng)), height: 32) }
  }

  func testTheCacheComputesTheRowsForAWidthOnce() throws {
    var rng = SplitMix64(seed: 1)
    let layout = RowLayout(geometry: RowGeometry(insets: ContentInsets(all: 16)), objective: .packer(FirstFitDecreasing()))
    var cache = layout.makeCache(sizes: Self.tags(&rng, count: 30))
    let size = try layout.sizeThatFits(proposedWidth: 390, cache: &cache)
    XCTAssertEqual(size.width, 390)
    XCTAssertEqual([cache.hits, cache.misses], [0, 1])
    _ = try layout.sizeThatFits(proposedWidth: 390, cache: &cache)
    let placed = try layout.place(in: Frame(x: 10, y: 20, width: 390, height: size.height), cache: &cache)
    XCTAssertEqual([cache.hits, cache.misses], [2, 1])
    _ = try layout.sizeThatFits(proposedWidth: 300, cache: &cache)
    XCTAssertEqual([cache.hits, cache.misses], [2, 2])
    // The placed frames are the arrangement's, moved into the bounds.
    let direct = try layout.arrangement(sizes: cache.sizes, containerWidth: 390)
    XCTAssertEqual(placed.frames, direct.frames.map { $0.offsetBy(dx: 10, dy: 20) })
    XCTAssertEqual(placed.contentSize.height, size.height)
    // Another geometry forgets what was computed for the old one.
    var wider = layout
    wider.geometry.spacing = 12
    let widerSize = try wider.sizeThatFits(proposedWidth: 390, cache: &cache)
    XCTAssertEqual([cache.hits, cache.misses], [2, 3])
    XCTAssertEqual(widerSize, try wider.arrangement(sizes: cache.sizes, containerWidth: 390).contentSize)
  }

  func testProposalsWithoutAWidthGiveOneRowAndZeroTheNarrowestWidth() throws {
    var rng = SplitMix64(seed: 2)
    let sizes = Self.tags(&rng, count: 12)
    let layout = RowLayout(geometry: RowGeometry(insets: ContentInsets(all: 16), spacing: 8, lineSpacing: 6))
    var cache = layout.makeCache(sizes: sizes)
    let ideal = try layout.sizeThatFits(proposedWidth: nil, cache: &cache)
    let oneRow: Double = sizes.reduce(0) { $0 + $1.width } + 11 * 8 + 32
    XCTAssertEqual(ideal.width, oneRow, accuracy: 13.0 / 1000 + 1e-9)
    XCTAssertEqual(ideal.height, 32 + 32, "one row")
    let infinite = try layout.sizeThatFits(proposedWidth: .infinity, cache: &cache)
    XCTAssertEqual(infinite, ideal)
    let minimum = try layout.sizeThatFits(proposedWidth: 0, cache: &cache)
    XCTAssertEqual(minimum.width, sizes.map(\.width).max()! + 32)
    let placed = try layout.place(in: Frame(x: 0, y: 0, width: 0, height: 0), cache: &cache)
    XCTAssertEqual(placed.contentSize, minimum)
    XCTAssertEqual(placed.placed.clamped, sizes.map { _ in false })
  }

  func testTheIdealSizeIsOneRowForMeasuredTextWidths() throws {
    // Widths as a text system measures them (multiples of 1/64 pt), which
    // the packers see rounded up to 1/1000 pt.
    var rng = SplitMix64(seed: 12)
    for _ in 0..<50 {
      let sizes = (0..<Int.random(in: 1...60, using: &rng)).map { _ in
        LayoutSize(width: Double(Int.random(in: 2000...12000, using: &rng)) / 64, height: 30)
      }
      for objective in [RowObjective.flow, .packer(FirstFitDecreasing()), .fewestRows(SearchBudget())] {
        let layout = RowLayout(geometry: RowGeometry(insets: ContentInsets(all: 16), spacing: 7.5), objective: objective)
        var cache = layout.makeCache(sizes: sizes)
        let ideal = try layout.sizeThatFits(proposedWidth: nil, cache: &cache)
        XCTAssertEqual(ideal.height, 30 + 32, "one row for \(sizes.count) items")
      }
    }
  }

  func testEveryObjectiveLaysOutVerifiedRows() throws {
    var rng = SplitMix64(seed: 3)
    for _ in 0..<6 {
      let sizes = Self.tags(&rng, count: Int.random(in: 8...16, using: &rng))
      let geometry = RowGeometry(insets: ContentInsets(all: 16), spacing: 8, lineSpacing: 8)
      let width = 390.0
      let rowWidth = geometry.rowWidth(containerWidth: width)
      let instance = try Instance(widths: sizes.map(\.width), rowWidth: rowWidth, spacing: 8)
      let budget = SearchBudget(timeLimit: .seconds(2))
      let flow = try RowLayout(geometry: geometry).arrangement(sizes: sizes, containerWidth: width)

      let fewest = try RowLayout(geometry: geometry, objective: .fewestRows(budget)).arrangement(sizes: sizes, containerWidth: width)
      guard case .fewestRows(let result) = fewest.answer else { return XCTFail("no exact answer") }
      XCTAssertTrue(result.isProvenOptimal)
      XCTAssertEqual(fewest.rowCount, result.lowerBound.value)
      XCTAssertLessThanOrEqual(fewest.rowCount, flow.rowCount)

      let balanced = try RowLayout(geometry: geometry, objective: .balanced(.largestEmptySpace, keepingOrder: true, budget: budget))
        .arrangement(sizes: sizes, containerWidth: width)
      guard case .balanced(let b) = balanced.answer else { return XCTFail("no balanced answer") }
      XCTAssertEqual(balanced.rowCount, flow.rowCount)
      XCTAssertEqual(balanced.placed.readingOrder, Array(sizes.indices), "the order is kept")
      XCTAssertEqual(b.largestEmptySpace, instance.emptySpaces(of: Packing(rows: balanced.placed.rows.map(\.items))).max()!, accuracy: 1e-9)

      let moves = try RowLayout(geometry: geometry, objective: .fewestMoves(budget)).arrangement(sizes: sizes, containerWidth: width)
      guard case .moves(let curve, let point) = moves.answer else { return XCTFail("no moves answer") }
      XCTAssertEqual(moves.rowCount, point.rows)
      XCTAssertEqual(point.rows, curve.points.last!.rows)
      let noMoves = try RowLayout(geometry: geometry, objective: .maxMoves(0, budget: budget)).arrangement(sizes: sizes, containerWidth: width)
      XCTAssertEqual(noMoves.frames, flow.frames, "no tag moved is next-fit's flow")

      for keepingOrder in [true, false] {
        let limit = RowLimit(
          maxRows: 2, chipSize: { k in LayoutSize(width: k < 10 ? 60 : 68, height: 32) }, keepingOrder: keepingOrder, budget: budget)
        let limited = try RowLayout(geometry: geometry, objective: .rowLimit(limit)).arrangement(sizes: sizes, containerWidth: width)
        guard case .rowLimit(let l) = limited.answer else { return XCTFail("no row-limit answer") }
        XCTAssertLessThanOrEqual(limited.rowCount, 2)
        XCTAssertEqual(limited.hiddenItems, l.hiddenItems)
        if let chip = limited.chip {
          XCTAssertEqual(chip.hiddenCount, l.hiddenCount)
          XCTAssertEqual(chip.row, l.chipRow)
          XCTAssertEqual(chip.frame.width, chip.hiddenCount < 10 ? 60 : 68)
          let row = limited.placed.rows[chip.row]
          XCTAssertEqual(row.items.last, sizes.count, "the chip ends its row")
          XCTAssertLessThanOrEqual(chip.frame.maxX, width - 16 + 1e-9)
          for i in sizes.indices where !l.hiddenItems.contains(i) {
            XCTAssertFalse(limited.frames[i].overlaps(chip.frame))
          }
          for i in l.hiddenItems { XCTAssertEqual(limited.frames[i].width, 0) }
        } else if keepingOrder {
          XCTAssertEqual(limited.frames, flow.frames, "nothing hidden, order kept: the flow")
        }
      }
    }
  }

  func testHeightsForEveryWidthMatchTheLayoutAtEachStep() throws {
    var rng = SplitMix64(seed: 4)
    for _ in 0..<10 {
      let sizes = Self.tags(&rng, count: Int.random(in: 5...25, using: &rng))
      for objective in [RowObjective.flow, .packer(FirstFitDecreasing())] {
        let layout = RowLayout(geometry: RowGeometry(insets: ContentInsets(all: 12), spacing: 6, lineSpacing: 4), objective: objective)
        let (steps, _) = try layout.heightsForEveryWidth(sizes: sizes)
        XCTAssertFalse(steps.isEmpty)
        XCTAssertEqual(steps.last?.rows, 1)
        for step in steps {
          let arranged = try layout.arrangement(sizes: sizes, containerWidth: step.containerWidth)
          XCTAssertEqual(arranged.rowCount, step.rows, "at \(step.containerWidth)")
          XCTAssertEqual(arranged.contentSize.height, step.contentHeight, accuracy: 1e-9)
        }
      }
    }
    XCTAssertThrowsError(try RowLayout(objective: .fewestMoves(SearchBudget())).heightsForEveryWidth(sizes: [LayoutSize(width: 1, height: 1)]))
  }
}
