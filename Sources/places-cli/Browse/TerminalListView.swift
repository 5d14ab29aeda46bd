import PlacesModel
import ViewModels

/// The list panel of `browse`: the rows of its ``ListScreenState``, reading only those on
/// screen, with the highlighted row marked and a cursor the keys move.
///
/// The screen state is the ``ListViewModel``'s view: the view model writes the rows, their order
/// and the highlight, and the panel only reads them, keeping just what is its own: the cursor,
/// the first row on screen and how many rows fit. ``followState()`` brings those in line with
/// the state: a scroll the view model asks for moves the cursor to its row, and a new order
/// puts the cursor back on the highlighted row, or the first.
final class TerminalListView {
  /// The rows, their order and the highlight the view model commands; attach it as the view
  /// model's view.
  let state = ListScreenState()
  /// The row the keys point at; Enter taps it.
  private(set) var cursorRow = 0
  /// The first row on screen.
  private(set) var topRow = 0
  /// How many rows the panel shows, as last laid out.
  private(set) var visibleRowCount = 10
  /// The order the cursor was last placed for.
  private var followedOrder = ListOrder.name
  /// Finds a row's place, to tell apart rows of the same name by where they are.
  var placeWithID: (Place.ID) -> Place? = { _ in nil }

  private static let rowStyle = TextStyle.plain
  private static let highlightStyle = TextStyle(isBold: true, isInverse: true)
  private static let headerStyle = TextStyle(isBold: true, isUnderlined: true)

  // MARK: - Following the state

  /// Brings the cursor in line with the state, which the view model may have changed.
  ///
  /// After a change of order the cursor goes back to the highlighted row, or the first; a scroll
  /// the view model asked for moves it to its row. It always ends on a row, in view.
  func followState() {
    if state.order != followedOrder {
      followedOrder = state.order
      cursorRow = state.highlightedRow ?? 0
      topRow = 0
    }
    if let request = state.takePendingScroll() {
      cursorRow = request.row
    }
    cursorRow = min(max(cursorRow, 0), max(state.rows.count - 1, 0))
    scroll(toShow: cursorRow)
  }

  // MARK: - Cursor

  /// Moves the cursor by `offset` rows, staying within the rows, and scrolls it into view.
  func moveCursor(by offset: Int) {
    guard !state.rows.isEmpty else { return }
    cursorRow = min(max(cursorRow + offset, 0), state.rows.count - 1)
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
    topRow = max(min(topRow, state.rows.count - visibleRowCount), 0)
  }

  /// The row drawn on line `line` of the panel's rows (0 is the first under the header);
  /// `nil` when no row is drawn there.
  func row(onLine line: Int) -> Int? {
    let row = topRow + line
    guard line >= 0, line < visibleRowCount, state.rows.indices.contains(row) else { return nil }
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
    let rows = state.rows
    let header =
      state.order == .distance
      ? "Places, nearest first (\(rows.count))" : "Places by name (\(rows.count))"
    screen.fill(x: x, y: y, width: width, height: 1, style: Self.headerStyle)
    screen.draw(header, x: x + 1, y: y, maxWidth: width - 2, style: Self.headerStyle)
    for line in 0..<max(height - 1, 0) {
      guard let index = row(onLine: line) else { break }
      let row = rows[index]
      let style = index == state.highlightedRow ? Self.highlightStyle : Self.rowStyle
      let lineY = y + 1 + line
      screen.fill(x: x, y: lineY, width: width, height: 1, style: style)
      if isFocused, index == cursorRow {
        screen.put("›", x: x, y: lineY, style: style)
      }
      var detail = row.distance.map(Self.kilometres) ?? (row.country ?? "")
      let hasNamesake =
        (index > 0 && rows[index - 1].name == row.name)
        || (index + 1 < rows.count && rows[index + 1].name == row.name)
      if hasNamesake, let place = placeWithID(row.id) {
        detail = PlaceDistinction.position(of: place.coordinate, before: detail)
      }
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
