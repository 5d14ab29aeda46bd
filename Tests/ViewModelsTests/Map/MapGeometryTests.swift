import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct MapGeometryTests {
  @Test(arguments: [-1, 24.5, .nan, .infinity] as [Double])
  func cameraRefusesZoomOutsideItsRange(zoom: Double) {
    #expect(throws: MapGeometryError.self) {
      try MapCamera(centre: .uppsala, zoom: zoom)
    }
  }

  @Test func zoomDoublesTheWorldEachStep() throws {
    #expect(MapCamera.world.worldWidthInPoints == 256)
    #expect(try MapCamera(centre: .uppsala, zoom: 1).worldWidthInPoints == 512)
    #expect(try MapCamera(centre: .uppsala, zoom: 24).worldWidthInPoints == 256 * 16_777_216)
  }

  @Test(arguments: [(0, 100), (100, .infinity), (100, 100_001), (.nan, 1)] as [(Double, Double)])
  func sizeRefusesSidesOutsideItsRange(width: Double, height: Double) {
    #expect(throws: MapGeometryError.self) {
      try MapSize(width: width, height: height)
    }
  }

  @Test func sizeErrorNamesBothSides() {
    #expect(throws: MapGeometryError.invalidSize(width: 0, height: 100)) {
      try MapSize(width: 0, height: 100)
    }
  }

  @Test func optionsRefuseRadiusAndZoomOutsideTheirRanges() {
    #expect(throws: MapGeometryError.invalidRadius(0)) {
      try MapClusterOptions(radius: 0, maximumZoom: 20)
    }
    #expect(throws: MapGeometryError.invalidZoom(30)) {
      try MapClusterOptions(radius: 60, maximumZoom: 30)
    }
  }

  @Test func errorsNameTheValueAndTheRange() {
    #expect(
      MapGeometryError.invalidZoom(25).description == "zoom 25.0 is not a finite number in 0...24")
    #expect(
      MapGeometryError.invalidSize(width: 0, height: 5).description
        == "view size 0.0x5.0 is not a finite number of points in 1...100000 on each side")
  }

  @Test func oneTileAtZoomZeroShowsTheWholeWorld() {
    let region = MapViewport(camera: .world, size: .tile).visibleRegion

    #expect(region == CoordinateBounds.world)
  }

  @Test func regionOfACityViewIsAroundItsCentre() throws {
    let viewport = MapViewport(camera: .fixture(.uppsala, zoom: 11), size: .phone)
    let region = viewport.visibleRegion
    // 390 points at zoom 11 span 390 / (256 * 2048) of 360 degrees of longitude.
    let width = 390 / (256 * 2_048) * 360.0

    #expect(abs(region.east - region.west - width) < 1e-6)
    #expect(
      region.south < Coordinate.uppsala.latitude && Coordinate.uppsala.latitude < region.north)
    #expect(!region.crossesAntimeridian)
  }
}
