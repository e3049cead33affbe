import Foundation

/// A list of tag labels, one per line, as in `datasets/tags/*.txt`.
///
/// Blank lines and lines starting with `#` (comments, such as the
/// provenance of the list) are skipped; surrounding white space is trimmed;
/// CRLF line endings are accepted.
public enum TagList {
  /// The labels of a tag list's text.
  ///
  /// - Complexity: O(length of the text).
  public static func labels(fromText text: String) -> [String] {
    text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      .map { line in String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  /// The labels of the tag list file at `path`.
  ///
  /// - Throws: ``TagListError`` naming the file when it is missing,
  ///   unreadable, not UTF-8 or holds no labels.
  public static func read(path: String) throws(TagListError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .unreadable(path: path, reason: "does not exist")
    }
    guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a directory") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(path: path, reason: "cannot be read (permissions?)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadable(path: path, reason: "is not UTF-8 text")
    }
    let labels = labels(fromText: text)
    guard !labels.isEmpty else { throw .empty(path: path) }
    return labels
  }
}

/// Why a tag list could not be read.
public enum TagListError: Error, Hashable, Sendable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case empty(path: String)
  case badLine(path: String, line: Int, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "\(path): the tag file \(reason)"
    case .empty(let path): return "\(path): the tag file holds no tags (one label per line; # starts a comment)"
    case .badLine(let path, let line, let reason): return "\(path):\(line): \(reason)"
    }
  }
}
