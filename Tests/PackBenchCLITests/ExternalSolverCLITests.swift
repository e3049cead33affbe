import Foundation
import RowPacking
import TestSupport
import XCTest

/// Solvers outside packbench through `--external`: the same rows as
/// packbench's own first-fit decreasing from a ten-line Python script, and
/// every way a solver can fail turned into its status, never believed.
final class ExternalSolverCLITests: CLITestCase {
  /// The Python interpreter on PATH, or a skip.
  func python() throws -> String {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let candidate = "\(directory)/python3"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw XCTSkip("python3 is not on PATH: the external-solver tests run Python scripts")
  }

  /// An executable shell script in the work folder.
  func script(_ name: String, _ body: String) throws -> String {
    let path = try write("#!/bin/sh\n" + body + "\n", to: name)
    chmod(path, 0o755)
    return path
  }

  /// A set of one instance (four items of 5 in rows of 10: optimum 2) with its optimum.
  func fours() throws -> URL {
    let dir = work.appendingPathComponent("fours")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try "4\n10\n5\n5\n5\n5\n".write(to: dir.appendingPathComponent("f.txt"), atomically: true, encoding: .utf8)
    try "set\tinstance\tn\tcapacity\toptimum\nfours\tf\t4\t10\t2\n"
      .write(to: dir.appendingPathComponent("optima.tsv"), atomically: true, encoding: .utf8)
    return dir
  }

  func table(_ path: String) throws -> [[String: String]] {
    let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let header = lines[0].components(separatedBy: ",")
    return lines.dropFirst().map { line in
      Dictionary(uniqueKeysWithValues: zip(header, parseFields(line)).map { ($0, $1) })
    }
  }

  /// One CSV record's fields (quoted fields may hold commas).
  func parseFields(_ line: String) -> [String] {
    var fields: [String] = [], field = "", quoted = false
    var characters = Array(line)[...]
    while let c = characters.popFirst() {
      if quoted {
        if c == "\"" {
          if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
        } else { field.append(c) }
      } else if c == "\"" { quoted = true } else if c == "," { fields.append(field); field = "" } else { field.append(c) }
    }
    return fields + [field]
  }

  /// One external solver on `fours`: its CSV row and the exit status.
  func runOne(_ command: String, extra: [String] = []) throws -> ([String: String], Output) {
    let csv = work.appendingPathComponent("one-\(UUID().uuidString).csv").path
    let out = try run(
      ["run", "--dataset", try fours().path, "--algorithms", "them", "--external", "them=\(command)", "-o", csv, "-q"] + extra)
    let rows = try table(csv)
    XCTAssertEqual(rows.count, 1, out.stderr)
    return (rows.first ?? [:], out)
  }

