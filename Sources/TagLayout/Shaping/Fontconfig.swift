// The only file that calls fontconfig's C API. The rest of TagLayout asks
// `SystemFonts.font(covering:)` for a font file and sees plain Swift values.

import CFontconfig

/// The fonts installed on the system, as fontconfig sees them: which one a
/// text system would draw a character with when the chosen font lacks it.
///
/// Fontconfig sorts the installed fonts by how well they match a pattern
/// (here: the default family, with the characters asked for); the first
/// font whose character set holds every character is the fallback, as a
/// Linux desktop's text stack chooses it.
///
/// Source: fontconfig's user and developer manuals, "FcFontSort" and
/// "FcCharSet" (fontconfig.org).
enum SystemFonts {
  /// The configuration, loaded once (fontconfig is thread safe after that).
  nonisolated(unsafe) private static let config: OpaquePointer? = FcInitLoadConfigAndFonts()

  /// Characters that only join or select variants: a font need not map them.
  static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
    default: return false
    }
  }

  /// The file and face index of an installed font that has every one of
  /// `scalars` (ignorable ones aside), the best match first; `nil` when no
  /// installed font has them all, or fontconfig is not available.
  ///
  /// - Complexity: one sort of the installed fonts by fontconfig.
  static func font(covering scalars: [Unicode.Scalar]) -> (path: String, faceIndex: Int)? {
    guard let config else { return nil }
    let needed = scalars.filter { !isIgnorable($0) }
    guard !needed.isEmpty, let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
    defer {
      FcPatternDestroy(pattern)
      FcCharSetDestroy(charset)
    }
    for scalar in needed { FcCharSetAddChar(charset, scalar.value) }
    FcPatternAddCharSet(pattern, FC_CHARSET, charset)
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let fonts = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
    defer { FcFontSetDestroy(fonts) }
    for k in 0..<Int(fonts.pointee.nfont) {
      guard let font = fonts.pointee.fonts[k] else { continue }
      var has: OpaquePointer? = nil
      guard FcPatternGetCharSet(font, FC_CHARSET, 0, &has) == FcResultMatch, let has else { continue }
      guard needed.allSatisfy({ FcCharSetHasChar(has, $0.value) != 0 }) else { continue }
      var file: UnsafeMutablePointer<FcChar8>? = nil
      guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
      var index: Int32 = 0
      if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
      return (String(cString: file), Int(index))
    }
    return nil
  }
}
