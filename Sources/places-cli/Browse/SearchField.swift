/// The text typed into the search of `browse`, with a cursor, edited with the keys of a shell's
/// line: Left and Right, Home and End (or Control-A and Control-E) move; Backspace and Delete
/// delete a character, Control-W the word before the cursor, Control-U everything before it and
/// Control-K everything after it.
struct SearchField: Equatable {
  /// The text.
  private(set) var text = ""
  /// Where the cursor is, in characters from the start of ``text``.
  private(set) var cursor = 0

  /// Creates a field holding `text`, with the cursor at its end.
  init(_ text: String = "") {
    self.text = text
    cursor = text.count
  }

  /// Applies `key`; returns whether it was an editing key, so the caller handles the others.
  mutating func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .character(let character): insert(character)
    case .backspace, .control("h"): delete(from: cursor - 1, to: cursor)
    case .delete, .control("d"): delete(from: cursor, to: cursor + 1)
    case .control("w"): delete(from: startOfWordBeforeCursor, to: cursor)
    case .control("u"): delete(from: 0, to: cursor)
    case .control("k"): delete(from: cursor, to: text.count)
    case .left, .control("b"): cursor = max(cursor - 1, 0)
    case .right, .control("f"): cursor = min(cursor + 1, text.count)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = text.count
    default: return false
    }
    return true
  }

  /// The text before the cursor and after it.
  var parts: (beforeCursor: Substring, afterCursor: Substring) {
    let index = text.index(text.startIndex, offsetBy: cursor)
    return (text[..<index], text[index...])
  }

  private mutating func insert(_ character: Character) {
    let index = text.index(text.startIndex, offsetBy: cursor)
    text.insert(character, at: index)
    cursor += 1
  }

  /// Deletes the characters from offset `start` up to `end`, clamped to the text, and puts the
  /// cursor where they were.
  private mutating func delete(from start: Int, to end: Int) {
    let start = min(max(start, 0), text.count)
    let end = min(max(end, start), text.count)
    guard start < end else { return }
    let lower = text.index(text.startIndex, offsetBy: start)
    let upper = text.index(lower, offsetBy: end - start)
    text.removeSubrange(lower..<upper)
    cursor = start
  }

  /// The offset where the word before the cursor starts, spaces after it included, as
  /// Control-W deletes it in a shell.
  private var startOfWordBeforeCursor: Int {
    let before = Array(parts.beforeCursor)
    var index = before.count
    while index > 0, before[index - 1].isWhitespace { index -= 1 }
    while index > 0, !before[index - 1].isWhitespace { index -= 1 }
    return index
  }
}
