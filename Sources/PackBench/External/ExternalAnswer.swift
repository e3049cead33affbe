/// What an external solver printed on standard output: its rows and the
/// lower bound it claims, read but not yet believed.
public struct ExternalAnswer: Sendable, Hashable {
  /// Each row's 0-based item indices, in the order printed.
  public var rows: [[Int]]
  /// The `bound N` line, when there is one.
  public var bound: Int?

  public init(rows: [[Int]], bound: Int?) {
    self.rows = rows
    self.bound = bound
  }

  /// Reads the protocol's output: one line per row of 0-based item indices
  /// separated by blanks, at most one `bound N` line; blank lines and
  /// lines starting with `#` are skipped.
  ///
  /// Indices that do not exist or repeat are left for the verifier (the
  /// packing is then `wrong`); text that is not an index is unreadable.
  ///
  /// - Complexity: O(length of the text).
  /// - Throws: ``ExternalAnswerError`` naming the line.
  public static func parse(_ text: String) throws(ExternalAnswerError) -> ExternalAnswer {
    var rows: [[Int]] = []
    var bound: Int? = nil
    var number = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      guard let first = fields.first, !first.hasPrefix("#") else { continue }
      if first == "bound" {
        guard fields.count == 2, let value = Int(fields[1]), value >= 0 else {
          throw ExternalAnswerError(line: number, message: "'\(line.prefix(80))' is not 'bound N' with N a whole number >= 0")
        }
        guard bound == nil else { throw ExternalAnswerError(line: number, message: "a second 'bound' line") }
        bound = value
        continue
      }
      var row: [Int] = []
      row.reserveCapacity(fields.count)
      for field in fields {
        guard let item = Int(field), item >= 0 else {
          throw ExternalAnswerError(line: number, message: "'\(field.prefix(40))' is not an item index (a whole number >= 0)")
        }
        row.append(item)
      }
      rows.append(row)
    }
    return ExternalAnswer(rows: rows, bound: bound)
  }
}

/// Output of an external solver that does not follow the protocol.
public struct ExternalAnswerError: Error, Equatable, CustomStringConvertible {
  /// The line of standard output, from 1.
  public var line: Int
  public var message: String
  public var description: String { "standard output line \(line): \(message)" }
}
