import PlacesModel
import PlacesModelTestSupport
import Testing

struct PlaceNameIndexTests {
  private static func place(
    _ id: Place.ID, _ name: String, population: Int? = nil,
    at coordinate: Coordinate = .fixture(0, 0)
  ) -> Place {
    Place(id: id, name: name, coordinate: coordinate, population: population)
  }

  @Test func findsNamesRegardlessOfCaseAndDiacritics() {
    let index = PlaceNameIndex(places: [
      Self.place(1, "Malmö"), Self.place(2, "São Paulo"), Self.place(3, "Paris"),
    ])

    #expect(index.found(for: "malmo", near: nil, limit: 10).map(\.id) == [1])
    #expect(index.found(for: "MALMÖ", near: nil, limit: 10).map(\.id) == [1])
    #expect(index.found(for: "sao paulo", near: nil, limit: 10).map(\.id) == [2])
    #expect(index.found(for: "paulo", near: nil, limit: 10).map(\.id) == [2])
  }

  @Test func matchesOnlyAtTheStartOfAWord() {
    let index = PlaceNameIndex(places: [Self.place(1, "Stockholm"), Self.place(2, "Södertälje")])

    #expect(index.found(for: "holm", near: nil, limit: 10).isEmpty)
    #expect(index.found(for: "talje", near: nil, limit: 10).isEmpty)
    #expect(index.found(for: "s", near: nil, limit: 10).count == 2)
  }

  @Test func ranksExactNamesThenNamePrefixesThenWordPrefixes() {
    let index = PlaceNameIndex(places: [
      Self.place(1, "Port Louis", population: 900),
      Self.place(2, "Louisville", population: 600),
      Self.place(3, "Louis", population: 1),
      Self.place(4, "Saint-Louis", population: 800),
    ])

    let matches = index.found(for: "louis", near: nil, limit: 10)

    #expect(matches.map(\.id) == [3, 2, 1, 4])
    #expect(matches.map(\.kind) == [.exactName, .namePrefix, .wordPrefix, .wordPrefix])
  }

  @Test func tiesGoToTheMostPopulousThenByFoldedNameThenByID() {
    let index = PlaceNameIndex(places: [
      Self.place(5, "Springfield", population: 100),
      Self.place(4, "Springdale", population: 100),
      Self.place(3, "Spring Hill", population: 2_000),
      Self.place(2, "Springfield", population: 100),
      Self.place(1, "Spring Valley"),
    ])

    let matches = index.found(for: "spr", near: nil, limit: 10)

    #expect(matches.map(\.id) == [3, 4, 2, 5, 1])
    #expect(matches.allSatisfy { $0.distance == nil })
  }

