import Dispatch
import PlacesModel
import PlacesModelTestSupport
import Testing

struct PlaceCatalogTests {
  @Test func aCatalogIsItsPlacesInOrderWithLookupsByID() throws {
    let catalog = try PlaceCatalog([.paris, .london, .stockholm])

    #expect(Array(catalog) == [.paris, .london, .stockholm])
    #expect(catalog.count == 3 && catalog[1] == .london)
    #expect(catalog.position(ofPlaceWithID: 42) == 2)
    #expect(catalog.place(withID: 1) == .london)
    #expect(catalog.place(withID: 99) == nil && !catalog.contains(placeWithID: 99))
    #expect(PlaceCatalog.empty.isEmpty)
    #expect("\(catalog)" == "PlaceCatalog(3 places)")
  }

  @Test func aRepeatedIdentifierIsRefusedWithBothPositions() {
    #expect(throws: PlacesModelError.duplicateID(1, firstIndex: 0, secondIndex: 2)) {
      try PlaceCatalog([.london, .paris, .london])
    }
  }

  /// A large catalog builds its table of places and its index by identifier on two threads:
  /// the same places and lookups, and a repeated identifier refused with the first pair that
  /// repeats one, as a small catalog does.
  @Test func aLargeCatalogIsItsPlacesWithLookupsAndRefusesTheFirstRepeatedIdentifier() throws {
    let places = (0..<20_000).map { index in
      Place(
        id: PlaceID(index), name: "Place \(index)",
        coordinate: .fixture(Double(index % 170) - 85, 0.017 * Double(index) - 170))
    }

    let catalog = try PlaceCatalog(places)

    #expect(Array(catalog) == places)
    #expect((0..<20_000).allSatisfy { catalog.position(ofPlaceWithID: PlaceID($0)) == $0 })
    #expect(catalog.place(withID: 20_000) == nil)
    var repeated = places
    repeated[15_000] = places[9_000]
    repeated[19_000] = places[3]
    #expect(throws: PlacesModelError.duplicateID(9_000, firstIndex: 9_000, secondIndex: 15_000)) {
      try PlaceCatalog(repeated)
    }
  }

  /// The category and population read in place, one at a time and many at once (sorted by
  /// handle before they are read, or picked out of a walk over every place), are the
  /// place's, in the order asked, after edits that removed and changed places.
  @Test func categoriesAndPopulationsReadInPlaceAreThePlaces() throws {
    let categories: [String?] = [nil, "café", "a category named in more than fifteen bytes"]
    let places = (0..<10_000).map { (index: Int) -> Place in
      let latitude = Double(index % 170) - 85
      let longitude = 0.03 * Double(index) - 170
      let population: Int? = index % 4 == 0 ? nil : index
      return Place(
        id: PlaceID(index), name: "Place \(index)", coordinate: .fixture(latitude, longitude),
        category: categories[index % 3], population: population)
    }
    let removals: [PlaceEdit] = stride(from: 5, to: 10_000, by: 7).map { .remove(PlaceID($0)) }
    let kept = stride(from: 1, to: 10_000, by: 11).filter { $0 % 7 != 5 }
    let updates: [PlaceEdit] = kept.map { index in
      let place = Place(
        id: PlaceID(index), name: "Changed \(index)", coordinate: .fixture(1, 2),
        category: "changed", population: 7)
      return .update(place)
    }
    let edits = removals + updates
    let catalog = try PlaceCatalog(places).applying(edits).catalog
    var generator = SplitMix64(seed: 24)
    let handles = catalog.compactMap { catalog.handle(ofPlaceWithID: $0.id) }
      .shuffled(using: &generator)
    #expect(handles.count == catalog.count && handles.count > 2_048)

    // Few handles, read as they come; more, but under half of the catalog's, sorted;
    // every one, picked out of one walk; some twice, sorted.
    let askedSets = [
      Array(handles.prefix(100)), Array(handles.prefix(1_100)), handles,
      handles + handles.prefix(500),
    ]
    for asked in askedSets {
      var seen = [Int](repeating: 0, count: asked.count)
      catalog.forEachCategoryAndPopulation(ofHandles: asked) { index, category, population in
        seen[index] += 1
        let place = catalog.place(withHandle: asked[index])
        #expect(category == place.category && population == place.population)
        #expect(catalog.categoryAndPopulation(ofHandle: asked[index]) == (category, population))
      }
      #expect(seen.allSatisfy { $0 == 1 })
    }
  }

  /// An edited catalog reads its places through its table by handle: the places nearest
  /// first make no array of them, which the catalog would keep (17.7 MB at 170,000 places).
  /// (Its indexes are derived from those of the catalog the edit came from; an index built
  /// afresh for an edited catalog is built from such an array.)
  @Test func placesNearestFirstMakeNoArrayOfAnEditedCatalogsPlaces() throws {
    // Each answer read into a constant first, so that no expectation reads the catalog.
    let fresh = try PlaceCatalog([.london, .paris, .rome, .stockholm])
    fresh.prepareIndexes()
    let freshHolds = fresh.holdsPlaceArray
    let edited = try fresh.applying([.remove(Place.paris.id)]).catalog
    let heldAfterTheEdit = edited.holdsPlaceArray
    let nearest = edited.placesNearestFirst(from: .fixture(48.9, 2.3)).map(\.id)
    let heldAfterTheRead = edited.holdsPlaceArray
    _ = edited.places
    let heldOnceAsked = edited.holdsPlaceArray
    #expect(nearest == [Place.london.id, Place.rome.id, Place.stockholm.id])
    #expect(freshHolds && !heldAfterTheEdit && !heldAfterTheRead && heldOnceAsked)
  }

  @Test func catalogsAreEqualWhenTheirPlacesAre() throws {
    let catalog = try PlaceCatalog([.london, .paris])
    let copy = catalog

    #expect(copy == catalog)
    #expect(try PlaceCatalog([.london, .paris]) == catalog)
    #expect(try PlaceCatalog([.paris, .london]) != catalog)
    #expect(Set([catalog, copy, try PlaceCatalog([.london, .paris])]).count == 1)
  }

  @Test func indexesAreBuiltOnFirstUseOnlyAndSharedByCopies() throws {
    let catalog = try PlaceCatalog([.london, .paris, .rome, .stockholm])
    #expect(catalog.indexBuildCount == 0)

    let copy = catalog
    _ = copy.spatialIndex
    _ = catalog.spatialIndex
    #expect(catalog.indexBuildCount == 1)

    catalog.prepareIndexes()
    catalog.prepareIndexes()
    #expect(catalog.indexBuildCount == PlaceCatalog.lazyIndexCount)
    #expect(copy.indexBuildCount == PlaceCatalog.lazyIndexCount)
  }

  @Test(.timeLimit(.minutes(10)))
  func threadsAskingAtOnceWaitForOneBuild() throws {
    var generator = SplitMix64(seed: 15)
    let places = (0..<5_000).map { number in
      Place(
        id: PlaceID(number), name: "Place \(number)",
        coordinate: .fixture(
          Double.random(in: -80...80, using: &generator),
          Double.random(in: -180...180, using: &generator)))
    }
    let catalog = try PlaceCatalog(places)

    let finished = finishesOnAnotherThread {
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        if thread.isMultiple(of: 2) {
          catalog.prepareIndexes()
        } else {
          _ = catalog.nameMatches(for: "place 1", near: nil, limit: 3)
          _ = catalog.spatialIndex.nearest(3, to: .uppsala)
        }
      }
    }

    #expect(finished)
    #expect(catalog.indexBuildCount == PlaceCatalog.lazyIndexCount)
  }

  @Test func placesNearestFirstAreASortByDistanceThenCatalogOrder() throws {
    var generator = SplitMix64(seed: 7)
    let places = (0..<300).map { number in
      // Few distinct spots, so that many places share a distance.
      Place(
        id: PlaceID(number), name: "\(number)",
        coordinate: .fixture(
          Double(Int.random(in: -3...3, using: &generator)) * 10,
          Double(Int.random(in: -6...6, using: &generator)) * 30))
    }
    let catalog = try PlaceCatalog(places)

    for _ in 0..<10 {
      let origin = Coordinate.fixture(
        Double.random(in: -90...90, using: &generator),
        Double.random(in: -180...180, using: &generator))
      let sorted = places.indices.sorted { left, right in
        let leftDistance = origin.distance(to: places[left].coordinate)
        let rightDistance = origin.distance(to: places[right].coordinate)
        return leftDistance != rightDistance ? leftDistance < rightDistance : left < right
      }
      #expect(catalog.placesNearestFirst(from: origin).map(\.id) == sorted.map { places[$0].id })
    }
  }
}
