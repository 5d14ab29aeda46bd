/// The form names and queries are compared in: lowercase, without diacritics, words separated
/// by single spaces.
///
/// Folding makes search case- and diacritic-insensitive: `Malmö`, `MALMO` and `malmo` all fold
/// to `malmo`, and `São Paulo` to `sao paulo`. Each Unicode scalar of the text, as it is
/// given (no normalization first), is folded by the first rule that applies:
/// - ASCII letters are lowercased and ASCII digits kept;
/// - the apostrophe `'` (U+0027) and the backtick (U+0060) are dropped, and so are the
///   other marks that stand inside a word: the right and left single quotation marks `’`
///   (U+2019) and `‘` (U+2018), the modifier letters `ʻ` (U+02BB, the ʻokina), `ʼ` (U+02BC)
///   and `ʽ` (U+02BD), and the acute accent `´` (U+00B4); so `xian`, `xi'an` and `xi´an` all
///   find `Xi’an`, and `ohiggins` finds `O´Higgins`;
/// - a letter of the Latin, Greek or Cyrillic blocks with a diacritic becomes its base letters,
///   lowercase (`é` → `e`, `Å` → `a`, `ǖ` → `u`, `Ά` → `α`, `Ё` → `е`), from the canonical
///   decomposition in the Unicode character database, its marks dropped;
/// - the letters that have no decomposition are spelled as people type them: `ß` and `ẞ` →
///   `ss`, `æ` → `ae`, `œ` → `oe`, `ø` → `o`, `đ` and `ð` → `d`, `þ` → `th`, `ł` and `ŀ` →
///   `l`, `ı` → `i`, `ħ` → `h`, `ŧ` → `t`, `ƒ` → `f`, `ĸ` → `k`, `ŉ` → `n`, and the final
///   sigma `ς` → `σ` (capitals alike);
/// - combining marks, enclosing marks and format characters (such as U+0301 after `e`, or a
///   zero-width joiner) are dropped;
/// - any other letter, number or spacing mark (other scripts, such as `東京`) is kept, as its
///   lowercase mapping;
/// - everything else (spaces, hyphens, punctuation, symbols) separates words: a run of them
///   becomes one space, and none is kept at either end, so `Saint-Étienne` folds to
///   `saint etienne` and `Rue 13 (Nord)` to `rue 13 nord`.
///
/// Folding a folded text changes nothing. The table of letters is generated from the Unicode
/// character database by `scripts/generate-unicode-tables.py`.
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
