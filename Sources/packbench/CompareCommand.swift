import ArgumentParser
import Foundation
import PackBench

struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Say whether NEW is better than BASE: instances proven, gained and lost, the time ratio with its interval.",
    discussion: """
      Pairs the runs of two result files (or of two algorithms of one file) by
      instance, and reports per set and overall: the instances each side
      proves optimal, those NEW gains and loses (by name), the ratio NEW/BASE
      of the shifted geometric means of time (shift 10 s for exact solvers,
      1 ms for heuristics; an unproven exact solve at its time limit) with a
      seeded percentile bootstrap 95 % interval over the paired instances,
      and the two-sided Wilcoxon signed-rank test on the paired times of the
      instances both proved. The last line is the verdict:
        NEW proves 3 more; time ratio 0.82 [0.74, 0.91], p = 0.002

      Exit status: 0; 1 with --fail-if-worse when NEW proves fewer instances
      or the interval lies wholly above 1 (NEW slower); 2 when a file cannot
      be read (the message names it and the line).

      Examples:
        packbench compare old.csv new.csv
        packbench compare results/exact-hard.csv \\
          --algorithms packingsolver,exact --markdown
        packbench compare base.csv new.csv --fail-if-worse || echo "worse"
      """)

  @Argument(help: ArgumentHelp("BASE.csv and NEW.csv, or one file with --algorithms a,b.", valueName: "file.csv"))
  var files: [String]

  @Option(help: ArgumentHelp(
    "With one file: BASE's algorithm and NEW's. With two: the algorithm to take from both, or BASE's and NEW's (needed when a file holds several).",
    valueName: "a,b"))
  var algorithms: String?

  @Option(help: "The bootstrap's seed (SplitMix64): the same seed gives the same interval.")
  var seed: UInt64 = 1

  @Option(help: "Bootstrap resamples of the paired instances.")
  var resamples: Int = 10_000

  @Flag(help: "Print Markdown (a table, the lists, the verdict in bold) instead of plain text.")
  var markdown = false

  @Flag(name: .customLong("fail-if-worse"), help: "Exit 1 when NEW proves fewer instances than BASE or the time ratio's interval lies above 1.")
  var failIfWorse = false

  var names: [String] {
    (algorithms ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  func validate() throws {
    if files.isEmpty || files.count > 2 { throw ValidationError("name BASE.csv and NEW.csv, or one file with --algorithms a,b") }
    if resamples < 1 { throw ValidationError("--resamples must be at least 1") }
    if names.count > 2 { throw ValidationError("--algorithms names at most two algorithms (BASE's, NEW's)") }
    if files.count == 1 && names.count != 2 {
      throw ValidationError("with one file, --algorithms names two of its algorithms: BASE's and NEW's (a,b)")
    }
  }

  func run() throws {
    let sides: (RunComparison.Side, RunComparison.Side)
    do { sides = try readSides() } catch let error as CompareInputError {
      printError("error: \(error.message)")
      throw ExitCode(2)
    } catch {
      printError("error: \(error)")
      throw ExitCode(2)
    }
    let comparison = RunComparison(base: sides.0, new: sides.1, settings: RunComparison.Settings(seed: seed, resamples: resamples))
    FileHandle.standardOutput.write(Data((markdown ? comparison.markdown : comparison.text).utf8))
    if failIfWorse && comparison.isWorse { throw ExitCode(1) }
  }

  struct CompareInputError: Error { var message: String }

  func readSides() throws -> (RunComparison.Side, RunComparison.Side) {
    let tables = try files.map { try ResultFile.read($0) }
    let limits = files.map { (try? Manifest.read(Manifest.path(for: $0)))?.configuration.timeLimitSeconds }
    func algorithms(_ records: [RunRecord]) -> [String] {
      records.reduce(into: [String]()) { list, r in if !list.contains(r.algorithm) { list.append(r.algorithm) } }
    }
    func pick(_ file: Int, _ name: String?) throws -> RunComparison.Side {
      let present = algorithms(tables[file])
      let chosen: String
      if let name {
        guard present.contains(name) else {
          throw CompareInputError(message: "\(files[file]) has no runs of '\(name)'; it holds: \(present.joined(separator: ", "))")
        }
        chosen = name
      } else {
        guard present.count == 1 else {
          throw CompareInputError(
            message: "\(files[file]) holds \(present.isEmpty ? "no runs" : present.joined(separator: ", ")); name the algorithms to compare with --algorithms")
        }
        chosen = present[0]
      }
      return RunComparison.Side(
        label: "\(files[file]) (\(chosen))", records: tables[file].filter { $0.algorithm == chosen },
        timeLimitSeconds: limits[file])
    }
    if files.count == 1 { return (try pick(0, names[0]), try pick(0, names[1])) }
    switch names.count {
    case 0: return (try pick(0, nil), try pick(1, nil))
    case 1: return (try pick(0, names[0]), try pick(1, names[0]))
    default: return (try pick(0, names[0]), try pick(1, names[1]))
    }
  }
}
