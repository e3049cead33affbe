import ArgumentParser
import Foundation
import PackBench
import RowPacking
import TestSupport
import XCTest

@testable import packbench

/// The docs cannot drift from the code: each list the docs give (CSV columns,
/// statuses, bound sources, stages, algorithms) is compared with the code's
/// own list, every `packbench` command in the docs' code blocks parses, and
/// the README keeps the shape a newcomer reads in ten minutes.
///
/// To check another list, document it as a Markdown table whose first column
/// holds the names in backticks, under a heading of its own, and add one
/// `assertDocumented` line. For the exact solver's `Stage` enum:
/// `try assertDocumented(Stage.allCases.map(\.rawValue), in: "docs/ARCHITECTURE.md",
/// section: "The exact solver's stages")`.
final class DocsDriftTests: CLITestCase {
  // MARK: - Lists in the docs against the code

  func testCSVColumnsAreTheHarnessHeader() throws {
    try assertDocumented(RunRecord.columns, in: "docs/csv.md", section: "Columns", ordered: true)
  }

  func testStatusesAreTheCodes() throws {
    try assertDocumented(Self.allStatusNames, in: "docs/csv.md", section: "Statuses", ordered: true)
  }

  func testBoundSourcesAreTheCodes() throws {
    try assertDocumented(BoundSource.allCases.map(\.rawValue), in: "docs/csv.md", section: "Bound sources")
  }

  func testStagesAreTheCodes() throws {
    try assertDocumented(BenchReport.stages, in: "docs/csv.md", section: "Stages", ordered: true)
  }

  func testEveryAlgorithmHasItsLineAndPage() throws {
    let names = AlgorithmRegistry.names
    try assertDocumented(names, in: "README.md", section: "For researchers", ordered: true)
    for name in names {
      let page = TestData.packageRoot.appendingPathComponent("docs/algorithms/\(name).md")
      XCTAssertTrue(FileManager.default.fileExists(atPath: page.path), "docs/algorithms/\(name).md is missing")
    }
  }

  func testEverySubcommandIsInTheCommandsPage() throws {
    let subcommands = PackBenchCommand.configuration.subcommands.map { $0._commandName }
    let documented = try Self.documentedNames(in: "docs/commands.md", section: "Commands")
      .map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
    XCTAssertEqual(Set(documented), Set(subcommands), "docs/commands.md against PackBenchCommand's subcommands")
  }

