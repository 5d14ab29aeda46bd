import PlacesModel
import PlacesModelTestSupport
import Testing

/// The name index that edits keep answers every query as an index built for the edited
/// catalog, near a location and not, however many of its places went stale.
struct CatalogNameIndexTests {
  static let names = [
    "Sala", "Sandviken", "Salem", "San Jose", "Santa Sala", "Oslo", "Stockholm", "Stokholm",
  ]
  static let queries = ["sa", "sala", "san", "stockholm", "stokholm", "o", "santa s", "salm"]

  @Test(arguments: [61, 62, 63] as [UInt64])
  func randomEditsAnswerAsAFreshIndex(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    func randomPlace(id: Int64) -> Place {
      Place(
        id: PlaceID(id), name: Self.names[Int.random(in: 0..<Self.names.count, using: &generator)],
        coordinate: .fixture(
          Double.random(in: -60...60, using: &generator),
          Double.random(in: -180...180, using: &generator)),
        population: Int.random(in: 0...3, using: &generator) * 100)
    }
    var catalog = try PlaceCatalog((0..<400).map { randomPlace(id: $0) })
    _ = catalog.nameMatches(for: "sa", near: nil, limit: 5)
    var nextID: Int64 = 10_000
    for step in 0..<TestSize.steps(60) {
      var edits: [PlaceEdit] = []
      var touched = Set<Place.ID>()
      for _ in 0..<Int.random(in: 1...5, using: &generator) {
        let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
        guard touched.insert(place.id).inserted else { continue }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
          nextID += 1
          edits.append(.insert(randomPlace(id: nextID)))
        case 1:
          edits.append(.remove(place.id))
        default:
          let changed = randomPlace(id: 0)
          edits.append(
            .update(
              Place(
                id: place.id, name: changed.name, coordinate: changed.coordinate,
                category: place.category, population: changed.population)))
        }
      }
      catalog = try catalog.applying(edits).catalog
      let fresh = try PlaceCatalog(Array(catalog))
      let origin = Coordinate.fixture(Double(step % 50), Double(step * 7 % 360 - 180))
      for query in Self.queries {
        for near in [nil, origin] {
          for limit in [3, 30] {
            let found = catalog.nameMatches(for: query, near: near, limit: limit)
            let expected = fresh.nameMatches(for: query, near: near, limit: limit)
            #expect(
              found.map(\.position) == expected.map(\.position)
                && found.map(\.kind) == expected.map(\.kind),
              "step \(step): \(query) near \(String(describing: near)) limit \(limit)")
          }
        }
      }
      #expect(catalog.indexBuildCount == 0)
    }
  }
}
