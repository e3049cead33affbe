/// Bad input in an instance or optima file, with the file and line it is on.
public struct InstanceFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file's path or name as given by the caller.
  public var file: String
  /// The line (from 1), when the problem is on one line.
  public var line: Int?
  /// What is wrong, in words.
  public var message: String

  public init(file: String, line: Int?, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// `file:line: message`, as compilers print it.
  public var description: String {
    if let line { return "\(file):\(line): \(message)" }
    return "\(file): \(message)"
  }
}

/// The non-blank lines of a text, with their line numbers (from 1), with
/// CRLF endings and surrounding white space removed and `#` comments kept
/// apart: a comment after data on a line is that line's ``Line/comment``;
/// a line that is only a comment is kept in ``commentLines``.
struct NumberedLines {
  struct Line {
    var number: Int
    var fields: [Substring]
    var comment: String?
  }
  var lines: [Line] = []
  var commentLines: [(number: Int, text: String)] = []

  init(_ text: String) {
    var number = 0
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      var content = raw
      var comment: String? = nil
      if let hash = content.firstIndex(of: "#") {
        comment = String(content[content.index(after: hash)...]).trimmingSpaces
        content = content[..<hash]
      }
      let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      if !fields.isEmpty {
        lines.append(Line(number: number, fields: fields, comment: comment))
      } else if let comment {
        commentLines.append((number, comment))
      }
    }
  }
}

/// Parses a finite number, rejecting NaN, infinities and anything else
/// `Double` would accept that is not a plain decimal (hex floats, `nan`).
func parseNumber(_ field: Substring) -> Double? {
  guard field.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
    let value = Double(field), value.isFinite
  else { return nil }
  return value
}
