import ArgumentParser
import Foundation
import PackBench
import RowPacking

struct PlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "Print the run keys that 'packbench run' with the same options would make, or write a plan file of n shards.",
    discussion: """
      A run key names one algorithm on one instance: a hash of the instance
      file's content and name, the algorithm, the parameters that change its
      result (spacing, resolution, format; time and memory limits for exact
      solvers) and the seed. With --shard i/n, only that share.

      With --shards n --output FILE, writes the plan once for a sharded run:
      the shard count, the configuration and every run key. Each task then
      runs 'packbench run OPTIONS --plan FILE --shard i', taking n from the
      file and refusing options that make other runs; 'packbench merge
      --plan FILE' names what is missing. A plan already in FILE is kept if
      it is the same plan (so tasks racing to make it agree) and refused if
      it differs.

      Examples:
        packbench plan --dataset bpplib --algorithms exact --time-limit 10 | wc -l
        packbench plan --dataset bpplib --algorithms exact --shards 16 \\
          -o shards/plan.json
      """)

  @OptionGroup var bench: BenchOptions

  @Flag(help: "Also print the dataset/instance, the algorithm and the run's seed, tab separated.")
  var long = false

  @Option(help: ArgumentHelp(
    "With --output: split the plan into n shards (task i of a run takes the runs at positions i-1 modulo n).",
    valueName: "n"))
  var shards: Int?

  @Option(name: [.short, .long], help: ArgumentHelp(
    "Write the plan file here (JSON: shards, configuration, run keys) instead of printing the keys.",
    valueName: "plan.json"))
  var output: String?

  func validate() throws {
    if let shards, shards < 1 { throw ValidationError("--shards must be at least 1") }
    if shards != nil && output == nil { throw ValidationError("--shards goes with --output FILE, the plan file it is recorded in") }
    if output != nil && bench.shard != nil { throw ValidationError("a plan file is of the whole plan: --shard goes with 'run --plan', not here") }
  }

  func run() throws {
    let made = try bench.makeBench()
    if let output {
      let count = shards ?? 1
      let plan = ShardPlan(
        shards: count, configuration: bench.configuration(made), runKeys: made.runs.map(\.key), created: Provenance.now())
      let wrote: Bool
      do { wrote = try plan.create(at: output) } catch {
        printError("error: \(error)")
        throw ExitCode(1)
      }
      if count > made.runs.count {
        printError("warning: \(count) shards for \(made.runs.count) runs: shards \(made.runs.count + 1) to \(count) are empty")
      }
      printError(
        wrote ? "\(output): \(made.runs.count) runs in \(count) shards" : "\(output): the same plan is already there (\(made.runs.count) runs in \(count) shards)")
      return
    }
    var text = ""
    for run in made.share {
      text += run.key
      if long {
        text += "\t\(run.instance.dataset)/\(instanceName(fromPath: run.instance.file.path))\t\(run.algorithm.name)\t\(run.seed)"
      }
      text += "\n"
    }
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
