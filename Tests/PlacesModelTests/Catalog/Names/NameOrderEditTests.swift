import PlacesModel
import PlacesModelTestSupport
import Testing

/// The order by name that edits keep equals a sort of the edited catalog, across many blocks.
struct NameOrderEditTests {
  @Test(arguments: [51, 52] as [UInt64])
  func renamesInsertsAndRemovalsKeepTheSortedOrder(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let names = ["Sala", "Sandviken", "Oslo", "Zug", "Åre", "Aarau", "Ystad", "Bern"]
    func randomName() -> String {
      "\(names[Int.random(in: 0..<names.count, using: &generator)]) \(Int.random(in: 0..<50, using: &generator))"
    }
    var catalog = try PlaceCatalog(
      (0..<2_000).map { Place(id: PlaceID($0), name: randomName(), coordinate: .fixture(0, 0)) })
    let first = catalog
    let firstRows = PlaceCatalogEditsTests.nameRows(of: first)
    var nextID: Int64 = 10_000
    for _ in 0..<150 {
      var edits: [PlaceEdit] = []
      var touched = Set<Place.ID>()
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
        guard touched.insert(place.id).inserted else { continue }
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
          nextID += 1
          edits.append(
            .insert(Place(id: PlaceID(nextID), name: randomName(), coordinate: .fixture(1, 1))))
        case 1:
          edits.append(.remove(place.id))
        default:
          edits.append(.update(place.renamed(randomName())))
        }
      }
      catalog = try catalog.applying(edits).catalog
    }
    let sorted = Array(catalog).sorted {
      $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id
    }
    #expect(PlaceCatalogEditsTests.nameRows(of: catalog) == sorted.map(\.id))
    for (row, place) in sorted.enumerated() where row % 7 == 0 {
      #expect(catalog.nameRow(ofPlaceWithID: place.id) == row)
    }
    #expect(catalog.indexBuildCount == 0)
    #expect(PlaceCatalogEditsTests.nameRows(of: first) == firstRows)
  }
}
