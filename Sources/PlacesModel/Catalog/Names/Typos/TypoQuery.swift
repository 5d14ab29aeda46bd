/// A folded query as ``TypoWalk`` matches it: its letters, their UTF-8, and where each word's
/// letters, edit-distance rows and matched text lie in the walk's flat buffers.
struct TypoQuery {
  /// Where one query word lies in the walk's buffers.
  struct Word {
    /// Its first letter in ``TypoQuery/letters``.
    var queryStart: Int
    /// Its letters.
    var length: Int
    /// The typos it may take: ``TypoWalk/budget(forLength:)``, at most the query's maximum.
    var budget: Int
    /// Its first row's first value in the walk's rows: `length + 1` values a row.
    var rowStart: Int
    /// Its first letter of matched text in the walk's text letters.
    var letterStart: Int
    /// The most rows it may need: a text longer than `length + budget + 1` letters cannot
    /// match it.
    var rowLimit: Int
    /// Its first slot in the walk's buffer of continuations: `2 * (length + 1)` slots.
    var continuationStart: Int

    /// The values of one of its rows.
    var width: Int { length + 1 }
  }

  /// The words, in order.
  let words: [Word]
  /// The most typos of the whole query.
  let maximumTypos: Int
  /// Every word's letters, one after another, as Unicode scalar values.
  let letters: [UInt32]
  /// The letters' UTF-8, one after another.
  let bytes: [UInt8]
  /// Where each letter starts in ``bytes``, and the end last.
  let byteStart: [Int]
  /// The values of all words' rows together.
  let rowCount: Int
  /// The letters of matched text of all words together.
  let textLetterCount: Int
  /// The continuations of all words together.
  let continuationCount: Int

  /// The layout of `words`, the folded query's words as Unicode scalar values.
  init(words: [[UInt32]], maximumTypos: Int) {
    self.maximumTypos = maximumTypos
    var layouts: [Word] = []
    var queryCount = 0
    var rowCount = 0
    var textLetterCount = 0
    var continuationCount = 0
    for word in words {
      let budget = min(TypoWalk.budget(forLength: word.count), maximumTypos)
      let limit = word.count + budget + 2
      layouts.append(
        Word(
          queryStart: queryCount, length: word.count, budget: budget, rowStart: rowCount,
          letterStart: textLetterCount, rowLimit: limit, continuationStart: continuationCount))
      queryCount += word.count
      rowCount += limit * (word.count + 1)
      textLetterCount += limit
      continuationCount += 2 * (word.count + 1)
    }
    self.words = layouts
    self.rowCount = rowCount
    self.textLetterCount = textLetterCount
    self.continuationCount = continuationCount
    letters = words.flatMap { $0 }
    var bytes: [UInt8] = []
    var byteStart: [Int] = []
    for letter in letters {
      byteStart.append(bytes.count)
      if let scalar = Unicode.Scalar(letter) {
        bytes.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
      }
    }
    byteStart.append(bytes.count)
    self.bytes = bytes
    self.byteStart = byteStart
  }
}
