/// The walk once a prefix has spent its word's budget.
///
/// Once the row's least value is the budget, every later row's is too, and only a path of
/// exact letters keeps a value there: from each cell at the budget, the query's letters after
/// it; or, where the text's last letter and the query letter before a cell can be swapped
/// within the budget, that letter, then the query's letters from the cell on. Each such
/// continuation is a fixed text, so the entries it reaches form one run, found by binary
/// search instead of a visit per letter; each entry reached needs exactly the budget in this
/// word.
extension TypoWalker {
  /// Finds, among `entries`, those that go on from `prefix` within its word's budget, the
  /// budget being spent (the least value of the row is `budget`), and settles them: a match of
  /// the last word, or on to the next word after a space.
  func followSpentBudget(_ entries: Range<Int>, _ prefix: Prefix, budget: Int) {
    guard !entries.isEmpty else { return }
    let found = spentBudgetContinuations(of: prefix, budget: budget)
    let layout = words[prefix.word]
    let isLast = isLastWord(prefix.word)
    for index in found.indices {
      // The last word's entries that start with an earlier continuation are found with it,
      // and an earlier word's entries cannot take two continuations; a repeat is left.
      let isCovered = found[..<index].contains { earlier in
        isPrefix(earlier, of: found[index], in: layout, orEqualOnly: !isLast)
      }
      if !isCovered {
        follow(found[index], in: entries, from: prefix, budget: budget)
      }
    }
  }

  /// The continuations of `prefix`'s word once `budget` is spent, shortest first, so that a
  /// continuation another one starts with comes before it; in the word's slots of
  /// ``continuations``.
  private func spentBudgetContinuations(
    of prefix: Prefix, budget: Int
  ) -> UnsafeMutableBufferPointer<TypoContinuation> {
    let layout = words[prefix.word]
    let width = layout.width
    let current = rowOffset(of: prefix)
    let slots = UnsafeMutableBufferPointer(
      rebasing: continuations[layout.continuationStart..<layout.continuationStart + 2 * width])
    var count = 0
    for column in 0..<layout.length where rows[current + column] <= budget {
      slots[count] = TypoContinuation(from: column)
      count += 1
    }
    if prefix.row >= 1 {
      let lastLetter = textLetters[layout.letterStart + prefix.row]
      let previous = current - width
      for column in 2..<max(width, 2)
      where letters[layout.queryStart + column - 1] == lastLetter
        && rows[previous + column - 2] + (column == 2 ? 2 : 1) <= budget
      {
        slots[count] = TypoContinuation(
          swapped: letters[layout.queryStart + column - 2], from: column)
        count += 1
      }
    }
    let found = UnsafeMutableBufferPointer(rebasing: slots[..<count])
    sortByLength(found, inWordOf: layout.length)
    return found
  }

  /// Sorts the few `continuations` by their letters, fewest first, keeping the order of equals.
  private func sortByLength(
    _ continuations: UnsafeMutableBufferPointer<TypoContinuation>, inWordOf length: Int
  ) {
    for index in continuations.indices.dropFirst() {
      let continuation = continuations[index]
      let letterCount = continuation.letterCount(inWordOf: length)
      var position = index
      while position > 0, continuations[position - 1].letterCount(inWordOf: length) > letterCount {
        continuations[position] = continuations[position - 1]
        position -= 1
      }
      continuations[position] = continuation
    }
  }

  /// Settles the entries of `entries` whose text after `prefix` starts with `continuation`:
  /// a match with `prefix.typosBefore + budget` typos for the last word; for an earlier one,
  /// those whose word ends there go on to the next word.
  private func follow(
    _ continuation: TypoContinuation, in entries: Range<Int>, from prefix: Prefix, budget: Int
  ) {
    let layout = words[prefix.word]
    let depth = prefix.depth
    let lower = firstEntry(in: entries) { self.compare($0, depth, continuation, layout) >= 0 }
    guard lower < entries.upperBound, compare(lower, depth, continuation, layout) == 0 else {
      return
    }
    let upper = firstEntry(in: (lower + 1)..<entries.upperBound) {
      self.compare($0, depth, continuation, layout) > 0
    }
    guard !isLastWord(prefix.word) else {
      record(lower..<upper, wordTypos: budget, after: prefix.typosBefore, budget: budget)
      return
    }
    // The text's word must end where the continuation does: on to the next word.
    let end = depth + byteCount(of: continuation, in: layout)
    let (longer, beyondSpace) = splitByEnd(lower..<upper, at: end)
    guard longer < beyondSpace else { return }
    visit(
      longer..<beyondSpace,
      start(ofWord: prefix.word + 1, depth: end + 1, typosBefore: prefix.typosBefore + budget))
  }

  /// Letter `index` of `continuation` of a word laid out as `layout`.
  @inline(__always)
  private func letter(
    _ index: Int, of continuation: TypoContinuation, in layout: TypoQuery.Word
  ) -> UInt32 {
    guard let swapped = continuation.swapped else {
      return letters[layout.queryStart + continuation.from + index]
    }
    return index == 0 ? swapped : letters[layout.queryStart + continuation.from + index - 1]
  }

  /// The UTF-8 bytes of `continuation` of a word laid out as `layout`.
  @inline(__always)
  private func byteCount(of continuation: TypoContinuation, in layout: TypoQuery.Word) -> Int {
    continuation.swappedLength + byteStart[layout.queryStart + layout.length]
      - byteStart[layout.queryStart + continuation.from]
  }

  /// Whether `continuation` starts with `earlier` (or, with `orEqualOnly`, equals it).
  private func isPrefix(
    _ earlier: TypoContinuation, of continuation: TypoContinuation, in layout: TypoQuery.Word,
    orEqualOnly: Bool
  ) -> Bool {
    let count = earlier.letterCount(inWordOf: layout.length)
    let otherCount = continuation.letterCount(inWordOf: layout.length)
    guard orEqualOnly ? count == otherCount : count <= otherCount else { return false }
    for index in 0..<count
    where letter(index, of: earlier, in: layout) != letter(index, of: continuation, in: layout) {
      return false
    }
    return true
  }

  /// -1, 0 or 1 as the text of `entry` from `depth` bytes sorts before, starts with, or sorts
  /// after `continuation` of a word laid out as `layout`, byte by byte, a text that ends
  /// first sorting before.
  @inline(__always)
  private func compare(
    _ entry: Int, _ depth: Int, _ continuation: TypoContinuation, _ layout: TypoQuery.Word
  ) -> Int {
    let bounds = table.bounds(of: entry)
    var offset = bounds.start + depth
    var index = 0
    while index < continuation.swappedLength {
      guard offset < bounds.end else { return -1 }
      let byte = bytes[offset]
      let expected = UInt8(truncatingIfNeeded: continuation.swappedBytes >> (8 * UInt32(index)))
      if byte != expected { return byte < expected ? -1 : 1 }
      offset += 1
      index += 1
    }
    var queryOffset = byteStart[layout.queryStart + continuation.from]
    let queryEnd = byteStart[layout.queryStart + layout.length]
    while queryOffset < queryEnd {
      guard offset < bounds.end else { return -1 }
      let byte = bytes[offset]
      let expected = queryBytes[queryOffset]
      if byte != expected { return byte < expected ? -1 : 1 }
      offset += 1
      queryOffset += 1
    }
    return 0
  }
}
