import PlacesModel
import ViewModels

/// The list panel of `browse`: the rows its ``ListViewModel`` gives, reading only those on
/// screen, with the selected row highlighted and a cursor the keys move.
final class TerminalListView: ListViewDelegate {
  /// The rows, as last reloaded.
  private(set) var rows = ListRows()
  /// Their order.
  private(set) var order = ListOrder.name
  /// The row of the selected place.
  private(set) var highlightedRow: Int?
  /// The row the keys point at; Enter taps it.
  private(set) var cursorRow = 0
  /// The first row on screen.
  private(set) var topRow = 0
  /// How many rows the panel shows, as last laid out.
  private(set) var visibleRowCount = 10

  private static let rowStyle = TextStyle.plain
  private static let highlightStyle = TextStyle(isBold: true, isInverse: true)
  private static let headerStyle = TextStyle(isBold: true, isUnderlined: true)

  // MARK: - ListViewDelegate

  func reloadRows(_ rows: ListRows, order: ListOrder) {
    self.rows = rows
    self.order = order
    highlightedRow = nil
    cursorRow = 0
    topRow = 0
  }

  func highlightRow(at row: Int) {
    highlightedRow = row
    cursorRow = row
  }

  func scrollToRow(at row: Int, animated: Bool) {
    scroll(toShow: row)
  }

  func clearHighlight() {
    highlightedRow = nil
  }

  // MARK: - Cursor

  /// Moves the cursor by `offset` rows, staying within the rows, and scrolls it into view.
  func moveCursor(by offset: Int) {
    guard !rows.isEmpty else { return }
    cursorRow = min(max(cursorRow + offset, 0), rows.count - 1)
    scroll(toShow: cursorRow)
  }

  /// Takes the number of rows the panel shows, keeping the cursor in view.
  func resize(visibleRows: Int) {
    visibleRowCount = max(visibleRows, 1)
    scroll(toShow: cursorRow)
  }

  private func scroll(toShow row: Int) {
    if row < topRow {
      topRow = row
    } else if row >= topRow + visibleRowCount {
      topRow = row - visibleRowCount + 1
    }
    topRow = max(min(topRow, rows.count - visibleRowCount), 0)
  }

  /// The row drawn on line `line` of the panel's rows (0 is the first under the header);
  /// `nil` when no row is drawn there.
  func row(onLine line: Int) -> Int? {
    let row = topRow + line
    guard line >= 0, line < visibleRowCount, rows.indices.contains(row) else { return nil }
    return row
  }

  // MARK: - Drawing

  /// Draws a header and the rows on screen into the rectangle at `x`, `y` of `width` by
  /// `height` cells; `isFocused` marks the cursor.
  ///
  /// - Complexity: Reads only the rows on screen.
  func draw(
    into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int, isFocused: Bool
  ) {
    let header =
      order == .distance
      ? "Places, nearest first (\(rows.count))" : "Places by name (\(rows.count))"
    screen.fill(x: x, y: y, width: width, height: 1, style: Self.headerStyle)
    screen.draw(header, x: x + 1, y: y, maxWidth: width - 2, style: Self.headerStyle)
    for line in 0..<max(height - 1, 0) {
      guard let index = row(onLine: line) else { break }
      let row = rows[index]
      let style = index == highlightedRow ? Self.highlightStyle : Self.rowStyle
      let lineY = y + 1 + line
      screen.fill(x: x, y: lineY, width: width, height: 1, style: style)
      if isFocused, index == cursorRow {
        screen.put("›", x: x, y: lineY, style: style)
      }
      let detail = row.distance.map(Self.kilometres) ?? (row.country ?? "")
      let detailWidth = DisplayWidth.of(detail)
      screen.draw(row.name, x: x + 1, y: lineY, maxWidth: width - 3 - detailWidth, style: style)
      screen.draw(detail, x: x + width - 1 - detailWidth, y: lineY, style: style)
    }
  }

  /// A distance in metres as whole kilometres, or metres under one kilometre.
  static func kilometres(_ metres: Double) -> String {
    metres < 1_000 ? "\(Int(metres.rounded())) m" : "\(Int((metres / 1_000).rounded())) km"
  }
}
