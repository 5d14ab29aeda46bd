import PlacesModel

/// Reads the shown rows by name of a ``ListRows`` under a filter, remembering where the last
/// read was, so that the rows a screen shows, read one after another, cost O(*k*) each after
/// the first instead of a selection each.
final class FilteredNameReader {
  /// The shown rows.
  let rows: FilteredNameRows
  /// The shown row read last, its name row, and the positions in each run after it.
  private var last: (row: Int, nameRow: Int, positions: [Int])?

  init(_ rows: FilteredNameRows) {
    self.rows = rows
  }

  var count: Int { rows.count }

  /// The name row of shown row `row`.
  ///
  /// - Precondition: `0 <= row < count`.
  func nameRow(atRow row: Int) -> Int {
    if let last, last.row == row {
      return last.nameRow
    }
    if var positions = last?.positions, let previous = last?.row, previous + 1 == row {
      let nameRow = rows.nextNameRow(advancing: &positions)
      last = (row, nameRow, positions)
      return nameRow
    }
    let nameRow = rows.nameRow(atRow: row)
    last = (row, nameRow, rows.positions(after: nameRow))
    return nameRow
  }
}
