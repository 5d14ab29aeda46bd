import PlacesModel
import PlacesWeb
import Testing

/// The categories a page's filter offers follow each edit from what it changed, and always equal
/// a count of the whole catalog.
struct CatalogCategoriesTests {
  @Test func followingEditsEqualsCountingTheCatalogAgain() throws {
    let names: [String?] = ["city", "airport", "museum", nil]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func place(_ id: Int) throws -> Place {
      Place(
        id: PlaceID(Int64(id)), name: "P\(id)",
        coordinate: try Coordinate(latitude: Double(id % 80), longitude: Double(id % 170)),
        category: names[next(names.count)])
    }
    var revision = try PlaceCatalog((0..<50).map(place)).revised(applying: [])
    var categories = CatalogCategories(of: revision.catalog)
    var nextID = 50
    for _ in 0..<200 {
      let existing = Array(revision.catalog)
      var edits: [PlaceEdit] = []
      switch next(3) {
      case 0:
        edits.append(.insert(try place(nextID)))
        nextID += 1
      case 1 where existing.count > 5:
        edits.append(.remove(existing[next(existing.count)].id))
      default:
        let target = existing[next(existing.count)]
        edits.append(
          .update(
            Place(
              id: target.id, name: target.name, coordinate: target.coordinate,
              category: names[next(names.count)])))
      }
      revision = try revision.catalog.revised(applying: edits)
      categories = categories.following(revision)
      #expect(categories == CatalogCategories(of: revision.catalog))
    }
  }
}
