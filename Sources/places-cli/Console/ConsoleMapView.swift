import PlacesModel
import ViewModels

/// A map screen that prints each command it receives as a line naming the view `map`.
///
/// Markers are summarised in text, so that a map of any size takes one line: how many were
/// added and removed, and how many markers the map then shows (`count`) and how many of those
/// are clusters. In JSON every marker is listed, with its coordinate and count.
///
/// To print those totals and the markers removed, the view keeps the markers it shows in a
/// ``MapScreenState``, the store a SwiftUI map or the terminal's map panel draws from, applying
/// each marker command to it once printed; it keeps nothing else.
final class ConsoleMapView: MapViewDelegate {
  private let output: OutputBuffer
  /// The markers shown; only the marker commands are applied to it.
  private let shown = MapScreenState()

  /// Creates a view that prints into `output`.
  init(output: OutputBuffer) {
    self.output = output
  }

  private func emit(_ command: String, _ fields: [(name: String, value: OutputValue)] = []) {
    output.append(OutputRecord(heading: ("map", command), fields: fields))
  }

  func moveCamera(to camera: MapCamera, animated: Bool) {
    emit(
      "moveCamera",
      [
        ("to", .coordinate(camera.centre)), ("zoom", .number(camera.zoom)),
        ("animated", .boolean(animated)),
      ])
  }

  func showMarkers(_ markers: [MapMarker]) {
    shown.showMarkers(markers)
    var fields: [(name: String, value: OutputValue)] = []
    if output.format == .json {
      fields.append(("markers", .list(markers.map(Self.fields(of:)))))
    }
    emit("showMarkers", fields + totals)
  }

  func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    let removedMarkers = removed.compactMap { shown.markers[$0] }
    shown.updateMarkers(removing: removed, adding: added)
    emit(
      "updateMarkers",
      [
        ("added", .list(added.map(Self.fields(of:)))),
        ("removed", .list(removedMarkers.map(Self.fields(of:)))),
      ] + totals)
  }

  func selectMarker(id: Place.ID) {
    emit("selectMarker", [("id", .identifier(id))])
  }

  func deselectMarker(id: Place.ID) {
    emit("deselectMarker", [("id", .identifier(id))])
  }

  func showUserLocation(_ coordinate: Coordinate) {
    emit("showUserLocation", [("at", .coordinate(coordinate))])
  }

  func hideUserLocation() {
    emit("hideUserLocation")
  }

  // MARK: - Fields

  /// How many markers the map shows, and how many of them are clusters.
  private var totals: [(name: String, value: OutputValue)] {
    [
      ("count", .integer(shown.markers.count)),
      ("clusters", .integer(shown.markers.values.filter(\.isCluster).count)),
    ]
  }

  /// A marker as a JSON object: `id` and `name` for a place, `cluster` for a cluster, then
  /// its coordinate and count.
  private static func fields(of marker: MapMarker) -> [(name: String, value: OutputValue)] {
    var fields: [(name: String, value: OutputValue)] = []
    switch marker.id {
    case .place(let id):
      fields.append(("id", .identifier(id)))
      if let title = marker.title {
        fields.append(("name", .text(title)))
      }
    case .cluster(let id):
      fields.append(("cluster", .word(id.description)))
    }
    return fields + [("at", .coordinate(marker.coordinate)), ("count", .integer(marker.count))]
  }

}
