import ArgumentParser
import Foundation
import PackBench

struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Tabulate a result file as bin-packing papers do, with performance profiles and charts.",
    discussion: """
      Per set and algorithm: instances, proven optimal, optimum reached,
      optimum + 1, optimum + 2 or more, runs with no packing, the largest
      deviation, mean and median time and the shifted geometric mean of time
      (shift 10 s for exact solvers, 1 ms for heuristics; exact solves that
      did not prove optimality count at the time limit), and the mean gap.
      The caption (limits, jobs, machine) comes from the file's manifest.

      --html writes one page with the tables and SVG charts: the Dolan-More
      performance profile, the distribution of gaps, and time against n on
      log-log axes. --profile-csv writes the profile's data.

      Example:
        packbench report results/peers.csv --html results/peers.html \\
          --markdown results/peers-report.md
      """)

  @Argument(help: ArgumentHelp("A result file of 'packbench run' (or of a peer adapter).", valueName: "file.csv"))
  var file: String

  @Option(help: ArgumentHelp("Write the page with tables and charts here.", valueName: "out.html"))
  var html: String?

  @Option(help: ArgumentHelp("Write the Markdown summary here (else it is printed).", valueName: "out.md"))
  var markdown: String?

  @Option(name: .customLong("profile-csv"), help: ArgumentHelp("Write the performance profile's data here.", valueName: "out.csv"))
  var profileCSV: String?

  @Option(help: "The page's title.")
  var title: String = "packbench report"

  func run() throws {
    let records: [RunRecord]
    do { records = try ResultFile.read(file) } catch {
      printError("error: \(error)")
      throw ExitCode(1)
    }
    let manifest = try? Manifest.read(Manifest.path(for: file))
    let report = BenchReport(records: records, manifest: manifest)
    if let markdown {
      try report.markdown.write(toFile: markdown, atomically: true, encoding: .utf8)
    } else {
      FileHandle.standardOutput.write(Data(report.markdown.utf8))
    }
    if let html { try report.html(title: title).write(toFile: html, atomically: true, encoding: .utf8) }
    if let profileCSV { try report.profileCSV.write(toFile: profileCSV, atomically: true, encoding: .utf8) }
  }
}
