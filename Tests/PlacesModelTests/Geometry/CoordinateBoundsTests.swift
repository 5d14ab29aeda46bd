import PlacesModel
import Testing

struct CoordinateBoundsTests {
  private func coordinate(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
    try Coordinate(latitude: latitude, longitude: longitude)
  }

  @Test func anOrdinaryRectangleHoldsWhatLiesBetweenItsEdges() throws {
    let bounds = try CoordinateBounds(south: 55, west: 10, north: 60, east: 20)
    #expect(!bounds.crossesAntimeridian)
    #expect(bounds.contains(try coordinate(59.3, 18.1)))
    #expect(bounds.contains(try coordinate(55, 10)))
    #expect(!bounds.contains(try coordinate(54.9, 15)))
    #expect(!bounds.contains(try coordinate(57, 20.1)))
  }

  @Test func aRectangleWhoseWestIsEastOfItsEastCrossesTheAntimeridian() throws {
    let bounds = try CoordinateBounds(south: -20, west: 170, north: 0, east: -170)
    #expect(bounds.crossesAntimeridian)
    #expect(bounds.contains(try coordinate(-17.7, 178.1)))  // Fiji, west of 180
    #expect(bounds.contains(try coordinate(-14.3, -170.7)))  // American Samoa, east of 180
    #expect(bounds.contains(try coordinate(-10, 180)))
    #expect(bounds.contains(try coordinate(-10, -180)))
    #expect(!bounds.contains(try coordinate(-10, 0)))
    #expect(!bounds.contains(try coordinate(-10, 169.9)))
  }

  @Test func bothNamesOfTheAntimeridianAreInsideARectangleThatReachesEither() throws {
    let east = try CoordinateBounds(south: 0, west: 170, north: 10, east: 180)
    #expect(east.contains(try coordinate(5, -180)))
    let west = try CoordinateBounds(south: 0, west: -180, north: 10, east: -170)
    #expect(west.contains(try coordinate(5, 180)))
    let middle = try CoordinateBounds(south: 0, west: -10, north: 10, east: 10)
    #expect(!middle.contains(try coordinate(5, 180)))
  }

  @Test func theWorldHoldsThePolesAndBothSidesOfTheAntimeridian() throws {
    for (latitude, longitude) in [(90.0, 0.0), (-90.0, 0.0), (0.0, -180.0), (0.0, 180.0)] {
      #expect(CoordinateBounds.world.contains(try coordinate(latitude, longitude)))
    }
  }

  @Test func edgesOutOfRangeOrReversedLatitudesAreRejected() {
    #expect(throws: CoordinateError.invalidLatitude(95)) {
      try CoordinateBounds(south: 0, west: 0, north: 95, east: 1)
    }
    #expect(throws: CoordinateError.invalidLongitude(-181)) {
      try CoordinateBounds(south: 0, west: -181, north: 1, east: 1)
    }
    #expect(throws: CoordinateError.invalidLatitude(10)) {
      try CoordinateBounds(south: 10, west: 0, north: 5, east: 1)
    }
  }
}
