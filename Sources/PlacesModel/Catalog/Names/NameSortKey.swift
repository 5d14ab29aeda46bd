/// The first bytes of a name that its canonical form is sure to start with, as one integer:
/// sorting by name compares these instead of whole strings whenever they differ.
///
/// `String`'s `<` orders names by the Unicode scalars of their canonical (NFC) form. An ASCII
/// character followed by another ASCII character, or ending the string, is its own canonical
/// form, and nothing after it changes it: canonical composition and reordering only reach the
/// character just before a non-ASCII scalar. So a name's leading ASCII bytes, except the last
/// one when a non-ASCII byte follows, are the first scalars of its canonical form, whatever the
/// string's own encoding. The key holds up to eight of them, big-endian, padded with zeros, and
/// a mask of the bytes it is sure of (all eight when the name is ASCII to its end or past its
/// eighth byte).
///
/// Two keys decide an order when their bytes differ within the bytes both are sure of: those
/// bytes are the start of each canonical form, and a zero pad stands for a name that ended,
/// which orders before any longer name. Otherwise only the whole names can tell.
package struct NameSortKey {
  /// The sure bytes, first byte highest, zeros after them.
  let prefix: UInt64
  /// Ones over the bytes of `prefix` that are sure.
  let mask: UInt64

  /// The key of `name`.
  ///
  /// - Complexity: O(1): reads at most nine bytes.
  package init(_ name: String) {
    var prefix: UInt64 = 0
    var sureBytes = 0
    var metNonASCII = false
    for byte in name.utf8.prefix(9) {
      guard byte < 0x80 else {
        metNonASCII = true
        break
      }
      if sureBytes < 8 {
        prefix |= UInt64(byte) << (56 - 8 * sureBytes)
      }
      sureBytes += 1
    }
    // The last ASCII byte may compose with the scalar after it; a name that is ASCII to its
    // end or past its eighth byte is sure of all eight, the zeros that pad it included.
    sureBytes = metNonASCII ? min(max(sureBytes - 1, 0), 8) : 8
    mask = sureBytes == 0 ? 0 : ~0 << (64 - 8 * sureBytes)
    self.prefix = prefix & mask
  }

  /// Whether `left`'s name comes before `right`'s, if the keys can tell; `nil` when only the
  /// whole names can.
  package static func order(_ left: NameSortKey, _ right: NameSortKey) -> Bool? {
    let mask = left.mask & right.mask
    let leftBytes = left.prefix & mask
    let rightBytes = right.prefix & mask
    return leftBytes == rightBytes ? nil : leftBytes < rightBytes
  }
}
