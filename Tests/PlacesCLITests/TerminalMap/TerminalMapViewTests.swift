import PlacesModel
import PlacesModelTestSupport
import Testing
import ViewModels

@testable import places_cli

struct TerminalMapViewTests {
  /// A map panel of 80 by 24 cells looking through `camera`.
  private static func makePanel(camera: MapCamera) throws -> TerminalMapView {
    let size = try #require(TerminalMapScale.viewSize(columns: 80, rows: 24))
    return TerminalMapView(camera: camera, viewSize: size)
  }

  @Test func panningMovesByWholeCellsAndWrapsAcrossTheAntimeridian() throws {
    let panel = try Self.makePanel(camera: .clamped(centre: .fixture(0, 170), zoom: 0))

    panel.pan(columns: 2, rows: 0)  // 16 points: 22.5 degrees east

    #expect(abs(panel.camera.centre.longitude - -167.5) < 1e-9)
    #expect(abs(panel.camera.centre.latitude) < 1e-9)
    #expect(panel.camera.zoom == 0)
  }

  @Test func panningNorthStopsAtTheEdgeOfTheMap() throws {
    let panel = try Self.makePanel(camera: .clamped(centre: .fixture(80, 10), zoom: 2))

    for _ in 0..<20 {
      panel.pan(columns: 0, rows: -4)
    }

    #expect(abs(panel.camera.centre.latitude - 85.051_128_779_806_59) < 1e-9)
    #expect(abs(panel.camera.centre.longitude - 10) < 1e-9)
  }

  @Test func aPlaceAcrossTheAntimeridianIsDrawnOnTheNearSide() throws {
    let panel = try Self.makePanel(camera: .clamped(centre: .fixture(-17, 179), zoom: 2))

    let apia = try #require(panel.cell(of: .fixture(-13.83, -171.77)))

    #expect((41..<50).contains(apia.column), "east of the centre, not a world away")
  }

  /// The marker was drawn with the view models' projection and the land with the tool's own,
  /// which disagreed by a fraction of a point: at these zooms a place at the centre of the map
  /// was drawn a row above the land it stands on.
  @Test(arguments: [
    ("Paris", 48.86, 2.35, 3.5), ("Stockholm", 59.33, 18.07, 5.1),
    ("Tokyo", 35.69, 139.69, 6.7), ("Cape Town", -33.92, 18.42, 2.5),
    ("São Paulo", -23.55, -46.64, 4.1), ("Apia", -13.83, -171.77, 7.1),
  ])
  func aMarkerIsDrawnInTheCellOfTheLandUnderIt(
    name: String, latitude: Double, longitude: Double, zoom: Double
  ) throws {
    // Land whose north-west corner is the place, reaching 2° east and 2° south of it.
    let west = Int((longitude * 100).rounded())
    let north = Int((latitude * 100).rounded())
    let land = LandLayer(encodedRings: "o \(west),\(north) 200,0 0,-200 -200,0")
    let place = Place(id: 1, name: name, coordinate: .fixture(latitude, longitude))
    let screen = BrowseScreen(
      model: try PlacesModel(places: [place]),
      camera: .clamped(centre: place.coordinate, zoom: zoom), land: land)
    var buffer = ScreenBuffer(width: 80, height: 24)

    screen.draw(into: &buffer)

    let layout = BrowseLayout(width: 80, height: 24)
    let markers = (1...layout.mapRows).flatMap { row in
      (0..<layout.mapColumns).filter { buffer[$0, row].character == "•" }.map { ($0, row - 1) }
    }
    let marker = try #require(markers.first, "the place's marker is drawn")
    #expect(markers.count == 1)
    #expect(marker == (layout.mapColumns / 2, layout.mapRows / 2), "at the centre of the map")
    var canvas = BrailleCanvas(columns: layout.mapColumns, rows: layout.mapRows)
    land.draw(into: &canvas, viewport: screen.mapView.viewport)
    #expect(canvas.character(column: marker.0, row: marker.1) != nil, "land under the marker")
    #expect(canvas.character(column: marker.0, row: marker.1 - 1) == nil, "none north of it")
  }

  @Test func aSpreadIsDrawnAroundItsClusterAndItsPlacesCanBeClicked() throws {
    let market = Coordinate.fixture(48.8566, 2.3522)
    let places = (1...12).map { index in
      Place(id: PlaceID(index), name: "Stall \(index)", coordinate: market, population: index)
    }
    let model = try PlacesModel(places: places)
    let panel = try Self.makePanel(camera: .clamped(centre: market, zoom: 16))
    let viewModel = MapViewModel(
      model: model, camera: panel.camera, viewSize: panel.viewSize)
    viewModel.attach(panel.state)
    panel.viewModel = viewModel
    let cluster = try #require(viewModel.markers.first { $0.isCluster })
    guard case .cluster(let id) = cluster.id else { return }

    try viewModel.clusterTapped(id: id)
    var buffer = ScreenBuffer(width: 80, height: 24)
    panel.draw(into: &buffer, x: 0, y: 0)

    let cells = panel.spreadCells
    #expect(cells.count == 12)
    // 44 points apart: never two in one cell, and each drawn.
    #expect(Set(cells.map { $0.row * 80 + $0.column }).count == 12)
    for cell in cells {
      #expect(buffer.text(ofRow: cell.row).dropFirst(cell.column).first == "•")
      #expect(panel.marker(nearColumn: cell.column, row: cell.row, reach: 0) == cell.marker)
    }
    // The camera moved: the spread is gathered and drawn no more.
    panel.pan(columns: 1, rows: 0)
    #expect(panel.spreadCells.isEmpty)
  }
}
