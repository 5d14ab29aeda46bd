import PlacesModel
import PlacesModelTestSupport
import Testing

struct PlacesByDistanceTests {
  /// The brute-force answer: every place with its distance, stably sorted by distance.
  static func sortedByDistance(_ catalog: PlaceCatalog, from origin: Coordinate) -> [(
    Place, Double
  )] {
    catalog.map { ($0, origin.distance(to: $0.coordinate)) }
      .enumerated()
      .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
      .map(\.element)
  }

  @Test(arguments: [1, 25, 2_600] as [UInt64])
  func placesComeNearestFirstWithTheirDistancesAsASortWouldGiveThem(seed: UInt64) throws {
    let coordinates = RandomCatalog.coordinates(count: 600, seed: seed)
    let places = coordinates.enumerated().map { index, coordinate in
      Place(id: PlaceID(index), name: "P\(index)", coordinate: coordinate)
    }
    var catalog = try PlaceCatalog(places)
    var generator = SplitMix64(seed: seed)
    for round in 0..<3 {
      let origin = RandomCatalog.coordinates(count: 1, seed: seed &+ UInt64(round))[0]
      let expected = Self.sortedByDistance(catalog, from: origin)
      let found = Array(catalog.placesByDistance(from: origin))
      #expect(found.map(\.place) == expected.map(\.0))
      #expect(found.map(\.distance) == expected.map(\.1))
      // Edits between rounds: the index is derived, and the answer must still be a sort's.
      let moved = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
      let target = RandomCatalog.coordinates(count: 1, seed: generator.next())[0]
      catalog = try catalog.applying([
        .update(Place(id: moved.id, name: moved.name, coordinate: target)),
        .remove(catalog[Int.random(in: 0..<catalog.count, using: &generator)].id),
      ]).catalog
    }
  }

  @Test func readingAFewPlacesGivesTheNearest() throws {
    let catalog = try PlaceCatalog([.london, .paris, .rome, .stockholm])
    let nearest = catalog.placesByDistance(from: Place.paris.coordinate).prefix(2).map(\.place)
    #expect(nearest == [.paris, .london])
    #expect(Array(PlaceCatalog.empty.placesByDistance(from: Place.paris.coordinate)).isEmpty)
  }
}
