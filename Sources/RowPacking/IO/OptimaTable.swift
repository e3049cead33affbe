/// A known optimum: the proven minimum number of rows of a named instance.
public struct KnownOptimum: Sendable, Hashable {
  public var set: String
  public var instance: String
  public var itemCount: Int
  public var capacity: Double
  public var optimum: Int

  public init(set: String, instance: String, itemCount: Int, capacity: Double, optimum: Int) {
    self.set = set
    self.instance = instance
    self.itemCount = itemCount
    self.capacity = capacity
    self.optimum = optimum
  }
}

/// Known optima read from a tab-separated file with the columns `set`,
/// `instance`, `n`, `capacity`, `optimum` (any order, named on a header
/// line), such as BPPLIB's `optima.tsv`. Instances are matched by name.
public struct OptimaTable: Sendable {
  public private(set) var entries: [String: KnownOptimum] = [:]

  public init() {}

  /// Parses the text of an optima file.
  ///
  /// - Throws: ``InstanceFormatError`` naming the line of a missing column,
  ///   a short line, a non-numeric value or a name given twice with
  ///   different optima.
  public init(parsing text: String, file: String) throws(InstanceFormatError) {
    var header: [String: Int] = [:]
    var number = 0
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
        String($0).trimmingSpaces
      }
      if header.isEmpty {
        for (i, f) in fields.enumerated() { header[f.lowercased()] = i }
        for column in ["set", "instance", "n", "capacity", "optimum"] where header[column] == nil {
          throw InstanceFormatError(file: file, line: number, message: "the header has no '\(column)' column (expected set, instance, n, capacity, optimum, separated by tabs)")
        }
        continue
      }
      func field(_ column: String) throws(InstanceFormatError) -> String {
        let i = header[column]!
        guard i < fields.count else {
          throw InstanceFormatError(file: file, line: number, message: "the line has \(fields.count) fields; '\(column)' is missing")
        }
        return fields[i]
      }
      let name = try field("instance")
      guard let n = Int(try field("n")), let capacity = Double(try field("capacity")),
        let optimum = Int(try field("optimum")), n >= 0, capacity > 0, optimum >= 0
      else {
        throw InstanceFormatError(file: file, line: number, message: "n, capacity and optimum must be numbers (n and optimum whole, capacity > 0)")
      }
      let entry = KnownOptimum(set: try field("set"), instance: name, itemCount: n, capacity: capacity, optimum: optimum)
      if let existing = entries[name], existing.optimum != optimum {
        throw InstanceFormatError(file: file, line: number, message: "instance '\(name)' is listed twice with different optima (\(existing.optimum) and \(optimum))")
      }
      entries[name] = entry
    }
  }

  /// The known optimum of an instance, matched by name, when the item count
  /// and capacity agree too (a file of the same name with other data is not matched).
  public func optimum(for instance: Instance) -> KnownOptimum? {
    guard let entry = entries[instance.name], entry.itemCount == instance.count,
      entry.capacity == instance.rowWidth
    else { return nil }
    return entry
  }

  /// Adds or replaces an entry.
  public mutating func insert(_ entry: KnownOptimum) { entries[entry.instance] = entry }

  /// The table as TSV text with a header, sorted by set and instance.
  public var tsvText: String {
    var text = "set\tinstance\tn\tcapacity\toptimum\n"
    for e in entries.values.sorted(by: { ($0.set, $0.instance) < ($1.set, $1.instance) }) {
      text += "\(e.set)\t\(e.instance)\t\(e.itemCount)\t\(formatNumber(e.capacity))\t\(e.optimum)\n"
    }
    return text
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
    return String(s)
  }
}
