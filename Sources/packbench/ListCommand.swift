import ArgumentParser
import Foundation
import PackBench
import RowPacking

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the algorithms, one line each, and the datasets found.",
    discussion: """
      With --external or --externals (as given to run, plan and solve), the
      solvers they register are listed after packbench's own, each with its
      command: what --algorithms will accept with the same options.
      """)

  @Option(help: ArgumentHelp("Where BPPLIB is (default: $PACKBENCH_BPPLIB, else ../shared/bpplib).", valueName: "path"))
  var bpplib: String?

  @OptionGroup var external: ExternalOptions

  func run() throws {
    print("Algorithms:")
    let externals = try external.solvers()
    let width = (AlgorithmRegistry.names + externals.map(\.name)).map(\.count).max() ?? 0
    func line(_ name: String, _ kind: String, _ text: String) {
      print("  \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(kind.padding(toLength: 9, withPad: " ", startingAt: 0))  \(text)")
    }
    for algorithm in AlgorithmRegistry.all { line(algorithm.name, algorithm.kind.rawValue, algorithm.summary) }
    for solver in externals { line(solver.name, "external", solver.command) }
    var environment = ProcessInfo.processInfo.environment
    if let bpplib { environment[DatasetLocator.bpplibVariable] = bpplib }
    let locator = DatasetLocator(environment: environment)
    print("\nDatasets:")
    func show(_ spec: String, _ label: String) {
      do {
        let found = try locator.datasets(named: spec)
        let files = found.map(\.files.count).reduce(0, +)
        let optima = found.map { dataset in
          dataset.files.filter { dataset.optima.entries[instanceName(fromPath: $0.path)] != nil }.count
        }.reduce(0, +)
        print("  \(label): \(found.count) \(found.count == 1 ? "set" : "sets"), \(files) instances, \(optima) with a known optimum")
        print("    " + found.map { "\($0.name) (\($0.files.count))" }.joined(separator: ", "))
      } catch {
        print("  \(label): \(error)")
      }
    }
    show("default", "default (bundled, datasets/default)")
    if let dir = locator.datasetsDirectory,
      let entries = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
    {
      for entry in entries.sorted() where entry != "default" {
        let path = dir.appendingPathComponent(entry)
        var isDirectory: ObjCBool = false
        // A folder of instances: its first file parses (datasets/tags holds word lists, not instances).
        if FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory), isDirectory.boolValue,
          let first = (try? locator.datasets(named: path.path))?.first?.files.first,
          (try? loadInstance(first)) != nil
        {
          show(path.path, "datasets/\(entry)")
        }
      }
    }
    show("bpplib", "bpplib (\(locator.bpplibDirectory.path))")
  }
}
