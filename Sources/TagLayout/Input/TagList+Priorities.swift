import Foundation

extension TagList {
  /// The labels and priorities of a tag list whose lines read
  /// `label<TAB>priority` (a whole number >= 0); blank lines and lines
  /// starting with `#` are skipped, as in ``read(path:)``.
  ///
  /// - Throws: ``TagListError`` naming the file (and line) when it cannot be
  ///   read or a line has no priority or a bad one.
  public static func readWithPriorities(path: String) throws(TagListError) -> (labels: [String], priorities: [Int]) {
    _ = try read(path: path)  // the file's own checks: exists, UTF-8, not empty
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    var labels: [String] = [], priorities: [Int] = []
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    for (number, raw) in lines.enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let tab = raw.lastIndex(of: "\t") else {
        throw .badLine(path: path, line: number + 1, reason: "no priority: write the label, a tab, then a whole number >= 0")
      }
      let label = raw[..<tab].trimmingCharacters(in: .whitespaces)
      let value = raw[raw.index(after: tab)...].trimmingCharacters(in: .whitespaces)
      guard let priority = Int(value), priority >= 0 else {
        throw .badLine(path: path, line: number + 1, reason: "the priority '\(value)' is not a whole number >= 0")
      }
      guard !label.isEmpty else { throw .badLine(path: path, line: number + 1, reason: "the label is empty") }
      labels.append(label)
      priorities.append(priority)
    }
    return (labels, priorities)
  }
}