  func testVersionIsTheChangelogsLatest() throws {
    let changelog = try Self.read("CHANGELOG.md")
    let released = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
    let heading = try XCTUnwrap(released, "CHANGELOG.md has no released version")
    let version = heading.dropFirst(4).prefix { $0 != "]" }
    let output = try run(["--version"])
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertEqual(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines), String(version))
  }

  // MARK: - Commands in the docs parse

  func testEveryDocumentedCommandParses() throws {
    var checked = 0
    for file in try Self.markdownFiles() {
      for command in try Self.packbenchCommands(in: file) {
        checked += 1
        do {
          _ = try PackBenchCommand.parseAsRoot(command.arguments)
        } catch {
          XCTFail("\(file):\(command.line): `packbench \(command.arguments.joined(separator: " "))` does not parse: \(PackBenchCommand.message(for: error))")
        }
      }
    }
    XCTAssertGreaterThan(checked, 10, "the docs' packbench commands were not found")
  }

  func testTheCheckersSeeFaults() throws {
    // The checks above can fail: an option no subcommand has is refused,
    // shell words and links are read as a reader would, and a table's names
    // are read from its first column.
    XCTAssertThrowsError(try PackBenchCommand.parseAsRoot(["run", "--no-such-option"]))
    XCTAssertEqual(try Self.tokens("packbench run --x 'a b' \"c\" # note"), ["packbench", "run", "--x", "a b", "c"])
    XCTAssertEqual(Self.relativeLinks(in: "[a](x.md#y) [b](https://z) [c](../d/) [e](#f)"), ["x.md", "../d/"])
    XCTAssertEqual(try Self.documentedNames(in: "docs/csv.md", section: "Bound sources").last, "")
  }

  func testRelativeLinksInTheDocsResolve() throws {
    let root = TestData.packageRoot
    var checked = 0
    for file in try Self.markdownFiles() + Self.experimentFiles() {
      let folder = root.appendingPathComponent(file).deletingLastPathComponent()
      for target in Self.relativeLinks(in: try Self.read(file)) {
        checked += 1
        let path = folder.appendingPathComponent(target).standardizedFileURL.path
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(file): the link \(target) leads nowhere")
      }
    }
    XCTAssertGreaterThan(checked, 20, "the docs' links were not found")
  }

  // MARK: - The README's shape

  func testReadmeReadsInTenMinutes() throws {
    let text = try Self.read("README.md")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertLessThanOrEqual(lines.count, 200, "README.md lines")
    XCTAssertLessThanOrEqual(text.split(whereSeparator: \.isWhitespace).count, 2000, "README.md words")
    let firstSwift = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("```swift") }, "README.md has no Swift snippet")
    XCTAssertLessThan(firstSwift + 1, 80, "the first Swift snippet should come before line 80")
    for (line, unit) in Self.paragraphsAndCells(lines) {
      let words = unit.split(whereSeparator: \.isWhitespace).count
      XCTAssertLessThanOrEqual(words, 80, "README.md:\(line): a paragraph or table cell of \(words) words")
    }
  }

  func testArchitectureStaysShort() throws {
    let text = try Self.read("docs/ARCHITECTURE.md")
    XCTAssertLessThanOrEqual(text.split(separator: "\n", omittingEmptySubsequences: false).count, 400)
    XCTAssertTrue(text.contains("\n## The exact solver's stages\n"))
  }

  func testReadmeSwiftSnippetsAreCompiledHere() throws {
    let snippets = try Self.read("Tests/RowPackingTests/ReadmeSnippetTests.swift")
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    for block in try Self.codeBlocks(in: "README.md", languages: ["swift"]) where !block.text.contains(".package(") {
      let all = block.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      // Imports sit at the top of a Swift file: anywhere will do for them.
      let imports = all.filter { $0.hasPrefix("import ") }, lines = all.filter { !$0.hasPrefix("import ") }
      for missing in imports where !snippets.contains(missing) {
        XCTFail("README.md:\(block.line): `\(missing)` is not in ReadmeSnippetTests.swift")
      }
      let found = snippets.indices.contains { start in
        start + lines.count <= snippets.count && Array(snippets[start..<start + lines.count]) == lines
      }
      XCTAssertTrue(found, "README.md:\(block.line): this Swift block is not in ReadmeSnippetTests.swift line for line")
    }
  }
}

// MARK: - Reading the docs

