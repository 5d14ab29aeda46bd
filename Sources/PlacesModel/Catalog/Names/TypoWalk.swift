/// The entries of one table of folded texts, sorted byte by byte, as ``TypoWalk`` reads them.
protocol TypoWalkTable {
  /// The number of entries.
  var count: Int { get }
  /// Where entry `entry`'s text starts and ends in the index's bytes.
  func bounds(of entry: Int) -> (start: Int, end: Int)
}

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
enum TypoWalk {
  /// A run of entries that match with the same number of typos.
  struct Match {
    /// The entries, consecutive in the table.
    var entries: Range<Int>
    /// The typos they need, a typo at a word's first letter counting two.
    var typos: Int
  }

  /// The typos allowed in a query word of `length` letters: none under 5, one from 5, two
  /// from 9, as Meilisearch allows.
  static func budget(forLength length: Int) -> Int {
    length < 5 ? 0 : length < 9 ? 1 : 2
  }

  /// The runs of entries of `table` that match `words`, the folded query's words as Unicode
  /// scalar values, with at least one typo and at most each word's budget and
  /// `maximumTypos` in all.
  static func matches<Table: TypoWalkTable>(
    in table: Table, bytes: UnsafeBufferPointer<UInt8>, words: [[UInt32]], maximumTypos: Int
  ) -> [Match] {
    guard !words.isEmpty, table.count > 0, maximumTypos > 0 else { return [] }
    let layout = Layout(words: words, maximumTypos: maximumTypos)
    var rows = [Int](repeating: 0, count: layout.rowCount)
    var letters = [UInt32](repeating: 0, count: layout.letterCount)
    let query = words.flatMap { $0 }
    return rows.withUnsafeMutableBufferPointer { rows in
      letters.withUnsafeMutableBufferPointer { letters in
        query.withUnsafeBufferPointer { query in
          layout.words.withUnsafeBufferPointer { words in
            let walker = Walker(
              table: table, bytes: bytes, words: words, maximumTypos: layout.maximumTypos,
              query: query, rows: rows, letters: letters)
            walker.run()
            return walker.matches
          }
        }
      }
    }
  }

  // MARK: - Layout

  /// Where one query word's letters, rows and text letters lie in the walk's flat buffers.
  struct WordLayout {
    /// Its first letter in the query's letters, its length and its budget.
    var queryStart: Int
    var length: Int
    var budget: Int
    /// Its first row's first value in the rows, and its first text letter.
    var rowStart: Int
    var letterStart: Int
    /// How many rows it may need.
    var rowLimit: Int
  }

  /// Where every word's letters, rows and text letters lie in the walk's flat buffers.
  struct Layout {
    var words: [WordLayout] = []
    var rowCount = 0
    var letterCount = 0
    let maximumTypos: Int

    init(words: [[UInt32]], maximumTypos: Int) {
      self.maximumTypos = maximumTypos
      var queryCount = 0
      for word in words {
        let budget = min(TypoWalk.budget(forLength: word.count), maximumTypos)
        let limit = word.count + budget + 2
        self.words.append(
          WordLayout(
            queryStart: queryCount, length: word.count, budget: budget, rowStart: rowCount,
            letterStart: letterCount, rowLimit: limit))
        queryCount += word.count
        rowCount += limit * (word.count + 1)
        letterCount += limit
      }
    }
  }

  // MARK: - The walk

  /// One walk: the table, the query and the buffers, and the matches found so far.
  private final class Walker<Table: TypoWalkTable> {
    let table: Table
    let bytes: UnsafeBufferPointer<UInt8>
    let words: UnsafeBufferPointer<WordLayout>
    let maximumTypos: Int
    let query: UnsafeBufferPointer<UInt32>
    /// Each word's rows of the edit-distance table, one per letter of text matched so far.
    let rows: UnsafeMutableBufferPointer<Int>
    /// Each word's letters of text matched so far, from index 1.
    let letters: UnsafeMutableBufferPointer<UInt32>
    var matches: [Match] = []

    /// Runs of at most this many entries are scanned for the letters that may follow rather
    /// than searched.
    private static var scanLimit: Int { 48 }

