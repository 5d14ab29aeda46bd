import PlacesModel
import ViewModels

/// The search panel of `browse`: the query being typed and the matches of its
/// ``SearchScreenState``, drawn into a screen.
///
/// The screen state is the ``SearchViewModel``'s view: the view model writes the matches and the
/// highlight, and the panel only reads them, keeping just its own cursor; the map, the list and
/// the card follow a chosen match through their own view models.
final class TerminalSearchPanel {
  /// The matches and the highlight the view model commands; attach it as the view model's view.
  let state = SearchScreenState()
  /// The match the arrow keys point at.
  private(set) var cursorIndex = 0

  /// Puts the cursor on the highlighted match, or on the first: call it once the view model has
  /// the new query's matches.
  func resetCursor() {
    cursorIndex = state.highlightedMatch ?? 0
  }

  /// The match drawn on `row` of the screen by the last ``draw(field:isEditing:into:x:y:width:height:)``.
  func match(onRow row: Int, rows: [Int: Int]) -> Int? {
    rows.first { $0.value == row }?.key
  }

  /// Moves the cursor by `offset` matches, staying within them.
  func moveCursor(by offset: Int) {
    guard !state.matches.isEmpty else { return }
    cursorIndex = min(max(cursorIndex + offset, 0), state.matches.count - 1)
  }

  /// Draws the search field, with its cursor while editing, and the matches into `screen` in
  /// the rectangle at `x`, `y` of `width` by `height` cells; returns the row of each match
  /// drawn, by index.
  @discardableResult
  func draw(
    field: SearchField, isEditing: Bool, into screen: inout ScreenBuffer,
    x: Int, y: Int, width: Int, height: Int
  ) -> [Int: Int] {
    let query = field.text
    let panel = TextStyle(background: .basic(0))
    screen.fill(x: x, y: y, width: width, height: height, style: panel)
    let (before, after) = field.parts
    let prompt = "/ " + before + (isEditing ? "▏" : "") + after
    screen.draw(prompt, x: x + 1, y: y, maxWidth: width - 2, style: TextStyle(isBold: true))
    let matches = state.matches
    let names = matches.map { $0.place.name + " " + ($0.place.country ?? "") }
    var rows: [Int: Int] = [:]
    for (index, match) in matches.enumerated() {
      let row = y + 1 + index
      guard row < y + height else { break }
      var style = panel
      style.isInverse = index == cursorIndex
      style.isBold = index == state.highlightedMatch
      screen.fill(x: x, y: row, width: width, height: 1, style: style)
      let country = match.place.country.map { " " + $0 } ?? ""
      var detail =
        match.distance.map { Self.kilometres($0) }
        ?? (match.place.population.map { Self.count($0) } ?? "")
      if PlaceDistinction.hasNamesake(at: index, in: names) {
        detail = PlaceDistinction.position(of: match.place.coordinate, before: detail)
      }
      let detailWidth = DisplayWidth.of(detail)
      screen.draw(
        match.place.name + country, x: x + 1, y: row, maxWidth: width - 3 - detailWidth,
        style: style)
      screen.draw(detail, x: x + width - 1 - detailWidth, y: row, style: style)
      rows[index] = row
    }
    if matches.isEmpty, !query.isEmpty, height > 1 {
      screen.draw(
        "no match", x: x + 1, y: y + 1, maxWidth: width - 2, style: TextStyle(isDim: true))
    }
    return rows
  }

  private static func kilometres(_ metres: Double) -> String {
    "\(Int((metres / 1_000).rounded())) km"
  }

  private static func count(_ population: Int) -> String {
    switch population {
    case 1_000_000...: "\((Double(population) / 100_000).rounded() / 10)M"
    case 1_000...: "\(population / 1_000)k"
    default: "\(population)"
    }
  }
}
