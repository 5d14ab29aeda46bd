import Testing

@testable import places_cli

struct InputDecoderTests {
  @Test(arguments: [
    ("\u{1B}[A", KeyEvent.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OD", .left), ("\u{1B}[1;5A", .up), ("\u{1B}[5~", .pageUp),
    ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home),
    ("\u{1B}[4~", .end), ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab), ("\r", .enter),
    ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{3}", .control("c")),
    ("q", .character("q")), ("/", .character("/")), ("+", .character("+")),
    ("ö", .character("ö")), ("東", .character("東")), ("😀", .character("😀")),
    ("\u{1B}[<0;5;3M", .mouse(MouseEvent(button: .left, x: 4, y: 2, isRelease: false))),
    ("\u{1B}[<0;5;3m", .mouse(MouseEvent(button: .left, x: 4, y: 2, isRelease: true))),
    ("\u{1B}[<64;1;1M", .mouse(MouseEvent(button: .wheelUp, x: 0, y: 0, isRelease: false))),
    ("\u{1B}[<2;80;24M", .mouse(MouseEvent(button: .right, x: 79, y: 23, isRelease: false))),
  ])
  func eachSequenceIsOneEvent(input: String, event: KeyEvent) {
    var decoder = InputDecoder()

    #expect(decoder.decode(Array(input.utf8)) == [event])
    #expect(!decoder.hasPendingInput)
  }

  @Test func aSequenceSplitAcrossReadsIsKeptUntilItIsWhole() {
    var decoder = InputDecoder()
    let bytes = Array("\u{1B}[6~ö".utf8)

    var events: [KeyEvent] = []
    for byte in bytes {
      events += decoder.decode([byte])
    }

    #expect(events == [.pageDown, .character("ö")])
  }

  @Test func aLoneEscapeIsTheEscapeKeyOnceNothingFollows() {
    var decoder = InputDecoder()

    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.hasPendingInput)
  }

  @Test func escapeFollowedByAKeyIsBothKeys() {
    var decoder = InputDecoder()

    #expect(
      decoder.decode(Array("\u{1B}\u{1B}[Aq\u{1B}x".utf8)) == [
        .escape, .up, .character("q"), .escape, .character("x"),
      ])
  }

  @Test func aDragIsReportedAsMotionWithItsButton() {
    var decoder = InputDecoder()

    #expect(
      decoder.decode(Array("\u{1B}[<32;7;4M".utf8)) == [
        .mouse(MouseEvent(button: .left, x: 6, y: 3, isRelease: false, isMotion: true))
      ])
  }

  @Test func unknownSequencesAndMouseMotionWithoutAButtonAreSkippedWhole() {
    var decoder = InputDecoder()

    #expect(
      decoder.decode(Array("\u{1B}[200~a\u{1B}[<35;3;3Mb\u{1B}OPc".utf8)) == [
        .character("a"), .character("b"), .character("c"),
      ])
  }

  @Test func invalidUTF8BecomesReplacementCharacters() {
    var decoder = InputDecoder()

    #expect(
      decoder.decode([0xFF, 0x61, 0xC3, 0x28]) == [
        .character("\u{FFFD}"), .character("a"), .character("\u{FFFD}"), .character("("),
      ])
    #expect(decoder.decode([0xE6, 0x9D]) == [])
    #expect(decoder.flush() == [.character("\u{FFFD}")])
  }

  @Test func typingAQueryGivesItsCharacters() {
    var decoder = InputDecoder()

    let events = decoder.decode(Array("/São Paulo\r".utf8))

    #expect(events.first == .character("/"))
    #expect(events.last == .enter)
    #expect(
      String(
        events.dropFirst().dropLast().compactMap {
          if case .character(let character) = $0 { character } else { nil }
        }) == "São Paulo")
  }
}
