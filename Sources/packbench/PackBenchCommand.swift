import ArgumentParser
import PackBench

@main
struct PackBenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "packbench",
    abstract: "Pack items (tags, chips, labels) into the fewest rows, and measure how well each algorithm does.",
    discussion: """
      A row holds items whose widths plus the spacing between neighbours fit
      the row width: one-dimensional bin packing with sizes w + s and
      capacity W + s. Start with `packbench run` (the bundled default
      dataset) or `packbench solve FILE`.
      """,
    // One version for --version and the manifests; CHANGELOG.md names it.
    version: Provenance.packbenchVersion,
    subcommands: [
      SolveCommand.self,
      RunCommand.self,
      PlanCommand.self,
      MergeCommand.self,
      CompareCommand.self,
      ReportCommand.self,
      WorkerCommand.self,
      ListCommand.self,
      GenerateCommand.self,
      ScalingCommand.self,
      LayoutCommand.self,
      KeysBenchCommand.self,
    ])
}
