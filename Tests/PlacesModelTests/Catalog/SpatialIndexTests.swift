import PlacesModel
import PlacesModelTestSupport
import Testing

struct SpatialIndexTests {
  /// Catalogs small and large enough for several tree levels, each from its own seed.
  private static let catalogs: [(count: Int, seed: UInt64)] = [
    (1, 11), (2, 12), (17, 13), (200, 14), (3_000, 15),
  ]

  // MARK: - Tree shape

  /// Every node of an index's tree, numbered as in a binary heap, has a number below the
  /// limit a memo of its cells is sized by, and the limit stays near a quarter of the places.
  @Test(arguments: [0, 1, 16, 17, 33, 100, 1_000, 4_097, 170_391])
  func nodeNumbersStayBelowTheirLimit(count: Int) {
    let limit = SpatialIndex.nodeNumberLimit(count: count)
    var largest = 0
    // The tree's shape from its slots alone: a node of more than a leaf's places splits at
    // its middle slot, which belongs to neither half.
    func visit(lower: Int, upper: Int, node: Int) {
      guard lower < upper else { return }
      largest = max(largest, node)
      guard upper - lower > SpatialIndex.leafSize else { return }
      let middle = lower + (upper - lower) / 2
      visit(lower: lower, upper: middle, node: 2 * node)
      visit(lower: middle + 1, upper: upper, node: 2 * node + 1)
    }
    visit(lower: 0, upper: count, node: 1)
    #expect(largest < limit)
    #expect(limit <= max(2, count / 4))
  }

  // MARK: - Rectangles

  @Test(arguments: catalogs)
  func placesInARectangleAreThoseItContains(count: Int, seed: UInt64) {
    let coordinates = RandomCatalog.coordinates(count: count, seed: seed)
    let index = SpatialIndex(coordinates: coordinates)
    var generator = SplitMix64(seed: seed &+ 1)

    for _ in 0..<300 {
      let bounds = RandomCatalog.bounds(using: &generator)
      let expected = coordinates.indices.filter { bounds.contains(coordinates[$0]) }

      #expect(index.positions(in: bounds).sorted() == expected, "\(bounds)")
      #expect(index.numberOfPlaces(in: bounds) == expected.count, "\(bounds)")
    }
  }

  @Test func rectanglesAcrossTheAntimeridianAndAtThePolesFindTheirPlaces() throws {
    let coordinates = try [
      (-17.7, 178.1), (-14.3, -170.7), (-10, 180), (-10, -180), (-10, 0), (90, 0), (90, 77),
      (-90, 0), (89.9, -179.9),
    ].map { try Coordinate(latitude: $0.0, longitude: $0.1) }
    let index = SpatialIndex(coordinates: coordinates)

    let pacific = try CoordinateBounds(south: -20, west: 170, north: 0, east: -170)
    let arctic = try CoordinateBounds(south: 89, west: -180, north: 90, east: 180)
    let eastEdge = try CoordinateBounds(south: -11, west: 179, north: -9, east: 180)
    let antarctic = try CoordinateBounds(south: -90, west: -1, north: -89, east: 1)

    #expect(index.positions(in: pacific).sorted() == [0, 1, 2, 3])
    #expect(index.positions(in: arctic).sorted() == [5, 6, 8])
    #expect(index.positions(in: eastEdge).sorted() == [2, 3])
    #expect(index.positions(in: antarctic) == [7])
  }

  @Test func anEmptyRegionOrAnEmptyIndexFindsNothing() throws {
    let coordinates = RandomCatalog.coordinates(count: 500, seed: 21)
      .filter { $0.latitude > 0 }
    let index = SpatialIndex(coordinates: coordinates)
    let southernOcean = try CoordinateBounds(south: -70, west: 100, north: -1, east: -100)

    #expect(index.positions(in: southernOcean).isEmpty)
    #expect(index.numberOfPlaces(in: southernOcean) == 0)
    #expect(SpatialIndex().positions(in: .world).isEmpty)
    #expect(SpatialIndex().numberOfPlaces(in: .world) == 0)
    #expect(index.numberOfPlaces(in: .world) == coordinates.count)
  }

  // MARK: - Distance order

  @Test(arguments: catalogs)
  func nearestPlacesAreAStableSortByDistance(count: Int, seed: UInt64) {
    let coordinates = RandomCatalog.coordinates(count: count, seed: seed)
    let index = SpatialIndex(coordinates: coordinates)
    var generator = SplitMix64(seed: seed &+ 2)

    for _ in 0..<60 {
      let origin = RandomCatalog.origin(using: &generator)
      let expected = RandomCatalog.sortedByDistance(coordinates, from: origin)
      let k = [0, 1, 7, 50, count, count + 3].randomElement(using: &generator) ?? 1

      #expect(index.nearest(k, to: origin) == Array(expected.prefix(k)), "from \(origin)")
    }
  }

