import PlacesModel
import ViewModels

// The map and list screens of the example, kept minimal: the example is about isolation, and
// these protocols are being reshaped. Each conforms on the main actor, like the card.

/// The map screen of the example; it draws nothing.
@MainActor
final class MapScreen {}

extension MapScreen: @MainActor MapViewDelegate {
  func moveCamera(to camera: MapCamera, animated: Bool) {}
  func showMarkers(_ markers: [MapMarker]) {}
  func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {}
  func selectMarker(id: Place.ID) {}
  func deselectMarker(id: Place.ID) {}
  func showUserLocation(_ coordinate: Coordinate) {}
  func hideUserLocation() {}
}

/// The list screen of the example; it draws nothing.
@MainActor
final class ListScreen {}

extension ListScreen: @MainActor ListViewDelegate {
  func reloadRows(_ rows: ListRows, order: ListOrder) {}
  func highlightRow(at row: Int) {}
  func scrollToRow(at row: Int, animated: Bool) {}
  func clearHighlight() {}
}
