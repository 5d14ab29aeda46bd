/// A key press, or a mouse click, read from the terminal.
enum KeyEvent: Equatable, Sendable {
  /// A printable character.
  case character(Character)
  /// The arrow keys.
  case up, down, left, right
  /// Page Up and Page Down.
  case pageUp, pageDown
  /// Home and End.
  case home, end
  /// Return or Enter.
  case enter
  /// Escape on its own.
  case escape
  /// Tab, and Shift-Tab.
  case tab, backTab
  /// Backspace, and Delete (forward).
  case backspace, delete
  /// Control and a letter: `c` for Control-C.
  case control(Character)
  /// A mouse button or wheel event, where the terminal reports them.
  case mouse(MouseEvent)
}

/// A mouse event, as reported in the SGR mouse protocol.
struct MouseEvent: Equatable, Sendable {
  /// Which button.
  enum Button: Equatable, Sendable {
    case left, middle, right, wheelUp, wheelDown, other
  }

  /// The button pressed or released.
  var button: Button
  /// The zero-based column of the cell.
  var x: Int
  /// The zero-based row of the cell.
  var y: Int
  /// Whether the button was released rather than pressed.
  var isRelease: Bool
  /// Whether the pointer moved with the button held (a drag), rather than the button changing.
  var isMotion = false
}
