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

      The merged file is written even when runs are missing, and what is
      missing is named (per shard: no file, or how many of its runs); the
      exit status is then 1, unless --allow-partial. With --plan (the file
      of 'packbench plan --shards n --output FILE'), the files are also
      checked against the plan and the missing runs counted from its keys.

      Examples:
        packbench merge part1.csv part2.csv -o all.csv
        packbench merge --plan shards/plan.json shards/shard-*.csv \\
          -o shards/all.csv
      """)

  @Argument(help: ArgumentHelp("Result files of 'packbench run'.", valueName: "file.csv"))
  var inputs: [String]

  @Option(name: [.short, .long], help: ArgumentHelp("The merged CSV (a manifest is written beside it).", valueName: "file.csv"))
  var output: String

  @Option(help: ArgumentHelp("The plan file the shards ran from: the files are checked against it.", valueName: "plan.json"))
  var plan: String?

  @Flag(name: .customLong("allow-partial"), help: "Exit 0 even when runs of the plan are missing (the file and the note are the same either way).")
  var allowPartial = false

  func run() throws {
    var manifests: [Manifest] = []
    var records: [RunRecord] = []
    var perFile: [[RunRecord]] = []
    var shardPlan: ShardPlan?
    do {
      shardPlan = try plan.map { try ShardPlan.read($0) }
      for input in inputs {
        let manifest = try Manifest.read(Manifest.path(for: input))
        if let first = manifests.first, let why = first.disagreement(with: manifest) {
          printError("error: \(inputs[0]) and \(input) do not belong together: \(why)")
          throw ExitCode(1)
        }
        manifests.append(manifest)
        let read = try ResultFile.read(input)
        perFile.append(read)
        records += read
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
    let shortfall: MergeShortfall
    do {
      shortfall = try MergeShortfall(
        plan: shardPlan, planPath: plan, configuration: merged.configuration, inputs: inputs,
        shards: manifests.map(\.shard), perFile: perFile, merged: ordered)
    } catch let error as MergeShortfall.Mismatch {
      printError("error: \(error.message)")
      throw ExitCode(1)
    }
    try ResultFile.write(ordered, to: output)
    try merged.write(to: Manifest.path(for: output))
    var note = "\(ordered.count) runs from \(inputs.count) files written to \(output)"
    if duplicates > 0 { note += "; \(duplicates) duplicate run keys kept once" }
    printError(note)
    guard shortfall.missing > 0 else { return }
    printError(shortfall.description)
    if !allowPartial {
      printError("error: the merge is incomplete: rerun the missing shards (each resumes its file), or pass --allow-partial to accept it")
      throw ExitCode(1)
    }
  }
}

/// What a merge lacks of its plan: per shard, no file or how many runs.
struct MergeShortfall: CustomStringConvertible {
  struct Mismatch: Error { var message: String }

  var planned: Int
  var missing: Int
  var lines: [String] = []

  init(
    plan: ShardPlan?, planPath: String?, configuration: Manifest.Configuration, inputs: [String], shards: [String],
    perFile: [[RunRecord]], merged: [RunRecord]
  ) throws {
    let present = Set(merged.map(\.runKey))
    if let plan, let planPath {
      if let why = plan.disagreement(configuration: configuration, runKeys: plan.runKeys) {
        throw Mismatch(message: "the files are not of the plan in \(planPath): \(why)")
      }
      let planned = Set(plan.runKeys)
      if let stray = merged.first(where: { !planned.contains($0.runKey) }) {
        throw Mismatch(message: "\(stray.dataset)/\(stray.instance) \(stray.algorithm) (run \(stray.runKey)) is not in the plan \(planPath)")
      }
      self.planned = plan.runKeys.count
      missing = plan.runKeys.filter { !present.contains($0) }.count
      for i in 1...plan.shards {
        let keys = plan.keys(ofShard: i)
        let absent = keys.filter { !present.contains($0) }.count
        if absent == 0 { continue }
        let hasFile = shards.contains("\(i)/\(plan.shards)")
        lines.append("shard \(i)/\(plan.shards): " + (hasFile ? "\(absent) of its \(keys.count) runs missing" : "no file (\(Self.runs(keys.count)))"))
      }
      return
    }
    planned = configuration.plannedRuns
    missing = max(0, planned - present.count)
    // Without a plan file, the shards' manifests say which share each file holds.
    let counts = Set(shards.compactMap { $0.split(separator: "/").last.flatMap { Int($0) } })
    guard missing > 0, counts.count == 1, let n = counts.first, !shards.contains("") else { return }
    for i in 1...n {
      let expected = planned >= i ? (planned - i) / n + 1 : 0
      guard let file = shards.firstIndex(of: "\(i)/\(n)") else {
        if expected > 0 { lines.append("shard \(i)/\(n): no file (\(Self.runs(expected)))") }
        continue
      }
      let absent = expected - Set(perFile[file].map(\.runKey)).count
      if absent > 0 { lines.append("shard \(i)/\(n) (\(inputs[file])): \(absent) of its \(expected) runs missing") }
    }
  }

  static func runs(_ count: Int) -> String { count == 1 ? "1 run" : "\(count) runs" }

  var description: String {
    (["\(missing) of the plan's \(planned) runs are missing"] + lines.map { "  " + $0 }).joined(separator: "\n")
  }
}
