import PlacesModel
import PlacesModelTestSupport
import Testing

struct WebMercatorTests {
  @Test(arguments: [0.0, 1.5, 2_147_483_648.25, 4_294_967_295.75])
  func anXAnyWorldsAwayGivesTheSameColumn(x: Double) {
    let column = WebMercator.fixedX(x)
    for worlds in [-3.0, -1, 1, 2, 1_000] {
      #expect(WebMercator.fixedX(x + worlds * WebMercator.worldSize) == column, "\(worlds)")
    }
    #expect(column == UInt32(x.rounded(.down)))
  }

  @Test func columnsRoundAsAskedAndTheEastEdgeIsColumnZero() {
    #expect(WebMercator.fixedX(10.2, rounding: .up) == 11)
    #expect(WebMercator.fixedX(-0.5) == UInt32.max)
    #expect(WebMercator.fixedX(-0.5, rounding: .up) == 0)
    #expect(WebMercator.fixedX(WebMercator.worldSize) == 0)
    #expect(WebMercator.fixedX(WebMercator.worldSize - 0.5) == UInt32.max)
    #expect(WebMercator.fixedX(.infinity) == 0 && WebMercator.fixedX(.nan) == 0)
  }

  @Test func rowsRoundAsAskedAndStayInTheSquare() {
    #expect(WebMercator.fixedY(10.2) == 10 && WebMercator.fixedY(10.2, rounding: .up) == 11)
    #expect(WebMercator.fixedY(-7) == 0 && WebMercator.fixedY(-.infinity) == 0)
    #expect(WebMercator.fixedY(WebMercator.worldSize) == UInt32.max)
    #expect(WebMercator.fixedY(.infinity) == UInt32.max && WebMercator.fixedY(.nan) == 0)
  }

  @Test func aPlacesPositionIsItsProjectionsColumnAndRow() throws {
    for (latitude, longitude) in [(0.0, -180.0), (0, 180), (51.5, -0.12), (-89, 179.999), (90, 0)] {
      let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
      let position = WebMercator.position(of: coordinate)
      #expect(position.x == WebMercator.fixedX(WebMercator.x(longitude: longitude)))
      #expect(position.y == WebMercator.fixedY(WebMercator.y(latitude: latitude)))
    }
  }
}
