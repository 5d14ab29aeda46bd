/// A list of entries gathered in any order, sorted only when it was not gathered in order:
/// a search's results, which mostly come in index order (see
/// ``ClusterLevel/entries(west:east:yRange:)`` and the searches of a level's patch).
struct AscendingEntries {
  private var entries: [Int]
  private var isAscending = true

  /// The entries of `ascending`, in its order, which must be ascending.
  init(_ ascending: [Int] = []) {
    entries = ascending
  }

  /// Adds `entry` after those gathered so far.
  mutating func append(_ entry: Int) {
    if let last = entries.last, last > entry { isAscending = false }
    entries.append(entry)
  }

  /// The entries, ascending.
  func sorted() -> [Int] {
    isAscending ? entries : entries.sorted()
  }
}
