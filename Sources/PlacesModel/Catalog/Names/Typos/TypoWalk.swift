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
/// Where to read: ``TypoWalker`` walks (`visit` is the step at one prefix), `fillRow` is the
/// edit-distance row, `TypoWalker+SpentBudget.swift` the searches once a budget is spent,
/// `TypoWalker+Trie.swift` the table read as a trie, ``TypoQuery`` the query's layout.
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
    let walker = TypoWalker(
      table: table, bytes: bytes, query: TypoQuery(words: words, maximumTypos: maximumTypos))
    walker.run()
    return walker.matches
  }
}
