/// A drawing surface of dots, 2 wide and 4 high per terminal cell, shown with Unicode braille
/// patterns (U+2800 to U+28FF).
///
/// Dots are addressed from the top left: dot (x, y) lies in column x / 2, row y / 4. Setting a
/// dot outside the canvas does nothing.
struct BrailleCanvas: Equatable, Sendable {
  /// The width, in terminal columns.
  let columns: Int
  /// The height, in terminal rows.
  let rows: Int
  /// The dots of each cell, as the low 8 bits of its braille pattern.
  private var cells: [UInt8]

  /// Creates an empty canvas of `columns` by `rows` cells.
  init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    cells = Array(repeating: 0, count: self.columns * self.rows)
  }

  /// The width, in dots.
  var dotWidth: Int { columns * 2 }
  /// The height, in dots.
  var dotHeight: Int { rows * 4 }

  /// The bit of each dot of a cell, by column then row, as Unicode numbers braille dots 1 to 8.
  private static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

  /// Sets the dot at (`x`, `y`).
  mutating func setDot(x: Int, y: Int) {
    guard (0..<dotWidth).contains(x), (0..<dotHeight).contains(y) else { return }
    cells[(y / 4) * columns + x / 2] |= Self.bits[x % 2][y % 4]
  }

  /// Whether the dot at (`x`, `y`) is set; `false` outside the canvas.
  func isDotSet(x: Int, y: Int) -> Bool {
    guard (0..<dotWidth).contains(x), (0..<dotHeight).contains(y) else { return false }
    return cells[(y / 4) * columns + x / 2] & Self.bits[x % 2][y % 4] != 0
  }

  /// The braille character of the cell at `column`, `row`, or `nil` when none of its dots is
  /// set.
  func character(column: Int, row: Int) -> Character? {
    guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
    let pattern = cells[row * columns + column]
    guard pattern != 0, let scalar = Unicode.Scalar(0x2800 + UInt32(pattern)) else { return nil }
    return Character(scalar)
  }

  /// Draws the cells with dots into `screen` with their top left at `x`, `y`, in `style`,
  /// leaving the cells without dots as they are.
  func draw(into screen: inout ScreenBuffer, x: Int, y: Int, style: TextStyle) {
    for row in 0..<rows {
      for column in 0..<columns {
        if let character = character(column: column, row: row) {
          screen.put(character, x: x + column, y: y + row, style: style)
        }
      }
    }
  }
}
