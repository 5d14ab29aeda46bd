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
    updateMarkers(
      MapMarkerUpdate(
        removed: removed.map { MapMarkerUpdate.Removal(id: $0) },
        added: added.map { MapMarkerUpdate.Addition(marker: $0) }))
  }

  /// Prints the update, with its lineage.
  ///
  /// In JSON an added marker that split from another has `from`, a removed marker that merged
  /// into another `into`, each holding the other marker's identity as that marker writes it. In
  /// text, `split=N merged=M` follow when the zoom level changed.
  func updateMarkers(_ update: MapMarkerUpdate) {
    let removedMarkers = update.removed.compactMap { removal in
      shown.markers[removal.id].map { (marker: $0, into: removal.into) }
    }
    shown.updateMarkers(update)
    var lineage: [(name: String, value: OutputValue)] = []
    if update.splitCount > 0 || update.mergedCount > 0 {
      lineage = [("split", .integer(update.splitCount)), ("merged", .integer(update.mergedCount))]
    }
    emit(
      "updateMarkers",
      [
        (
          "added",
          .list(
            update.added.map { addition in
              Self.fields(of: addition.marker)
                + (addition.from.map { [("from", .object(Self.identity(of: $0)))] } ?? [])
            })
        ),
        (
          "removed",
          .list(
            removedMarkers.map { removal in
              Self.fields(of: removal.marker)
                + (removal.into.map { [("into", .object(Self.identity(of: $0)))] } ?? [])
            })
        ),
      ] + totals + lineage)
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

  /// Prints the spread: its cluster, page, page size, how many places it spreads and on how
  /// many pages, and how many markers this page shows; in JSON each marker too, with its
  /// offset in points from the cluster's marker (`dx`, `dy`).
  func spreadMarkers(_ spread: MapSpread) {
    emit(
      "spreadMarkers",
      [
        ("cluster", .word(spread.clusterID.description)),
        ("at", .coordinate(spread.cluster.coordinate)),
        (
          "markers",
          .list(
            spread.markers.map { shown in
              Self.fields(of: shown.marker) + [
                ("dx", .number((shown.offset.x * 10).rounded() / 10)),
                ("dy", .number((shown.offset.y * 10).rounded() / 10)),
              ]
            })
        ),
        ("page", .integer(spread.page)), ("pages", .integer(spread.pageCount)),
        ("pageSize", .integer(spread.pageSize)), ("total", .integer(spread.totalCount)),
      ])
  }

  /// Prints the gathering of the spread: its cluster and how many markers went back into it.
  func gatherSpreadMarkers(_ spread: MapSpread) {
    emit(
      "gatherSpreadMarkers",
      [
        ("cluster", .word(spread.clusterID.description)),
        ("gathered", .integer(spread.markers.count)),
      ])
  }

  // MARK: - Fields

  /// How many markers the map shows, and how many of them are clusters.
  private var totals: [(name: String, value: OutputValue)] {
    [
      ("count", .integer(shown.markers.count)),
      ("clusters", .integer(shown.markers.values.filter(\.isCluster).count)),
    ]
  }

  /// A marker's identity as the marker writes it: `id` for a place, `cluster` for a cluster.
  private static func identity(of marker: MapMarker) -> [(name: String, value: OutputValue)] {
    switch marker.id {
    case .place(let id): [("id", .identifier(id))]
    case .cluster(let id): [("cluster", .word(id.description))]
    }
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
