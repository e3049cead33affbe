// A tag view's frames through RowPacking alone, as an app computes them
// from sizes it measured: no Foundation, no C, only the core product.
//
//   ConsumerCheck frames --width 390 --insets 16,16,16,16 --spacing 8 --line-spacing 8 \
//     --align leading --vertical-align center --direction ltr --order input --fit normal --algorithm next-fit < sizes
//       reads "width height" per line, prints "x y width height" per item, then
//       "content W H"
//   ConsumerCheck api
//       runs the SwiftUI-shaped calls (size for a width, frames in bounds, the
//       cache) and prints what it checked; stops with a fatal error on a failed check
import RowPacking

/// Stops with the message and a non-zero status (the standard library
/// has no exit(); Foundation, which has, is kept out on purpose).
func fail(_ message: String) -> Never {
  fatalError("ConsumerCheck: \(message)")
}

func option(_ name: String, _ arguments: [String]) -> String? {
  guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
  return arguments[i + 1]
}

func number(_ name: String, _ arguments: [String], default value: Double) -> Double {
  guard let text = option(name, arguments) else { return value }
  guard let parsed = Double(text) else { fail("\(name) \(text) is not a number") }
  return parsed
}

func framesCommand(_ arguments: [String]) throws {
  var sizes: [LayoutSize] = []
  var line = 0
  while let text = readLine() {
    line += 1
    let fields = text.split(separator: " ")
    guard fields.count == 2, let w = Double(fields[0]), let h = Double(fields[1]) else {
      fail("stdin line \(line): expected 'width height', got '\(text)'")
    }
    sizes.append(LayoutSize(width: w, height: h))
  }
  let insets = (option("--insets", arguments) ?? "16,16,16,16").split(separator: ",").compactMap { Double($0) }
  guard insets.count == 4 else { fail("--insets takes top,leading,bottom,trailing") }
  guard let alignment = RowAlignment(rawValue: option("--align", arguments) ?? "leading"),
        let vertical = RowVerticalAlignment(rawValue: option("--vertical-align", arguments) ?? "center"),
        let direction = RowDirection(rawValue: option("--direction", arguments) ?? "ltr"),
        let order = ItemOrder(rawValue: option("--order", arguments) ?? "input"),
        let fit = FitTest(rawValue: option("--fit", arguments) ?? "normal"),
        let algorithm = PackingAlgorithm(rawValue: option("--algorithm", arguments) ?? "next-fit")
  else { fail("an option value is not one of its choices") }
  let geometry = RowGeometry(
    insets: ContentInsets(top: insets[0], leading: insets[1], bottom: insets[2], trailing: insets[3]),
    spacing: number("--spacing", arguments, default: 8), lineSpacing: number("--line-spacing", arguments, default: 8),
    alignment: alignment, verticalAlignment: vertical, direction: direction)
  let layout = RowLayout(geometry: geometry, objective: .packer(algorithm.packer), order: order, fit: fit)
  let arranged = try layout.arrangement(sizes: sizes, containerWidth: number("--width", arguments, default: 390))
  for f in arranged.frames { print("\(f.x) \(f.y) \(f.width) \(f.height)") }
  print("content \(arranged.contentSize.width) \(arranged.contentSize.height)")
}

/// The calls a SwiftUI `Layout` conformance makes, checked.
func apiCommand() throws {
  var checks = 0
  func check(_ condition: Bool, _ what: String) {
    guard condition else { fail("check failed: \(what)") }
    checks += 1
  }
  let sizes = [96.5, 120, 64, 150, 88, 72, 110, 45].map { LayoutSize(width: $0, height: 32) }
  let layout = RowLayout(geometry: RowGeometry(insets: ContentInsets(all: 16), spacing: 8, lineSpacing: 8))
  var cache = layout.makeCache(sizes: sizes)
  let size = try layout.sizeThatFits(proposedWidth: 390, cache: &cache)
  let placed = try layout.place(in: Frame(x: 0, y: 0, width: size.width, height: size.height), cache: &cache)
  check(cache.misses == 1 && cache.hits == 1, "the rows for 390 pt computed once")
  check(placed.frames.count == sizes.count, "a frame per item")
  let rows = Double(placed.rowCount)
  check(size.height == 16 + rows * 32 + (rows - 1) * 8 + 16, "content height = rows x height + gaps + insets")
  for (a, b) in zip(placed.frames, placed.frames.dropFirst()) where a.y == b.y {
    check(b.x - a.maxX == 8, "spacing 8 between neighbours")
  }
  var mirrored = layout
  mirrored.geometry.direction = .rightToLeft
  let rtl = try mirrored.arrangement(sizes: sizes, containerWidth: 390)
  for (l, r) in zip(placed.frames, rtl.frames) { check(r.x == 390 - l.x - l.width, "right to left mirrors left to right") }
  let chip = RowLimit(maxRows: 1, chipSize: { k in LayoutSize(width: k < 10 ? 62 : 70, height: 32) })
  let limited = try RowLayout(geometry: layout.geometry, objective: .rowLimit(chip)).arrangement(sizes: sizes, containerWidth: 390)
  check(limited.rowCount == 1 && limited.chip != nil, "one row and a chip")
  check(limited.chip!.hiddenCount == limited.hiddenItems.count, "the chip counts the hidden items")
  let exact = try RowLayout(geometry: layout.geometry, objective: .fewestRows(SearchBudget(timeLimit: .seconds(1))))
    .arrangement(sizes: sizes, containerWidth: 390)
  if case .fewestRows(let result) = exact.answer {
    check(result.isProvenOptimal && exact.rowCount <= placed.rowCount, "the fewest rows, proven")
  } else {
    fail("the exact objective gave another answer")
  }
  print("api: \(checks) checks passed; \(placed.rowCount) rows at 390 pt, content height \(size.height)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "frames": try framesCommand(arguments)
  case "api": try apiCommand()
  default: fail("usage: ConsumerCheck frames [options] < sizes | ConsumerCheck api")
  }
} catch {
  fail("\(error)")
}
