/// Finds, in a table of folded texts sorted byte by byte, the entries that match a folded query
/// with typos, as ``PlaceNameIndex`` documents them, and how many typos each needs.
///
/// The sorted table is walked as a trie: the entries that share a prefix form a contiguous
/// run, found by searching from the run's start. Along each prefix the walk keeps one row of
/// the edit-distance table of the query word being matched (insertions, deletions,
/// substitutions and transpositions of adjacent letters, a typo at the first letter costing
/// two), and leaves a prefix as soon as no longer text can match within the word's budget.
/// The query's earlier words must match whole words of the text, each within its own budget;
/// its last word may match the start of a word, as a prefix.
///
/// - Complexity: proportional to the prefixes of the table within the budgets of the query's
///   prefixes, each costing O(*m*) for a word of *m* letters and O(log *r*) to find in a run of
///   *r* entries; not to the size of the table.
struct TypoWalk {
  /// A run of entries that match with the same number of typos.
  struct Match {
    /// The entries, consecutive in the table.
    var entries: Range<Int>
    /// The typos they need, a typo at a word's first letter counting two.
    var typos: Int
  }

  /// The entries of one sorted table: where each entry's text starts and ends in the bytes.
  struct Table {
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int
    let bounds: (Int) -> (start: Int, end: Int)
  }

  /// The typos allowed in a query word of `length` letters: none under 5, one from 5, two
  /// from 9, as Meilisearch allows.
  static func budget(forLength length: Int) -> Int {
    length < 5 ? 0 : length < 9 ? 1 : 2
  }

  private let table: Table
  /// The query's words, as Unicode scalar values.
  private let words: [[UInt32]]
  private let budgets: [Int]
  /// For each word, its rows of the edit-distance table, one per letter of text matched so
  /// far, each of `word.count + 1` values.
  private var rows: [[Int]]
  /// For each word, the letters of text matched so far, from index 1.
  private var letters: [[UInt32]]
  private(set) var matches: [Match] = []

  /// Prepares a walk of `table` for `words`, the folded query's words.
  init(table: Table, words: [[UInt32]]) {
    self.table = table
    self.words = words
    budgets = words.map { Self.budget(forLength: $0.count) }
    rows = zip(words, budgets).map { word, budget in
      var rows = [Int](repeating: 0, count: (word.count + budget + 2) * (word.count + 1))
      // Row 0: the query's letters deleted, the first costing two.
      for index in 1..<(word.count + 1) {
        rows[index] = rows[index - 1] + (index == 1 ? 2 : 1)
      }
      return rows
    }
    letters = zip(words, budgets).map { word, budget in
      [UInt32](repeating: 0, count: word.count + budget + 2)
    }
  }

  /// Walks the whole table and fills ``matches`` with the runs of entries that match with at
  /// least one typo and at most each word's budget.
  mutating func run() {
    guard !words.isEmpty, table.count > 0 else { return }
    let lastWord = words.count - 1
    visit(
      0..<table.count, depth: 0, word: 0, row: 0, typosBefore: 0,
      bestSoFar: lastWord == 0 ? rows[0][words[0].count] : Int.max)
  }

  // MARK: - The walk

  /// Visits the run of `entries` that share their first `depth` bytes, having matched `row`
  /// letters of text against query word `word`, after `typosBefore` typos in earlier words;
  /// `bestSoFar` is, for the last word, the fewest typos of any prefix of this text word.
  private mutating func visit(
    _ entries: Range<Int>, depth: Int, word: Int, row: Int, typosBefore: Int, bestSoFar: Int
  ) {
    let query = words[word]
    let width = query.count + 1
    let budget = budgets[word]
    let isLast = word == words.count - 1
    let rowStart = row * width
    var rowMinimum = Int.max
    for index in rowStart..<(rowStart + width) {
      rowMinimum = min(rowMinimum, rows[word][index])
    }

    // The entries that end here, then those whose word ends here (a space is the smallest
    // byte a folded text holds), then the rest, grouped by their next letter.
    let longer = firstEntry(in: entries) { table.bounds($0).end - table.bounds($0).start > depth }
    let beyondSpace = firstEntry(in: longer..<entries.upperBound) {
      table.bytes[table.bounds($0).start + depth] > UInt8(ascii: " ")
    }

    if isLast {
      let typos = typosBefore + bestSoFar
      // No longer prefix can need fewer typos: the whole run matches as this prefix does.
      if rowMinimum >= bestSoFar || rowMinimum > budget {
        if bestSoFar <= budget, typos > 0 {
          matches.append(Match(entries: entries, typos: typos))
        }
        return
      }
      if bestSoFar <= budget, typos > 0, entries.lowerBound < beyondSpace {
        matches.append(Match(entries: entries.lowerBound..<beyondSpace, typos: typos))
      }
    } else {
      let wordTypos = rows[word][rowStart + query.count]
      if wordTypos <= budget, longer < beyondSpace {
        // The text's word ends where the query's does: on to the next word, after the space.
        let next = word + 1
        visit(
          longer..<beyondSpace, depth: depth + 1, word: next, row: 0,
          typosBefore: typosBefore + wordTypos,
          bestSoFar: next == words.count - 1 ? rows[next][words[next].count] : Int.max)
      }
      guard rowMinimum <= budget else { return }
    }

    var start = beyondSpace
    while start < entries.upperBound {
      let (letter, length) = scalar(at: table.bounds(start).start + depth)
      let end = groupEnd(from: start, before: entries.upperBound, at: depth, length: length)
      let nextRow = row + 1
      if nextRow * width + width <= rows[word].count {
        fillRow(nextRow, of: word, letter: letter)
        let best = isLast ? min(bestSoFar, rows[word][nextRow * width + query.count]) : bestSoFar
        visit(
          start..<end, depth: depth + length, word: word, row: nextRow,
          typosBefore: typosBefore, bestSoFar: best)
      }
      start = end
    }
  }

