import PlacesModel
import ViewModels

/// A map screen that draws nothing and only counts the commands it receives.
final class NoOpMapView: MapViewDelegate {
  private(set) var commandCount = 0

  func moveCamera(to camera: MapCamera, animated: Bool) { commandCount += 1 }
  func showMarkers(_ markers: [MapMarker]) { commandCount += 1 }
  func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    commandCount += 1
  }
  func selectMarker(id: Place.ID) { commandCount += 1 }
  func deselectMarker(id: Place.ID) { commandCount += 1 }
  func showUserLocation(_ coordinate: Coordinate) { commandCount += 1 }
  func hideUserLocation() { commandCount += 1 }
}

/// A list screen that draws nothing and only counts the commands it receives.
final class NoOpListView: ListViewDelegate {
  private(set) var commandCount = 0

  func reloadRows(_ rows: ListRows, order: ListOrder) { commandCount += 1 }
  func highlightRow(at row: Int) { commandCount += 1 }
  func scrollToRow(at row: Int, animated: Bool) { commandCount += 1 }
  func clearHighlight() { commandCount += 1 }
}
