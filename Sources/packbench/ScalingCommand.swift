import ArgumentParser
import Foundation
import PackBench
import RowPacking

extension PackingAlgorithm: ExpressibleByArgument {}

struct ScalingCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scaling",
    abstract: "Time packers on random instances of growing size (a benchmark; use a release build).",
    discussion: """
      Sizes are uniform in 20...100 with row width 150 (Falkenauer's U class),
      seeded. Each time is the median of --runs runs of the packing alone (a
      run lasts at least 0.2 ms: for small instances a batch of calls timed
      together, their mean); every packing is verified. Two baselines are
      timed the same way on the same sizes: one pass over them (their sum)
      and sorting a copy; the Markdown output adds each packer's time over
      its baseline. Example:
        swift run -c release packbench scaling --max 1000000
      """)

  @Option(help: "Comma-separated packers to time.")
  var algorithms: String = "next-fit,first-fit,first-fit-decreasing,best-fit-decreasing"

  @Option(help: "The largest number of items; the sizes are 1000, 10000, ... up to it.")
  var max: Int = 1_000_000

  @Option(help: "Runs per measurement (the median is reported).")
  var runs: Int = 5

  @Option(help: "The seed of the instances.")
  var seed: UInt64 = 1

  @Flag(help: "Print a Markdown table instead of plain lines.")
  var markdown = false

  func validate() throws {
    if max < 1000 { throw ValidationError("--max must be at least 1000") }
    if runs < 1 { throw ValidationError("--runs must be at least 1") }
    _ = try parsedAlgorithms()
  }

  func parsedAlgorithms() throws -> [PackingAlgorithm] {
    try algorithms.split(separator: ",").map {
      guard let a = PackingAlgorithm(rawValue: String($0)) else {
        throw ValidationError("unknown packer '\($0)'; known: \(PackingAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return a
    }
  }

  func run() throws {
    var counts: [Int] = []
    var n = 1000
    while n <= max { counts.append(n); n *= 10 }
    let points = try measureScaling(algorithms: try parsedAlgorithms(), itemCounts: counts, runs: runs, seed: seed)
    if markdown {
      print(ScalingPoint.markdown(points), terminator: "")
      print("")
      print(ScalingPoint.ratioMarkdown(points), terminator: "")
    } else {
      for p in points {
        let name = p.algorithm.padding(toLength: 22, withPad: " ", startingAt: 0)
        print(name + String(format: " n=%-8d rows=%-8d median %.3f ms (min %.3f, max %.3f, %d runs)", p.itemCount, p.rows, p.median.milliseconds, p.minimum.milliseconds, p.maximum.milliseconds, p.runs))
      }
    }
  }
}
