/// One walk of ``TypoWalk``: a table, a query, the buffers of the edit-distance rows, and the
/// matches found so far.
///
/// The walk is a depth-first visit of the table read as a trie (``visit(_:_:)``): each step is
/// a run of entries that share a prefix, with the row of the query word's edit-distance table
/// for that prefix. The buffers are allocated once for the walk and read through unsafe
/// pointers, since they are read in its innermost loops.
final class TypoWalker<Table: TypoWalkTable> {
  /// Where the walk is: a run's shared prefix and what it has matched.
  struct Prefix {
    /// The bytes the run's entries share.
    var depth: Int
    /// The query word being matched.
    var word: Int
    /// The letters of text matched against `word`: the row of its table in use.
    var row: Int
    /// The typos the earlier words took.
    var typosBefore: Int
    /// For the last word, the fewest typos of any prefix of this text word (the least value
    /// of the rows' last column so far); `Int.max` for an earlier word.
    var bestSoFar: Int
    /// The least value of the row.
    var rowMinimum: Int
  }

  let table: Table
  /// The bytes the table's texts are in.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The query's words, letters and their UTF-8.
  let query: TypoQuery
  let words: UnsafeMutableBufferPointer<TypoQuery.Word>
  let letters: UnsafeMutableBufferPointer<UInt32>
  let queryBytes: UnsafeMutableBufferPointer<UInt8>
  let byteStart: UnsafeMutableBufferPointer<Int>
  /// Each word's rows of the edit-distance table, one per letter of text matched so far.
  let rows: UnsafeMutableBufferPointer<Int>
  /// Each word's letters of text matched so far, from index 1.
  let textLetters: UnsafeMutableBufferPointer<UInt32>
  /// Each word's continuations once its budget is spent (see `TypoWalker+SpentBudget.swift`).
  let continuations: UnsafeMutableBufferPointer<TypoContinuation>
  /// The matches found so far.
  private(set) var matches: [TypoWalk.Match] = []

  /// A walk of `table`, whose texts are in `bytes`, for `query`.
  init(table: Table, bytes: UnsafeBufferPointer<UInt8>, query: TypoQuery) {
    self.table = table
    self.bytes = bytes
    self.query = query
    words = .copy(of: query.words)
    letters = .copy(of: query.letters)
    queryBytes = .copy(of: query.bytes)
    byteStart = .copy(of: query.byteStart)
    rows = .allocate(capacity: query.rowCount)
    rows.initialize(repeating: 0)
    textLetters = .allocate(capacity: query.textLetterCount)
    textLetters.initialize(repeating: 0)
    continuations = .allocate(capacity: query.continuationCount)
    // Row 0 of each word: its letters deleted, the first costing two.
    for word in query.words {
      for column in 1..<word.width {
        rows[word.rowStart + column] = rows[word.rowStart + column - 1] + (column == 1 ? 2 : 1)
      }
    }
  }

  deinit {
    words.deallocate()
    letters.deallocate()
    queryBytes.deallocate()
    byteStart.deallocate()
    rows.deallocate()
    textLetters.deallocate()
    continuations.deallocate()
  }

  /// Walks the whole table.
  func run() {
    visit(0..<table.count, start(ofWord: 0, depth: 0, typosBefore: 0))
  }

  /// Records `entries` as a match with `typos` typos, if that is within `budget` of the last
  /// word after `typosBefore`, and needs a typo at all.
  @inline(__always)
  func record(_ entries: Range<Int>, wordTypos: Int, after typosBefore: Int, budget: Int) {
    let typos = typosBefore + wordTypos
    if wordTypos <= budget, typos > 0, !entries.isEmpty {
      matches.append(TypoWalk.Match(entries: entries, typos: typos))
    }
  }

  // MARK: - The walk

  /// Visits the run of `entries` that share their first `prefix.depth` bytes.
  ///
  /// In order: a run that no longer text can improve is settled whole; a run that spent the
  /// last word's budget goes to the searches for its few continuations; otherwise the
  /// entries whose text or word ends here are settled (a match of the last word, or on to the
  /// next word), and the longer ones visited letter by letter.
  func visit(_ entries: Range<Int>, _ prefix: Prefix) {
    let budget = self.budget(at: prefix)
    let isLast = isLastWord(prefix.word)
    if isLast {
      if settlesWhole(entries, prefix, budget: budget) { return }
      if prefix.rowMinimum == budget, prefix.bestSoFar > budget {
        // Nothing matched yet and the budget is spent: only the query's remaining letters,
        // exactly, can follow, so they are searched for whole rather than letter by letter.
        followSpentBudget(entries, prefix, budget: budget)
        return
      }
    } else if prefix.rowMinimum > budget {
      return  // An earlier word must end within its budget, which this row exceeds.
    }
    let (longer, beyondSpace) = splitByEnd(entries, at: prefix.depth)
    if isLast {
      record(
        entries.lowerBound..<beyondSpace, wordTypos: prefix.bestSoFar,
        after: prefix.typosBefore, budget: budget)
    } else {
      enterNextWord(longer..<beyondSpace, after: prefix, budget: budget)
    }
    visitLongerTexts(beyondSpace..<entries.upperBound, prefix, budget: budget)
  }

