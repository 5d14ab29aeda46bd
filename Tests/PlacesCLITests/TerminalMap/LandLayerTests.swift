import PlacesModel
import PlacesModelTestSupport
import Testing
import ViewModels

@testable import places_cli

struct LandLayerTests {
  /// An 80 by 24 map panel looking through `camera`, and the land drawn on it.
  private static func drawLand(camera: MapCamera) throws -> (MapViewport, BrailleCanvas) {
    let size = try #require(TerminalMapScale.viewSize(columns: 80, rows: 24))
    let viewport = MapViewport(camera: camera, size: size)
    var canvas = BrailleCanvas(columns: 80, rows: 24)
    LandLayer.world.draw(into: &canvas, viewport: viewport)
    return (viewport, canvas)
  }

  /// Whether the cell over `latitude`, `longitude` has land dots, on an 80 by 24 map.
  private static func isLand(
    _ latitude: Double, _ longitude: Double, camera: MapCamera
  ) throws -> Bool {
    let (viewport, canvas) = try drawLand(camera: camera)
    let point = viewport.point(for: .fixture(latitude, longitude))
    let column = Int(point.x / TerminalMapScale.pointsPerColumn)
    let row = Int(point.y / TerminalMapScale.pointsPerRow)
    try #require((0..<80).contains(column) && (0..<24).contains(row), "the point is on the map")
    return canvas.character(column: column, row: row) != nil
  }

  private static let world = MapCamera.clamped(centre: .fixture(20, 0), zoom: 1.3)

  @Test func theBuiltInLandHasNaturalEarthsPolygonsAndTheCaspianHole() {
    let land = LandLayer.world

    #expect(land.shapes.count == 127)
    #expect(land.shapes.map(\.rings.count).reduce(0, +) == WorldLand.ringCount)
    #expect(land.shapes.filter { $0.rings.count == 2 }.count == 1)
  }

  @Test func theDetailedLandHasNaturalEarths50mPolygons() {
    let land = LandLayer.detailed

    #expect(land.shapes.count > 1_000, "1:50m has 1,430 polygons, a few too small to keep")
    #expect(land.shapes.map(\.rings.count).reduce(0, +) == WorldLandDetailed.ringCount)
    #expect(land.shapes.map { $0.rings.map(\.count).reduce(0, +) }.reduce(0, +) > 40_000)
  }

  @Test func theMapUsesTheDetailedLandFromTheOutlineZoom() throws {
    // A square of land only the detailed layer has, around 59°N 18°E.
    let square = LandLayer(encodedRings: "o 1700,5800 200,0 0,200 -200,0")
    let empty = LandLayer(encodedRings: "")
    let size = try #require(TerminalMapScale.viewSize(columns: 80, rows: 24))
    func dots(zoom: Double) -> Int {
      let panel = TerminalMapView(
        camera: .clamped(centre: .fixture(59, 18), zoom: zoom), viewSize: size, land: empty,
        detailedLand: square)
      var screen = ScreenBuffer(width: 80, height: 24)
      panel.draw(into: &screen, x: 0, y: 0)
      return screen.lines.joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }
        .count
    }

    #expect(dots(zoom: TerminalMapView.outlineZoom - 0.5) == 0)
    #expect(dots(zoom: TerminalMapView.outlineZoom) > 10)
  }

  @Test(arguments: [
    ("Sahara", 23.0, 13.0, true), ("Siberia", 62.0, 100.0, true), ("Amazonia", -5.0, -62.0, true),
    ("Australia", -25.0, 134.0, true), ("mid-Pacific", 0.0, -150.0, false),
    ("South Atlantic", -30.0, -15.0, false), ("Indian Ocean", -20.0, 75.0, false),
  ])
  func cellsOverLandHaveDotsAndCellsOverTheSeaHaveNone(
    place: String, latitude: Double, longitude: Double, isLand: Bool
  ) throws {
    #expect(try Self.isLand(latitude, longitude, camera: Self.world) == isLand, "\(place)")
  }

  @Test func theCaspianSeaIsWaterInsideTheLand() throws {
    let camera = MapCamera.clamped(centre: .fixture(42, 50.5), zoom: 5)

    #expect(try !Self.isLand(42, 50.5, camera: camera))
    #expect(try Self.isLand(45, 44, camera: camera))
  }

  @Test func landAcrossTheAntimeridianIsDrawnOnBothSides() throws {
    let camera = MapCamera.clamped(centre: .fixture(66, 180), zoom: 3)

    #expect(try Self.isLand(66, 175, camera: camera), "Chukotka, west of 180")
    #expect(try Self.isLand(66.3, -174, camera: camera), "Chukotka, east of 180")
  }

  @Test func theWorldRepeatsWhenTheMapIsWiderThanTheWorld() throws {
    let camera = MapCamera.clamped(centre: .fixture(0, 0), zoom: 0)  // 32 columns

    let (_, canvas) = try Self.drawLand(camera: camera)

    let columnsWithLand = (0..<80).filter { column in
      (0..<24).contains { canvas.character(column: column, row: $0) != nil }
    }
    #expect(columnsWithLand.first ?? 80 < 8)
    #expect(columnsWithLand.last ?? 0 > 72)
  }
}
