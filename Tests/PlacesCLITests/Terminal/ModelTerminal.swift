@testable import places_cli

/// A terminal that understands just what `places-cli` writes: cursor moves, clearing, styles
/// and modes (both ignored) and characters, wide ones taking two cells; it shows what a real
/// terminal would show.
struct ModelTerminal {
  private var screen: ScreenBuffer
  private var x = 0
  private var y = 0

  /// A blank terminal of `width` by `height`.
  init(width: Int, height: Int) {
    screen = ScreenBuffer(width: width, height: height)
  }

  /// The text of each row.
  var lines: [String] { screen.lines }

  /// Applies `output`, which must end between sequences.
  mutating func apply(_ output: String) {
    var characters = output[...]
    while let character = characters.popFirst() {
      guard character == "\u{1B}" else {
        screen.put(character, x: x, y: y, style: .plain)
        x += DisplayWidth.of(character)
        continue
      }
      guard characters.popFirst() == "[" else { continue }
      var parameters = ""
      while let next = characters.popFirst() {
        guard next.isLetter else {
          parameters.append(next)
          continue
        }
        if next == "H" {
          let numbers = parameters.split(separator: ";").compactMap { Int($0) }
          y = (numbers.first ?? 1) - 1
          x = (numbers.dropFirst().first ?? 1) - 1
        } else if next == "J" {
          screen = ScreenBuffer(width: screen.width, height: screen.height)
        }
        break
      }
    }
  }
}
