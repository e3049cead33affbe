import Foundation
import RowPacking

/// A solver outside packbench, run as a shell command under the harness's
/// limits (the protocol is in docs/external-solvers.md).
///
/// `/bin/sh -c` runs ``command`` with the instance file's path appended;
/// the solver prints one line per row of 0-based item indices and,
/// optionally, `bound N`. Nothing it says is trusted: the parent verifies
/// the rows and sets rows and bound against packbench's own bound and the
/// known optimum.
public struct ExternalSolver: Sendable, Hashable, Codable {
  /// The name it goes by in `--algorithms` and in the CSV.
  public var name: String
  /// The shell command; the instance path is appended as its last argument.
  public var command: String

  public init(name: String, command: String) {
    self.name = name
    self.command = command
  }

  /// Reads `NAME=COMMAND` (the text of `--external`).
  ///
  /// - Throws: ``ExternalSolverError`` for a missing `=`, a name that is not
  ///   letters, digits, `.`, `_` and `-`, or an empty command.
  public init(specification: String) throws(ExternalSolverError) {
    guard let equals = specification.firstIndex(of: "=") else {
      throw .malformed("'\(specification)' is not NAME=COMMAND")
    }
    let name = specification[..<equals].trimmingCharacters(in: .whitespaces)
    let command = specification[specification.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
    guard !name.isEmpty, name.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII }) else {
      throw .malformed("the name '\(name)' must be letters, digits, '.', '_' or '-' (it goes into --algorithms and the CSV)")
    }
    guard !command.isEmpty else { throw .malformed("\(name) has an empty command") }
    self.init(name: name, command: command)
  }

  /// Reads a file of `NAME=COMMAND` lines (`--externals FILE`): blank lines
  /// and lines starting with `#` are skipped.
  ///
  /// - Throws: ``ExternalSolverError`` naming the file and the line.
  public static func read(file path: String) throws(ExternalSolverError) -> [ExternalSolver] {
    guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
    var solvers: [ExternalSolver] = []
    for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
      if text.isEmpty || text.hasPrefix("#") { continue }
      do throws(ExternalSolverError) {
        solvers.append(try ExternalSolver(specification: text))
      } catch {
        throw .inFile(path, line: number + 1, error.message)
      }
    }
    return solvers
  }

  /// The solver as an algorithm of the bench: run once under the time
  /// limit, like the exact solvers, always in a child process.
  public var algorithm: BenchAlgorithm {
    var algorithm = BenchAlgorithm(
      name: name, summary: "external: \(command)", kind: .exact,
      implementation: .solver { _, _ in
        // Reached only by code that runs solvers on instances without files
        // (layouts); the runner runs the command itself.
        PackingResult(
          packing: nil, lowerBound: LowerBound(value: 0, source: .none),
          status: .error("an external solver runs on instance files, through 'packbench run', 'solve' or 'plan'"))
      })
    algorithm.external = self
    return algorithm
  }
}

/// A malformed `--external` or `--externals` file.
public enum ExternalSolverError: Error, Equatable, CustomStringConvertible {
  case malformed(String)
  case unreadable(String)
  case inFile(String, line: Int, String)

  var message: String {
    switch self {
    case .malformed(let why): return why
    case .unreadable(let path): return "\(path): cannot read the file"
    case .inFile(let path, let line, let why): return "\(path):\(line): \(why)"
    }
  }

  public var description: String { message }
}

/// An external solver's record in a manifest: its command and what it
/// answered to `--version`.
public struct ExternalSolverRecord: Codable, Sendable, Equatable {
  public var name: String
  public var command: String
  public var version: String?

  public init(name: String, command: String, version: String?) {
    self.name = name
    self.command = command
    self.version = version
  }
}