  @Test func tiesGoToTheNearestWhenALocationIsGiven() throws {
    let index = PlaceNameIndex(places: [
      Self.place(1, "Springfield", population: 1_000_000, at: .fixture(39.80, -89.64)),
      Self.place(2, "Springfield", population: 10, at: .fixture(42.10, -72.59)),
      Self.place(3, "Springfield", population: 5_000, at: .fixture(37.21, -93.29)),
    ])
    let boston = Coordinate.fixture(42.36, -71.06)

    let matches = index.found(for: "springfield", near: boston, limit: 10)

    #expect(matches.map(\.id) == [2, 1, 3])
    let distances = try matches.map { try #require($0.distance) }
    #expect(distances == matches.map { boston.distance(to: $0.place.coordinate) })
  }

  @Test func placesAtTheSameSpotKeepCatalogOrderWithinAKind() {
    let spot = Coordinate.fixture(41.15, -8.58333)
    let index = PlaceNameIndex(places: [
      Self.place(9, "Vila B", at: spot), Self.place(8, "Vila A", at: spot),
      Self.place(7, "Vilá A", at: spot), Self.place(6, "Vila", at: spot),
    ])

    // The exact name first, then the prefixes in the package's one nearest-first order:
    // at one distance, by catalog position.
    #expect(index.found(for: "vila", near: .fixture(0, 0), limit: 10).map(\.id) == [6, 9, 8, 7])
  }

  @Test func aPlaceMatchingInSeveralWordsIsListedOnceWithItsBestKind() {
    let index = PlaceNameIndex(places: [
      Self.place(1, "San Sebastián de los San Pedros"), Self.place(2, "Los Santos de San Juan"),
    ])

    for origin in [nil, Coordinate.fixture(10, 10)] {
      let matches = index.found(for: "san", near: origin, limit: 10)
      #expect(matches.map(\.id) == [1, 2])
      #expect(matches.map(\.kind) == [.namePrefix, .wordPrefix])
    }
  }

  @Test func limitKeepsTheBestMatches() {
    let places = (1...50).map { Self.place(Place.ID($0), "Town \($0)", population: $0) }
    let index = PlaceNameIndex(places: places)

    #expect(index.found(for: "town", near: nil, limit: 3).map(\.id) == [50, 49, 48])
    #expect(index.found(for: "town", near: nil, limit: 0).isEmpty)
    #expect(index.found(for: "town", near: nil, limit: -1).isEmpty)
  }

  @Test(arguments: ["", " ", "-", "’", "zzz", "malmxx", "malmoes"])
  func queriesWithoutMatchesFindNothing(query: String) {
    let index = PlaceNameIndex(places: [Self.place(1, "Malmö"), Self.place(2, "-")])

    #expect(index.found(for: query, near: nil, limit: 10).isEmpty)
  }

  @Test func anEmptyCatalogFindsNothing() {
    #expect(PlaceNameIndex(places: []).found(for: "a", near: nil, limit: 10).isEmpty)
  }

  // MARK: - Typos

  @Test(arguments: [
    ("Stockholm", "stokholm", true),  // 8 letters, one insertion
    ("Stockholm", "stockhlom", true),  // 9 letters, one transposition
    ("Stockholm", "stokcholm", true),  // a transposition is one typo
    ("Stockholm", "stokhol", true),  // a prefix with a typo
    ("Stockholm", "tockholm", false),  // the first letter deleted: two typos in 8 letters
    ("Stockholm", "xtockholm", true),  // the first letter replaced: two typos, 9 letters
    ("Stockholm", "stuckhalm", true),  // two typos in 9 letters
    ("Stockholm", "stuckhal", false),  // two typos in 8 letters
    ("Saturday", "satuday", true),
    ("Saturday", "sutuday", false),
    ("Saturday", "caturday", false),  // a typo at the first letter counts two
    ("Seven Oaks", "sevem", true),
    ("Seven Oaks", "sevan", true),
    ("Two Rivers", "tow", false),  // no typo under 5 letters
    ("Göteborg", "goteburg", true),
    ("Malmö", "malmoe", true),
    ("San Francisco", "san fransisco", true),
    ("San Francisco", "san fransis", true),
    ("San Francisco", "sna francisco", false),  // no typo in a word of 3 letters
    ("San Francisco", "san francisko bay", false),  // a word the name does not have
    ("São Paulo", "paullo", true),  // a later word
    ("Port Louis", "port lousi", true),
    ("Xi’an", "xiaan", true),
    ("Göteborg", "gotebrog", true),  // the budget spent, then two letters swapped
    ("Göteborg", "gotebogr", true),
    ("Göteborg", "gotebrogg", true),  // two typos in 9 letters
    ("Göteborg", "gotebrigo", false),  // three
    ("Tsockholm", "stockholm", true),  // the first two letters swapped: two typos
    ("Tsockholm", "stockhol", false),
    ("Saint-Étienne", "sant etienne", false),  // no typo in a word of 4 letters
    ("Saint-Étienne", "saint etiene", true),
  ])
  func matchesWithTyposAsMeilisearchAllowsThem(name: String, query: String, matches: Bool) {
    let index = PlaceNameIndex(places: [Self.place(1, name)])

    let found = index.found(for: query, near: nil, limit: 10)

    #expect(found.map(\.kind) == (matches ? [.typo] : []))
  }

  @Test func ranksExactAndPrefixMatchesBeforeMatchesWithTypos() {
    let index = PlaceNameIndex(places: [
      Self.place(1, "Stockholm", population: 975_551),
      Self.place(2, "Stokholmvik", population: 10),
      Self.place(3, "Nya Stokholm", population: 5),
    ])

    let matches = index.found(for: "stokholm", near: nil, limit: 10)

    #expect(matches.map(\.id) == [2, 3, 1])
    #expect(matches.map(\.kind) == [.namePrefix, .wordPrefix, .typo])
  }

  @Test func ranksFewerTyposFirstThenAsWithoutTypos() {
    let index = PlaceNameIndex(places: [
      Self.place(1, "Lyndesburg", population: 1_000_000),
      Self.place(2, "Lindesberg", population: 100),
      Self.place(3, "Lindesborg", population: 9_000),
    ])

    let matches = index.found(for: "lindesbarg", near: nil, limit: 10)

    #expect(matches.map(\.id) == [3, 2, 1])
    #expect(matches.allSatisfy { $0.kind == .typo })
  }

  @Test func aTypoAtTheFirstLetterCostsTwo() {
    let index = PlaceNameIndex(places: [
      Self.place(1, "Lindesberg", population: 1_000_000),
      Self.place(2, "Pindesbery", population: 1),
    ])

    #expect(index.found(for: "pindesberg", near: nil, limit: 10).map(\.id) == [2, 1])
  }

  @Test func typosCanBeTurnedOff() {
    let index = PlaceNameIndex(places: [Self.place(1, "Stockholm")])

    #expect(index.matches(for: "stokholm", near: nil, limit: 10, allowsTypos: false).isEmpty)
    #expect(index.matches(for: "stockholm", near: nil, limit: 10, allowsTypos: false).count == 1)
  }

  /// A query of as many letters as the limit finds names with a typo; past the limit, a query
  /// is matched without typos only, and a very long one costs no table of its square.
  @Test func typosAreLookedForUpToTheLetterLimit() {
    let limit = PlaceNameIndex.typoLetterLimit
    // The query's letters, its space aside: 8 + (limit - 8), one typo in its first word.
    let withTypo = "stokholm " + String(repeating: "a", count: limit - 8)
    let long = "stockholm " + String(repeating: "a", count: limit - 8)
    let longer = long + "a"
    let index = PlaceNameIndex(places: [Self.place(1, long), Self.place(2, longer)])

    #expect(index.found(for: withTypo, near: nil, limit: 10).map(\.id) == [1, 2])
    #expect(index.found(for: withTypo + "a", near: nil, limit: 10).isEmpty)
    #expect(index.found(for: longer, near: nil, limit: 10).map(\.id) == [2])
    let huge = String(repeating: "a", count: 100_000)
    #expect(index.found(for: huge, near: nil, limit: 10).isEmpty)
    #expect(index.found(for: "stokholm " + huge, near: nil, limit: 10).isEmpty)
  }

  @Test func typoMatchesNearALocationKeepTheNearestFirstOrder() {
    let spot = Coordinate.fixture(59, 18)
    let index = PlaceNameIndex(places: [
      Self.place(1, "Stockholm", at: .fixture(59.33, 18.07)),
      Self.place(2, "Stockholm", at: .fixture(40, -100)),
      Self.place(3, "Stockholn", at: spot),
    ])

    let matches = index.found(for: "stokholm", near: spot, limit: 10)

    #expect(matches.map(\.id) == [1, 2])
    #expect(matches.map(\.kind) == [.typo, .typo])
  }

  // MARK: - Against brute force

  @Test(arguments: [false, true])
  func matchesWithoutTyposFillingTheLimitLeaveOutMatchesWithTypos(withLocation: Bool) {
    // Stockholm's neighbours with typos are the most populous and nearest to the origin:
    // only the kinds rank them after the 25 names starting with the query.
    let origin = withLocation ? Coordinate.fixture(59, 18) : nil
    var places = (1...25).map { number in
      Self.place(
        Place.ID(number), "Stockholm \(number)", population: number,
        at: .fixture(Double(number), Double(number)))
    }
    for (offset, name) in ["Stokholm", "Stockhom", "Stockhlom", "Stoxkholm", "Stockholn"]
      .enumerated()
    {
      places.append(
        Self.place(
          Place.ID(100 + offset), name, population: 1_000_000 + offset, at: .fixture(59, 18)))
    }
    let index = PlaceNameIndex(places: places)

    for query in ["stockholm", "stockhol", "stockho"] {
      let all = Self.bruteForce(query, in: places, near: origin)
      #expect(all.count { $0.kind == .typo } >= 3, "query \(query)")
      for limit in [1, 2, 19, 24, 25, 26, 28, 30, 40] {
        let found = index.found(for: query, near: origin, limit: limit)
        #expect(found.map(\.id) == all.prefix(limit).map(\.id), "query \(query), limit \(limit)")
        #expect(
          found.map(\.kind) == all.prefix(limit).map(\.kind), "query \(query), limit \(limit)")
      }
    }
  }

