/// The rows of the catalog sorted by name that a ``CategoryFilter`` shows, numbered from 0 in
/// the same order: the list's rows under a filter, read from ``CategoryNameRuns`` without
/// merging or copying them.
///
/// The shown row `i` is the name row that has exactly `i` shown rows before it: a selection
/// over the shown categories' sorted runs, by a binary search of the name rows.
package struct FilteredNameRows: Sendable {
  /// The rows of each shown category, ascending; none empty.
  private let runs: [[Int32]]
  /// The number of rows of the whole name order.
  private let nameRowCount: Int
  /// The number of shown rows.
  package let count: Int

  init(runs: [[Int32]], nameRowCount: Int) {
    self.runs = runs
    self.nameRowCount = nameRowCount
    count = runs.reduce(0) { $0 + $1.count }
  }

  /// The name row of shown row `row`.
  ///
  /// - Precondition: `0 <= row < count`.
  /// - Complexity: O(1) with one shown category; else O(*k* log² *n*) for *k* shown categories.
  package func nameRow(atRow row: Int) -> Int {
    precondition(row >= 0 && row < count, "row \(row) is not in 0..<\(count)")
    if runs.count == 1 {
      return Int(runs[0][row])
    }
    // The least name row with more than `row` shown rows at or before it.
    var low = 0
    var high = nameRowCount - 1
    while low < high {
      let middle = low + (high - low) / 2
      if numberOfRows(before: middle + 1) > row {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return low
  }

  /// The shown row of name row `nameRow`, which must be shown.
  ///
  /// - Complexity: O(*k* log *n*).
  package func row(ofNameRow nameRow: Int) -> Int {
    numberOfRows(before: nameRow)
  }

  /// The shown rows of `nameRows`, ascending name rows the filter shows, in the same order.
  ///
  /// - Complexity: O(*m* *k* log *n*) for *m* rows, or one pass over the shown rows, O(*s* +
  ///   *m* *k*), when that is less.
  package func rows(ofNameRows nameRows: [Int32]) -> [Int] {
    let logarithm = Int.bitWidth - max(1, count).leadingZeroBitCount
    guard nameRows.count * logarithm > count else {
      return nameRows.map { numberOfRows(before: Int($0)) }
    }
    // Each run once, counting its rows before each name row in turn.
    var rows = [Int](repeating: 0, count: nameRows.count)
    for run in runs {
      var before = 0
      for (index, nameRow) in nameRows.enumerated() {
        while before < run.count, run[before] < nameRow {
          before += 1
        }
        rows[index] += before
      }
    }
    return rows
  }

  /// The positions in each run of the first row after `nameRow`.
  ///
  /// - Complexity: O(*k* log *n*).
  package func positions(after nameRow: Int) -> [Int] {
    let bound = Int32(clamping: nameRow)
    return runs.map { run in run.indices.partitioningIndex { run[$0] > bound } }
  }

  /// The name row that follows, among the shown rows, the one before `positions` (see
  /// ``positions(after:)``), advancing `positions` past it.
  ///
  /// - Precondition: a shown row follows.
  /// - Complexity: O(*k*).
  package func nextNameRow(advancing positions: inout [Int]) -> Int {
    var best = -1
    for index in runs.indices where positions[index] < runs[index].count {
      if best < 0 || runs[index][positions[index]] < runs[best][positions[best]] {
        best = index
      }
    }
    precondition(best >= 0, "a shown row follows")
    positions[best] += 1
    return Int(runs[best][positions[best] - 1])
  }

  /// The number of shown rows before name row `nameRow`.
  private func numberOfRows(before nameRow: Int) -> Int {
    let bound = Int32(clamping: nameRow)
    return runs.reduce(0) { sum, run in sum + run.indices.partitioningIndex { run[$0] >= bound } }
  }
}
