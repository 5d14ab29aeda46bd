import PlacesModel
import PlacesModelTestSupport
import Testing

/// The keys that sort names decide only what `String`'s `<` decides, and the order by name
/// built with them equals a sort of whole names, for names whose canonical form differs from
/// their bytes.
struct NameSortKeyTests {
  /// Pieces of names that canonical equivalence treats alike or that compose: a precomposed
  /// and a decomposed é, the Kelvin sign (canonically K), the Greek question mark
  /// (canonically ;), Hangul jamo that compose into a syllable, a NUL, a combining mark alone.
  static let pieces = [
    "a", "b", "e", "K", "z", " ", ";", "\u{0}", "\u{E9}", "e\u{301}", "\u{301}", "\u{212A}",
    "\u{37E}", "\u{1100}", "\u{1161}", "\u{AC00}", "Å", "A\u{30A}", "\u{1F600}", "San", "Saint",
    "ab", "abcdefgh", "ÿ",
  ]

  static func randomNames(count: Int, seed: UInt64) -> [String] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }.joined()
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func keysDecideOnlyWhatWholeNamesDecide(seed: UInt64) {
    let names = Self.randomNames(count: 400, seed: seed)
    let keys = names.map(NameSortKey.init)
    var decided = 0
    for left in names.indices {
      for right in names.indices {
        guard let isBefore = NameSortKey.order(keys[left], keys[right]) else { continue }
        decided += 1
        #expect(
          isBefore == (names[left] < names[right]),
          "\(names[left].unicodeScalars.map(\.value)) vs \(names[right].unicodeScalars.map(\.value))"
        )
      }
    }
    // The keys decide a good share of pairs, though most pieces are not ASCII.
    #expect(decided > names.count * names.count / 8)
  }

  @Test func keysHoldOnlyTheBytesCanonicalFormsShare() {
    // `e` followed by a combining acute is `é` in canonical form: it is not a sure byte.
    #expect(NameSortKey.order(NameSortKey("e\u{301}x"), NameSortKey("\u{E9}a")) == nil)
    #expect(NameSortKey.order(NameSortKey("ze\u{301}"), NameSortKey("zf")) == nil)
    #expect(NameSortKey.order(NameSortKey("ye\u{301}"), NameSortKey("zf")) == true)
    // The Kelvin sign is `K` in canonical form.
    #expect(NameSortKey.order(NameSortKey("\u{212A}b"), NameSortKey("Ka")) == nil)
    // A name that ends orders before a longer one with the same start.
    #expect(NameSortKey.order(NameSortKey("Sal"), NameSortKey("Sala")) == true)
    #expect(NameSortKey.order(NameSortKey("abcdefghi"), NameSortKey("abcdefghj")) == nil)
  }

  @Test(arguments: [4, 5] as [UInt64])
  func theOrderByNameEqualsASortOfWholeNames(seed: UInt64) throws {
    let names = Self.randomNames(count: 3_000, seed: seed)
    let places = names.enumerated().map { offset, name in
      Place(
        id: offset.isMultiple(of: 3) ? PlaceID("id \(offset)") : PlaceID(offset * 7 % 3_001),
        name: name, coordinate: .fixture(0, 0))
    }
    let catalog = try PlaceCatalog(places)
    let sorted = places.sorted { $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id }
    #expect((0..<catalog.count).map { catalog.place(atNameRow: $0).id } == sorted.map(\.id))
  }
}
