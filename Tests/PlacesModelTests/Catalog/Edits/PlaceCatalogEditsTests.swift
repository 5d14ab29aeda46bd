import PlacesModel
import PlacesModelTestSupport
import Testing

struct PlaceCatalogEditsTests {
  // MARK: - Random sequences against a catalog built from scratch

  @Test(arguments: [1, 2, 3, 42] as [UInt64])
  func randomEditsAnswerEveryLookupAsAFreshCatalog(seed: UInt64) throws {
    let start = Self.numberedPlaces(count: 300, seed: seed)
    var catalog = try PlaceCatalog(start)
    var edits = RandomEdits(places: start, seed: seed)
    var generator = SplitMix64(seed: seed &+ 7)
    for _ in 0..<TestSize.steps(40) {
      catalog.prepareIndexes()  // The old catalog's indexes must not leak into the new.
      let batch = edits.nextBatch(maximumCount: 12)
      let (edited, changes) = try catalog.applying(batch)
      let fresh = try PlaceCatalog(edits.places)

      #expect(Array(edited) == edits.places)
      #expect(changes == Self.bruteForceChanges(from: catalog, to: fresh))
      for place in fresh {
        #expect(edited.place(withID: place.id) == place)
        #expect(edited.position(ofPlaceWithID: place.id) == fresh.position(ofPlaceWithID: place.id))
      }
      for place in catalog where !fresh.contains(placeWithID: place.id) {
        #expect(edited.place(withID: place.id) == nil)
      }
      let origin = Coordinate.fixture(
        Double.random(in: -90...90, using: &generator),
        Double.random(in: -180...180, using: &generator))
      #expect(
        Array(edited.placesNearestFirst(from: origin).prefix(15))
          == Array(fresh.placesNearestFirst(from: origin).prefix(15)))
      let bounds = try CoordinateBounds(
        south: max(-90, origin.latitude - 30), west: max(-180, origin.longitude - 30),
        north: min(90, origin.latitude + 30), east: min(180, origin.longitude + 30))
      #expect(
        edited.spatialIndex.positions(in: bounds).sorted()
          == fresh.spatialIndex.positions(in: bounds).sorted())
      for query in ["sa", "stockholm", "pau lo", "ber"] {
        #expect(
          edited.nameMatches(for: query, near: nil, limit: 10).map(\.position)
            == fresh.nameMatches(for: query, near: nil, limit: 10).map(\.position))
      }
      #expect(
        PlaceCatalogEditsTests.nameRows(of: edited) == PlaceCatalogEditsTests.nameRows(of: fresh))
      catalog = edited
    }
  }

  /// `count` places at random coordinates, with identifiers and names numbered from 0.
  static func numberedPlaces(count: Int, seed: UInt64) -> [Place] {
    RandomCatalog.coordinates(count: count, seed: seed).enumerated().map {
      Place(id: PlaceID($0.offset), name: "place \($0.offset)", coordinate: $0.element)
    }
  }

  /// The changes from `old` to `new` by identifier, by definition.
  static func bruteForceChanges(
    from old: PlaceCatalog, to new: PlaceCatalog
  ) -> PlaceCatalogChanges {
    PlaceCatalogChanges(
      inserted: new.filter { place in !old.contains { $0.id == place.id } }.map(\.id),
      updated: new.filter { place in old.contains { $0.id == place.id && $0 != place } }.map(
        \.id),
      removed: old.filter { place in !new.contains { $0.id == place.id } }.map(\.id))
  }

  /// The identifiers of `catalog`'s places row by row in its order by name.
  static func nameRows(of catalog: PlaceCatalog) -> [Place.ID] {
    (0..<catalog.count).map { catalog.place(atNameRow: $0).id }
  }

  /// Handles are renumbered once the removed ones reach a quarter of the places left (and
  /// 64): removing 79 of 400 leaves 79 against 321, under a quarter, and keeps them;
  /// removing 80 leaves 80 against 320, a quarter, and renumbers them.
  @Test(arguments: [(79, 400), (80, 320)])
  func handlesAreRenumberedPastAQuarterRemoved(removed: Int, handles: Int) throws {
    let places = (0..<400).map {
      Place(id: PlaceID(Int64($0)), name: "p\($0)", coordinate: .fixture(1, 1))
    }
    let catalog = try PlaceCatalog(places)

    let edited = try catalog.applying((0..<removed).map { .remove(PlaceID(Int64($0))) }).catalog

    #expect(edited.count == 400 - removed)
    #expect(edited.handleCount == handles)
    #expect(Array(edited) == Array(places.dropFirst(removed)))
  }

  @Test func theNameOrderIsDerivedFromTheOldOneAsASortWouldMakeIt() throws {
    let catalog: PlaceCatalog = [.stockholm, .rome, .london, .paris, .zurich]
    _ = catalog.nameOrder

    let (edited, _) = try catalog.applying([
      .remove(Place.rome.id), .update(Place.zurich.renamed("Aarau")),
      .insert(Place.springfieldIllinois), .update(Place.london.renamed("Zagreb")),
    ])

    let sorted = Array(edited).sorted { $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id }
    #expect(Self.nameRows(of: edited) == sorted.map(\.id))
    for (row, place) in sorted.enumerated() {
      #expect(edited.nameRow(ofPlaceWithID: place.id) == row)
    }
    #expect(edited.indexBuildCount == 0)
  }

  // MARK: - Order and no-ops

  @Test func updatesKeepTheirPositionRemovalsCloseUpAndInsertsFollow() throws {
    let catalog: PlaceCatalog = [.london, .paris, .rome, .stockholm]
    let renamedRome = Place.rome.renamed("Roma")

    let (edited, changes) = try catalog.applying([
      .insert(.zurich), .remove(Place.paris.id), .update(renamedRome),
    ])

    #expect(Array(edited) == [.london, renamedRome, .stockholm, .zurich])
    #expect(
      changes
        == PlaceCatalogChanges(
          inserted: [Place.zurich.id], updated: [Place.rome.id], removed: [Place.paris.id]))
  }

  @Test func aPlaceRemovedAndInsertedAgainIsUpdatedInItsPosition() throws {
    let catalog: PlaceCatalog = [.london, .paris, .rome]
    let renamedParis = Place.paris.renamed("Lutèce")

    let (edited, changes) = try catalog.applying([
      .remove(Place.paris.id), .insert(renamedParis),
    ])

    #expect(Array(edited) == [.london, renamedParis, .rome])
    #expect(changes == PlaceCatalogChanges(updated: [Place.paris.id]))
  }

  @Test func aBatchThatChangesNothingReturnsTheSameCatalogAndNoChanges() throws {
    let catalog: PlaceCatalog = [.london, .paris]

    let (edited, changes) = try catalog.applying([
      .update(.paris), .insert(.rome), .remove(Place.rome.id), .remove(Place.london.id),
      .insert(.london),
    ])

    #expect(edited == catalog)
    #expect(changes.isEmpty)
  }

  // MARK: - Refusals

  @Test(
    arguments: [
      (
        [.update(.rome)],
        PlacesModelError.invalidEdit(at: 0, id: Place.rome.id, problem: .unknownID)
      ),
      ([.remove(Place.rome.id)], .invalidEdit(at: 0, id: Place.rome.id, problem: .unknownID)),
      ([.insert(.paris)], .invalidEdit(at: 0, id: Place.paris.id, problem: .idInUse)),
      (
        [.insert(.rome), .insert(.rome)], .invalidEdit(at: 1, id: Place.rome.id, problem: .idInUse)
      ),
      (
        [.insert(.rome), .remove(Place.paris.id), .update(.paris)],
        .invalidEdit(at: 2, id: Place.paris.id, problem: .unknownID)
      ),
      (
        [.insert(.rome), .update(Place.paris.renamed(""))],
        .invalidEdit(at: 1, id: Place.paris.id, problem: .emptyName)
      ),
      (
        [.insert(Place.rome.renamed(" \n\t"))],
        .invalidEdit(at: 0, id: Place.rome.id, problem: .emptyName)
      ),
    ] as [([PlaceEdit], PlacesModelError)])
  func badEditsAreRefusedWholeNamingTheEditAndTheProblem(
    edits: [PlaceEdit], error: PlacesModelError
  ) throws {
    let catalog: PlaceCatalog = [.london, .paris]

    #expect(throws: error) { try catalog.applying(edits) }
    #expect(Array(catalog) == [.london, .paris])
  }

  @Test func aRefusalSaysWhatToDo() {
    let error = PlacesModelError.invalidEdit(at: 2, id: 42, problem: .idInUse)

    #expect(
      error.description
        == "place 42: a place already has this id; update it instead, or choose another id "
        + "(edit 2 of its batch, which was refused whole)")
  }

  @Test func aCoordinateOutOfRangeCannotEvenBeMade() {
    #expect(throws: CoordinateError.invalidLatitude(91)) {
      try Coordinate(latitude: 91, longitude: 0)
    }
  }

  // MARK: - Differences

  @Test func theDifferenceOfAReorderedCatalogSaysTheOrderChanged() throws {
    let changes = PlaceCatalogChanges(from: [.london, .paris], to: [.paris, .london])

    #expect(!changes.preservesOrder)
    #expect(!changes.isEmpty)
    #expect(changes.count == 0)
  }
}

