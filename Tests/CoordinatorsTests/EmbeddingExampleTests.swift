import Coordinators
import Foundation
import PlacesModel
import Testing
import ViewModels

/// The embedding example of README.md, compiled and run, so the README cannot drift.
struct EmbeddingExampleTests {
  final class MapScreen: MapViewDelegate {
    private(set) var cameraTargets: [Coordinate] = []
    func showMarkers(_ markers: [MapMarker]) {}
    func selectMarker(id: Place.ID) {}
    func deselectMarker(id: Place.ID) {}
    func moveCamera(to coordinate: Coordinate, animated: Bool) { cameraTargets.append(coordinate) }
    func showCard(for place: Place) {}
    func hideCard() {}
    func showUserLocation(_ coordinate: Coordinate) {}
    func hideUserLocation() {}
  }

  final class ListScreen: ListViewDelegate {
    private(set) var rows = ListRows()
    private(set) var highlightedRows: [Int] = []
    func reloadRows(_ rows: ListRows, order: ListOrder) { self.rows = rows }
    func highlightRow(at row: Int) { highlightedRows.append(row) }
    func scrollToRow(at row: Int, animated: Bool) {}
    func clearHighlight() {}
  }

  final class CardScreen: PlaceCardViewDelegate {
    private(set) var shown: [Place.ID] = []
    func showDetails(of place: Place) { shown.append(place.id) }
    func dismiss() {}
  }

  final class Screens: ViewFactory {
    let map = MapScreen()
    let list = ListScreen()
    let card = CardScreen()
    func makeMapView() -> any MapViewDelegate { map }
    func makeListView() -> any ListViewDelegate { list }
    func makeCardView() -> any PlaceCardViewDelegate { card }
  }

  @Test func theReadmeExampleDrivesEveryScreenFromOneTap() throws {
    // The package root is three levels above this file; the shared data sits beside it.
    let sample = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("../shared/data/places-sample.geojson").standardizedFileURL.path
    let screens = Screens()

    let places = try GeoJSONPlacesReader().places(contentsOfFile: sample)
    let app = try AppCoordinator(places: places, viewFactory: screens)
    app.start()
    try app.mapViewModel.markerTapped(id: 42)

    let stockholm = try #require(app.model.place(withID: 42))
    #expect(screens.map.cameraTargets == [stockholm.coordinate])
    #expect(
      screens.list.highlightedRows == [app.listViewModel.row(ofPlaceWithID: 42)].compactMap { $0 })
    #expect(screens.list.highlightedRows.map { screens.list.rows[$0].id } == [42])
    #expect(screens.card.shown == [42])
  }
}
