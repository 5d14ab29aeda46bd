// Generated from the first Swift block under "## Embedding" in README.md by
// scripts/extract-readme-example.sh; edit the README, then run the script.

import Coordinators
import PlacesModel
import ViewModels

final class MapScreen: MapViewDelegate {
  func moveCamera(to camera: MapCamera, animated: Bool) { print("map: fly to \(camera.centre)") }
  func showMarkers(_ markers: [MapMarker]) { print("map: \(markers.count) markers") }
  func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    // remove those annotations, then add these: places, and clusters with a count
    print("map: \(removed.count) markers out, \(added.count) in")
  }
  func selectMarker(id: Place.ID) { print("map: select \(id)") }
  func deselectMarker(id: Place.ID) {}
  func showUserLocation(_ coordinate: Coordinate) {}
  func hideUserLocation() {}
}

final class ListScreen: ListViewDelegate {
  private var rows = ListRows()
  func reloadRows(_ rows: ListRows, order: ListOrder) {
    self.rows = rows  // a table view would reload: rows.count rows, cell i shows rows[i]
    print("list: \(rows.count) rows")
  }
  func highlightRow(at row: Int) { print("list: highlight row \(row), \(rows[row].name)") }
  func scrollToRow(at row: Int, animated: Bool) {}
  func clearHighlight() {}
}

final class CardScreen: PlaceCardViewDelegate {
  func showDetails(of place: Place) { print("card: details of \(place.name)") }
  func dismiss() {}
}

final class SearchScreen: SearchViewDelegate {
  func showMatches(_ matches: [SearchMatch]) {}  // a query field above the matches, best first
  func highlightMatch(at index: Int) {}
  func clearHighlight() {}
}

struct Screens: ViewFactory {  // each screen a view that takes commands, or a screen state
  func makeMapView() -> ViewOrState<any MapViewDelegate, MapScreenState> { .view(MapScreen()) }
  func makeListView() -> ViewOrState<any ListViewDelegate, ListScreenState> { .view(ListScreen()) }
  func makeCardView() -> ViewOrState<any PlaceCardViewDelegate, PlaceCardScreenState> {
    .view(CardScreen())
  }
  func makeSearchView() -> ViewOrState<any SearchViewDelegate, SearchScreenState> {
    .view(SearchScreen())
  }
}

let places = try GeoJSONPlacesReader().load(contentsOfFile: "places.geojson").places
let app = try AppCoordinator(places: places, viewFactory: Screens())
// What the map shows: call this again on every pan or zoom; the markers of the region follow.
let camera = try MapCamera(centre: Coordinate(latitude: 59.3, longitude: 18.1), zoom: 4)
app.mapViewModel.cameraChanged(to: camera, viewSize: try MapSize(width: 390, height: 844))
app.start()
try app.mapViewModel.markerTapped(id: 42)  // a tap: every view reacts once, in broadcast order