/// The indexes of where places are survive an edit that moves no place.
struct PlaceCatalogGeometryKeptTests {
  static let places = (0..<60).map {
    Place(
      id: PlaceID($0), name: "place \($0)", coordinate: .fixture(Double($0) - 30, Double($0) * 2),
      population: $0 * 100)
  }

  static func edited(_ place: Place, in catalog: PlaceCatalog) throws -> PlaceCatalog {
    try catalog.applying([.update(place)]).catalog
  }

  @Test func aRenameKeepsTheSpatialIndexAndTheClustersAndTheyAnswerAsAFreshCatalogs() throws {
    let catalog = try PlaceCatalog(Self.places)
    catalog.prepareIndexes()
    let old = Self.places[7]
    let renamed = try Self.edited(
      Place(
        id: old.id, name: "renamed", coordinate: old.coordinate, category: "park",
        population: old.population),
      in: catalog)

    let hierarchy = renamed.clusterHierarchy(radius: 60, maximumLevel: 16)
    let nearest = Array(renamed.placesNearestFirst(from: .fixture(0, 0)).prefix(10))
    #expect(renamed.indexBuildCount == 0)
    let fresh = try PlaceCatalog(Array(renamed))
    let freshHierarchy = fresh.clusterHierarchy(radius: 60, maximumLevel: 16)
    #expect(nearest == Array(fresh.placesNearestFirst(from: .fixture(0, 0)).prefix(10)))
    for (level, freshLevel) in zip(hierarchy.levels, freshHierarchy.levels) {
      #expect(level.x == freshLevel.x && level.y == freshLevel.y)
      #expect(level.count == freshLevel.count)
      #expect(level.representative == freshLevel.representative)
    }
  }

