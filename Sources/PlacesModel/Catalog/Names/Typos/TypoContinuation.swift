/// A fixed text that may follow a prefix that spent its word's budget: a swapped letter, if
/// any, then the word's query letters from `from` on.
struct TypoContinuation {
  /// The letter taken from before `from`, for a swap of adjacent letters; `nil` without one.
  var swapped: UInt32?
  /// The first query letter of the word that follows.
  var from: Int
  /// The swapped letter's UTF-8, the first byte lowest, and its length; 0 without one.
  var swappedBytes: UInt32 = 0
  var swappedLength = 0

  /// The continuation of the query letters from `from` on.
  init(from: Int) {
    self.from = from
  }

  /// The continuation of `swapped`, then the query letters from `from` on.
  init(swapped: UInt32, from: Int) {
    self.swapped = swapped
    self.from = from
    (swappedBytes, swappedLength) = Self.utf8(swapped)
  }

  /// The letters of the continuation in a word of `length` letters.
  @inline(__always)
  func letterCount(inWordOf length: Int) -> Int {
    (swapped == nil ? 0 : 1) + length - from
  }

  /// The UTF-8 bytes of `scalar`, the first in the lowest byte, and how many there are.
  private static func utf8(_ scalar: UInt32) -> (encoded: UInt32, length: Int) {
    switch scalar {
    case 0..<0x80:
      return (scalar, 1)
    case 0x80..<0x800:
      return ((0xC0 | scalar >> 6) | (0x80 | scalar & 0x3F) << 8, 2)
    case 0x800..<0x10000:
      return (
        (0xE0 | scalar >> 12) | (0x80 | scalar >> 6 & 0x3F) << 8 | (0x80 | scalar & 0x3F) << 16,
        3
      )
    default:
      return (
        (0xF0 | scalar >> 18) | (0x80 | scalar >> 12 & 0x3F) << 8
          | (0x80 | scalar >> 6 & 0x3F) << 16 | (0x80 | scalar & 0x3F) << 24, 4
      )
    }
  }
}
