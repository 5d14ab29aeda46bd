import PlacesModel
import Testing
import ViewModels

@testable import places_cli

struct MapCameraTests {
  @Test func zoomIsClampedToItsRange() throws {
    let center = try Coordinate(latitude: 10, longitude: 10)

    #expect(MapCamera.clamped(centre: center, zoom: -3).zoom == 0)
    #expect(MapCamera.clamped(centre: center, zoom: 25).zoom == 20)
    #expect(MapCamera.clamped(centre: center, zoom: .nan).zoom == 0)
    #expect(MapCamera.clamped(centre: center, zoom: 19.5).zoomed(by: 1).zoom == 20)
    #expect(MapCamera.clamped(centre: center, zoom: 3).zoomed(by: -1).centre == center)
  }
}
