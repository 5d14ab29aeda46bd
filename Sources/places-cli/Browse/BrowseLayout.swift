/// Where the panels of `browse` sit in a terminal of a given size: the title on the first row,
/// the status on the last, the map on the left and the list above the card on the right.
struct BrowseLayout: Equatable {
  /// The terminal's size in cells.
  let width: Int
  let height: Int
  /// The map panel's size in cells; it starts at column 0, row 1.
  let mapColumns: Int
  let mapRows: Int
  /// The side panels' first column and width.
  let sideX: Int
  let sideWidth: Int
  /// The list panel's height, its header included; it starts at row 1.
  let listRows: Int
  /// The card panel's first row and height.
  let cardY: Int
  let cardRows: Int

  /// The smallest terminal the screen is drawn in.
  static let minimumSize = (width: 40, height: 12)

  /// Lays out a terminal of `width` by `height` cells.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    sideWidth = min(max(width * 2 / 5, 20), 40)
    mapColumns = max(width - sideWidth - 1, 0)
    sideX = mapColumns + 1
    mapRows = max(height - 2, 0)
    cardRows = min(7, mapRows / 2)
    listRows = max(mapRows - cardRows, 0)
    cardY = 1 + listRows
  }

  /// Whether the terminal is large enough to draw the screen.
  var isLargeEnough: Bool {
    width >= Self.minimumSize.width && height >= Self.minimumSize.height
  }
}
