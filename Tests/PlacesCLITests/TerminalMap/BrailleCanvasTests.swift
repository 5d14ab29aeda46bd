import Testing
import ViewModels

@testable import places_cli

struct BrailleCanvasTests {
  @Test(
    arguments: [
      (0, 0, "\u{2801}"), (0, 1, "\u{2802}"), (0, 2, "\u{2804}"), (0, 3, "\u{2840}"),
      (1, 0, "\u{2808}"), (1, 1, "\u{2810}"), (1, 2, "\u{2820}"), (1, 3, "\u{2880}"),
    ] as [(Int, Int, Character)])
  func eachDotHasItsBraillePattern(x: Int, y: Int, character: Character) {
    var canvas = BrailleCanvas(columns: 1, rows: 1)

    canvas.setDot(x: x, y: y)

    #expect(canvas.character(column: 0, row: 0) == character)
  }

  @Test func aCellWithEveryDotIsTheFullPatternAndOneWithNoneIsEmpty() {
    var canvas = BrailleCanvas(columns: 2, rows: 1)
    for x in 0..<2 {
      for y in 0..<4 { canvas.setDot(x: x, y: y) }
    }
    canvas.setDot(x: 9, y: 9)  // outside: ignored

    #expect(canvas.character(column: 0, row: 0) == "\u{28FF}")
    #expect(canvas.character(column: 1, row: 0) == nil)
  }

  @Test func fillingARectangleSetsTheDotsWhoseCentresAreInside() {
    var canvas = BrailleCanvas(columns: 3, rows: 2)

    canvas.fillPolygon([
      [
        MapPoint(x: 4, y: 4), MapPoint(x: 16, y: 4), MapPoint(x: 16, y: 24),
        MapPoint(x: 4, y: 24),
      ]
    ])

    for y in 0..<8 {
      for x in 0..<6 {
        #expect(canvas.isDotSet(x: x, y: y) == ((1..<4).contains(x) && (1..<6).contains(y)))
      }
    }
  }

  @Test func aHoleIsLeftEmptyWhateverTheWinding() {
    var canvas = BrailleCanvas(columns: 5, rows: 3)
    let outer = [
      MapPoint(x: 0, y: 0), MapPoint(x: 40, y: 0), MapPoint(x: 40, y: 48),
      MapPoint(x: 0, y: 48),
    ]
    let hole = [
      MapPoint(x: 12, y: 12), MapPoint(x: 12, y: 36), MapPoint(x: 28, y: 36),
      MapPoint(x: 28, y: 12),
    ]

    canvas.fillPolygon([outer, hole])

    #expect(canvas.isDotSet(x: 1, y: 1))
    #expect(!canvas.isDotSet(x: 5, y: 6))
    #expect(canvas.isDotSet(x: 8, y: 10))
  }

  @Test func aPolygonPartlyOutsideIsClipped() {
    var canvas = BrailleCanvas(columns: 1, rows: 1)

    canvas.fillPolygon([
      [
        MapPoint(x: -400, y: -400), MapPoint(x: 400, y: -400),
        MapPoint(x: 400, y: 400),
        MapPoint(x: -400, y: 400),
      ]
    ])

    #expect(canvas.character(column: 0, row: 0) == "\u{28FF}")
  }

  @Test func drawingIntoAScreenLeavesEmptyCellsAlone() {
    var canvas = BrailleCanvas(columns: 3, rows: 1)
    canvas.setDot(x: 0, y: 0)
    canvas.setDot(x: 5, y: 3)
    var screen = ScreenBuffer(width: 5, height: 1)
    screen.draw("abcde", x: 0, y: 0)

    canvas.draw(into: &screen, x: 1, y: 0, style: .plain)

    #expect(screen.lines == ["a\u{2801}c\u{2880}e"])
  }
}
