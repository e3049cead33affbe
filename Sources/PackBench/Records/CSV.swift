/// Comma-separated values as RFC 4180 writes them: a field that holds a
/// comma, a double quote, a CR or an LF is quoted, with its quotes doubled;
/// records end with CRLF.
public enum CSV {
  /// One field, quoted when needed.
  public static func field(_ value: String) -> String {
    let needsQuotes = value.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
      || value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" }
    guard needsQuotes else { return value }
    return "\"" + value.replacingAll("\"", with: "\"\"") + "\""
  }

  /// One record, with its CRLF.
  public static func record(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",") + "\r\n"
  }

  /// Parses CSV text into records of fields (RFC 4180; LF or CRLF endings).
  ///
  /// - Throws: ``CSVError`` for a quote that is never closed.
  public static func parse(_ text: String) throws -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var inQuotes = false
    var line = 1
    var quoteLine = 0
    var iterator = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    func next() -> Unicode.Scalar? {
      if let p = pending { pending = nil; return p }
      return iterator.next()
    }
    var sawAny = false
    while let c = next() {
      sawAny = true
      if inQuotes {
        if c == "\"" {
          if let after = next() {
            if after == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; pending = after }
          } else { inQuotes = false }
        } else {
          if c == "\n" { line += 1 }
          field.unicodeScalars.append(c)
        }
        continue
      }
      switch c {
      case "\"": inQuotes = true; quoteLine = line
      case ",": record.append(field); field = ""
      case "\r": break
      case "\n":
        record.append(field)
        records.append(record)
        record = []
        field = ""
        line += 1
      default: field.unicodeScalars.append(c)
      }
    }
    if inQuotes { throw CSVError.unclosedQuote(line: quoteLine) }
    if sawAny && (!field.isEmpty || !record.isEmpty) {
      record.append(field)
      records.append(record)
    }
    return records
  }
}

public enum CSVError: Error, Equatable, CustomStringConvertible {
  case unclosedQuote(line: Int)
  public var description: String {
    switch self {
    case .unclosedQuote(let line): return "line \(line): a quoted field is never closed"
    }
  }
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for c in self { if c == target { result += replacement } else { result.append(c) } }
    return result
  }
}
