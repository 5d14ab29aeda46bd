/// A set of place handles whose copies share their bits: one bit per handle, in the words of a
/// ``PersistentArray``.
///
/// Inserting into a copy copies one leaf of 256 words and its branch, never the whole set, so
/// an edit that notes a handle costs O(*h* / 262,144 + 272) words for handles below *h*, and
/// every earlier copy keeps the members it had. A lookup reads one word.
struct PersistentHandleSet: Sendable {
  private var words = PersistentArray<UInt64>()
  /// The number of handles in the set.
  private(set) var count = 0

  /// The empty set.
  init() {}

  /// Whether the set holds no handle.
  var isEmpty: Bool { count == 0 }

  /// Whether `handle` is in the set.
  func contains(_ handle: UInt32) -> Bool {
    let word = Int(handle >> 6)
    return word < words.count && words[word] & (1 << UInt64(handle & 63)) != 0
  }

  /// Puts `handle` in the set.
  ///
  /// - Complexity: O(1), plus a leaf's and a branch's copy when a copy shares them, plus the
  ///   words added when `handle` is beyond every one held so far.
  mutating func insert(_ handle: UInt32) {
    let word = Int(handle >> 6)
    while words.count <= word { words.append(0) }
    let bit: UInt64 = 1 << UInt64(handle & 63)
    guard words[word] & bit == 0 else { return }
    words[word] |= bit
    count += 1
  }
}
