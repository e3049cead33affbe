import ArgumentParser
import Foundation
import PackBench
import RowPacking
import TagLayout

struct LayoutMakeCloudsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "make-clouds",
    abstract: "Draw seeded tag-cloud instances from tag lists, measured with HarfBuzz, in BPP format.",
    discussion: """
      Each cloud takes 5 to 60 labels (by default) of one list, sized with a
      preset (cycling through --presets) at the font and size given, rows
      WIDTH - 2 x INSET wide. Files are BPP with '# spacing:' and labels as
      comments, plus provenance comments, so 'packbench run --dataset DIR'
      runs them like any other dataset. The same seed gives the same files.
      """)

  @Option(name: .customLong("tags"), parsing: .upToNextOption, help: ArgumentHelp("Tag list files to draw from.", valueName: "file"))
  var tagFiles: [String]

  @Option(help: "How many clouds.")
  var count: Int = 40

  @Option(help: "The seed of the random generator (SplitMix64).")
  var seed: UInt64 = 1

  @Option(name: .customLong("min-tags"), help: "The fewest tags in a cloud.")
  var minTags: Int = 5

  @Option(name: .customLong("max-tags"), help: "The most tags in a cloud.")
  var maxTags: Int = 60

  @Option(help: "The presets to cycle through, comma-separated.")
  var presets: String = TagPreset.allCases.map(\.rawValue).joined(separator: ",")

  @Option(name: [.short, .long], help: ArgumentHelp("The directory to write to (created if missing).", valueName: "dir"))
  var output: String

  @OptionGroup var font: LayoutFontOptions
  @OptionGroup var geometry: LayoutGeometryOptions

  func validate() throws {
    guard count >= 1 else { throw ValidationError("--count must be at least 1") }
    guard minTags >= 1, maxTags >= minTags else { throw ValidationError("--min-tags must be >= 1 and <= --max-tags") }
    guard !tagFiles.isEmpty else { throw ValidationError("give at least one tag list with --tags") }
    for name in presetList where TagPreset(rawValue: name) == nil {
      throw ValidationError("unknown preset '\(name)'; the presets are \(TagPreset.allCases.map(\.rawValue).joined(separator: ", "))")
    }
  }

  var presetList: [String] { presets.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }

  func run() throws {
    var sources: [TagCloudGenerator.Source] = []
    for file in tagFiles {
      do {
        sources.append(TagCloudGenerator.Source(name: instanceName(fromPath: file), labels: try TagList.read(path: file)))
      } catch {
        printError("error: \(error)")
        throw ExitCode(1)
      }
    }
    let measurer = try font.measurer()
    let generator = TagCloudGenerator(
      sources: sources, presets: presetList.compactMap(TagPreset.init(rawValue:)), options: geometry.options,
      tagCount: minTags...maxTags)
    let command = "packbench layout make-clouds --seed \(seed) --count \(count) (lists: \(sources.map(\.name).joined(separator: ", ")))"
    let clouds = try generator.clouds(count: count, seed: seed, measurer: measurer, command: command)
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    for cloud in clouds {
      try write(cloud.fileText, to: (output as NSString).appendingPathComponent(cloud.fileName))
    }
    let tags = clouds.reduce(0) { $0 + $1.instance.count }
    let truncated = clouds.reduce(0) { $0 + $1.truncatedCount }
    print("wrote \(clouds.count) tag clouds (\(tags) tags, \(truncated) clamped to the row) to \(output)")
  }
}

