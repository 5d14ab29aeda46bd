/// An in-memory terminal screen: a grid of cells that front ends draw into, and that a
/// ``ScreenRenderer`` turns into the output that shows it.
///
/// Coordinates are zero-based columns (`x`) and rows (`y`) from the top left. Drawing outside
/// the screen is clipped, never an error. A wide character (see ``DisplayWidth``) takes its cell
/// and the next one, which becomes its continuation; drawing over either half of a wide
/// character blanks the other half, so the grid never holds half a character. Control
/// characters are drawn as `�`, and characters of width 0 on their own (a lone combining mark)
/// are skipped.
struct ScreenBuffer: Equatable, Sendable {
  /// The number of columns.
  let width: Int
  /// The number of rows.
  let height: Int
  /// The cells, row by row.
  private(set) var cells: [ScreenCell]

  /// Creates a blank screen of `width` columns and `height` rows (negative sizes count as 0).
  init(width: Int, height: Int) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The cell at column `x`, row `y`; blank outside the screen.
  subscript(x: Int, y: Int) -> ScreenCell {
    contains(x: x, y: y) ? cells[y * width + x] : .blank
  }

  /// Whether column `x`, row `y` is on the screen.
  func contains(x: Int, y: Int) -> Bool {
    (0..<width).contains(x) && (0..<height).contains(y)
  }

  // MARK: - Drawing

  /// Blanks every cell, in `style`.
  mutating func clear(style: TextStyle = .plain) {
    let cell = ScreenCell(character: " ", style: style, isWideContinuation: false)
    for index in cells.indices {
      cells[index] = cell
    }
  }

  /// Fills a rectangle with spaces in `style`, clipped to the screen.
  mutating func fill(x: Int, y: Int, width: Int, height: Int, style: TextStyle) {
    let columns = Self.clamped(x..<x + max(width, 0), to: self.width)
    for row in Self.clamped(y..<y + max(height, 0), to: self.height) {
      for column in columns {
        put(" ", x: column, y: row, style: style)
      }
    }
  }

  private static func clamped(_ range: Range<Int>, to count: Int) -> Range<Int> {
    let lower = min(max(range.lowerBound, 0), count)
    return lower..<min(max(range.upperBound, lower), count)
  }

  /// Draws `text` from column `x` of row `y`, in at most `maxWidth` columns (to the screen's
  /// right edge when `nil`), cut with `…` when it does not fit; returns the columns used.
  @discardableResult
  mutating func draw(
    _ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: TextStyle = .plain
  ) -> Int {
    let available = min(maxWidth ?? (width - x), width - x)
    guard available > 0, (0..<height).contains(y) else { return 0 }
    var column = x
    for character in DisplayWidth.truncated(Self.printable(text), toWidth: available) {
      let characterWidth = DisplayWidth.of(character)
      guard characterWidth > 0 else { continue }
      put(character, x: column, y: y, style: style)
      column += characterWidth
    }
    return column - x
  }

  /// Puts `character` in the cell at column `x`, row `y` (and the next, if it is wide).
  ///
  /// A wide character that would cross the right edge is drawn as a space; a cell outside
  /// the screen is ignored.
  mutating func put(_ character: Character, x: Int, y: Int, style: TextStyle) {
    guard contains(x: x, y: y) else { return }
    var character = character
    var characterWidth = DisplayWidth.of(character)
    if characterWidth == 2, x + 1 >= width {
      character = " "
      characterWidth = 1
    }
    breakWideCharacter(at: x, y: y)
    cells[y * width + x] = ScreenCell(character: character, style: style, isWideContinuation: false)
    if characterWidth == 2 {
      breakWideCharacter(at: x + 1, y: y)
      cells[y * width + x + 1] = ScreenCell(character: " ", style: style, isWideContinuation: true)
    }
  }

  /// Blanks the other half of a wide character one of whose halves is at `x`.
  private mutating func breakWideCharacter(at x: Int, y: Int) {
    let cell = self[x, y]
    if cell.isWideContinuation, x > 0 {
      cells[y * width + x - 1] = ScreenCell(
        character: " ", style: self[x - 1, y].style, isWideContinuation: false)
      cells[y * width + x].isWideContinuation = false
    } else if x + 1 < width, self[x + 1, y].isWideContinuation {
      cells[y * width + x + 1] = ScreenCell(
        character: " ", style: self[x + 1, y].style, isWideContinuation: false)
    }
  }

  /// `text` with control characters replaced by `�`.
  private static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return String(
      String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  // MARK: - Reading

  /// The characters of row `y`, each wide character once, trailing spaces kept.
  func text(ofRow y: Int) -> String {
    var text = ""
    for x in 0..<width where !self[x, y].isWideContinuation {
      text.append(self[x, y].character)
    }
    return text
  }

  /// Every row's text, top to bottom.
  var lines: [String] {
    (0..<height).map(text(ofRow:))
  }
}