  @Test(arguments: catalogs)
  func enumerationByDistanceListsEveryPlaceInOrder(count: Int, seed: UInt64) {
    let coordinates = RandomCatalog.coordinates(count: count, seed: seed)
    let index = SpatialIndex(coordinates: coordinates)
    var generator = SplitMix64(seed: seed &+ 3)

    for _ in 0..<8 {
      let origin = RandomCatalog.origin(using: &generator)

      #expect(
        Array(index.neighbours(of: origin))
          == RandomCatalog.sortedByDistance(coordinates, from: origin), "from \(origin)")
    }
  }

  @Test(arguments: catalogs)
  func enumerationFromARankContinuesTheOrderThere(count: Int, seed: UInt64) {
    let coordinates = RandomCatalog.coordinates(count: count, seed: seed)
    let index = SpatialIndex(coordinates: coordinates)
    var generator = SplitMix64(seed: seed &+ 4)

    for _ in 0..<40 {
      let origin = RandomCatalog.origin(using: &generator)
      let expected = RandomCatalog.sortedByDistance(coordinates, from: origin)
      let rank = Int.random(in: 0...count + 1, using: &generator)

      #expect(
        Array(index.neighbours(of: origin, fromRank: rank).prefix(40))
          == Array(expected.dropFirst(rank).prefix(40)), "rank \(rank) from \(origin)")
    }
  }

  @Test(arguments: catalogs)
  func enumerationAfterAPlaceGoesOnAndBeforeItGoesBack(count: Int, seed: UInt64) {
    let coordinates = RandomCatalog.coordinates(count: count, seed: seed)
    let index = SpatialIndex(coordinates: coordinates)
    var generator = SplitMix64(seed: seed &+ 6)

    for _ in 0..<40 {
      let origin = RandomCatalog.origin(using: &generator)
      let expected = RandomCatalog.sortedByDistance(coordinates, from: origin)
      let row = Int.random(in: 0..<count, using: &generator)
      let place = expected[row]

      #expect(
        Array(index.neighbours(of: origin, after: place).prefix(40))
          == Array(expected.dropFirst(row + 1).prefix(40)), "after row \(row) from \(origin)")
      #expect(
        Array(index.neighbours(of: origin, before: place).prefix(40))
          == Array(expected.prefix(row).reversed().prefix(40)), "before row \(row) from \(origin)")
    }
  }

  @Test func enumerationBeforeTheFarthestRunsThroughEveryPlaceBackwards() {
    let coordinates = RandomCatalog.coordinates(count: 2_000, seed: 31)
    let index = SpatialIndex(coordinates: coordinates)
    var generator = SplitMix64(seed: 32)
    let origin = RandomCatalog.origin(using: &generator)
    let beyond = SpatialIndex.Neighbour(position: Int.max, distance: 30_000_000)

    #expect(
      Array(index.neighbours(of: origin, before: beyond))
        == RandomCatalog.sortedByDistance(coordinates, from: origin).reversed())
  }

  @Test(arguments: catalogs)
  func theRankOfAPlaceIsItsOffsetInTheStableSort(count: Int, seed: UInt64) {
    let coordinates = RandomCatalog.coordinates(count: count, seed: seed)
    let index = SpatialIndex(coordinates: coordinates)
    var generator = SplitMix64(seed: seed &+ 5)

    for _ in 0..<40 {
      let origin = RandomCatalog.origin(using: &generator)
      let expected = RandomCatalog.sortedByDistance(coordinates, from: origin)
      for _ in 0..<10 {
        let row = Int.random(in: 0..<count, using: &generator)
        let position = expected[row].position

        #expect(
          index.distanceRank(ofPosition: position, at: coordinates[position], from: origin) == row,
          "place \(position) from \(origin)")
      }
    }
  }

  @Test func placesAtTheSameDistanceComeInCatalogOrder() throws {
    let stockholm = try Coordinate(latitude: 59.32938, longitude: 18.06871)
    let oslo = try Coordinate(latitude: 59.91273, longitude: 10.74609)
    let coordinates = [oslo, stockholm, oslo, stockholm, stockholm, oslo]
    let index = SpatialIndex(coordinates: coordinates)

    #expect(index.nearest(6, to: stockholm).map(\.position) == [1, 3, 4, 0, 2, 5])
    #expect(index.distanceRank(ofPosition: 4, at: stockholm, from: stockholm) == 2)
    #expect(index.distanceRank(ofPosition: 2, at: oslo, from: stockholm) == 4)
    #expect(index.nearest(2, to: stockholm).map(\.distance) == [0, 0])
  }

  @Test func anEmptyIndexHasNoNeighbours() throws {
    let origin = try Coordinate(latitude: 0, longitude: 0)
    let index = SpatialIndex(places: [])

    #expect(index.count == 0)
    #expect(index.nearest(3, to: origin).isEmpty)
    #expect(Array(index.neighbours(of: origin, fromRank: 0)).isEmpty)
    #expect(index.distanceRank(ofPosition: 0, at: origin, from: origin) == 0)
  }

  @Test func theModelIndexesItsCatalogAndReindexesANewOne() throws {
    let model = try PlacesModel(places: [.london, .paris, .rome])
    let rome = Place.rome.coordinate

    #expect(model.places.spatialIndex.nearest(1, to: rome).map(\.position) == [2])

    try model.replacePlaces([.rome, .stockholm])

    #expect(model.places.spatialIndex.count == 2)
    #expect(model.places.spatialIndex.nearest(1, to: rome).map(\.position) == [0])
  }
}
