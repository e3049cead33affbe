import Foundation

/// A CSV result file that survives being killed: opened in append mode when
/// it already holds results under the same header, one `write(2)` per
/// record (so a killed process loses no finished row), a torn last line
/// dropped on reopening, and duplicates of a run key (from `--retry-failed`)
/// compacted to the last one.
public final class ResultFile: @unchecked Sendable {
  public let path: String
  /// The records already in the file when it was opened (the last per run key).
  public let existing: [RunRecord]
  private let handle: FileHandle
  private let lock = NSLock()
  /// Fsync after each record (off by default: a killed process loses
  /// nothing either way; only a power cut can lose the OS's buffer).
  public var synchronizeEachRecord = false

  /// Opens or creates `path` for appending records with `RunRecord.columns`.
  ///
  /// - Throws: ``ResultFileError`` when the file holds a different header or
  ///   rows that do not parse, or cannot be written.
  public init(path: String) throws {
    self.path = path
    let fm = FileManager.default
    var records: [RunRecord] = []
    if fm.fileExists(atPath: path), let data = fm.contents(atPath: path), !data.isEmpty {
      // Bytes, not Characters: "\r\n" is one Character in Swift.
      var bytes = [UInt8](data)
      if bytes.last != UInt8(ascii: "\n") {
        // A record torn by a kill in the middle of a write: drop it.
        if let cut = bytes.lastIndex(of: UInt8(ascii: "\n")) { bytes = Array(bytes[...cut]) } else { bytes = [] }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(bytes.count))
        try handle.close()
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let table: [[String]]
      do { table = try CSV.parse(text) } catch { throw ResultFileError.unreadable(path, "\(error)") }
      if let header = table.first {
        guard Self.isAppendable(header) else { throw ResultFileError.differentHeader(path) }
        for (i, fields) in table.dropFirst().enumerated() {
          do { records.append(try RunRecord(fields: fields, header: header)) } catch {
            throw ResultFileError.unreadable(path, "line \(i + 2): \(error)")
          }
        }
        // A file of an older packbench (fewer columns, in the same order):
        // its rows get the new columns, empty, before any row is appended.
        if header != RunRecord.columns { try Self.widen(table.dropFirst(), to: path) }
      }
    }
    existing = Self.lastPerKey(records)
    let isNew = !fm.fileExists(atPath: path) || (fm.contents(atPath: path)?.isEmpty ?? true)
    if isNew {
      guard fm.createFile(atPath: path, contents: Data(CSV.record(RunRecord.columns).utf8)) else {
        throw ResultFileError.unwritable(path)
      }
    }
    guard let handle = FileHandle(forWritingAtPath: path) else { throw ResultFileError.unwritable(path) }
    try handle.seekToEnd()
    self.handle = handle
  }

  /// Appends one record (thread-safe).
  public func append(_ record: RunRecord) throws {
    try lock.withLock {
      try handle.write(contentsOf: Data(CSV.record(record.fields).utf8))
      if synchronizeEachRecord { try handle.synchronize() }
    }
  }

  public func close() throws { try lock.withLock { try handle.close() } }

  /// Records keeping, for each run key, only the last one (records without
  /// a key are all kept), in the order of their first appearance.
  public static func lastPerKey(_ records: [RunRecord]) -> [RunRecord] {
    var position: [String: Int] = [:]
    var result: [RunRecord] = []
    for record in records {
      if !record.runKey.isEmpty, let at = position[record.runKey] {
        result[at] = record
      } else {
        if !record.runKey.isEmpty { position[record.runKey] = result.count }
        result.append(record)
      }
    }
    return result
  }

  /// Reads a result file: its records, the last per run key.
  public static func read(_ path: String) throws -> [RunRecord] {
    guard let data = FileManager.default.contents(atPath: path) else { throw ResultFileError.unreadable(path, "no such file") }
    let table: [[String]]
    do { table = try CSV.parse(String(decoding: data, as: UTF8.self)) } catch {
      throw ResultFileError.unreadable(path, "\(error)")
    }
    guard let header = table.first else { return [] }
    // A newer packbench's file (more columns) reads too: by column name.
    guard header.starts(with: RunRecord.columns.prefix(RunRecord.baseColumnCount)) else {
      throw ResultFileError.differentHeader(path)
    }
    var records: [RunRecord] = []
    for (i, fields) in table.dropFirst().enumerated() {
      do { records.append(try RunRecord(fields: fields, header: header)) } catch {
        throw ResultFileError.unreadable(path, "line \(i + 2): \(error)")
      }
    }
    return lastPerKey(records)
  }

  /// Whether rows can be appended under a header: it is
  /// ``RunRecord/columns`` or an older version of it (its first columns, at
  /// least ``RunRecord/baseColumnCount`` of them).
  static func isAppendable(_ header: [String]) -> Bool {
    header.count >= RunRecord.baseColumnCount && RunRecord.columns.starts(with: header)
  }

  /// Rewrites `path` (atomically) with the current header and `rows`, each
  /// padded with empty fields to its length; the fields themselves are
  /// kept as they were written.
  static func widen(_ rows: ArraySlice<[String]>, to path: String) throws {
    var text = CSV.record(RunRecord.columns)
    for row in rows {
      text += CSV.record(row + Array(repeating: "", count: max(RunRecord.columns.count - row.count, 0)))
    }
    do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
      throw ResultFileError.unwritable(path)
    }
  }

  /// Writes records to `path` atomically (a temporary file, then a rename).
  public static func write(_ records: [RunRecord], to path: String) throws {
    var text = CSV.record(RunRecord.columns)
    for record in records { text += CSV.record(record.fields) }
    do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
      throw ResultFileError.unwritable(path)
    }
  }
}

public enum ResultFileError: Error, CustomStringConvertible, Equatable {
  case differentHeader(String)
  case unreadable(String, String)
  case unwritable(String)

  public var description: String {
    switch self {
    case .differentHeader(let path):
      return "\(path): holds results with other columns (an older packbench?); choose another --output, or --fresh to start it anew"
    case .unreadable(let path, let why): return "\(path): cannot read the results: \(why)"
    case .unwritable(let path): return "\(path): cannot write the CSV file"
    }
  }
}