  @Test func aMoveOrAPopulationChangeEditsTheClustersAndDerivesTheSpatialIndex() throws {
    let catalog = try PlaceCatalog(Self.places)
    catalog.prepareIndexes()
    let old = Self.places[7]
    let moved = try Self.edited(
      Place(id: old.id, name: old.name, coordinate: .fixture(50, 50), population: old.population),
      in: catalog)
    let grown = try Self.edited(
      Place(id: old.id, name: old.name, coordinate: old.coordinate, population: 1_000_000),
      in: catalog)

    for edited in [moved, grown] {
      let hierarchy = edited.clusterHierarchy(radius: 60, maximumLevel: 16)
      #expect(edited.indexBuildCount == 0)
      let entry = try #require(hierarchy.entry(ofPlaceWithHandle: 7))
      let place = hierarchy.level(hierarchy.placeLevel)
      #expect(place.representative(entry) == 7)
      #expect(
        WebMercator.coordinate(x: Double(place.x(entry)), y: Double(place.y(entry))).latitude
          .distance(to: edited[7].coordinate.latitude) < 1e-4)
      let nearest = edited.spatialIndex.nearest(10, to: .fixture(50, 50))
      #expect(edited.indexBuildCount == 0)
      let fresh = try PlaceCatalog(Array(edited))
      #expect(nearest == fresh.spatialIndex.nearest(10, to: .fixture(50, 50)))
    }
  }

}

