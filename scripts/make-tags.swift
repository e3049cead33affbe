#!/usr/bin/env swift
// Regenerates datasets/tags/*.txt: lists of real tag strings (country,
// language and currency names, and country names translated) from Debian's
// iso-codes package (/usr/share/iso-codes/json and the gettext catalogues
// under /usr/share/locale). Run from the repository root:
//
//   swift scripts/make-tags.swift            # or: scripts/make-tags.swift
//
// Needs the iso-codes package (scripts/setup installs it). Output: one label
// per line, after '#' comment lines naming the source; deterministic for a
// given iso-codes version.
import Foundation

let json = "/usr/share/iso-codes/json"
let locale = "/usr/share/locale"
let output = "datasets/tags"

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("make-tags: \(message)\n".utf8))
  exit(1)
}

func entries(_ file: String, key: String) -> [[String: String]] {
  let path = "\(json)/\(file)"
  guard let data = FileManager.default.contents(atPath: path) else {
    fail("\(path) is missing; install Debian's iso-codes (scripts/setup)")
  }
  guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let list = object[key] as? [[String: Any]] else { fail("\(path): unexpected JSON") }
  return list.map { $0.compactMapValues { $0 as? String } }
}

/// The msgid -> msgstr table of a GNU gettext .mo file.
func catalogue(_ domain: String, language: String) -> [String: String] {
  let path = "\(locale)/\(language)/LC_MESSAGES/\(domain).mo"
  guard let data = FileManager.default.contents(atPath: path) else { fail("\(path) is missing") }
  let bytes = [UInt8](data)
  func u32(_ at: Int) -> Int {
    Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
  }
  guard bytes.count >= 20, u32(0) == 0x9504_12de else { fail("\(path): not a little-endian .mo file") }
  let count = u32(8), originals = u32(12), translations = u32(16)
  func string(_ table: Int, _ i: Int) -> String {
    let length = u32(table + 8 * i), offset = u32(table + 8 * i + 4)
    return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
  }
  var table: [String: String] = [:]
  for i in 0..<count {
    let id = string(originals, i)
    if !id.isEmpty { table[id] = string(translations, i) }
  }
  return table
}

func version() -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
  process.arguments = ["-W", "-f=${Version}", "iso-codes"]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return "unknown" }
  process.waitUntilExit()
  let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  return text.isEmpty ? "unknown" : text
}

func write(_ name: String, _ description: String, source: String, _ labels: [String]) {
  var seen = Set<String>()
  let unique = labels.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && seen.insert($0).inserted }
  var text = "# \(description)\n# from Debian iso-codes \(isoVersion): \(source)\n"
  text += "# regenerate with: swift scripts/make-tags.swift (\(unique.count) labels)\n"
  text += unique.joined(separator: "\n") + "\n"
  do {
    try text.write(toFile: "\(output)/\(name).txt", atomically: true, encoding: .utf8)
  } catch { fail("cannot write \(output)/\(name).txt: \(error)") }
  print("\(output)/\(name).txt: \(unique.count) labels")
}

let isoVersion = version()
try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)

let countries = entries("iso_3166-1.json", key: "3166-1")
// The common name where ISO gives one ("Bolivia", not "Bolivia, Plurinational State of").
let countryNames = countries.compactMap { $0["common_name"] ?? $0["name"] }
write("countries", "Country names (ISO 3166-1 common name, else name), in English",
      source: "\(json)/iso_3166-1.json", countryNames)
write("countries-flags", "Flag emoji and country name (emoji measured by the shaper; DejaVu Sans has no flag glyphs)",
      source: "\(json)/iso_3166-1.json", countries.compactMap { c in c["flag"].map { "\($0) \(c["common_name"] ?? c["name"] ?? "")" } })
// Language names: the first of "Spanish; Castilian".
write("languages", "Language names (ISO 639-2, the first name of each), in English",
      source: "\(json)/iso_639-2.json",
      entries("iso_639-2.json", key: "639-2").compactMap { $0["name"]?.split(separator: ";").first.map(String.init) })
write("currencies", "Currency names (ISO 4217), in English",
      source: "\(json)/iso_4217.json", entries("iso_4217.json", key: "4217").compactMap { $0["name"] })

// Country names translated, through the iso_3166-1 gettext catalogues.
for (language, name) in [("de", "German"), ("ar", "Arabic"), ("ru", "Russian"), ("el", "Greek"), ("ja", "Japanese")] {
  let table = catalogue("iso_3166-1", language: language)
  let translated = countries.compactMap { c -> String? in
    guard let english = c["common_name"] ?? c["name"] else { return nil }
    return table[english] ?? c["name"].flatMap { table[$0] }
  }
  write("countries-\(language)", "Country names in \(name) (iso_3166-1 catalogue for '\(language)')",
        source: "\(locale)/\(language)/LC_MESSAGES/iso_3166-1.mo", translated)
}