  @Test(arguments: [8, 9] as [UInt64], [false, true])
  func typosAfterTheBudgetIsSpentMatchABruteForceSearch(seed: UInt64, withLocation: Bool) {
    // Few letters, repeated: once a word's budget is spent, several continuations of the
    // query remain, some starting others, some after two letters swapped.
    var random = SplitMix64(seed: seed)
    let letters = Array("aboröé".unicodeScalars)
    let places = (1...600).map { id in
      let words = (0...random.below(2)).map { _ in
        var word = ""
        word.unicodeScalars.append(
          contentsOf: (0..<(3 + random.below(8))).map { _ in letters[random.below(letters.count)] })
        return word
      }
      return Self.place(
        Place.ID(id), words.joined(separator: " "), population: random.below(30),
        at: Self.randomCoordinate(&random))
    }
    let index = PlaceNameIndex(places: places)
    let origin = withLocation ? Self.randomCoordinate(&random) : nil

    var typoMatches = 0
    for _ in 0..<60 {
      let name = SearchFolding.folded(places[random.below(places.count)].name)
      let prefix = String(name.prefix(4 + random.below(max(name.count - 3, 1))))
      let query = Self.withTypos(prefix, count: random.below(3), random: &random)
      let all = Self.bruteForce(query, in: places, near: origin)
      for limit in [1, 4, 1_000] {
        let found = index.found(for: query, near: origin, limit: limit)
        #expect(found.map(\.id) == all.prefix(limit).map(\.id), "query \(query), limit \(limit)")
        #expect(
          found.map(\.kind) == all.prefix(limit).map(\.kind), "query \(query), limit \(limit)")
      }
      typoMatches += all.count { $0.kind == .typo }
    }
    #expect(typoMatches > 100, "the queries exercise matches with typos")
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64], [false, true])
  func randomCatalogsMatchABruteForceSearch(seed: UInt64, withLocation: Bool) {
    var random = SplitMix64(seed: seed)
    let places = Self.randomCatalog(count: 400, random: &random)
    let index = PlaceNameIndex(places: places)
    let origin = withLocation ? Self.randomCoordinate(&random) : nil
    var queries = ["s", "sa", "san", "to", "ö", "e", "san ma", "pau", "x", "sanmaro", "sto holm"]
    for _ in 0..<40 {
      let folded = SearchFolding.folded(places[random.below(places.count)].name)
      let words = folded.split(separator: " ")
      let first = random.below(words.count)
      let taken = words[first...].prefix(1 + random.below(2)).joined(separator: " ")
      let prefix = String(taken.prefix(1 + random.below(taken.count)))
      queries.append(prefix)
      queries.append(Self.withTypos(prefix, count: 1 + random.below(2), random: &random))
    }

    var typoMatches = 0
    for query in queries {
      let all = Self.bruteForce(query, in: places, near: origin)
      for limit in [1, 5, 1_000] {
        let found = index.found(for: query, near: origin, limit: limit)
        let expected = all.prefix(limit)
        #expect(found.map(\.id) == expected.map(\.id), "query \(query), limit \(limit)")
        #expect(found.map(\.kind) == expected.map(\.kind), "query \(query), limit \(limit)")
      }
      typoMatches += all.count { $0.kind == .typo }
    }
    #expect(typoMatches > 10, "the queries exercise matches with typos")
  }

  @Test func aLargeRandomCatalogMatchesABruteForceSearchWithTypos() {
    // Large enough that runs of names sharing a prefix are searched, not scanned.
    var random = SplitMix64(seed: 7)
    let places = Self.randomCatalog(count: 3_000, random: &random)
    let index = PlaceNameIndex(places: places)

    for _ in 0..<12 {
      let name = SearchFolding.folded(places[random.below(places.count)].name)
      let words: [Substring] = name.split(separator: " ")
      let word = String(words.max { $0.count < $1.count } ?? name[...])
      let query = Self.withTypos(word, count: 1 + random.below(2), random: &random)
      let expected = Self.bruteForce(query, in: places, near: nil)

      let found = index.found(for: query, near: nil, limit: 1_000)

      #expect(found.map(\.id) == expected.map(\.id), "query \(query)")
    }
  }

  @Test(arguments: [5, 6] as [UInt64])
  func randomTyposOfWholeNamesFindTheirPlace(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let places = Self.randomCatalog(count: 300, random: &random)
    let index = PlaceNameIndex(places: places)

    for _ in 0..<100 {
      let place = places[random.below(places.count)]
      let name = SearchFolding.folded(place.name)
      let query = Self.withTypos(name, count: 1, random: &random)
      let expected = Self.bruteForce(query, in: places, near: nil)

      let found = index.found(for: query, near: nil, limit: 1_000)

      #expect(found.map(\.id) == expected.map(\.id), "query \(query) for \(name)")
    }
  }

  // MARK: - Reference

  /// Every match, found by folding and comparing every name, then sorted in full: by kind,
  /// with typos by their number, then near a location in the package's one nearest-first
  /// order (distance, then catalog position), else by population, folded name and identifier.
  private static func bruteForce(_ query: String, in places: [Place], near origin: Coordinate?)
    -> [FoundPlace]
  {
    let key = SearchFolding.folded(query)
    guard !key.isEmpty else { return [] }
    let queryWords = key.split(separator: " ").map { Array($0.unicodeScalars) }
    var found: [(match: FoundPlace, position: Int, typos: Int)] = []
    for (position, place) in places.enumerated() {
      let name = SearchFolding.folded(place.name)
      let wordStarts =
        [name.startIndex] + name.indices.filter { name[$0] == " " }.map(name.index(after:))
      let kind: SearchMatchKind
      var typos = 0
      if name == key {
        kind = .exactName
      } else if name.hasPrefix(key) {
        kind = .namePrefix
      } else if wordStarts.dropFirst().contains(where: { name[$0...].hasPrefix(key) }) {
        kind = .wordPrefix
      } else if let fewest = wordStarts.compactMap({
        Self.typos(of: queryWords, in: String(name[$0...]))
      }).min() {
        kind = .typo
        typos = fewest
      } else {
        continue
      }
      let distance = origin?.distance(to: place.coordinate)
      found.append((FoundPlace(place: place, kind: kind, distance: distance), position, typos))
    }
    return found.sorted { leftEntry, rightEntry in
      let (left, right) = (leftEntry.match, rightEntry.match)
      if left.kind != right.kind { return left.kind < right.kind }
      if leftEntry.typos != rightEntry.typos { return leftEntry.typos < rightEntry.typos }
      if let leftDistance = left.distance, let rightDistance = right.distance {
        return leftDistance != rightDistance
          ? leftDistance < rightDistance : leftEntry.position < rightEntry.position
      }
      if left.place.population ?? 0 != right.place.population ?? 0 {
        return left.place.population ?? 0 > right.place.population ?? 0
      }
      let leftName = SearchFolding.folded(left.place.name).utf8
      let rightName = SearchFolding.folded(right.place.name).utf8
      if !leftName.elementsEqual(rightName) {
        return leftName.lexicographicallyPrecedes(rightName)
      }
      return left.id < right.id
    }
    .map(\.match)
  }

  /// The typos the query's words need to match `text`, a folded name from one of its words on,
  /// as the index documents them, or `nil` if they do not match: each earlier query word a
  /// whole word of the text, the last word the start of one, each within its budget (none
  /// under 5 letters, one from 5, two from 9); 0 for a match without typos.
  private static func typos(of queryWords: [[Unicode.Scalar]], in text: String) -> Int? {
    let textWords = text.split(separator: " ").map { Array($0.unicodeScalars) }
    guard textWords.count >= queryWords.count else { return nil }
    var total = 0
    for (offset, queryWord) in queryWords.enumerated() {
      let textWord = textWords[offset]
      let budget = queryWord.count < 5 ? 0 : queryWord.count < 9 ? 1 : 2
      // Row r of the table is the distance to the text word's first r letters.
      let table = editDistances(queryWord, textWord)
      let typos =
        offset == queryWords.count - 1
        ? table.map { $0[queryWord.count] }.min() ?? 0 : table[textWord.count][queryWord.count]
      guard typos <= budget else { return nil }
      total += typos
    }
    return total
  }

  /// The edit distances from `query` to every prefix of `text`, in row *r* column *c* from the
  /// query's first *c* letters to the text's first *r*, with insertions, deletions,
  /// substitutions and transpositions of adjacent letters (optimal string alignment), each
  /// costing one, or two where it touches the query's first letter: the textbook table.
  private static func editDistances(_ query: [Unicode.Scalar], _ text: [Unicode.Scalar])
    -> [[Int]]
  {
    let rows = text.count + 1
    let columns = query.count + 1
    var table = [[Int]](repeating: [Int](repeating: 0, count: columns), count: rows)
    for column in 1..<columns {
      table[0][column] = table[0][column - 1] + (column == 1 ? 2 : 1)
    }
    for row in 1..<rows {
      table[row][0] = table[row - 1][0] + 2
      for column in 1..<columns {
        let firstLetter = column == 1
        let substitution =
          table[row - 1][column - 1]
          + (text[row - 1] == query[column - 1] ? 0 : firstLetter ? 2 : 1)
        let deletion = table[row][column - 1] + (firstLetter ? 2 : 1)
        let insertion = table[row - 1][column] + 1
        var best = min(substitution, deletion, insertion)
        if row > 1, column > 1, text[row - 1] == query[column - 2],
          text[row - 2] == query[column - 1]
        {
          best = min(best, table[row - 2][column - 2] + (column == 2 ? 2 : 1))
        }
        table[row][column] = best
      }
    }
    return table
  }

  /// `text` with `count` random typos: a letter inserted, deleted, replaced, or two swapped.
  private static func withTypos(_ text: String, count: Int, random: inout SplitMix64) -> String {
    var letters = Array(text.unicodeScalars)
    let alphabet = Array("abcdeklmnorstuöé".unicodeScalars)
    for _ in 0..<count where letters.count > 1 {
      let at = random.below(letters.count)
      switch random.below(4) {
      case 0: letters.insert(alphabet[random.below(alphabet.count)], at: at)
      case 1: letters.remove(at: at)
      case 2: letters[at] = alphabet[random.below(alphabet.count)]
      default:
        if at + 1 < letters.count { letters.swapAt(at, at + 1) }
      }
    }
    var result = ""
    result.unicodeScalars.append(contentsOf: letters)
    return result
  }

  // MARK: - Random catalogs

  private static let syllables = [
    "sa", "san", "sto", "ö", "é", "ma", "paulo", "to", "kö", "ri", "x", "de", "ck", "holm",
  ]

  private static func randomCatalog(count: Int, random: inout SplitMix64) -> [Place] {
    var places: [Place] = []
    for id in 1...count {
      let words = (0...random.below(3)).map { _ in
        let word = (0...random.below(3)).map { _ in
          syllables[random.below(syllables.count)]
        }
        .joined()
        return random.below(4) == 0 ? word.capitalized : word
      }
      let separator = random.below(3) == 0 ? "-" : " "
      let coordinate =
        id > 1 && random.below(10) == 0
        ? places[random.below(places.count)].coordinate : randomCoordinate(&random)
      let population = random.below(4) == 0 ? nil : random.below(50)
      places.append(
        Place(
          id: Place.ID(id * 7 % 1_009), name: words.joined(separator: separator),
          coordinate: coordinate, population: population))
    }
    return places
  }

  private static func randomCoordinate(_ random: inout SplitMix64) -> Coordinate {
    .fixture(
      Double(random.below(1_700_001)) / 10_000 - 85,
      Double(random.below(3_600_001)) / 10_000 - 180)
  }
}

extension String {
  /// The string with its first character uppercased.
  fileprivate var capitalized: String {
    prefix(1).uppercased() + dropFirst()
  }
}

extension SplitMix64 {
  /// A number in `0..<bound`.
  fileprivate mutating func below(_ bound: Int) -> Int {
    Int.random(in: 0..<bound, using: &self)
  }
}

/// A match as a test reads it: the place, not its position.
private struct FoundPlace {
  let place: Place
  let kind: SearchMatchKind
  let distance: Double?
  var id: Place.ID { place.id }
}

extension PlaceNameIndex {
  /// ``matches(for:near:limit:)`` with each match's place looked up.
  fileprivate func found(for query: String, near origin: Coordinate?, limit: Int) -> [FoundPlace] {
    matches(for: query, near: origin, limit: limit).map {
      FoundPlace(place: places[$0.position], kind: $0.kind, distance: $0.distance)
    }
  }
}