    init(
      table: Table, bytes: UnsafeBufferPointer<UInt8>, words: UnsafeBufferPointer<WordLayout>,
      maximumTypos: Int, query: UnsafeBufferPointer<UInt32>,
      rows: UnsafeMutableBufferPointer<Int>, letters: UnsafeMutableBufferPointer<UInt32>
    ) {
      self.table = table
      self.bytes = bytes
      self.words = words
      self.maximumTypos = maximumTypos
      self.query = query
      self.rows = rows
      self.letters = letters
      // Row 0 of each word: its letters deleted, the first costing two.
      for word in words {
        rows[word.rowStart] = 0
        for column in 1..<(word.length + 1) {
          rows[word.rowStart + column] = rows[word.rowStart + column - 1] + (column == 1 ? 2 : 1)
        }
      }
    }

    func run() {
      visit(
        0..<table.count, depth: 0, word: 0, row: 0, typosBefore: 0,
        bestSoFar: words.count == 1 ? rows[words[0].length] : Int.max, rowMinimum: 0)
    }

    /// Visits the run of `entries` that share their first `depth` bytes, having matched `row`
    /// letters of text against query word `word`, after `typosBefore` typos in earlier words;
    /// `bestSoFar` is, for the last word, the fewest typos of any prefix of this text word, and
    /// `rowMinimum` the least value of the row.
    private func visit(
      _ entries: Range<Int>, depth: Int, word: Int, row: Int, typosBefore: Int, bestSoFar: Int,
      rowMinimum: Int
    ) {
      let layout = words[word]
      let length = layout.length
      let width = length + 1
      let budget = min(layout.budget, maximumTypos - typosBefore)
      let isLast = word == words.count - 1
      let current = layout.rowStart + row * width

      // The entries that end here, then those whose word ends here (a space is the smallest
      // byte a folded text holds), then the rest, grouped by their next letter.
      var longer = entries.lowerBound
      if !endsAfter(longer, depth) {
        longer = firstEntry(in: entries) { self.endsAfter($0, depth) }
      }
      var beyondSpace = longer
      if beyondSpace < entries.upperBound, !isBeyondSpace(beyondSpace, depth) {
        beyondSpace = firstEntry(in: longer..<entries.upperBound) {
          self.isBeyondSpace($0, depth)
        }
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
        let wordTypos = rows[current + length]
        if wordTypos <= budget, longer < beyondSpace {
          // The text's word ends where the query's does: on to the next word, after the space.
          let next = word + 1
          // Row 0 of a word is its letters deleted: 0 at its least.
          visit(
            longer..<beyondSpace, depth: depth + 1, word: next, row: 0,
            typosBefore: typosBefore + wordTypos,
            bestSoFar: next == words.count - 1
              ? rows[words[next].rowStart + words[next].length] : Int.max, rowMinimum: 0)
        }
        guard rowMinimum <= budget else { return }
      }

      let nextRow = row + 1
      guard nextRow < layout.rowLimit, beyondSpace < entries.upperBound else { return }
      let rest = beyondSpace..<entries.upperBound
      let next = (
        word: word, row: nextRow, depth: depth, typosBefore: typosBefore, bestSoFar: bestSoFar
      )
      guard rowMinimum == budget else {
        // Any letter may follow within the budget: every group of the run, in turn.
        var start = rest.lowerBound
        while start < rest.upperBound {
          let (letter, letterLength) = scalar(at: table.bounds(of: start).start + depth)
          let end = groupEnd(from: start, before: rest.upperBound, at: depth, length: letterLength)
          visitChild(start..<end, letter: letter, letterLength: letterLength, next)
          start = end
        }
        return
      }
      // The budget is spent: only a letter that the query has next, where the row reaches the
      // budget, or that swaps with the letter before, can follow. A short run is scanned for
      // them, a long one searched.
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * width) { buffer in
        let candidates = lettersWithinBudget(row: row, of: word, budget: budget, into: buffer)
        if rest.count <= Self.scanLimit {
          var start = rest.lowerBound
          while start < rest.upperBound {
            let (letter, letterLength) = scalar(at: table.bounds(of: start).start + depth)
            var end = start + 1
            while end < rest.upperBound, !isBeyond(end, start, depth, letterLength) {
              end += 1
            }
            if candidates.contains(letter) {
              visitChild(start..<end, letter: letter, letterLength: letterLength, next)
            }
            start = end
          }
          return
        }
        var from = rest.lowerBound
        for letter in candidates {
          let (encoded, letterLength) = utf8(letter)
          let start = firstEntry(in: from..<rest.upperBound) {
            self.compare($0, depth, encoded, letterLength) >= 0
          }
          guard start < rest.upperBound, compare(start, depth, encoded, letterLength) == 0 else {
            from = start
            continue
          }
          let end = groupEnd(from: start, before: rest.upperBound, at: depth, length: letterLength)
          visitChild(start..<end, letter: letter, letterLength: letterLength, next)
          from = end
        }
      }
    }