  /// Settles the whole run of the last word, a match if this prefix is one, when no longer
  /// prefix can need fewer typos; returns whether it did.
  private func settlesWhole(_ entries: Range<Int>, _ prefix: Prefix, budget: Int) -> Bool {
    guard prefix.rowMinimum >= prefix.bestSoFar || prefix.rowMinimum > budget else {
      return false
    }
    record(entries, wordTypos: prefix.bestSoFar, after: prefix.typosBefore, budget: budget)
    return true
  }

  /// Goes on to the next query word with `entries`, whose text word ends after
  /// `prefix.depth` bytes, if the query word ends there within its budget too.
  private func enterNextWord(_ entries: Range<Int>, after prefix: Prefix, budget: Int) {
    let wordTypos = rows[rowOffset(of: prefix) + words[prefix.word].length]
    guard wordTypos <= budget, !entries.isEmpty else { return }
    visit(
      entries,
      start(
        ofWord: prefix.word + 1, depth: prefix.depth + 1,
        typosBefore: prefix.typosBefore + wordTypos))
  }

  /// Visits the entries of `entries`, all longer than `prefix.depth` bytes and none at a
  /// space, by their next letter; once the budget is spent, searches for the continuations
  /// instead.
  private func visitLongerTexts(_ entries: Range<Int>, _ prefix: Prefix, budget: Int) {
    guard prefix.row + 1 < words[prefix.word].rowLimit, !entries.isEmpty else { return }
    guard prefix.rowMinimum < budget else {
      // The budget is spent: the word goes on with the query's remaining letters, exactly.
      followSpentBudget(entries, prefix, budget: budget)
      return
    }
    var start = entries.lowerBound
    while start < entries.upperBound {
      let (letter, letterLength) = scalar(at: table.bounds(of: start).start + prefix.depth)
      let end = groupEnd(
        from: start, before: entries.upperBound, at: prefix.depth, length: letterLength)
      visitChild(start..<end, letter: letter, letterLength: letterLength, of: prefix)
      start = end
    }
  }

  /// Visits the group of entries whose next letter after `parent`'s prefix is `letter`, with
  /// the next row of the word's table.
  @inline(__always)
  private func visitChild(
    _ entries: Range<Int>, letter: UInt32, letterLength: Int, of parent: Prefix
  ) {
    var child = parent
    child.row += 1
    child.depth += letterLength
    child.rowMinimum = fillRow(child.row, of: child.word, letter: letter)
    if isLastWord(child.word) {
      child.bestSoFar = min(
        child.bestSoFar, rows[rowOffset(of: child) + words[child.word].length])
    }
    visit(entries, child)
  }

  // MARK: - Rows

  /// The prefix at the start of query word `word`, after `depth` bytes and `typosBefore`
  /// typos: row 0, its letters deleted.
  func start(ofWord word: Int, depth: Int, typosBefore: Int) -> Prefix {
    let layout = words[word]
    return Prefix(
      depth: depth, word: word, row: 0, typosBefore: typosBefore,
      bestSoFar: isLastWord(word) ? rows[layout.rowStart + layout.length] : Int.max,
      rowMinimum: 0)
  }

  /// Whether `word` is the query's last word, which may match the start of a text word.
  @inline(__always)
  func isLastWord(_ word: Int) -> Bool {
    word == words.count - 1
  }

  /// The typos `prefix`'s word may still take: its budget, at most what the earlier words left.
  @inline(__always)
  func budget(at prefix: Prefix) -> Int {
    min(words[prefix.word].budget, query.maximumTypos - prefix.typosBefore)
  }

  /// Where the row of `prefix` starts in ``rows``.
  @inline(__always)
  func rowOffset(of prefix: Prefix) -> Int {
    let layout = words[prefix.word]
    return layout.rowStart + prefix.row * layout.width
  }

  /// Computes row `row` of `word`'s table from the rows before it, for text letter `letter`,
  /// and returns its least value.
  @inline(__always)
  private func fillRow(_ row: Int, of word: Int, letter: UInt32) -> Int {
    let layout = words[word]
    let width = layout.width
    let queryStart = layout.queryStart
    textLetters[layout.letterStart + row] = letter
    let current = layout.rowStart + row * width
    let previous = current - width
    let previousLetter = row >= 2 ? textLetters[layout.letterStart + row - 1] : nil
    // A letter of text before the query's first: a typo at the first letter.
    rows[current] = rows[previous] + 2
    var minimum = rows[current]
    for column in 1..<width {
      let cost = column == 1 ? 2 : 1
      let queryLetter = letters[queryStart + column - 1]
      var value = rows[previous + column - 1] + (queryLetter == letter ? 0 : cost)
      value = min(value, rows[current + column - 1] + cost)
      value = min(value, rows[previous + column] + 1)
      if let previousLetter, column >= 2, letters[queryStart + column - 2] == letter,
        queryLetter == previousLetter, queryLetter != letter
      {
        // The two letters swapped: one typo from two rows back.
        value = min(value, rows[previous - width + column - 2] + (column == 2 ? 2 : 1))
      }
      rows[current + column] = value
      minimum = min(minimum, value)
    }
    return minimum
  }
}

extension UnsafeMutableBufferPointer {
  /// A buffer allocated and initialised with the elements of `array`; deallocate it.
  fileprivate static func copy(of array: [Element]) -> Self {
    let buffer = allocate(capacity: array.count)
    _ = buffer.initialize(from: array)
    return buffer
  }
}
