import PlacesModel
import Testing
import ViewModels

@testable import places_cli

struct MapCameraTests {
  private static func coordinate(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
    try Coordinate(latitude: latitude, longitude: longitude)
  }

  @Test func webMercatorPutsTheWorldIn256PointsAtZoomZero() {
    #expect(WebMercator.point(latitude: 0, longitude: 0) == TerminalMapPoint(x: 128, y: 128))
    let corner = WebMercator.point(
      latitude: places_cli.WebMercator.maximumLatitude, longitude: -180)
    #expect(abs(corner.x) < 1e-9 && abs(corner.y) < 1e-9)
    let pole = WebMercator.point(latitude: -90, longitude: 180)
    #expect(abs(pole.x - 256) < 1e-9 && abs(pole.y - 256) < 1e-9, "clamped, not infinite")
  }

  @Test(arguments: [(59.32938, 18.06871), (-33.92, 18.42), (0, -179.5), (84, 0)])
  func webMercatorRoundTrips(latitude: Double, longitude: Double) {
    let back = WebMercator.coordinate(
      of: WebMercator.point(latitude: latitude, longitude: longitude))

    #expect(abs(back.latitude - latitude) < 1e-9)
    #expect(abs(back.longitude - longitude) < 1e-9)
  }

  @Test func eachZoomStepDoublesTheScale() throws {
    let camera = MapCamera.clamped(centre: try Self.coordinate(0, 0), zoom: 3)
    let east = try Self.coordinate(0, 45)

    let atThree = camera.viewportPoint(of: east, width: 0, height: 0)
    let atFour = camera.zoomed(by: 1).viewportPoint(of: east, width: 0, height: 0)

    #expect(camera.worldWidthInPoints == 2_048)
    #expect(abs(atThree.x - 256) < 1e-9)
    #expect(abs(atFour.x - 512) < 1e-9)
  }

  @Test func zoomIsClampedToItsRange() throws {
    let center = try Self.coordinate(10, 10)

    #expect(MapCamera.clamped(centre: center, zoom: -3).zoom == 0)
    #expect(MapCamera.clamped(centre: center, zoom: 25).zoom == 20)
    #expect(MapCamera.clamped(centre: center, zoom: 19.5).zoomed(by: 1).zoom == 20)
  }

  @Test func panningMovesByWholeCellsAndWrapsAcrossTheAntimeridian() throws {
    let camera = MapCamera.clamped(centre: try Self.coordinate(0, 170), zoom: 0)

    let panned = camera.panned(columns: 2, rows: 0)  // 16 points: 22.5 degrees east

    #expect(abs(panned.centre.longitude - -167.5) < 1e-9)
    #expect(abs(panned.centre.latitude) < 1e-9)
  }

  @Test func aPointAcrossTheAntimeridianIsDrawnOnTheNearSide() throws {
    let camera = MapCamera.clamped(centre: try Self.coordinate(-17, 179), zoom: 2)  // near Fiji
    let apia = try Self.coordinate(-13.83, -171.77)

    let point = camera.viewportPoint(of: apia, width: 640, height: 384)

    #expect(point.x > 320 && point.x < 400, "east of the centre, not a world away")
  }

  @Test func viewportPointsAndCoordinatesAreInverse() throws {
    let camera = MapCamera.clamped(centre: try Self.coordinate(59.33, 18.07), zoom: 6)
    let point = TerminalMapPoint(x: 100, y: 300)

    let coordinate = camera.coordinate(atViewportPoint: point, width: 640, height: 384)
    let back = camera.viewportPoint(of: coordinate, width: 640, height: 384)

    #expect(abs(back.x - point.x) < 1e-6 && abs(back.y - point.y) < 1e-6)
  }
}
