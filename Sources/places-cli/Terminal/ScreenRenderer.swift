/// Turns successive frames of a ``ScreenBuffer`` into the terminal output that shows them,
/// writing only the cells that changed since the frame before.
///
/// The first frame, and the first after ``invalidate()`` or a change of size, clears the
/// screen and writes every cell that is not blank; later frames move the cursor to each changed
/// cell (skipping the move when the cursor is already there) and set the style only when it
/// changes, so nothing flickers and a one-cell change costs a few bytes. The renderer
/// remembers where it left the cursor and which style is set, from frame to frame.
struct ScreenRenderer {
  /// Whether colours are written; without them (`NO_COLOR`) bold, dim, underline and inverse
  /// still are.
  var usesColour = true
  private var previous: ScreenBuffer?
  private var cursor: (x: Int, y: Int)?
  private var style: TextStyle?

  /// Creates a renderer whose first frame redraws everything.
  init() {}

  /// Makes the next frame redraw everything: after a resize, or when something else drew on
  /// the terminal.
  mutating func invalidate() {
    previous = nil
    cursor = nil
    style = nil
  }

  /// The output that turns the terminal from the last frame into `screen`.
  ///
  /// - Complexity: O(*w* × *h*) to compare the cells; the output is proportional to the
  ///   cells that changed.
  mutating func render(_ screen: ScreenBuffer) -> String {
    var output = ""
    let before: ScreenBuffer
    if let previous, previous.width == screen.width, previous.height == screen.height {
      before = previous
    } else {
      output += "\u{1B}[0m\u{1B}[2J"
      style = .plain
      cursor = nil
      before = ScreenBuffer(width: screen.width, height: screen.height)
    }
    for y in 0..<screen.height {
      for x in 0..<screen.width {
        let cell = screen[x, y]
        guard !cell.isWideContinuation, cell != before[x, y] else { continue }
        if cursor?.x != x || cursor?.y != y {
          output += "\u{1B}[\(y + 1);\(x + 1)H"
        }
        let cellStyle = usesColour ? cell.style : cell.style.withoutColour
        if style != cellStyle {
          output += cellStyle.escapeSequence
          style = cellStyle
        }
        output.append(cell.character)
        let next = x + max(DisplayWidth.of(cell.character), 1)
        // At the right edge the terminal's cursor waits to wrap: its place is unknown.
        cursor = next < screen.width ? (next, y) : nil
      }
    }
    previous = screen
    return output
  }
}
