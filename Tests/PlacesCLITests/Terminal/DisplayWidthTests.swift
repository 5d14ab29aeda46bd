import Testing

@testable import places_cli

struct DisplayWidthTests {
  @Test(
    arguments: [
      ("a", 1), ("é", 1), ("e\u{301}", 1), ("東", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2),
      ("😀", 2), ("✈", 1), ("✈\u{FE0F}", 2), ("🇸🇪", 2), ("👩‍👩‍👧", 2), ("\u{301}", 0),
      ("\u{200B}", 0), ("\u{7}", 0), ("Я", 1), ("ก", 1),
    ] as [(Character, Int)])
  func charactersTakeTheirDisplayWidth(character: Character, width: Int) {
    #expect(DisplayWidth.of(character) == width)
  }

  @Test(arguments: [
    ("Stockholm", 9), ("Malmö", 5), ("東京", 4), ("Xi’an", 5), ("São Paulo", 9), ("", 0),
    ("서울특별시", 10),
  ])
  func textTakesTheSumOfItsCharacters(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
  }

  @Test(arguments: [
    ("Stockholm", 9, "Stockholm"),
    ("Stockholm", 6, "Stock…"),
    ("Stockholm", 1, "…"),
    ("Stockholm", 0, ""),
    ("東京都", 5, "東京…"),
    ("東京都", 4, "東…"),
    ("東京都", 6, "東京都"),
    ("São Paulo", 4, "São…"),
  ])
  func truncationNeverExceedsTheWidth(text: String, width: Int, truncated: String) {
    let result = DisplayWidth.truncated(text, toWidth: width)

    #expect(result == truncated)
    #expect(DisplayWidth.of(result) <= max(width, 0))
  }
}
