import Testing

@testable import places_cli

struct ScreenRendererTests {
  private static let escape = "\u{1B}"

  @Test func theFirstFrameClearsAndWritesOnlyNonBlankCells() {
    var renderer = ScreenRenderer()
    var screen = ScreenBuffer(width: 5, height: 2)
    screen.draw("ab", x: 1, y: 1)

    let output = renderer.render(screen)

    #expect(output == "\(Self.escape)[0m\(Self.escape)[2J\(Self.escape)[2;2Hab")
  }

  @Test func aChangeOfOneCellWritesOnlyThatCell() {
    var renderer = ScreenRenderer()
    var screen = ScreenBuffer(width: 20, height: 5)
    screen.draw("Stockholm", x: 2, y: 1)
    _ = renderer.render(screen)

    screen.put("X", x: 7, y: 3, style: .plain)
    let output = renderer.render(screen)

    #expect(output == "\(Self.escape)[4;8HX")
  }

  @Test func anUnchangedFrameWritesNothing() {
    var renderer = ScreenRenderer()
    var screen = ScreenBuffer(width: 10, height: 3)
    screen.draw("Paris", x: 0, y: 0, style: TextStyle(isBold: true))
    _ = renderer.render(screen)

    #expect(renderer.render(screen) == "")
  }

  @Test func adjacentChangesShareOneCursorMoveAndStylesAreSetWhenTheyChange() {
    var renderer = ScreenRenderer()
    var screen = ScreenBuffer(width: 10, height: 3)
    _ = renderer.render(screen)
    let highlight = TextStyle(isInverse: true)

    screen.draw("ab", x: 3, y: 2, style: highlight)
    screen.draw("c", x: 5, y: 2)
    let output = renderer.render(screen)

    #expect(output == "\(Self.escape)[3;4H\(Self.escape)[0;7mab\(Self.escape)[0mc")
  }

  @Test func aWideCharacterIsWrittenOnceAndMovesTheCursorTwoColumns() {
    var renderer = ScreenRenderer()
    var screen = ScreenBuffer(width: 10, height: 1)
    _ = renderer.render(screen)

    screen.draw("東x", x: 0, y: 0)
    let output = renderer.render(screen)

    #expect(output == "\(Self.escape)[1;1H東x")
  }

  @Test func aResizeRedrawsEverything() {
    var renderer = ScreenRenderer()
    var small = ScreenBuffer(width: 4, height: 2)
    small.draw("ab", x: 0, y: 0)
    _ = renderer.render(small)

    var large = ScreenBuffer(width: 6, height: 3)
    large.draw("ab", x: 0, y: 0)
    let output = renderer.render(large)

    #expect(output == "\(Self.escape)[0m\(Self.escape)[2J\(Self.escape)[1;1Hab")
  }

  @Test func applyingTheOutputToAModelTerminalGivesTheScreen() {
    var renderer = ScreenRenderer()
    var screen = ScreenBuffer(width: 12, height: 4)
    var terminal = ModelTerminal(width: 12, height: 4)
    for (step, name) in ["Stockholm", "Malmö", "東京", "São Paulo", "Oslo"].enumerated() {
      screen.clear()
      screen.draw(name, x: step, y: step % 4)
      screen.draw("#", x: 11, y: 3)
      terminal.apply(renderer.render(screen))

      #expect(terminal.lines == screen.lines, "after drawing \(name)")
    }
  }

  @Test func withoutColourOnlyTheAttributesAreWritten() {
    var screen = ScreenBuffer(width: 3, height: 1)
    screen.put("a", x: 0, y: 0, style: TextStyle(foreground: .bright(7), background: .basic(1)))
    screen.put("b", x: 1, y: 0, style: TextStyle(background: .indexed(17), isInverse: true))
    var renderer = ScreenRenderer()
    renderer.usesColour = false

    let output = renderer.render(screen)

    #expect(output == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Ha\u{1B}[0;7mb")
  }
}
