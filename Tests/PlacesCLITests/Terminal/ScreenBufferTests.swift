import Testing

@testable import places_cli

struct ScreenBufferTests {
  @Test func textIsDrawnWhereAskedAndClippedAtTheEdge() {
    var screen = ScreenBuffer(width: 10, height: 2)

    let used = screen.draw("Hello", x: 7, y: 1)

    #expect(used == 3)
    #expect(screen.lines == ["          ", "       He…"])
  }

  @Test func wideCharactersTakeTwoCellsAndKeepTheLayout() {
    var screen = ScreenBuffer(width: 8, height: 1)

    screen.draw("東京|", x: 0, y: 0)

    #expect(screen.lines == ["東京|   "])
    #expect(screen[0, 0].character == "東")
    #expect(screen[1, 0].isWideContinuation)
    #expect(screen[4, 0].character == "|")
  }

  @Test func aWideCharacterThatWouldCrossTheEdgeBecomesASpace() {
    var screen = ScreenBuffer(width: 3, height: 1)

    screen.put("東", x: 2, y: 0, style: .plain)

    #expect(screen.lines == ["   "])
  }

  @Test func drawingOverHalfAWideCharacterBlanksTheOtherHalf() {
    var screen = ScreenBuffer(width: 6, height: 1)
    screen.draw("東京", x: 0, y: 0)

    screen.put("x", x: 1, y: 0, style: .plain)  // the right half of 東
    screen.put("y", x: 2, y: 0, style: .plain)  // the left half of 京

    #expect(screen.lines == [" xy   "])
    #expect(!(0..<6).contains { screen[$0, 0].isWideContinuation })
  }

  @Test func nameOfAnyScriptFitsItsColumnsExactly() {
    var screen = ScreenBuffer(width: 12, height: 3)

    screen.draw("서울특별시청", x: 1, y: 0, maxWidth: 6)
    screen.draw("São Paulo", x: 1, y: 1, maxWidth: 6)
    screen.draw("Xi’an", x: 1, y: 2, maxWidth: 6)
    screen.draw("|", x: 7, y: 0)
    screen.draw("|", x: 7, y: 1)
    screen.draw("|", x: 7, y: 2)

    #expect(screen.lines == [" 서울… |    ", " São P…|    ", " Xi’an |    "])
    for line in screen.lines {
      #expect(DisplayWidth.of(line) == 12)
    }
  }

  @Test func controlCharactersAreShownAsReplacementCharacters() {
    var screen = ScreenBuffer(width: 5, height: 1)

    screen.draw("a\u{1B}[2J", x: 0, y: 0)

    #expect(screen.lines == ["a�[2J"])
  }

  @Test func fillPaintsARectangleClippedToTheScreen() {
    var screen = ScreenBuffer(width: 4, height: 3)
    let highlight = TextStyle(isInverse: true)

    screen.fill(x: 2, y: -1, width: 5, height: 3, style: highlight)

    let styled = (0..<3).flatMap { y in (0..<4).map { x in screen[x, y].style == highlight } }
    #expect(
      styled == [false, false, true, true, false, false, true, true, false, false, false, false])
  }
}
