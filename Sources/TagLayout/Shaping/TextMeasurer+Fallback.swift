#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Labels whose characters the chosen font cannot draw: the value the
/// library returns and the CLI prints as a warning.
public struct GlyphCoverageWarning: Sendable, Hashable, CustomStringConvertible {
  /// The label as given.
  public var label: String
  /// Characters no installed font draws (measured as missing-glyph boxes).
  public var missingCharacters: [String]
  /// Characters the font lacks, drawn by a fallback font, with its family.
  public var fallback: [FallbackUse]
  /// Whether the installed fonts were searched (``FontFallback/system``).
  public var searchedInstalledFonts: Bool

  public struct FallbackUse: Sendable, Hashable {
    public var character: String
    public var family: String
  }

  public var description: String {
    var parts: [String] = []
    if !missingCharacters.isEmpty {
      parts.append(
        searchedInstalledFonts
          ? "no installed font has \(Self.list(missingCharacters)) (measured as missing-glyph boxes)"
          : "\(Self.list(missingCharacters)) measured as missing-glyph boxes (fallback fonts off)")
    }
    let byFamily = Dictionary(grouping: fallback, by: \.family)
    for family in byFamily.keys.sorted() {
      parts.append("\(Self.list(byFamily[family]!.map(\.character))) measured with \(family)")
    }
    return "'\(label)': " + parts.joined(separator: "; ")
  }

  static func list(_ characters: [String]) -> String {
    characters.map { "\($0) (\($0.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")))" }
      .joined(separator: ", ")
  }
}

extension TextMeasurer {
  /// A warning for each label with characters the font lacks: which ones a
  /// fallback font drew (with ``FontFallback/system``) and which no font
  /// drew. Empty when the font draws every label.
  ///
  /// - Complexity: one shaping pass per label, plus one for each run the
  ///   font lacks.
  public func coverageWarnings(for labels: [String]) -> [GlyphCoverageWarning] {
    labels.compactMap { label in
      let m = measure(label)
      guard !m.missingCharacters.isEmpty || !m.fallbackCharacters.isEmpty else { return nil }
      let uses = zip(m.fallbackCharacters, m.fallbackFamilies).map { GlyphCoverageWarning.FallbackUse(character: $0, family: $1) }
      return GlyphCoverageWarning(
        label: label, missingCharacters: m.missingCharacters, fallback: uses, searchedInstalledFonts: fallback == .system)
    }
  }

  /// The characters of `text` whose glyphs are missing (glyph 0).
  func missingCharacters(_ text: String, glyphs: [ShapedGlyph]) -> [String] {
    missingRanges(text, glyphs: glyphs).flatMap { range in
      String(decoding: Array(text.utf8)[range], as: UTF8.self).map { String($0) }
    }
  }

  /// The UTF-8 ranges of the clusters with a missing glyph, neighbours merged.
  private func missingRanges(_ text: String, glyphs: [ShapedGlyph]) -> [Range<Int>] {
    let length = text.utf8.count
    let starts = Set(glyphs.map(\.cluster)).sorted()
    let missing = Set(glyphs.filter { $0.glyph == 0 }.map(\.cluster))
    var ranges: [Range<Int>] = []
    for (k, start) in starts.enumerated() where missing.contains(start) {
      let end = k + 1 < starts.count ? starts[k + 1] : length
      if let last = ranges.last, last.upperBound == start {
        ranges[ranges.count - 1] = last.lowerBound..<end
      } else {
        ranges.append(start..<end)
      }
    }
    return ranges
  }

  /// `text` measured with this font where it has the glyphs, and each run
  /// it lacks in the installed font fontconfig chooses for it (shaped
  /// apart, as a text system shapes a change of font); characters no font
  /// has keep this font's missing-glyph box.
  func measureWithFallback(_ text: String, glyphs: [ShapedGlyph]) -> TextMeasurement {
    let ranges = missingRanges(text, glyphs: glyphs)
    let missingClusters = Set(glyphs.filter { $0.glyph == 0 }.map(\.cluster))
    let keptUnits = glyphs.filter { !missingClusters.contains($0.cluster) }.reduce(0) { $0 + $1.advance }
    var result = TextMeasurement(
      advance: points(keptUnits), glyphCount: glyphs.filter { !missingClusters.contains($0.cluster) }.count, missingGlyphCount: 0)
    let bytes = Array(text.utf8)
    for range in ranges {
      let piece = String(decoding: bytes[range], as: UTF8.self)
      // Consecutive characters that resolve to the same font shape as one run.
      var runs: [(font: TextMeasurer?, text: String)] = []
      for character in piece {
        let font = fallbackCache.measurer(for: character, size: font.size)
        if let last = runs.last, last.font === font {
          runs[runs.count - 1].text.append(character)
        } else {
          runs.append((font, String(character)))
        }
      }
      for run in runs {
        if let fallbackFont = run.font {
          let m = fallbackFont.measure(run.text)
          if m.missingGlyphCount == 0 {
            result.advance += m.advance
            result.glyphCount += m.glyphCount
            for character in run.text {
              result.fallbackCharacters.append(String(character))
              result.fallbackFamilies.append(fallbackFont.familyName)
            }
            continue
          }
        }
        let own = shape(run.text)
        result.advance += points(own.reduce(0) { $0 + $1.advance })
        result.glyphCount += own.count
        result.missingGlyphCount += own.filter { $0.glyph == 0 }.count
        result.missingCharacters += run.text.map { String($0) }
      }
    }
    return result
  }
}

/// The fallback fonts a measurer has opened, by character and by file:
/// fontconfig is asked once per character, each font file opened once.
final class FallbackCache: @unchecked Sendable {
  private var lock = pthread_mutex_t()
  private var byCharacter: [Character: TextMeasurer?] = [:]
  private var byFile: [String: TextMeasurer] = [:]

  init() { pthread_mutex_init(&lock, nil) }
  deinit { pthread_mutex_destroy(&lock) }

  /// The measurer (without fallback of its own) of the installed font that
  /// has every scalar of `character`, at `size`; `nil` when none has.
  func measurer(for character: Character, size: Double) -> TextMeasurer? {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    if let known = byCharacter[character] { return known }
    var found: TextMeasurer? = nil
    if let file = SystemFonts.font(covering: Array(character.unicodeScalars)) {
      let key = "\(file.path)#\(file.faceIndex)"
      if let open = byFile[key] {
        found = open
      } else if let open = try? TextMeasurer(font: Font(path: file.path, size: size, faceIndex: file.faceIndex)) {
        byFile[key] = open
        found = open
      }
    }
    byCharacter[character] = found
    return found
  }
}
