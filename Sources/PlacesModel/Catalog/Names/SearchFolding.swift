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
package enum SearchFolding {
  /// Returns `text` folded for search; empty when `text` has no letter or digit.
  ///
  /// - Complexity: O(*m*) for *m* Unicode scalars.
  package static func folded(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    appendFolded(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 bytes of `text` folded for search to `bytes`.
  ///
  /// - Complexity: O(*m*) for *m* Unicode scalars; ASCII letters, digits and separators take a
  ///   few nanoseconds each.
  static func appendFolded(_ text: String, to bytes: inout [UInt8]) {
    // A space is owed once a letter has been written and a separator seen since.
    var owesSpace = false
    var hasLetter = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        let byte = UInt8(value)
        let letter: UInt8
        switch byte {
        case 0x61...0x7A, 0x30...0x39: letter = byte
        case 0x41...0x5A: letter = byte + 0x20
        case 0x27, 0x60: continue  // ' and `
        default:
          owesSpace = hasLetter
          continue
        }
        if owesSpace {
          bytes.append(0x20)
          owesSpace = false
        }
        bytes.append(letter)
        hasLetter = true
        continue
      }
      switch fold(scalar) {
      case .keep(let character):
        if owesSpace { bytes.append(0x20) }
        UTF8.encode(character) { bytes.append($0) }
      case .text(let text):
        if owesSpace { bytes.append(0x20) }
        bytes += text.utf8
      case .drop:
        continue
      case .separate:
        owesSpace = hasLetter
        continue
      }
      owesSpace = false
      hasLetter = true
    }
  }

  // MARK: - One scalar

  private enum Folded {
    case keep(Unicode.Scalar)
    case text(String)
    case drop
    case separate
  }

  /// How a scalar beyond ASCII folds.
  private static func fold(_ scalar: Unicode.Scalar) -> Folded {
    if let folded = foldedScalars[scalar.value] {
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
