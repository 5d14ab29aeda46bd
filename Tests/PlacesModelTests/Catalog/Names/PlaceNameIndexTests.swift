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

  @Test(arguments: ["", " ", "-", "’", "zzz", "malmoe"])
  func queriesWithoutMatchesFindNothing(query: String) {
    let index = PlaceNameIndex(places: [Self.place(1, "Malmö"), Self.place(2, "-")])

    #expect(index.found(for: query, near: nil, limit: 10).isEmpty)
  }

  @Test func anEmptyCatalogFindsNothing() {
    #expect(PlaceNameIndex(places: []).found(for: "a", near: nil, limit: 10).isEmpty)
  }

  @Test(arguments: [1, 2, 3, 4], [false, true])
  func randomCatalogsMatchABruteForceSearch(seed: UInt64, withLocation: Bool) {
    var random = SeededSequence(seed: seed)
    let places = Self.randomCatalog(count: 400, random: &random)
    let index = PlaceNameIndex(places: places)
    let origin = withLocation ? Self.randomCoordinate(&random) : nil
    var queries = ["s", "sa", "san", "to", "ö", "e", "san ma", "pau", "x"]
    for _ in 0..<40 {
      let folded = SearchFolding.folded(places[random.next(below: places.count)].name)
      let words = folded.split(separator: " ")
      let word = words[random.next(below: words.count)]
      queries.append(String(word.prefix(1 + random.next(below: word.count))))
    }

    for query in queries {
      for limit in [1, 5, 1_000] {
        let found = index.found(for: query, near: origin, limit: limit)
        let expected = Self.bruteForce(query, in: places, near: origin).prefix(limit)
        #expect(found.map(\.id) == expected.map(\.id), "query \(query), limit \(limit)")
        #expect(found.map(\.kind) == expected.map(\.kind), "query \(query), limit \(limit)")
      }
    }
  }

  // MARK: - Reference

  /// Every match, found by folding and comparing every name, then sorted in full: near a
  /// location in the package's one nearest-first order (distance, then catalog position), else
  /// by population, folded name and identifier.
  private static func bruteForce(_ query: String, in places: [Place], near origin: Coordinate?)
    -> [FoundPlace]
  {
    let key = SearchFolding.folded(query)
    guard !key.isEmpty else { return [] }
    var found: [(match: FoundPlace, position: Int)] = []
    for (position, place) in places.enumerated() {
      let name = SearchFolding.folded(place.name)
      let kind: SearchMatchKind
      if name == key {
        kind = .exactName
      } else if name.hasPrefix(key) {
        kind = .namePrefix
      } else if name.indices.contains(where: { index in
        name[index] == " " && name[name.index(after: index)...].hasPrefix(key)
      }) {
        kind = .wordPrefix
      } else {
        continue
      }
      let distance = origin?.distance(to: place.coordinate)
      found.append((FoundPlace(place: place, kind: kind, distance: distance), position))
    }
    return found.sorted { leftEntry, rightEntry in
      let (left, right) = (leftEntry.match, rightEntry.match)
      if left.kind != right.kind { return left.kind < right.kind }
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

  // MARK: - Random catalogs

  private static let syllables = [
    "sa", "san", "sto", "ö", "é", "ma", "paulo", "to", "kö", "ri", "x", "de", "ck", "holm",
  ]

  private static func randomCatalog(count: Int, random: inout SeededSequence) -> [Place] {
    var places: [Place] = []
    for id in 1...count {
      let words = (0...random.next(below: 3)).map { _ in
        let word = (0...random.next(below: 3)).map { _ in
          syllables[random.next(below: syllables.count)]
        }
        .joined()
        return random.next(below: 4) == 0 ? word.capitalized : word
      }
      let separator = random.next(below: 3) == 0 ? "-" : " "
      let coordinate =
        id > 1 && random.next(below: 10) == 0
        ? places[random.next(below: places.count)].coordinate : randomCoordinate(&random)
      let population = random.next(below: 4) == 0 ? nil : random.next(below: 50)
      places.append(
        Place(
          id: Place.ID(id * 7 % 1_009), name: words.joined(separator: separator),
          coordinate: coordinate, population: population))
    }
    return places
  }

  private static func randomCoordinate(_ random: inout SeededSequence) -> Coordinate {
    .fixture(
      Double(random.next(below: 1_700_001)) / 10_000 - 85,
      Double(random.next(below: 3_600_001)) / 10_000 - 180)
  }
}

extension String {
  /// The string with its first character uppercased.
  fileprivate var capitalized: String {
    prefix(1).uppercased() + dropFirst()
  }
}

/// A reproducible sequence of pseudo-random numbers (a 64-bit linear congruential generator).
struct SeededSequence {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A number in `0..<bound`.
  mutating func next(below bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
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