  /// Computes row `row` of `word`'s table from the rows before it, for text letter `letter`.
  private mutating func fillRow(_ row: Int, of word: Int, letter: UInt32) {
    let query = words[word]
    let width = query.count + 1
    letters[word][row] = letter
    let current = row * width
    let previous = current - width
    let previousLetter = row >= 2 ? letters[word][row - 1] : nil
    // A letter of text before the query's first: a typo at the first letter.
    rows[word][current] = rows[word][previous] + 2
    for column in 1..<width {
      let cost = column == 1 ? 2 : 1
      let queryLetter = query[column - 1]
      var value = rows[word][previous + column - 1] + (queryLetter == letter ? 0 : cost)
      value = min(value, rows[word][current + column - 1] + cost)
      value = min(value, rows[word][previous + column] + 1)
      if let previousLetter, column >= 2, query[column - 2] == letter,
        queryLetter == previousLetter, queryLetter != letter
      {
        value = min(value, rows[word][previous - width + column - 2] + (column == 2 ? 2 : 1))
      }
      rows[word][current + column] = value
    }
  }

  // MARK: - The table as a trie

  /// The first entry in `entries` for which `isAfter` holds, or its end; `isAfter` must be
  /// false then true along the run.
  private func firstEntry(in entries: Range<Int>, where isAfter: (Int) -> Bool) -> Int {
    var low = entries.lowerBound
    var high = entries.upperBound
    while low < high {
      let middle = low + (high - low) / 2
      if isAfter(middle) {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return low
  }

  /// The end of the group of entries, from `start`, whose `length` bytes at `depth` are those
  /// of entry `start`: searched by doubling steps, then halving, so that a small group costs
  /// little in a long run.
  private func groupEnd(from start: Int, before end: Int, at depth: Int, length: Int) -> Int {
    let reference = table.bounds(start).start + depth
    func isBeyond(_ entry: Int) -> Bool {
      let offset = table.bounds(entry).start + depth
      for index in 0..<length where table.bytes[offset + index] != table.bytes[reference + index] {
        return true
      }
      return false
    }
    var lastInGroup = start
    var probe = start + 1
    var step = 1
    while probe < end, !isBeyond(probe) {
      lastInGroup = probe
      step *= 2
      probe = start + step
    }
    return firstEntry(in: (lastInGroup + 1)..<min(probe, end), where: isBeyond)
  }

  /// The Unicode scalar whose UTF-8 starts at `offset`, and its length in bytes.
  private func scalar(at offset: Int) -> (value: UInt32, length: Int) {
    let lead = UInt32(table.bytes[offset])
    switch lead {
    case 0..<0x80:
      return (lead, 1)
    case 0xC0..<0xE0:
      return ((lead & 0x1F) << 6 | continuation(offset + 1), 2)
    case 0xE0..<0xF0:
      return ((lead & 0x0F) << 12 | continuation(offset + 1) << 6 | continuation(offset + 2), 3)
    default:
      return (
        (lead & 0x07) << 18 | continuation(offset + 1) << 12 | continuation(offset + 2) << 6
          | continuation(offset + 3), 4
      )
    }
  }

  private func continuation(_ offset: Int) -> UInt32 {
    UInt32(table.bytes[offset]) & 0x3F
  }
}
