/// The number of terminal columns text takes, and text cut to a number of columns.
///
/// A character (a grapheme cluster) takes the width of its first scalar: 2 for East Asian Wide
/// and Fullwidth characters (CJK ideographs, kana, Hangul, most emoji), 0 for marks and format
/// characters, 1 for the rest. A variation selector 16 (emoji presentation) makes it 2, and so
/// does a pair of regional indicators (a flag). Control characters take 0: screens replace them
/// before drawing. The ranges come from the Unicode character database, generated into
/// `DisplayWidthTable.swift` by `scripts/generate-unicode-tables.py`.
enum DisplayWidth {
  /// The columns `scalar` takes on its own: 0, 1 or 2.
  ///
  /// - Complexity: O(log *r*) for the *r* ranges of the tables.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    if value < 0xA0 { return 0 }
    if contains(zeroWidthRanges, value) { return 0 }
    return contains(wideRanges, value) ? 2 : 1
  }

  /// The columns `character` takes: 0, 1 or 2.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count > 1 {
      if scalars.contains("\u{FE0F}") { return 2 }
      if scalars.contains("\u{FE0E}") { return 1 }
      if isRegionalIndicator(first) { return 2 }
    }
    return of(first)
  }

  /// The columns `text` takes: the sum of its characters' widths.
  static func of<Text: StringProtocol>(_ text: Text) -> Int {
    var width = 0
    for character in text {
      width += of(character)
    }
    return width
  }

  /// `text`, cut to fit in `width` columns with `…` at the end when it does not fit whole.
  ///
  /// The result never takes more than `width` columns; it takes one column less when a wide
  /// character would have straddled the cut. A width of 0 or less gives an empty string.
  static func truncated(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if of(text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let characterWidth = of(character)
      if used + characterWidth > width - 1 { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }

  // MARK: - Tables

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// Whether one of `ranges`, sorted and disjoint, holds `value`.
  private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < ranges.count && ranges[low].contains(value)
  }
}
