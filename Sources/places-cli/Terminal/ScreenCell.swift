/// One character cell of a terminal screen.
struct ScreenCell: Hashable, Sendable {
  /// The character drawn; a space for an empty cell.
  var character: Character
  /// How it is drawn.
  var style: TextStyle
  /// Whether this cell is the right half of a wide character drawn in the cell to its left.
  var isWideContinuation: Bool

  /// A space in the plain style.
  static let blank = ScreenCell(character: " ", style: .plain, isWideContinuation: false)
}
