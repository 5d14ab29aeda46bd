import PlacesModel
import ViewModels

/// The map screen of one page: turns each map command into a JSON message for the page, which
/// draws exactly the markers it is sent.
final class WebMapView: MapViewDelegate {
  private let outbox: Outbox

  init(outbox: Outbox) {
    self.outbox = outbox
  }

  func moveCamera(to camera: MapCamera, animated: Bool) {
    outbox.send("camera") {
      $0.member("lat", camera.centre.latitude)
      $0.member("lon", camera.centre.longitude)
      $0.member("zoom", camera.zoom)
      $0.member("animated", animated)
    }
  }

  func showMarkers(_ markers: [MapMarker]) {
    outbox.send("markers") { writer in
      writer.key("markers")
      writer.beginArray()
      for marker in markers { writer.marker(marker) }
      writer.endArray()
    }
  }

  func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    updateMarkers(
      MapMarkerUpdate(
        removed: removed.map { MapMarkerUpdate.Removal(id: $0) },
        added: added.map { MapMarkerUpdate.Addition(marker: $0) }))
  }

  /// Sends the update with its lineage: an added marker's `from` (the marker it split from,
  /// where it starts) and a removed one's `into` (the marker it merges into, where it goes).
  func updateMarkers(_ update: MapMarkerUpdate) {
    outbox.send("update") { writer in
      writer.key("removed")
      writer.beginArray()
      for removal in update.removed {
        writer.beginObject()
        writer.member("key", Self.key(of: removal.id))
        writer.relative("into", removal.into)
        writer.endObject()
      }
      writer.endArray()
      writer.key("added")
      writer.beginArray()
      for addition in update.added {
        writer.marker(addition.marker) { $0.relative("from", addition.from) }
      }
      writer.endArray()
    }
  }

  func selectMarker(id: Place.ID) {
    outbox.send("select") {
      $0.key("id")
      $0.placeID(id)
    }
  }

  func deselectMarker(id: Place.ID) {
    outbox.send("deselect") {
      $0.key("id")
      $0.placeID(id)
    }
  }

  func showUserLocation(_ coordinate: Coordinate) {
    outbox.send("location") {
      $0.member("lat", coordinate.latitude)
      $0.member("lon", coordinate.longitude)
    }
  }

  func hideUserLocation() {
    outbox.send("location")
  }

  /// Sends the spread: its cluster's key and position, its page, and its places, each a
  /// marker with its offset in points from the cluster's marker (`dx`, `dy`).
  func spreadMarkers(_ spread: MapSpread) {
    outbox.send("spread") { writer in
      writer.member("cluster", Self.key(of: spread.cluster.id))
      writer.member("lat", spread.cluster.coordinate.latitude)
      writer.member("lon", spread.cluster.coordinate.longitude)
      writer.member("page", spread.page)
      writer.member("pages", spread.pageCount)
      writer.member("total", spread.totalCount)
      writer.key("markers")
      writer.beginArray()
      for shown in spread.markers {
        writer.marker(shown.marker) {
          $0.member("dx", shown.offset.x)
          $0.member("dy", shown.offset.y)
        }
      }
      writer.endArray()
    }
  }

  /// Sends that the spread is gathered into its cluster.
  func gatherSpreadMarkers(_ spread: MapSpread) {
    outbox.send("gather") { $0.member("cluster", Self.key(of: spread.cluster.id)) }
  }

  private static func key(of id: MapMarker.ID) -> String {
    switch id {
    case .place(let id): id.jsonText
    case .cluster(let id): id.description
    }
  }
}
