import ArgumentParser
import Foundation
import PackBench
import RowPacking

extension InstanceGenerator: ExpressibleByArgument {}

struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write seeded random instances in BPP format, with their optima where known by construction.",
    discussion: """
      Kinds:
        uniform   sizes uniform in 20...100, row width 150 (Falkenauer U); optimum unknown
        triplets  rows of width 1000 each filled exactly by 3 items (Falkenauer T); optimum n/3
        perfect   rows of width 1000 each cut into 2 to 6 pieces; optimum = rows

      Files are named KIND-sSEED-NNN.txt; known optima are added to
      OUTPUT/optima.tsv (entries of the same name are replaced). The same
      seed always gives the same files.

      Example:
        packbench generate triplets --count 10 --seed 1 --size 60 \\
          --output datasets/default/triplets
      """)

  @Argument(help: "The kind of instance: uniform, triplets or perfect.")
  var kind: InstanceGenerator

  @Option(help: "How many instances.")
  var count: Int = 10

  @Option(help: "The seed of the random generator (SplitMix64).")
  var seed: UInt64 = 1

  @Option(help: "Items per instance (uniform; rounded up to a multiple of 3 for triplets), or rows per instance (perfect).")
  var size: Int = 120

  @Option(name: [.short, .long], help: ArgumentHelp("The directory to write to (created if missing).", valueName: "dir"))
  var output: String

  @Option(name: .customLong("optima"), help: ArgumentHelp("The optima file to update (default: OUTPUT/optima.tsv).", valueName: "file"))
  var optimaFile: String?

  func validate() throws {
    if count < 1 { throw ValidationError("--count must be at least 1") }
    if size < 1 { throw ValidationError("--size must be at least 1") }
  }

  func run() throws {
    let dir = URL(fileURLWithPath: output)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let optimaURL = optimaFile.map { URL(fileURLWithPath: $0) } ?? dir.appendingPathComponent("optima.tsv")
    var table = OptimaTable()
    if FileManager.default.fileExists(atPath: optimaURL.path) {
      table = try OptimaTable(parsing: try readText(optimaURL), file: optimaURL.relativePath)
    }
    var rng = SplitMix64(seed: seed)
    let digits = max(3, String(count).count)
    var withOptimum = 0
    for i in 1...count {
      let number = String(i).leftPadded(to: digits).replacingOccurrences(of: " ", with: "0")
      let name = "\(kind.rawValue)-s\(seed)-\(number)"
      let generated = kind.generate(name: name, size: size, using: &rng)
      let file = dir.appendingPathComponent(name + ".txt")
      try generated.instance.bppText.write(to: file, atomically: true, encoding: .utf8)
      if let optimum = generated.optimum {
        table.insert(KnownOptimum(
          set: kind.rawValue, instance: name, itemCount: generated.instance.count,
          capacity: generated.instance.rowWidth, optimum: optimum))
        withOptimum += 1
      }
    }
    if withOptimum > 0 { try table.tsvText.write(to: optimaURL, atomically: true, encoding: .utf8) }
    print("wrote \(count) \(kind.rawValue) instances to \(dir.relativePath)" + (withOptimum > 0 ? "; optima in \(optimaURL.relativePath)" : " (optima unknown)"))
  }
}