    /// Visits the group of entries whose next letter, after `parent.depth` bytes, is `letter`,
    /// with the next row of `parent.word`'s table; a group that cannot match with any longer
    /// text is settled here, without a visit.
    @inline(__always)
    private func visitChild(
      _ entries: Range<Int>, letter: UInt32, letterLength: Int,
      _ parent: (word: Int, row: Int, depth: Int, typosBefore: Int, bestSoFar: Int)
    ) {
      let rowMinimum = fillRow(parent.row, of: parent.word, letter: letter)
      let layout = words[parent.word]
      let budget = min(layout.budget, maximumTypos - parent.typosBefore)
      guard parent.word == words.count - 1 else {
        // An earlier word needs a row within the budget, to end within it.
        if rowMinimum <= budget {
          visit(
            entries, depth: parent.depth + letterLength, word: parent.word, row: parent.row,
            typosBefore: parent.typosBefore, bestSoFar: parent.bestSoFar, rowMinimum: rowMinimum)
        }
        return
      }
      let best = min(
        parent.bestSoFar, rows[layout.rowStart + parent.row * (layout.length + 1) + layout.length])
      if rowMinimum >= best || rowMinimum > budget {
        // No longer prefix can need fewer typos: the whole group matches as this prefix does.
        let typos = parent.typosBefore + best
        if best <= budget, typos > 0 {
          matches.append(Match(entries: entries, typos: typos))
        }
        return
      }
      visit(
        entries, depth: parent.depth + letterLength, word: parent.word, row: parent.row,
        typosBefore: parent.typosBefore, bestSoFar: best, rowMinimum: rowMinimum)
    }

    /// Writes to `buffer` the letters that can follow the text matched so far, `row` letters
    /// against `word`, without going over `budget`, when the row's least value is the budget,
    /// and returns them sorted, without repeats: the query's letters after the cells at the
    /// budget, and the letter before one that the text's last letter matches, which a
    /// transposition swaps in.
    private func lettersWithinBudget(
      row: Int, of word: Int, budget: Int, into buffer: UnsafeMutableBufferPointer<UInt32>
    ) -> UnsafeMutableBufferPointer<UInt32> {
      let layout = words[word]
      let width = layout.length + 1
      let current = layout.rowStart + row * width
      var count = 0
      for column in 1..<width where rows[current + column - 1] <= budget {
        buffer[count] = query[layout.queryStart + column - 1]
        count += 1
      }
      if row >= 1 {
        let lastLetter = letters[layout.letterStart + row]
        let previous = current - width
        for column in 2..<max(width, 2)
        where query[layout.queryStart + column - 1] == lastLetter
          && rows[previous + column - 2] + (column == 2 ? 2 : 1) <= budget
        {
          buffer[count] = query[layout.queryStart + column - 2]
          count += 1
        }
      }
      // Few letters: sorted by insertion, repeats dropped.
      var unique = 0
      for index in 0..<count {
        let letter = buffer[index]
        var position = unique
        while position > 0, buffer[position - 1] > letter {
          position -= 1
        }
        guard position == 0 || buffer[position - 1] != letter else { continue }
        var move = unique
        while move > position {
          buffer[move] = buffer[move - 1]
          move -= 1
        }
        buffer[position] = letter
        unique += 1
      }
      return UnsafeMutableBufferPointer(rebasing: buffer[0..<unique])
    }