  func testTenLinesOfPythonFFDGiveTheRowsOfPackbenchsFFD() throws {
    let python = try python()
    let ffd = TestData.packageRoot.appendingPathComponent("scripts/peers/ffd.py").path
    let dir = work.appendingPathComponent("set")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    var rng = SplitMix64(seed: 40)
    for i in 0..<6 {
      let n = 10 + Int(rng.next() % 30)
      let capacity = 50 + Int(rng.next() % 100)
      let widths = (0..<n).map { _ in 1 + Int(rng.next() % UInt64(capacity)) }
      try ([String(n), String(capacity)] + widths.map(String.init)).joined(separator: "\n").appending("\n")
        .write(to: dir.appendingPathComponent("r\(i).txt"), atomically: true, encoding: .utf8)
    }
    var datasets = [dir.path]
    let bpplib = TestData.packageRoot.appendingPathComponent("../shared/bpplib/instances/Scholl_1").standardizedFileURL
    if let names = try? FileManager.default.contentsOfDirectory(atPath: bpplib.path) {
      datasets += names.sorted().prefix(3).map { bpplib.appendingPathComponent($0).path }
    }
    for spacing in ["0", "2"] {
      let csv = work.appendingPathComponent("ffd-\(spacing).csv").path
      let out = try run(
        ["run"] + datasets.flatMap { ["--dataset", $0] } + [
          "--algorithms", "first-fit-decreasing,py-ffd", "--external", "py-ffd=\(python) \(ffd)", "--spacing", spacing,
          "--repetitions", "1", "-o", csv, "-q",
        ])
      XCTAssertEqual(out.status, 0, out.stderr)
      let rows = try table(csv)
      XCTAssertEqual(rows.count, datasets.count == 1 ? 12 : 18)
      let ours = rows.filter { $0["algorithm"] == "first-fit-decreasing" }
      let theirs = rows.filter { $0["algorithm"] == "py-ffd" }
      XCTAssertEqual(ours.map { $0["instance"]! }, theirs.map { $0["instance"]! })
      for (a, b) in zip(ours, theirs) {
        XCTAssertEqual(a["rows"], b["rows"], "\(a["instance"]!) at spacing \(spacing)")
        XCTAssertEqual(b["verified"], "true")
        // packbench's own bound for an external adds the dual feasible functions to L1 and L2.
        XCTAssertGreaterThanOrEqual(Int(b["lower_bound"]!)!, Int(a["lower_bound"]!)!)
        XCTAssertEqual(b["status"], b["rows"] == b["lower_bound"] ? "optimal" : "feasible", "optimal exactly when the rows meet a bound")
      }
    }
    // The same packing, row for row, on one instance.
    let file = dir.appendingPathComponent("r0.txt").path
    let ours = try run(["solve", file, "--algorithm", "first-fit-decreasing", "--format", "json"])
    let theirs = try run(["solve", file, "--algorithm", "py", "--external", "py=\(python) \(ffd)", "--format", "json"])
    XCTAssertEqual(theirs.status, 0, theirs.stderr)
    let packing = { (text: String) in (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["packing"] as? [[Int]] }
    XCTAssertNotNil(try packing(ours.stdout))
    XCTAssertEqual(try packing(ours.stdout), try packing(theirs.stdout))
  }

  func testASolverThatDropsAnItemIsWrong() throws {
    let solver = try script("drop.sh", "echo 0 1; echo 2")
    let (row, out) = try runOne(solver)
    XCTAssertEqual(row["status"], "wrong")
    XCTAssertEqual(row["verified"], "false")
    XCTAssertTrue(row["message"]!.contains("in no row"), row["message"]!)
    XCTAssertEqual(out.status, 2, "a wrong result fails the run")
  }

  func testABoundAboveTheKnownOptimumIsWrongEvenWithRowsToMatch() throws {
    // Three valid rows and "bound 3": optimal by its own word, but the optimum is 2.
    let solver = try script("liar.sh", "echo 0 1; echo 2; echo 3; echo bound 3")
    let (row, _) = try runOne(solver)
    XCTAssertEqual(row["status"], "wrong")
    XCTAssertTrue(row["message"]!.contains("above the known optimum 2"), row["message"]!)
    // A bound above its own rows is wrong with no optimum to compare.
    let above = try script("above.sh", "echo 0 1; echo 2 3; echo bound 3")
    let (second, _) = try runOne(above, extra: ["--optima", try write("set\tinstance\tn\tcapacity\toptimum\n", to: "none.tsv")])
    XCTAssertEqual(second["status"], "wrong")
    XCTAssertEqual(second["optimum"], "")
  }

  func testOptimalOnlyWhenTheRowsMeetABoundAndATrueBoundIsKept() throws {
    let (proven, _) = try runOne(try script("good.sh", "# a comment line\necho 0 1; echo 2 3"))
    XCTAssertEqual(proven["status"], "optimal")
    XCTAssertEqual(proven["verified"], "true")
    let (loose, _) = try runOne(try script("loose.sh", "echo 0; echo 1; echo 2 3"))
    XCTAssertEqual(loose["status"], "feasible")
    XCTAssertEqual(loose["rows"], "3")
  }

  func testASolverThatSleepsIsTimelimitAtTheLimitPlusTheGrace() throws {
    let start = Date()
    let (row, out) = try runOne(try script("sleep.sh", "sleep 60"), extra: ["--time-limit", "1"])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertEqual(row["status"], "timelimit")
    XCTAssertEqual(row["rows"], "")
    // Killed at 1 s plus the grace of 1 s, not a minute later.
    let measured = try XCTUnwrap(Double(row["time_ms"]!))
    XCTAssertGreaterThanOrEqual(measured, 1900)
    XCTAssertLessThan(measured, 5000)
    XCTAssertLessThan(Date().timeIntervalSince(start), 30)
  }

  func testASolverThatAllocatesWithoutEndIsMemlimit() throws {
    let python = try python()
    let hog = try write("blocks = []\nwhile True:\n    blocks.append(bytearray(16 << 20))\n", to: "hog.py")
    let (row, _) = try runOne("\(python) \(hog)", extra: ["--memory-limit", "256", "--time-limit", "30"])
    XCTAssertEqual(row["status"], "memlimit", row["message"] ?? "")
  }

  func testASolverThatCrashesIsCrashWithItsSignal() throws {
    let (row, _) = try runOne(try script("segv.sh", "echo 0 1 2 3\nkill -SEGV $$"))
    XCTAssertEqual(row["status"], "crash")
    XCTAssertTrue(row["message"]!.contains("SIGSEGV"), row["message"]!)
  }

  func testANonZeroExitIsAnErrorWithTheLastLineOfStandardError() throws {
    let (row, _) = try runOne(try script("fail.sh", "echo starting >&2\necho cannot read the instance >&2\nexit 3"))
    XCTAssertEqual(row["status"], "error")
    XCTAssertTrue(row["message"]!.contains("status 3"), row["message"]!)
    XCTAssertTrue(row["message"]!.hasSuffix("cannot read the instance"), row["message"]!)
    let (unreadable, _) = try runOne(try script("words.sh", "echo 0 1\necho two three"))
    XCTAssertEqual(unreadable["status"], "error")
    XCTAssertTrue(unreadable["message"]!.contains("line 2"), unreadable["message"]!)
  }

  func testTheProtocolsEnvironmentReachesTheSolver() throws {
    // The solver echoes its environment as comments, then packs.
    let env = try script(
      "env.sh",
      "echo \"# $PACKBENCH_TIME_LIMIT $PACKBENCH_MEMORY_LIMIT $PACKBENCH_SEED $PACKBENCH_SPACING $1\" >&2; exit 9")
    let (row, _) = try runOne(env, extra: ["--time-limit", "7", "--memory-limit", "300", "--spacing", "0"])
    let message = row["message"]!
    XCTAssertTrue(message.hasSuffix("# 7 300 \(row["seed"]!) 0 \(work.appendingPathComponent("fours/f.txt").path)"), message)
  }

  func testTheManifestKeepsCommandAndVersionAndAChangedCommandIsANewRun() throws {
    let solver = try script("v.sh", "if [ \"$1\" = --version ]; then echo v-solver 1.2; exit 0; fi\necho 0 1; echo 2 3")
    let csv = work.appendingPathComponent("m.csv").path
    let set = try fours().path
    let out = try run(["run", "--dataset", set, "--algorithms", "exact,them", "--external", "them=\(solver)", "-o", csv, "-q"])
    XCTAssertEqual(out.status, 0, out.stderr)
    let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: csv + ".manifest.json"))) as? [String: Any]
    let externals = manifest?["externals"] as? [[String: Any]]
    XCTAssertEqual(externals?.first?["command"] as? String, solver)
    XCTAssertEqual(externals?.first?["version"] as? String, "v-solver 1.2")
    let rows = try table(csv)
    XCTAssertEqual(rows.map { $0["algorithm"]! }, ["exact", "them"])
    XCTAssertEqual(rows.map { $0["status"]! }, ["optimal", "optimal"])
    // The keys: the same command, the same keys; another command, another key.
    let plan = { (command: String) in
      try self.run(["plan", "--dataset", set, "--algorithms", "them", "--external", "them=\(command)"]).stdout
    }
    XCTAssertEqual(try plan(solver), rows[1]["run_key"]! + "\n")
    XCTAssertNotEqual(try plan(solver + " --fast"), try plan(solver))
  }

  func testExternalsFromAFileAndItsErrorsNameTheLine() throws {
    let good = try write("# my solvers\n\nthem = \(try script("g.sh", "echo 0 1; echo 2 3"))\n", to: "good.txt")
    let csv = work.appendingPathComponent("f.csv").path
    let out = try run(["run", "--dataset", try fours().path, "--algorithms", "externals", "--externals", good, "-o", csv, "-q"])
    XCTAssertEqual(out.status, 0, out.stderr)
    XCTAssertEqual(try table(csv).first?["status"], "optimal")
    let bad = try write("a=echo\n# fine\nno equals sign here\n", to: "bad.txt")
    let failed = try run(["plan", "--externals", bad, "--algorithms", "a"])
    XCTAssertNotEqual(failed.status, 0)
    XCTAssertTrue(failed.stderr.contains("\(bad):3:"), failed.stderr)
    let clash = try run(["plan", "--external", "exact=echo", "--algorithms", "exact"])
    XCTAssertNotEqual(clash.status, 0)
    XCTAssertTrue(clash.stderr.contains("already the name"), clash.stderr)
  }

  func testListShowsTheExternalsRegisteredWithTheirCommands() throws {
    let file = try write("# mine\nfrom-file = python3 my_solver.py --fast\n", to: "list.txt")
    let out = try run(["list", "--external", "py-ffd=python3 scripts/peers/ffd.py", "--externals", file])
    XCTAssertEqual(out.status, 0, out.stderr)
    let lines = out.stdout.split(separator: "\n").map(String.init)
    let ffd = lines.first { $0.split(separator: " ").first == "py-ffd" }
    XCTAssertEqual(ffd?.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " "),
                   "external python3 scripts/peers/ffd.py", out.stdout)
    let fromFile = lines.first { $0.split(separator: " ").first == "from-file" }
    XCTAssertTrue(fromFile?.hasSuffix("external   python3 my_solver.py --fast") ?? false, out.stdout)
    // Listed after packbench's own algorithms and before the datasets, in the order given.
    let index = { (prefix: String) in lines.firstIndex { $0.hasPrefix(prefix) } ?? -1 }
    XCTAssertLessThan(index("  exact "), index("  py-ffd "), out.stdout)
    XCTAssertLessThan(index("  py-ffd "), index("  from-file "), out.stdout)
    XCTAssertLessThan(index("  from-file "), index("Datasets:"), out.stdout)
    // Without the options, none; with a clash, the same error as run's.
    XCTAssertFalse(try run(["list"]).stdout.contains("external "))
    let clash = try run(["list", "--external", "exact=echo"])
    XCTAssertNotEqual(clash.status, 0)
    XCTAssertTrue(clash.stderr.contains("already the name"), clash.stderr)
  }
}
