/// The form names and queries are compared in: lowercase, without diacritics, words separated
/// by single spaces.
///
/// Folding makes search case- and diacritic-insensitive: `Malmö`, `MALMO` and `malmo` all fold
/// to `malmo`, and `São Paulo` to `sao paulo`. Precisely:
/// - letters and digits are kept, lowercased; accented Latin, Greek and Cyrillic letters become
///   their base letters (`é` → `e`), and a few letters are spelled out as people type them
///   (`ß` → `ss`, `ø` → `o`, `æ` → `ae`, `ł` → `l`);
/// - combining marks are dropped, and so are apostrophes (`'`, `’`, `‘`, `ʻ`), so `xian` and
///   `xi'an` both find `Xi’an`;
/// - every other character (spaces, hyphens, punctuation, symbols) separates words: a run of
///   them becomes one space, and none is kept at either end, so `Saint-Étienne` folds to
///   `saint etienne`.
///
/// The table of accented letters is generated from the Unicode character database by
/// `scripts/generate-unicode-tables.py`.
public enum SearchFolding {
  /// Returns `text` folded for search; empty when `text` has no letter or digit.
  ///
  /// - Complexity: O(*m*) for *m* Unicode scalars.
  public static func folded(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      switch fold(scalar) {
      case .keep(let character):
        if pendingSpace, !result.isEmpty { result.append(" ") }
        pendingSpace = false
        result.unicodeScalars.append(character)
      case .text(let text):
        if pendingSpace, !result.isEmpty { result.append(" ") }
        pendingSpace = false
        result += text
      case .drop:
        break
      case .separate:
        pendingSpace = true
      }
    }
    return result
  }

  // MARK: - One scalar

  private enum Folded {
    case keep(Unicode.Scalar)
    case text(String)
    case drop
    case separate
  }

  private static func fold(_ scalar: Unicode.Scalar) -> Folded {
    let value = scalar.value
    if value < 0x80 {
      switch value {
      case 0x61...0x7A, 0x30...0x39: return .keep(scalar)
      case 0x41...0x5A: return .keep(Unicode.Scalar(UInt8(value + 0x20)))
      case 0x27, 0x60: return .drop  // ' and `
      default: return .separate
      }
    }
    if let folded = foldedScalars[value] {
      return folded.isEmpty ? .drop : .text(folded)
    }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
      return .drop
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .spacingMark:
      let lowercase = properties.lowercaseMapping
      return lowercase.unicodeScalars.count == 1 && lowercase.unicodeScalars.first == scalar
        ? .keep(scalar) : .text(lowercase)
    default:
      return .separate
    }
  }
}