    /// Computes row `row` of `word`'s table from the rows before it, for text letter `letter`,
    /// and returns its least value.
    @inline(__always)
    private func fillRow(_ row: Int, of word: Int, letter: UInt32) -> Int {
      let layout = words[word]
      let width = layout.length + 1
      let queryStart = layout.queryStart
      letters[layout.letterStart + row] = letter
      let current = layout.rowStart + row * width
      let previous = current - width
      let previousLetter = row >= 2 ? letters[layout.letterStart + row - 1] : nil
      // A letter of text before the query's first: a typo at the first letter.
      rows[current] = rows[previous] + 2
      var minimum = rows[current]
      for column in 1..<width {
        let cost = column == 1 ? 2 : 1
        let queryLetter = query[queryStart + column - 1]
        var value = rows[previous + column - 1] + (queryLetter == letter ? 0 : cost)
        value = min(value, rows[current + column - 1] + cost)
        value = min(value, rows[previous + column] + 1)
        if let previousLetter, column >= 2, query[queryStart + column - 2] == letter,
          queryLetter == previousLetter, queryLetter != letter
        {
          value = min(value, rows[previous - width + column - 2] + (column == 2 ? 2 : 1))
        }
        rows[current + column] = value
        minimum = min(minimum, value)
      }
      return minimum
    }

    // MARK: - The table as a trie

    /// Whether entry `entry`'s text is longer than `depth` bytes.
    @inline(__always)
    private func endsAfter(_ entry: Int, _ depth: Int) -> Bool {
      let bounds = table.bounds(of: entry)
      return bounds.end - bounds.start > depth
    }

    /// Whether the byte at `depth` of entry `entry`, longer than `depth`, comes after a space.
    @inline(__always)
    private func isBeyondSpace(_ entry: Int, _ depth: Int) -> Bool {
      bytes[table.bounds(of: entry).start + depth] > UInt8(ascii: " ")
    }

    /// The first entry in `entries` for which `isAfter` holds, or its end; `isAfter` must be
    /// false then true along the run.
    @inline(__always)
    private func firstEntry(in entries: Range<Int>, where isAfter: (Int) -> Bool) -> Int {
      entries.partitioningIndex(where: isAfter)
    }

    /// Whether the `length` bytes at `depth` of `entry` differ from those of `reference`.
    @inline(__always)
    private func isBeyond(_ entry: Int, _ reference: Int, _ depth: Int, _ length: Int) -> Bool {
      let offset = table.bounds(of: entry).start + depth
      let referenceOffset = table.bounds(of: reference).start + depth
      for index in 0..<length where bytes[offset + index] != bytes[referenceOffset + index] {
        return true
      }
      return false
    }

    /// The end of the group of entries, from `start`, whose `length` bytes at `depth` are
    /// those of entry `start`: searched by doubling steps, then halving, so that a small group
    /// costs little in a long run.
    private func groupEnd(from start: Int, before end: Int, at depth: Int, length: Int) -> Int {
      var lastInGroup = start
      var probe = start + 1
      var step = 1
      while probe < end, !isBeyond(probe, start, depth, length) {
        lastInGroup = probe
        step *= 2
        probe = start + step
      }
      return firstEntry(in: (lastInGroup + 1)..<min(probe, end)) {
        self.isBeyond($0, start, depth, length)
      }
    }

    /// -1, 0 or 1 as the `length` bytes at `depth` of `entry` sort before, equal or after the
    /// `length` bytes of `encoded`, the first in its lowest byte.
    @inline(__always)
    private func compare(_ entry: Int, _ depth: Int, _ encoded: UInt32, _ length: Int) -> Int {
      let offset = table.bounds(of: entry).start + depth
      for index in 0..<length {
        let byte = bytes[offset + index]
        let expected = UInt8(truncatingIfNeeded: encoded >> (8 * UInt32(index)))
        if byte != expected { return byte < expected ? -1 : 1 }
      }
      return 0
    }

    /// The UTF-8 bytes of `scalar`, the first in the lowest byte, and how many there are.
    private func utf8(_ scalar: UInt32) -> (encoded: UInt32, length: Int) {
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

    /// The Unicode scalar whose UTF-8 starts at `offset`, and its length in bytes.
    @inline(__always)
    private func scalar(at offset: Int) -> (value: UInt32, length: Int) {
      let lead = UInt32(bytes[offset])
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

    @inline(__always)
    private func continuation(_ offset: Int) -> UInt32 {
      UInt32(bytes[offset]) & 0x3F
    }
  }
}
