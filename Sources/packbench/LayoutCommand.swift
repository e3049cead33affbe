import ArgumentParser
import Foundation
import PackBench
import RowPacking
import TagLayout

extension RowAlignment: ExpressibleByArgument {}
extension RowVerticalAlignment: ExpressibleByArgument {}
extension FitTest: ExpressibleByArgument {}
extension TagOrder: ExpressibleByArgument {}
extension TagPreset: ExpressibleByArgument {}
extension FontFallback: ExpressibleByArgument {}

/// `packbench layout`: tags measured with HarfBuzz, packed into rows, laid
/// out as frames; and the tag-cloud datasets and study built on it.
struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Lay out tags (text measured with HarfBuzz) in rows: frames as JSON, pictures as SVG/HTML.",
    discussion: """
      With no subcommand, 'show' runs: 'packbench layout --tags FILE ...'.

      Examples:
        packbench layout --tags datasets/tags/countries.txt --width 390 \\
          --algorithm first-fit-decreasing --svg out.svg
        packbench layout make-clouds --seed 1 --count 40 --output datasets/tag-clouds
        packbench layout study --dataset datasets/tag-clouds \\
          --output results/tags.md --html results/tags.html
      """,
    subcommands: [LayoutShowCommand.self, LayoutMakeCloudsCommand.self, LayoutStudyCommand.self],
    defaultSubcommand: LayoutShowCommand.self)
}

/// The font and tag style options shared by the layout subcommands.
struct LayoutFontOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The font file (.ttf or .otf) the tags' text is shaped with.", valueName: "file"))
  var font: String = TagLayout.Font.defaultPath

  @Option(help: ArgumentHelp("The font size.", valueName: "points"))
  var size: Double = TagLayout.Font.defaultSize

  @Option(name: .customLong("font-fallback"), help: ArgumentHelp(
    "Characters --font lacks: system (measured in the installed font fontconfig chooses for them, as a text system draws them) or none (measured as the font's missing-glyph box). Either way a warning names the labels and characters.",
    valueName: "mode"))
  var fallback: FontFallback = .system

  func validate() throws {
    guard size.isFinite, size > 0 else { throw ValidationError("--size must be a number of points > 0, not \(size)") }
  }

  /// Opens the font, printing the error and exiting with status 1 when it cannot be.
  func measurer() throws -> TextMeasurer {
    do {
      return try TextMeasurer(font: TagLayout.Font(path: font, size: size), fallback: fallback)
    } catch {
      printError("error: \(error)")
      throw ExitCode(1)
    }
  }
}

/// The container options shared by the layout subcommands.
struct LayoutGeometryOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The container width, insets included (390: an iPhone screen).", valueName: "points"))
  var width: Double = 390

  @Option(help: ArgumentHelp("The content inset on each side; rows are WIDTH - 2 x INSET wide.", valueName: "points"))
  var inset: Double = 16

  @Option(help: ArgumentHelp("Horizontal space between neighbouring tags in a row.", valueName: "points"))
  var spacing: Double = 8

  @Option(name: .customLong("line-spacing"), help: ArgumentHelp("Vertical space between rows.", valueName: "points"))
  var lineSpacing: Double = 8

  func validate() throws {
    guard width.isFinite, width > 0 else { throw ValidationError("--width must be a number of points > 0, not \(width)") }
    for (name, value) in [("--inset", inset), ("--spacing", spacing), ("--line-spacing", lineSpacing)] {
      guard value.isFinite, value >= 0 else { throw ValidationError("\(name) must be a number of points >= 0, not \(value)") }
    }
    guard width - 2 * inset > 0 else {
      throw ValidationError("--width \(formatNumber(width)) leaves no room for a row after two insets of \(formatNumber(inset))")
    }
  }

  var options: LayoutOptions {
    LayoutOptions(width: width, insets: EdgeInsets(all: inset), spacing: spacing, lineSpacing: lineSpacing)
  }
}

