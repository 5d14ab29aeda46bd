import PlacesModel
import ViewModels

/// A map screen that prints each command it receives as a line naming the view `map`.
///
/// Markers are printed as their count, so that a catalog of any size takes one line.
final class ConsoleMapView: MapViewDelegate {
  private let output: OutputBuffer

  /// Creates a view that prints into `output`.
  init(output: OutputBuffer) {
    self.output = output
  }

  private func emit(_ command: String, _ fields: (name: String, value: OutputValue)...) {
    output.append(OutputRecord(heading: ("map", command), fields: fields))
  }

  func showMarkers(_ markers: [MapMarker]) {
    emit("showMarkers", ("count", .integer(markers.count)))
  }

  func selectMarker(id: Place.ID) {
    emit("selectMarker", ("id", .identifier(id)))
  }

  func deselectMarker(id: Place.ID) {
    emit("deselectMarker", ("id", .identifier(id)))
  }

  func moveCamera(to coordinate: Coordinate, animated: Bool) {
    emit("moveCamera", ("to", .coordinate(coordinate)), ("animated", .boolean(animated)))
  }

  func showCard(for place: Place) {
    emit("showCard", ("id", .identifier(place.id)), ("name", .text(place.name)))
  }

  func hideCard() {
    emit("hideCard")
  }

  func showUserLocation(_ coordinate: Coordinate) {
    emit("showUserLocation", ("at", .coordinate(coordinate)))
  }

  func hideUserLocation() {
    emit("hideUserLocation")
  }
}
