import ArgumentParser
import Foundation
import PackBench

struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join result files of shards into one, after checking that they belong together.",
    discussion: """
      Each file's manifest (FILE.csv.manifest.json) must have the same
      configuration (algorithms, parameters, limits, seed, plan size), and
      every instance named in two manifests the same checksum. Rows are
      ordered as a single run of the plan would write them; a run key found
      in two files is kept once (the last file wins).

      Example:
        packbench merge part1.csv part2.csv -o all.csv
      """)

  @Argument(help: ArgumentHelp("Result files of 'packbench run'.", valueName: "file.csv"))
  var inputs: [String]

  @Option(name: [.short, .long], help: ArgumentHelp("The merged CSV (a manifest is written beside it).", valueName: "file.csv"))
  var output: String

  func run() throws {
    var manifests: [Manifest] = []
    var records: [RunRecord] = []
    do {
      for input in inputs {
        let manifest = try Manifest.read(Manifest.path(for: input))
        if let first = manifests.first, let why = first.disagreement(with: manifest) {
          printError("error: \(inputs[0]) and \(input) do not belong together: \(why)")
          throw ExitCode(1)
        }
        manifests.append(manifest)
        records += try ResultFile.read(input)
      }
    } catch let error as ExitCode {
      throw error
    } catch {
      printError("error: \(error)")
      throw ExitCode(1)
    }
    guard var merged = manifests.first else { throw ValidationError("name at least one file") }
    var instanceOrder: [String: Int] = [:]
    for manifest in manifests {
      for file in manifest.instances where instanceOrder[file.dataset + "/" + file.instance] == nil {
        instanceOrder[file.dataset + "/" + file.instance] = instanceOrder.count
      }
    }
    merged.instances = manifests.flatMap(\.instances).reduce(into: [Manifest.InstanceFile]()) { list, file in
      if !list.contains(where: { $0.dataset == file.dataset && $0.instance == file.instance }) { list.append(file) }
    }
    merged.shard = ""
    merged.created = Provenance.now()
    let algorithmOrder = Dictionary(uniqueKeysWithValues: merged.configuration.algorithms.enumerated().map { ($1, $0) })
    let unique = ResultFile.lastPerKey(records)
    let duplicates = records.count - unique.count
    let ordered = unique.enumerated().sorted { a, b in
      let ka = (instanceOrder[a.element.dataset + "/" + a.element.instance] ?? Int.max, algorithmOrder[a.element.algorithm] ?? Int.max, a.offset)
      let kb = (instanceOrder[b.element.dataset + "/" + b.element.instance] ?? Int.max, algorithmOrder[b.element.algorithm] ?? Int.max, b.offset)
      return ka < kb
    }.map(\.element)
    try ResultFile.write(ordered, to: output)
    try merged.write(to: Manifest.path(for: output))
    let planned = merged.configuration.plannedRuns
    var note = "\(ordered.count) runs from \(inputs.count) files written to \(output)"
    if duplicates > 0 { note += "; \(duplicates) duplicate run keys kept once" }
    if ordered.count < planned { note += "; \(planned - ordered.count) of the plan's \(planned) runs are missing" }
    printError(note)
  }
}