/// Packs tags with a bench algorithm (a packer or an exact solver) and lays them out.
func layOut(
  _ tags: [Tag], engine: TagLayoutEngine, algorithm: BenchAlgorithm, settings: RunSettings = RunSettings()
) throws -> TagLayoutResult {
  switch algorithm.implementation {
  case .packer(let packer):
    return try engine.layOut(tags, using: packer)
  case .solver(let solve):
    guard engine.options.fit == .normal else {
      throw LayoutError.invalidOption("--fit strict applies to packers, not to the solver \(algorithm.name)")
    }
    let instance = try engine.instance(for: tags)
    let result = solve(instance, settings)
    guard let rows = result.packing?.rows else {
      throw LayoutError.packer("\(algorithm.name): \(result.status.name) \(result.status.message ?? "")")
    }
    return try engine.layOut(tags, rows: rows, algorithm: algorithm.name)
  }
}

struct LayoutShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Measure tags, pack them into rows and print their frames (text or JSON); draw them as SVG or HTML.",
    discussion: """
      Each label is shaped with HarfBuzz (kerning, ligatures, any script);
      its tag is ceil(advance) plus the preset's padding wide. A tag wider
      than the row gets a row of its own, clamped and flagged as truncated.

      Exit status: 0 on success, 1 for bad input (a missing font or tag
      file, a bad option), 2 when the algorithm fails.
      """)

  @Option(help: ArgumentHelp("The tag file: one label per line; blank lines and lines starting with # are skipped.", valueName: "file"))
  var tags: String

  @Option(help: ArgumentHelp("Use only the first N labels of the file.", valueName: "n"))
  var first: Int?

  @OptionGroup var font: LayoutFontOptions
  @OptionGroup var geometry: LayoutGeometryOptions

  @Option(help: ArgumentHelp("The tag style: \(TagPreset.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")).", valueName: "preset"))
  var preset: TagPreset = .capsule

  @Option(help: ArgumentHelp("Overrides the preset's horizontal padding on each side.", valueName: "points"))
  var padding: Double?

  @Option(name: .customLong("min-width"), help: ArgumentHelp("The smallest tag width.", valueName: "points"))
  var minWidth: Double?

  @Option(name: .customLong("max-width"), help: ArgumentHelp("The largest tag width (longer labels are truncated).", valueName: "points"))
  var maxWidth: Double?

  @Option(help: "How a row's tags sit when they do not fill it: leading, center, trailing, justified.")
  var align: RowAlignment = .leading

  @Option(name: .customLong("vertical-align"), help: "Where a tag sits in a row taller than it (tags of different heights): top, center, bottom.")
  var verticalAlign: RowVerticalAlignment = .center

  @Flag(help: "Right to left: the mirror image of the left-to-right layout (the default when most labels start with a right-to-left letter: Arabic, Hebrew, ...).")
  var rtl = false

  @Flag(help: "Left to right even when the labels are right to left.")
  var ltr = false

  @Option(help: "The fit test: normal (a row may fill exactly, <=) or strict (<, as a published flow-layout snippet).")
  var fit: FitTest = .normal

  @Option(help: "The order of the tags: input (each row in input order, rows by their first tag) or packed (as the packer returned them).")
  var order: TagOrder = .input

  @Option(name: [.short, .long], help: ArgumentHelp(
    "The algorithm: \(AlgorithmRegistry.names.joined(separator: ", ")) (see 'packbench list'); next-fit keeps the given order.",
    valueName: "name"))
  var algorithm: String = "next-fit"

  @Option(help: ArgumentHelp("Write the layout as SVG to this file.", valueName: "file"))
  var svg: String?

  @Option(help: ArgumentHelp("Write an HTML page with the tags laid out by every packer side by side.", valueName: "file"))
  var html: String?

  @Flag(help: "Print the frames as JSON instead of text.")
  var json = false

  @OptionGroup var objectives: LayoutBalanceOptions

  @OptionGroup var rowLimit: LayoutRowLimitOptions

  @OptionGroup var moves: LayoutTradeoffOptions

  func validate() throws {
    for (name, value) in [("--padding", padding), ("--min-width", minWidth), ("--max-width", maxWidth)] {
      if let value, !(value.isFinite && value >= 0) { throw ValidationError("\(name) must be a number of points >= 0, not \(value)") }
    }
    if let first, first < 1 { throw ValidationError("--first must be at least 1") }
    if rtl && ltr { throw ValidationError("--rtl and --ltr contradict each other; give at most one") }
    if objectives.heightsForEveryWidth { _ = try objectives.rowCountAlgorithm(algorithm) }
    let questions = [rowLimit.maxRows != nil, objectives.balance != nil, objectives.heightsForEveryWidth, moves.isRequested]
    if questions.filter({ $0 }).count > 1 {
      throw ValidationError("--max-rows, --balance, --heights-for-every-width and --tradeoff / --fewest-moves / --max-moves are separate questions; give one of them")
    }
    if AlgorithmRegistry.named(algorithm) == nil {
      throw ValidationError("unknown algorithm '\(algorithm)'; the algorithms are \(AlgorithmRegistry.names.joined(separator: ", "))")
    }
    if let minWidth, let maxWidth, minWidth > maxWidth {
      throw ValidationError("--min-width \(formatNumber(minWidth)) is larger than --max-width \(formatNumber(maxWidth))")
    }
  }

  func run() throws {
    var labels: [String]
    var priorities: [Int]? = nil
    do {
      if rowLimit.priorities {
        let read = try TagList.readWithPriorities(path: tags)
        labels = read.labels
        priorities = read.priorities
      } else {
        labels = try TagList.read(path: tags)
      }
      if let first {
        labels = Array(labels.prefix(first))
        priorities = priorities.map { Array($0.prefix(first)) }
      }
    } catch {
      printError("error: \(error)")
      throw ExitCode(1)
    }
    let measurer = try font.measurer()
    for warning in measurer.coverageWarnings(for: labels) {
      printError("warning: \(measurer.familyName) cannot draw \(warning)")
    }
    let chosen = AlgorithmRegistry.named(algorithm)!
    var style = preset.style(padding: padding)
    style.minimumWidth = minWidth
    style.maximumWidth = maxWidth
    let measured = measurer.tags(for: labels, style: style)
    var options = geometry.options
    options.alignment = align
    options.verticalAlignment = verticalAlign
    options.direction = rtl ? .rightToLeft : ltr ? .leftToRight : TextDirection.of(labels: labels)
    options.fit = fit
    options.order = order
    let engine = TagLayoutEngine(options: options)
    let layout: TagLayoutResult
    let balanced: (layout: TagLayoutResult, balanced: BalancedRows)?
    let limited: RowLimitedLayout?
    let moved: (layout: TagLayoutResult?, tradeoff: RowsAndMovesTradeoff, point: FewestMovesLayout?)?
    let heights: HeightsSection?
    do {
      heights = objectives.heightsForEveryWidth ? try objectives.heights(measured, engine: engine, algorithm: algorithm) : nil
      if let heights, !json { return LayoutBalanceOptions.describe(heights).forEach { print($0) } }
      balanced = try objectives.balancedLayout(measured, engine: engine)
      limited = try rowLimit.limitedLayout(measured, priorities: priorities, engine: engine, measurer: measurer, style: style)
      moved = try moves.movesLayout(measured, engine: engine)
      layout = try balanced?.layout ?? limited?.layout ?? moved?.layout ?? layOut(measured, engine: engine, algorithm: chosen)
    } catch let error as LayoutError {
      printError("error: \(tags): \(error)")
      if case .packer = error { throw ExitCode(2) }
      throw ExitCode(1)
    }
    let renderer = SVGRenderer(measurer: measurer, style: style)
    if let svg {
      try write(renderer.document(layout), to: svg)
    }
    if let html {
      var layouts: [TagLayoutResult] = []
      for candidate in AlgorithmRegistry.all where candidate.kind == .heuristic || candidate.name == chosen.name {
        if let other = try? layOut(measured, engine: engine, algorithm: candidate) { layouts.append(other) }
      }
      if let balanced { layouts.append(balanced.layout) }
      if let limited { layouts.append(limited.layout) }
      if let movedLayout = moved?.layout { layouts.append(movedLayout) }
      let page = HTMLComparison(
        title: "\(labels.count) tags from \(tags)", renderer: renderer,
        sections: [HTMLComparison.Section(
          title: "\(measurer.familyName) \(formatNumber(measurer.font.size)) pt, preset \(preset.rawValue), rows \(formatNumber(options.rowWidth)) pt, spacing \(formatNumber(options.spacing)) pt",
          layouts: layouts)])
      try write(page.html, to: html)
    }
    if json {
      var out = LayoutJSON(
        objective: objectiveName, layout: layout, measurer: measurer, preset: preset, tagFile: tags,
        inputIndex: limited?.inputIndex)
      out.balance = balanced.map { BalanceSection($0.balanced) }
      out.rowLimit = limited.map { RowLimitSection($0, labels: labels) }
      out.tradeoff = moved.map { TradeoffSection($0.tradeoff, chosen: $0.point, maxMoves: moves.maxMoves) }
      out.heightsForEveryWidth = heights
      print(try out.encoded())
    } else {
      printText(layout, measurer: measurer, inputCount: labels.count)
      if let balanced { LayoutBalanceOptions.describe(balanced.balanced).forEach { print($0) } }
      if let limited { LayoutRowLimitOptions.describe(limited, labels: labels).forEach { print($0) } }
      if let moved {
        LayoutTradeoffOptions.describe(moved.tradeoff, point: moved.point, labels: labels, printCurve: moves.tradeoff).forEach { print($0) }
      }
    }
  }

  /// The question asked, as the JSON's `objective` names it.
  var objectiveName: String {
    if objectives.heightsForEveryWidth { return "heights-for-every-width" }
    if objectives.balance != nil { return "balance" }
    if rowLimit.maxRows != nil { return "row-limit" }
    if moves.fewestMoves { return "fewest-moves" }
    if moves.maxMoves != nil { return "max-moves" }
    if moves.tradeoff { return "tradeoff" }
    return "algorithm"
  }

  func printText(_ layout: TagLayoutResult, measurer: TextMeasurer, inputCount: Int? = nil) {
    let o = layout.options
    print("tags:           \(inputCount ?? layout.tags.count) from \(tags)")
    print("font:           \(measurer.familyName), \(formatNumber(measurer.font.size)) pt (\(measurer.font.path)); line height \(String(format: "%.2f", measurer.lineHeight)) pt")
    print("algorithm:      \(layout.algorithm)\(o.fit == .strict ? " (strict fit)" : "")")
    print("direction:      \(o.direction.rawValue)\(rtl || ltr ? "" : " (from the labels' script; --rtl / --ltr override)")")
    print("rows:           \(layout.rows.count) of width \(formatNumber(o.rowWidth)) pt")
    print("content size:   \(formatNumber(o.width)) x \(String(format: "%.2f", layout.contentHeight)) pt")
    let d = layout.displacement
    print("order:          \(d.movedTags) tags moved, Kendall tau distance \(d.kendallTauDistance) of \(d.maximumKendallTauDistance)")
    let truncated = layout.truncated.filter { $0 }.count
    if truncated > 0 { print("truncated:      \(truncated) tags wider than the row") }
    for (r, row) in layout.rows.enumerated() {
      let labels = row.tags.map { layout.tags[$0].label + (layout.truncated[$0] ? " (truncated)" : "") }
      print("row \(r + 1) (\(formatNumber(row.usedWidth)) pt): " + labels.joined(separator: " | "))
    }
  }
}

/// Writes text to a file, printing an error naming the file on failure.
func write(_ text: String, to path: String) throws {
  do {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  } catch {
    printError("error: \(path): cannot write: \(error.localizedDescription)")
    throw ExitCode(1)
  }
}
