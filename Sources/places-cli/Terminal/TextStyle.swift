/// How a cell's character is drawn: colours and attributes, as SGR escape sequences set them.
struct TextStyle: Hashable, Sendable {
  /// The character's colour; `nil` is the terminal's default.
  var foreground: TerminalColor?
  /// The cell's colour; `nil` is the terminal's default.
  var background: TerminalColor?
  /// Bold, or bright, text.
  var isBold = false
  /// Faint text.
  var isDim = false
  /// Underlined text.
  var isUnderlined = false
  /// Foreground and background swapped: the usual highlight.
  var isInverse = false

  /// The terminal's default look.
  static let plain = TextStyle()

  /// The style without its foreground and background colours.
  var withoutColour: TextStyle {
    var style = self
    style.foreground = nil
    style.background = nil
    return style
  }

  /// The escape sequence that sets exactly this style, whatever was set before.
  var escapeSequence: String {
    var parameters = ["0"]
    if isBold { parameters.append("1") }
    if isDim { parameters.append("2") }
    if isUnderlined { parameters.append("4") }
    if isInverse { parameters.append("7") }
    if let foreground { parameters.append(foreground.parameters(background: false)) }
    if let background { parameters.append(background.parameters(background: true)) }
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}

/// A colour a terminal can show.
enum TerminalColor: Hashable, Sendable {
  /// One of the 8 basic colours, 0 (black) to 7 (white).
  case basic(UInt8)
  /// The bright variant of a basic colour, 0 to 7.
  case bright(UInt8)
  /// One of the 256 indexed colours.
  case indexed(UInt8)

  /// The SGR parameters that select this colour for the text or, if `background`, the cell.
  func parameters(background: Bool) -> String {
    switch self {
    case .basic(let colour): "\((background ? 40 : 30) + Int(colour % 8))"
    case .bright(let colour): "\((background ? 100 : 90) + Int(colour % 8))"
    case .indexed(let colour): "\(background ? 48 : 38);5;\(colour)"
    }
  }
}