extension DocsDriftTests {
  /// Every status the code has: the switch fails to compile when a case is added.
  static var allStatusNames: [String] {
    let all: [SolveStatus] = [.optimal, .feasible, .timeLimit, .memoryLimit, .error(""), .crash(""), .wrong("")]
    for status in all {
      switch status {
      case .optimal, .feasible, .timeLimit, .memoryLimit, .error, .crash, .wrong: break
      }
    }
    return all.map(\.name)
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: TestData.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The names in backticks in the first column of the tables under `section`
  /// (a Markdown heading of any level, up to the next heading). A row whose
  /// first cell is "(empty)" stands for the empty name.
  static func documentedNames(in path: String, section: String) throws -> [String] {
    let lines = try read(path).split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("#") && $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) == section }) else {
      throw DocsError("\(path) has no section \"\(section)\"")
    }
    var names: [String] = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix("#") { break }
      guard line.hasPrefix("|"), !line.hasPrefix("|---") else { continue }
      let cell = line.dropFirst().prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
      if cell == "(empty)" { names.append(""); continue }
      let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
      names += stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }
    return names
  }

  func assertDocumented(
    _ code: [String], in path: String, section: String, ordered: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let documented = try Self.documentedNames(in: path, section: section)
    let missing = code.filter { !documented.contains($0) }, extra = documented.filter { !code.contains($0) }
    XCTAssertTrue(missing.isEmpty, "\(path) \"\(section)\" lacks \(missing)", file: file, line: line)
    XCTAssertTrue(extra.isEmpty, "\(path) \"\(section)\" lists \(extra), which the code does not have", file: file, line: line)
    if ordered && missing.isEmpty && extra.isEmpty {
      XCTAssertEqual(documented, code, "\(path) \"\(section)\": not in the code's order", file: file, line: line)
    }
  }

  struct Block { var line: Int; var text: String }

  /// The code blocks of a file in one of `languages` (a fence's tag; "" for none).
  static func codeBlocks(in path: String, languages: Set<String> = ["sh", "bash", ""]) throws -> [Block] {
    var blocks: [Block] = [], current: [Substring]? = nil, start = 0, wanted = true
    for (index, line) in try read(path).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        if let body = current {
          if wanted { blocks.append(Block(line: start, text: body.joined(separator: "\n"))) }
          current = nil
        } else {
          current = []
          start = index + 2
          wanted = languages.contains(String(trimmed.dropFirst(3)))
        }
      } else if current != nil {
        current!.append(line)
      }
    }
    return blocks
  }

  struct Command { var line: Int; var arguments: [String] }

  /// The `packbench` commands of a file's shell code blocks, after `swift run [-c release]`
  /// or environment variables, lines continued by a backslash joined.
  static func packbenchCommands(in path: String) throws -> [Command] {
    var commands: [Command] = []
    for block in try codeBlocks(in: path) {
      let joined = block.text.replacingOccurrences(of: "\\\n", with: " ")
      for (offset, line) in joined.split(separator: "\n").enumerated() {
        let raw = line.split(separator: " ")
        guard let at = raw.firstIndex(of: "packbench"),
          raw[..<at].allSatisfy({ $0.contains("=") || ["swift", "run", "-c", "release"].contains($0) })
        else { continue }
        let words = try tokens(String(line))
        guard let at = words.firstIndex(of: "packbench"),
          words[..<at].allSatisfy({ $0.contains("=") || ["swift", "run", "-c", "release"].contains($0) })
        else { continue }
        commands.append(Command(line: block.line + offset, arguments: Array(words[(at + 1)...])))
      }
    }
    return commands
  }

  /// Shell words: single and double quotes, a `#` comment, stopping at `&&`, `|` or `;`.
  static func tokens(_ line: String) throws -> [String] {
    var words: [String] = [], word = "", quote: Character? = nil, inWord = false
    for c in line {
      if let q = quote {
        if c == q { quote = nil } else { word.append(c) }
      } else if c == "'" || c == "\"" {
        quote = c
        inWord = true
      } else if c == " " || c == "\t" {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else if c == "#" && !inWord {
        break
      } else {
        word.append(c)
        inWord = true
      }
    }
    if quote != nil { throw DocsError("unbalanced quote in: \(line)") }
    if inWord { words.append(word) }
    if let end = words.firstIndex(where: { ["&&", "|", ";", ">"].contains($0) }) { words.removeSubrange(end...) }
    return words
  }

  static func experimentFiles() throws -> [String] {
    let folder = TestData.packageRoot.appendingPathComponent("docs/experiments")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
      .map { "docs/experiments/\($0)" }
  }

  /// The targets of `[text](target)` links that are not URLs or anchors,
  /// without their `#fragment`.
  static func relativeLinks(in text: String) -> [String] {
    var links: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "](") {
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(of: ")") else { break }
      let target = rest[..<close].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      if !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:"), !target.contains(" ") {
        links.append(String(target))
      }
      rest = rest[close...]
    }
    return links
  }

  static func markdownFiles() throws -> [String] {
    let root = TestData.packageRoot
    var files = ["README.md"]
    for folder in ["docs", "docs/algorithms"] {
      let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
      files += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }
    return files
  }

  /// Paragraphs and table cells outside code blocks, with their first line.
  static func paragraphsAndCells(_ lines: [Substring]) -> [(Int, String)] {
    var units: [(Int, String)] = [], paragraph: [Substring] = [], start = 0, inCode = false
    func flush() {
      if !paragraph.isEmpty { units.append((start, paragraph.joined(separator: " "))) }
      paragraph = []
    }
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") { flush(); inCode.toggle(); continue }
      if inCode { continue }
      if line.hasPrefix("|") {
        flush()
        units += line.split(separator: "|").map { (index + 1, String($0)) }
      } else if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") {
        flush()
      } else {
        if line.hasPrefix("- ") { flush() }
        if paragraph.isEmpty { start = index + 1 }
        paragraph.append(line)
      }
    }
    flush()
    return units
  }
}

struct DocsError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