struct LayoutStudyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "study",
    abstract: "Does reordering save rows? Lay out every tag cloud with every algorithm and write the answer (Markdown, HTML).",
    discussion: """
      Reads the tag-cloud files of a directory (from 'make-clouds'), packs
      each with every algorithm (the core's packers and the exact solvers),
      lays them out, and writes a Markdown report comparing each with
      next-fit. Tag heights come from each file's '# preset:' line and the
      font; widths are re-measured from the labels as a check.
      """)

  @Option(help: ArgumentHelp("The directory of tag-cloud files.", valueName: "dir"))
  var dataset: String = "datasets/tag-clouds"

  @Option(help: "Algorithms, comma-separated (default: every packer of the core, and the exact solver 'exact' when built in).")
  var algorithms: String?

  @Option(name: [.short, .long], help: ArgumentHelp("Write the Markdown report here (default: standard output).", valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("Write an HTML page with a few clouds laid out by each algorithm side by side.", valueName: "file"))
  var html: String?

  @Option(name: .customLong("html-clouds"), help: "How many clouds the HTML page shows (those where reordering saves the most rows, up to 30 tags).")
  var htmlClouds: Int = 2

  @Option(name: .customLong("line-spacing"), help: ArgumentHelp("Vertical space between rows.", valueName: "points"))
  var lineSpacing: Double = 8

  @Option(help: ArgumentHelp("The content inset on each side.", valueName: "points"))
  var inset: Double = 16

  @Option(name: .customLong("time-limit"), help: ArgumentHelp("Time limit of one exact solve.", valueName: "seconds"))
  var timeLimit: Double = 20

  @OptionGroup var font: LayoutFontOptions
  @OptionGroup var objectives: LayoutStudyObjectiveOptions

  func validate() throws {
    guard timeLimit > 0, timeLimit.isFinite else { throw ValidationError("--time-limit must be > 0") }
    guard htmlClouds >= 0 else { throw ValidationError("--html-clouds must be >= 0") }
  }

  func run() throws {
    let chosen: [BenchAlgorithm]
    if let algorithms {
      var list: [BenchAlgorithm] = []
      for name in algorithms.split(separator: ",").map(String.init) {
        guard let found = AlgorithmRegistry.named(name) else {
          printError("error: unknown algorithm '\(name)'; see 'packbench list'")
          throw ExitCode(1)
        }
        list.append(found)
      }
      chosen = list
    } else {
      chosen = AlgorithmRegistry.heuristics + AlgorithmRegistry.exactSolvers.filter { $0.name == "exact" }
    }
    if !chosen.contains(where: { $0.name == "next-fit" }) {
      printError("error: the study compares with next-fit; include it in --algorithms")
      throw ExitCode(1)
    }
    var settings = RunSettings()
    settings.timeLimit = .milliseconds(Int64(timeLimit * 1000))
    let studyAlgorithms = chosen.map { algorithm -> TagCloudStudy.Algorithm in
      switch algorithm.implementation {
      case .packer(let packer):
        return TagCloudStudy.Algorithm(name: algorithm.name) { instance in
          let result = RowPacking.solve(instance, with: packer)
          return (result.packing?.rows, result.status == .optimal)
        }
      case .solver(let solve):
        return TagCloudStudy.Algorithm(name: algorithm.name) { [settings] instance in
          let result = solve(instance, settings)
          let valid = result.status == .optimal || result.status == .feasible || result.status == .timeLimit
          return (valid ? result.packing?.rows : nil, result.status == .optimal)
        }
      }
    }
    let measurer = try font.measurer()
    let files: [String]
    do {
      files = try FileManager.default.contentsOfDirectory(atPath: dataset).filter { $0.hasSuffix(".txt") }.sorted()
    } catch {
      printError("error: \(dataset): cannot list the directory (\(error.localizedDescription))")
      throw ExitCode(1)
    }
    guard !files.isEmpty else {
      printError("error: \(dataset): no .txt tag-cloud files")
      throw ExitCode(1)
    }
    let study = TagCloudStudy(algorithms: studyAlgorithms, lineSpacing: lineSpacing, insets: EdgeInsets(all: inset))
    var results: [TagCloudStudy.CloudResult] = []
    let objectiveStudy = objectives.study
    var objectiveResults: [ObjectivesStudy.CloudResult] = []
    var rowLimitResults: [ObjectivesStudy.RowLimitResult] = []
    var movesResults: [ObjectivesStudy.MovesResult] = []
    var sections: [(saving: Int, count: Int, section: HTMLComparison.Section, style: TagStyle)] = []
    var widthMismatches: [String] = []
    var checkedWidths = 0
    for file in files {
      let path = (dataset as NSString).appendingPathComponent(file)
      let text: String
      let instance: Instance
      do {
        text = try String(contentsOfFile: path, encoding: .utf8)
        instance = try InstanceFileFormat.bpp.parse(text, file: path)
      } catch {
        printError("error: \(error)")
        throw ExitCode(1)
      }
      let presetName = text.split(separator: "\n").first { $0.hasPrefix("# preset: ") }?
        .dropFirst("# preset: ".count).split(separator: " ").first.map(String.init) ?? ""
      guard let preset = TagPreset(rawValue: presetName) else {
        printError("error: \(path): no '# preset: NAME' line naming one of \(TagPreset.allCases.map(\.rawValue).joined(separator: ", "))")
        throw ExitCode(1)
      }
      let style = preset.style()
      // Re-measure: the file's widths must be what this font gives (clamped to the row).
      if let labels = instance.labels {
        for (i, label) in labels.enumerated() {
          checkedWidths += 1
          let expected = min(style.width(forAdvance: measurer.advance(of: label)), instance.rowWidth)
          if abs(expected - instance.widths[i]) > 1e-9 { widthMismatches.append("\(file): '\(label)' \(formatNumber(instance.widths[i])) vs \(formatNumber(expected))") }
        }
      }
      let cloud = TagCloudStudy.Cloud(instance: instance, tagHeight: style.height(lineHeight: measurer.lineHeight), preset: preset.rawValue)
      var (result, layouts) = study.study(cloud)
      results.append(result)
      if let objectiveStudy {
        let (answer, balanced) = objectiveStudy.study(
          instance, engine: TagLayoutEngine(options: study.options(for: cloud)), tags: study.tags(for: cloud))
        objectiveResults.append(answer)
        layouts += balanced
        let chipTag = { (k: Int) in measurer.tags(for: ["+\(k) more"], style: style)[0] }
        let (limits, limited) = objectiveStudy.studyRowLimits(
          instance, engine: TagLayoutEngine(options: study.options(for: cloud)), tags: study.tags(for: cloud), chipTag: chipTag)
        rowLimitResults.append(limits)
        layouts += limited
        if let moves = objectiveStudy.studyMoves(instance) { movesResults.append(moves) }
      }
      if let nf = result.outcomes["next-fit"], instance.count <= 30 {
        let best = result.outcomes.values.map(\.rows).min() ?? nf.rows
        let section = HTMLComparison.Section(
          title: "\(instance.name): \(instance.count) tags, preset \(preset.rawValue)",
          note: "Rows \(formatNumber(instance.rowWidth)) pt (dashed lines), spacing \(formatNumber(instance.spacing)) pt, line spacing \(formatNumber(lineSpacing)) pt; \(measurer.familyName) \(formatNumber(measurer.font.size)) pt. Green: fewest rows.",
          layouts: layouts, style: style)
        sections.append((nf.rows - best, instance.count, section, style))
      }
    }
    let algorithmList = chosen.map(\.name).joined(separator: ", ")
    let exactUsed = chosen.filter { $0.kind == .exact }
    let exactNote = exactUsed.isEmpty
      ? "No exact solver ran: optima come from the lower bounds (L1, L2) only."
      : "Exact solvers: \(exactUsed.map { "`\($0.name)`" }.joined(separator: ", ")), time limit \(formatNumber(timeLimit)) s per cloud; a cloud's optimum is proven when one finishes."
    let header = [
      "Produced by `scripts/tags-report.sh` (`packbench layout study --dataset \(dataset)`): every cloud of `\(dataset)` laid out by \(algorithmList).",
      "",
      "Font: \(measurer.familyName) (`\(measurer.font.path)`), \(formatNumber(measurer.font.size)) pt, shaped by HarfBuzz \(TextMeasurer.harfBuzzVersion). \(exactNote)",
      "Widths re-measured from the labels: \(checkedWidths - widthMismatches.count) of \(checkedWidths) agree with the dataset files" + (widthMismatches.isEmpty ? "." : " (mismatches: \(widthMismatches.prefix(5).joined(separator: "; ")))."),
    ]
    var markdown = study.markdown(results, header: header)
    if let objectiveStudy {
      markdown += "\n" + objectiveStudy.markdown(objectiveResults)
      markdown += "\n" + objectiveStudy.movesMarkdown(movesResults)
      markdown += "\n" + objectiveStudy.rowLimitMarkdown(rowLimitResults)
    }
    if let output { try write(markdown, to: output) } else { print(markdown, terminator: "") }
    if let html {
      let picked = sections.enumerated().sorted { a, b in
        a.element.saving != b.element.saving ? a.element.saving > b.element.saving : a.offset < b.offset
      }.prefix(htmlClouds).map(\.element)
      let page = HTMLComparison(
        title: "Tag clouds: the same tags laid out by each algorithm",
        renderer: SVGRenderer(measurer: measurer, style: TagPreset.capsule.style()),
        sections: picked.map(\.section))
      try write(page.html, to: html)
    }
    if !widthMismatches.isEmpty {
      printError("warning: \(widthMismatches.count) widths differ from a re-measure with \(measurer.font.path) (see the report)")
    }
  }
}
