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
/// Once a prefix has spent the budget, only a few fixed texts can follow it (the query's
/// remaining letters, from each cell at the budget, or after one swap): each is searched for
/// whole, so the texts below that prefix cost a binary search each, not a visit per letter.
/// The query's earlier words must match whole words of the text, each within its own budget;
/// its last word may match the start of a word, as a prefix.
///
/// - Complexity: proportional to the prefixes of the table that leave part of a budget unspent,
///   each costing O(*m*) for a word of *m* letters and O(log *r*) to find in a run of *r*
///   entries, and O(*m* log *r*) for each of the O(*m*) texts that may follow one that spends
///   it; not to the size of the table.
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
          // The query's UTF-8, and where each of its letters starts in it, the end last.
          withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * query.count) { queryBytes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: query.count + 1) { letterStart in
              var byteCount = 0
              for (index, letter) in query.enumerated() {
                letterStart[index] = byteCount
                if let scalar = Unicode.Scalar(letter) {
                  UTF8.encode(scalar) { byte in
                    queryBytes[byteCount] = byte
                    byteCount += 1
                  }
                }
              }
              letterStart[query.count] = byteCount
              return layout.words.withUnsafeBufferPointer { words in
                let walker = Walker(
                  table: table, bytes: bytes, words: words, maximumTypos: layout.maximumTypos,
                  query: query, queryBytes: UnsafeBufferPointer(queryBytes),
                  letterStart: UnsafeBufferPointer(letterStart), rows: rows, letters: letters)
                walker.run()
                return walker.matches
              }
            }
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

  /// A fixed text that may follow once a word's budget is spent: a swapped letter, if any,
  /// then the word's query letters from `from` on.
  struct Continuation {
    var swapped: UInt32?
    var from: Int
    /// The swapped letter's UTF-8, the first byte lowest, and its length; 0 without one.
    var swappedBytes: UInt32 = 0
    var swappedLength = 0
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
    /// The query's letters in UTF-8, and where each starts there, the end last.
    let queryBytes: UnsafeBufferPointer<UInt8>
    let letterStart: UnsafeBufferPointer<Int>
    /// Each word's rows of the edit-distance table, one per letter of text matched so far.
    let rows: UnsafeMutableBufferPointer<Int>
    /// Each word's letters of text matched so far, from index 1.
    let letters: UnsafeMutableBufferPointer<UInt32>
    var matches: [Match] = []

    init(
      table: Table, bytes: UnsafeBufferPointer<UInt8>, words: UnsafeBufferPointer<WordLayout>,
      maximumTypos: Int, query: UnsafeBufferPointer<UInt32>,
      queryBytes: UnsafeBufferPointer<UInt8>, letterStart: UnsafeBufferPointer<Int>,
      rows: UnsafeMutableBufferPointer<Int>, letters: UnsafeMutableBufferPointer<UInt32>
    ) {
      self.table = table
      self.bytes = bytes
      self.words = words
      self.maximumTypos = maximumTypos
      self.query = query
      self.queryBytes = queryBytes
      self.letterStart = letterStart
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

      if isLast, rowMinimum == budget, bestSoFar > budget {
        // Nothing matched yet and the budget is spent: only the query's remaining letters,
        // exactly, can follow, so they are searched for whole rather than letter by letter.
        followSpentBudget(
          entries, depth: depth, word: word, row: row, typosBefore: typosBefore, budget: budget)
        return
      }

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
      // The budget is spent: the word goes on with the query's remaining letters, exactly.
      followSpentBudget(
        rest, depth: depth, word: word, row: row, typosBefore: typosBefore, budget: budget)
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

    /// Finds, among `entries`, those that go on from `depth` bytes within `word`'s budget, the
    /// budget being spent (the least value of `row` is `budget`), and settles them: a match of
    /// the last word, or on to the next word after a space.
    ///
    /// Once the row's least value is the budget, every later row's is too, and only a path of
    /// exact letters keeps a value there: from each cell at the budget, the query's letters
    /// after it; or, where the text's last letter and the query letter before a cell can be
    /// swapped within the budget, that letter, then the query's letters from the cell on.
    /// Each such continuation is a fixed text, so the entries it reaches form one run, found by
    /// binary search instead of a visit per letter; each entry reached needs exactly the
    /// budget in this word.
    private func followSpentBudget(
      _ entries: Range<Int>, depth: Int, word: Int, row: Int, typosBefore: Int, budget: Int
    ) {
      guard !entries.isEmpty else { return }
      let layout = words[word]
      let width = layout.length + 1
      let current = layout.rowStart + row * width
      let isLast = word == words.count - 1
      withUnsafeTemporaryAllocation(of: Continuation.self, capacity: 2 * width) { buffer in
        var count = 0
        for column in 0..<layout.length where rows[current + column] <= budget {
          buffer[count] = Continuation(swapped: nil, from: column)
          count += 1
        }
        if row >= 1 {
          let lastLetter = letters[layout.letterStart + row]
          let previous = current - width
          for column in 2..<max(width, 2)
          where query[layout.queryStart + column - 1] == lastLetter
            && rows[previous + column - 2] + (column == 2 ? 2 : 1) <= budget
          {
            let swapped = query[layout.queryStart + column - 2]
            let (encoded, length) = utf8(swapped)
            buffer[count] = Continuation(
              swapped: swapped, from: column, swappedBytes: encoded, swappedLength: length)
            count += 1
          }
        }
        // Shortest first, so that a continuation another one starts with comes before it.
        for index in 1..<max(count, 1) {
          let continuation = buffer[index]
          var position = index
          while position > 0,
            letterCount(of: buffer[position - 1], in: layout)
              > letterCount(of: continuation, in: layout)
          {
            buffer[position] = buffer[position - 1]
            position -= 1
          }
          buffer[position] = continuation
        }
        for index in 0..<count {
          let continuation = buffer[index]
          // The last word's entries that start with an earlier continuation are found with
          // it, and an earlier word's entries cannot take two continuations; a repeat is left.
          let isCovered = (0..<index).contains { earlier in
            isPrefix(buffer[earlier], of: continuation, in: layout, orEqualOnly: !isLast)
          }
          if !isCovered {
            follow(
              continuation, in: entries, depth: depth, word: word, typosBefore: typosBefore,
              budget: budget)
          }
        }
      }
    }

    /// Settles the entries of `entries` whose text from `depth` bytes starts with
    /// `continuation` of `word`: a match with `typosBefore + budget` typos for the last word;
    /// for an earlier one, those whose word ends there go on to the next word.
    private func follow(
      _ continuation: Continuation, in entries: Range<Int>, depth: Int, word: Int,
      typosBefore: Int, budget: Int
    ) {
      let layout = words[word]
      let lower = firstEntry(in: entries) { self.compare($0, depth, continuation, layout) >= 0 }
      guard lower < entries.upperBound, compare(lower, depth, continuation, layout) == 0 else {
        return
      }
      let upper = firstEntry(in: (lower + 1)..<entries.upperBound) {
        self.compare($0, depth, continuation, layout) > 0
      }
      let typos = typosBefore + budget
      guard word < words.count - 1 else {
        if typos > 0 {
          matches.append(Match(entries: lower..<upper, typos: typos))
        }
        return
      }
      // The text's word must end where the continuation does: on to the next word.
      let end = depth + byteCount(of: continuation, in: layout)
      let longer = firstEntry(in: lower..<upper) { self.endsAfter($0, end) }
      let beyondSpace = firstEntry(in: longer..<upper) { self.isBeyondSpace($0, end) }
      guard longer < beyondSpace else { return }
      let next = word + 1
      visit(
        longer..<beyondSpace, depth: end + 1, word: next, row: 0, typosBefore: typos,
        bestSoFar: next == words.count - 1
          ? rows[words[next].rowStart + words[next].length] : Int.max, rowMinimum: 0)
    }

    /// The letters of `continuation` of a word laid out as `layout`.
    @inline(__always)
    private func letterCount(of continuation: Continuation, in layout: WordLayout) -> Int {
      (continuation.swapped == nil ? 0 : 1) + layout.length - continuation.from
    }

    /// Letter `index` of `continuation` of a word laid out as `layout`.
    @inline(__always)
    private func letter(
      _ index: Int, of continuation: Continuation, in layout: WordLayout
    ) -> UInt32 {
      guard let swapped = continuation.swapped else {
        return query[layout.queryStart + continuation.from + index]
      }
      return index == 0 ? swapped : query[layout.queryStart + continuation.from + index - 1]
    }

    /// The UTF-8 bytes of `continuation` of a word laid out as `layout`.
    @inline(__always)
    private func byteCount(of continuation: Continuation, in layout: WordLayout) -> Int {
      continuation.swappedLength + letterStart[layout.queryStart + layout.length]
        - letterStart[layout.queryStart + continuation.from]
    }

    /// Whether `continuation` starts with `earlier` (or, with `orEqualOnly`, equals it).
    private func isPrefix(
      _ earlier: Continuation, of continuation: Continuation, in layout: WordLayout,
      orEqualOnly: Bool
    ) -> Bool {
      let count = letterCount(of: earlier, in: layout)
      let otherCount = letterCount(of: continuation, in: layout)
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
      _ entry: Int, _ depth: Int, _ continuation: Continuation, _ layout: WordLayout
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
      var queryOffset = letterStart[layout.queryStart + continuation.from]
      let queryEnd = letterStart[layout.queryStart + layout.length]
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
