import Testing

@testable import places_cli

struct SearchFieldTests {
  private static func field(_ text: String, keys: [KeyEvent]) -> SearchField {
    var field = SearchField(text)
    for key in keys {
      let isEditingKey = field.handle(key)
      #expect(isEditingKey)
    }
    return field
  }

  @Test(arguments: [
    ("san paulo", [KeyEvent.control("w")], "san ", 4),
    ("san paulo ", [.control("w")], "san ", 4),
    ("san paulo", [.control("u")], "", 0),
    ("san paulo", [.home, .right, .right, .right, .character("o")], "sano paulo", 4),
    ("san paulo", [.left, .left, .left, .left, .control("k")], "san p", 5),
    ("san paulo", [.control("a"), .delete, .character("S")], "San paulo", 1),
    ("san paulo", [.control("a"), .control("e"), .backspace], "san paul", 8),
    ("são", [.left, .backspace], "so", 1),
    ("", [.backspace, .delete, .left, .control("w"), .control("u")], "", 0),
  ])
  func editingKeysEditAsInAShell(text: String, keys: [KeyEvent], result: String, cursor: Int) {
    let field = Self.field(text, keys: keys)

    #expect(field.text == result)
    #expect(field.cursor == cursor)
  }

  @Test func otherKeysAreLeftToTheCaller() {
    var field = SearchField("x")

    let enter = field.handle(.enter)
    let up = field.handle(.up)

    #expect(!enter && !up)
    #expect(field == SearchField("x"))
  }
}
