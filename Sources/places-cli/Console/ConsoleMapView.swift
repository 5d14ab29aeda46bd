import PlacesModel
import ViewModels

/// A map screen that prints each command it receives as a line naming the view `map`.
///
/// Markers are summarised in text, so that a map of any size takes one line: how many were
/// added and removed, and how many markers the map then shows (`count`) and how many of those
/// are clusters. In JSON every marker is listed, with its coordinate and count. The view keeps
/// the markers it shows, as a real map view does, to print those totals.
final class ConsoleMapView: MapViewDelegate {
  private let output: OutputBuffer
  private var shown: [MapMarker.ID: MapMarker] = [:]

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
    shown = Dictionary(markers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var fields: [(name: String, value: OutputValue)] = []
    if output.format == .json {
      fields.append(("markers", .list(markers.map(Self.fields(of:)))))
    }
    emit("showMarkers", fields + totals)
  }

  func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    let removedMarkers = removed.compactMap { shown.removeValue(forKey: $0) }
    for marker in added {
      shown[marker.id] = marker
    }
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
      ("count", .integer(shown.count)),
      ("clusters", .integer(shown.values.filter(\.isCluster).count)),
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
