import PlacesModel
import PlacesModelTestSupport
import Testing

/// Indexes built at the same time by `prepareIndexes` are the indexes built one at a time.
struct PreparingIndexesTests {
  @Test func everyLazyIndexHasAKindToPrepare() {
    #expect(CatalogIndexKind.allCases.count == PlaceCatalog.lazyIndexCount)
  }

  @Test(arguments: [21, 22] as [UInt64])
  func indexesBuiltAtOnceEqualIndexesBuiltOneByOne(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let coordinates = RandomCatalog.coordinates(count: 4_000, seed: seed)
    let places = coordinates.enumerated().map { offset, coordinate in
      Place(
        id: PlaceID(offset), name: "Place \(Int.random(in: 0..<500, using: &generator))",
        coordinate: coordinate, population: Int.random(in: 0..<1_000_000, using: &generator))
    }
    let together = try PlaceCatalog(places)
    together.prepareIndexes(CatalogIndexKind.firstScreen)
    #expect(together.indexBuildCount == CatalogIndexKind.firstScreen.count)
    together.prepareIndexes()
    #expect(together.indexBuildCount == PlaceCatalog.lazyIndexCount)
    let alone = try PlaceCatalog(places)

    #expect(together.nameOrder.handles == alone.nameOrder.handles)
    let radius = PlaceCatalog.standardClusterRadius
    let maximumLevel = PlaceCatalog.standardClusterMaximumLevel
    let built = together.clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
    let expected = alone.clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
    for level in 0...maximumLevel {
      let (left, right) = (built.level(level), expected.level(level))
      #expect(left.liveCount == right.liveCount)
      let entries = 0..<min(left.liveCount, right.liveCount)
      #expect(entries.map(left.x) == entries.map(right.x))
      #expect(entries.map(left.y) == entries.map(right.y))
      #expect(entries.map(left.count) == entries.map(right.count))
      if level > 0 {  // The top level has no parents.
        #expect(entries.map(left.parent) == entries.map(right.parent))
      }
    }
    #expect(
      together.nameMatches(for: "place 12", near: nil, limit: 20).map(\.position)
        == alone.nameMatches(for: "place 12", near: nil, limit: 20).map(\.position))
    #expect(
      Array(together.placesNearestFirst(from: .uppsala).prefix(50))
        == Array(alone.placesNearestFirst(from: .uppsala).prefix(50)))
  }
}