/// A catalog replaced by another: the new places in their order, applied as edits where that
/// keeps indexes.
struct PlaceCatalogReplacementTests {
  static let places = PlaceCatalogGeometryKeptTests.places

  @Test(arguments: [5, 6, 7] as [UInt64])
  func aReplacementHoldsTheNewPlacesInTheirOrderAndSaysWhatChanged(seed: UInt64) throws {
    let start = PlaceCatalogEditsTests.numberedPlaces(count: 200, seed: seed)
    var catalog = try PlaceCatalog(start)
    var edits = RandomEdits(places: start, seed: seed)
    var generator = SplitMix64(seed: seed &+ 11)
    for round in 0..<TestSize.steps(30) {
      catalog.prepareIndexes()
      _ = edits.nextBatch(maximumCount: 8)
      var newPlaces = edits.places
      if round.isMultiple(of: 6) {
        newPlaces.shuffle(using: &generator)  // Not an edit's order: taken as it is.
      }
      let new = try PlaceCatalog(newPlaces)

      let (replaced, changes) = catalog.replaced(by: new)

      #expect(Array(replaced) == newPlaces)
      #expect(changes == PlaceCatalogChanges(from: catalog, to: new))
      #expect(
        changes.inserted
          == PlaceCatalogEditsTests.bruteForceChanges(from: catalog, to: new).inserted)
      #expect(
        PlaceCatalogEditsTests.nameRows(of: replaced) == PlaceCatalogEditsTests.nameRows(of: new))
      for query in ["pla", "place 1"] {
        #expect(
          replaced.nameMatches(for: query, near: nil, limit: 10).map(\.position)
            == new.nameMatches(for: query, near: nil, limit: 10).map(\.position))
      }
      catalog = replaced
    }
  }

  @Test func aReplacementThatRenamesAPlaceKeepsTheIndexesAnEditKeeps() throws {
    let catalog = try PlaceCatalog(Self.places)
    catalog.prepareIndexes()
    var places = Self.places
    places[7] = places[7].renamed("renamed")

    let (replaced, changes) = catalog.replaced(by: try PlaceCatalog(places))

    #expect(changes == PlaceCatalogChanges(updated: [places[7].id]))
    _ = replaced.clusterHierarchy(radius: 60, maximumLevel: 16)
    _ = replaced.spatialIndex
    #expect(replaced.indexBuildCount == 0)
    #expect(Array(replaced) == places)
  }

  @Test func aReplacementWithTheSamePlacesIsTheCatalogItself() throws {
    let catalog = try PlaceCatalog(Self.places)
    catalog.prepareIndexes()

    let (replaced, changes) = catalog.replaced(by: try PlaceCatalog(Self.places))

    #expect(changes.isEmpty)
    // Its indexes, built before, come with it: a new catalog would have built none yet.
    #expect(replaced.indexBuildCount == PlaceCatalog.lazyIndexCount)
  }

  @Test func aReplacementWithANameEditsRefuseIsTakenAsItIs() throws {
    let catalog = try PlaceCatalog(Self.places)
    var places = Self.places
    places[3] = places[3].renamed(" ")

    let (replaced, changes) = catalog.replaced(by: try PlaceCatalog(places))

    #expect(Array(replaced) == places)
    #expect(changes == PlaceCatalogChanges(updated: [places[3].id]))
  }
}
