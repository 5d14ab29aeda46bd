import Coordinators
import Foundation
import PlacesModel
import Testing
import ViewModels

/// The embedding example of README.md, compiled and run, so the README cannot drift.
struct EmbeddingExampleTests {
  final class MapScreen: MapViewDelegate {
    private(set) var cameraTargets: [MapCamera] = []
    private(set) var annotations: [MapMarker.ID: MapMarker] = [:]
    private(set) var selected: Place.ID?
    func moveCamera(to camera: MapCamera, animated: Bool) { cameraTargets.append(camera) }
    func showMarkers(_ markers: [MapMarker]) {
      annotations = Dictionary(uniqueKeysWithValues: markers.map { ($0.id, $0) })
    }
    func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
      for id in removed { annotations[id] = nil }
      for marker in added { annotations[marker.id] = marker }
    }
    func selectMarker(id: Place.ID) { selected = id }
    func deselectMarker(id: Place.ID) { selected = nil }
    func showUserLocation(_ coordinate: Coordinate) {}
    func hideUserLocation() {}
  }

  final class ListScreen: ListViewDelegate {
    private(set) var highlightedRows: [Int] = []
    func reloadRows(_ rows: [ListRow], order: ListOrder) {}
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
    let camera = try MapCamera(centre: Coordinate(latitude: 59.3, longitude: 18.1), zoom: 4)
    app.mapViewModel.cameraChanged(to: camera, viewSize: try MapSize(width: 390, height: 844))
    app.start()
    try app.mapViewModel.markerTapped(id: 42)

    let stockholm = try #require(app.model.place(withID: 42))
    #expect(screens.map.cameraTargets == [camera, camera.centred(on: stockholm.coordinate)])
    #expect(screens.map.annotations[.place(42)] == MapMarker(place: stockholm))
    #expect(screens.map.selected == 42)
    #expect(screens.map.annotations.values.map(\.count).reduce(0, +) < places.count)
    #expect(
      screens.list.highlightedRows == [app.listViewModel.row(ofPlaceWithID: 42)].compactMap { $0 })
    #expect(screens.card.shown == [42])
  }
}
