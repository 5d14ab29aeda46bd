import PlacesModel
import PlacesModelTestSupport
import Testing

struct CoordinateTests {
  @Test(arguments: [(-90.0, -180.0), (90.0, 180.0), (0.0, 0.0), (59.32938, 18.06871)])
  func validCoordinatesAreKeptExactly(latitude: Double, longitude: Double) throws {
    let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
    #expect(coordinate.latitude == latitude)
    #expect(coordinate.longitude == longitude)
  }

  @Test(arguments: [95.0, -90.000_001, .infinity, -.infinity])
  func latitudesOutOfRangeAreRejected(latitude: Double) {
    #expect(throws: CoordinateError.invalidLatitude(latitude)) {
      try Coordinate(latitude: latitude, longitude: 0)
    }
  }

  @Test(arguments: [-200.0, 180.5, .infinity])
  func longitudesOutOfRangeAreRejected(longitude: Double) {
    #expect(throws: CoordinateError.invalidLongitude(longitude)) {
      try Coordinate(latitude: 0, longitude: longitude)
    }
  }

  @Test func notANumberIsRejectedNotClamped() {
    #expect {
      try Coordinate(latitude: .nan, longitude: 0)
    } throws: { error in
      guard case .invalidLatitude(let value) = error as? CoordinateError else { return false }
      return value.isNaN
    }
    #expect {
      try Coordinate(latitude: 0, longitude: .nan)
    } throws: { error in
      guard case .invalidLongitude(let value) = error as? CoordinateError else { return false }
      return value.isNaN
    }
  }

  @Test func errorsNameTheValueAndTheRange() {
    #expect(CoordinateError.invalidLatitude(91).description.contains("91"))
    #expect(CoordinateError.invalidLatitude(91).description.contains("-90...90"))
    #expect(CoordinateError.invalidLongitude(-200).description.contains("-200"))
  }

  @Test func distanceBetweenLondonAndStockholmIsAbout1435Kilometres() {
    let distance = Place.london.coordinate.distance(to: Place.stockholm.coordinate)
    #expect(abs(distance - 1_435_000) < 5_000)
  }

  @Test func distanceIsSymmetricAndZeroToItself() {
    let paris = Place.paris.coordinate
    let rome = Place.rome.coordinate
    #expect(paris.distance(to: paris) == 0)
    #expect(paris.distance(to: rome) == rome.distance(to: paris))
  }

  @Test func distanceAcrossTheAntimeridianTakesTheShortWay() {
    let east = Coordinate.fixture(0, 179.5)
    let west = Coordinate.fixture(0, -179.5)
    #expect(abs(east.distance(to: west) - 111_195) < 100)
  }

  @Test func antipodesAreHalfACircumferenceApart() {
    let north = Coordinate.fixture(90, 0)
    let south = Coordinate.fixture(-90, 0)
    #expect(abs(north.distance(to: south) - .pi * Coordinate.earthRadiusInMetres) < 1)
  }
}
