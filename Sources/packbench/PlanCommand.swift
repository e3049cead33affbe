import ArgumentParser
import Foundation
import PackBench
import RowPacking

struct PlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "Print the run keys that 'packbench run' with the same options would make, one per line.",
    discussion: """
      A run key names one algorithm on one instance: a hash of the instance
      file's content and name, the algorithm, the parameters that change its
      result (spacing, resolution, format; time and memory limits for exact
      solvers) and the seed. With --shard i/n, only that share.

      Example:
        packbench plan --dataset bpplib --algorithms exact --time-limit 10 | wc -l
      """)

  @OptionGroup var bench: BenchOptions

  @Flag(help: "Also print the dataset/instance, the algorithm and the run's seed, tab separated.")
  var long = false

  func run() throws {
    let made = try bench.makeBench()
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
