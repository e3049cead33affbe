/// The reading direction of labels, from their strong directional characters.
///
/// Each label's direction is that of its first strong character, as the
/// Unicode Bidirectional Algorithm's rule P2 finds a paragraph's: bidi
/// class R (Hebrew, NKo, Samaritan, Mandaic, ...) or AL (Arabic, Syriac,
/// Thaana, ...) is right to left; any other letter (class L: Latin,
/// Greek, Cyrillic, CJK, ...) is left to right. Digits, punctuation,
/// spaces and combining marks are not strong and are skipped. A tag list
/// is right to left when more of its labels are right to left than left
/// to right (a list of Arabic names with a few Latin acronyms is right to
/// left; a tie is left to right).
///
/// The classes are taken from the Unicode blocks that the Bidi_Class
/// property assigns to R and AL (UAX #9, DerivedBidiClass.txt), as ranges;
/// the Arabic-Indic digits (class AN and EN) in those blocks are excluded.
///
/// - Complexity: O(total length of the labels).
public enum TextDirection {
  /// The direction of one label's first strong character, `nil` when it has none.
  public static func of(_ label: String) -> LayoutDirection? {
    for scalar in label.unicodeScalars {
      if isRightToLeft(scalar) { return .rightToLeft }
      let category = scalar.properties.generalCategory
      switch category {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark:
        return .leftToRight
      default: continue
      }
    }
    return nil
  }

  /// The direction of a tag list: right to left when most labels with a
  /// strong character are.
  public static func of(labels: [String]) -> LayoutDirection {
    var rtl = 0, ltr = 0
    for label in labels {
      switch of(label) {
      case .rightToLeft: rtl += 1
      case .leftToRight: ltr += 1
      case nil: break
      }
    }
    return rtl > ltr ? .rightToLeft : .leftToRight
  }

  /// Whether a scalar has the bidi class R or AL (a strong right-to-left character).
  public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    // Combining marks inside RTL blocks are NSM, not strong.
    if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return false }
    switch v {
    case 0x0600...0x0605, 0x0660...0x0669, 0x066B...0x066C, 0x06DD, 0x06F0...0x06F9, 0x0890...0x0891, 0x08E2:
      return false  // Arabic number signs and digits: AN / EN
    case 0x0590...0x05FF, 0x07C0...0x085F, 0xFB1D...0xFB4F, 0x10800...0x10CFF, 0x10D40...0x10EBF,
         0x10F00...0x10F2F, 0x10F70...0x10FFF, 0x1E800...0x1EC6F, 0x1ECC0...0x1ECFF, 0x1ED50...0x1EDFF, 0x1EF00...0x1EFFF:
      return true  // R
    case 0x0600...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDCF, 0xFDF0...0xFDFF, 0xFE70...0xFEFE,
         0x10D00...0x10D3F, 0x10EC0...0x10EFF, 0x10F30...0x10F6F, 0x1EC70...0x1ECBF, 0x1ED00...0x1ED4F, 0x1EE00...0x1EEFF:
      return true  // AL
    default:
      return false
    }
  }
}
