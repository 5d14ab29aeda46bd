import PlacesModel
import ViewModels

/// The messages a session has written for its page and not yet sent, each a JSON object.
///
/// The session's views write into it while a view model runs; the session takes what was
/// written when the input that caused it is handled (``take()``), and sends it in one frame,
/// a JSON array, so that the page applies one input's commands together.
///
/// Not `Sendable`: it lives in its session's isolation domain, with the views that write it.
final class Outbox {
  private var messages: [String] = []

  init() {}

  /// Writes one message of `type`, whose other members `body` writes.
  func send(_ type: String, _ body: (inout JSONWriter) -> Void = { _ in }) {
    var writer = JSONWriter()
    writer.beginObject()
    writer.member("type", type)
    body(&writer)
    writer.endObject()
    messages.append(writer.text)
  }

  /// Whether nothing is waiting.
  var isEmpty: Bool { messages.isEmpty }

  /// The messages written since the last call, as one JSON array, or `nil` when there are none.
  func take() -> String? {
    guard !messages.isEmpty else { return nil }
    let frame = "[" + messages.joined(separator: ",") + "]"
    messages.removeAll(keepingCapacity: true)
    return frame
  }
}

extension MapMarker {
  /// The marker's identity as the page's `data-marker` holds it: a place's identifier as
  /// `places-cli --format json` writes it (`42`, `"LHR"`), a cluster's as `level/representative`
  /// (`7/2643743`), as it writes `cluster`.
  var key: String {
    switch id {
    case .place(let id): id.jsonText
    case .cluster(let id): id.description
    }
  }
}

extension JSONWriter {
  /// Writes a marker: `key`, then `id` and `name` for a place or `cluster` (its level and
  /// representative) for a cluster, then `lat`, `lon` and `count`.
  mutating func marker(_ marker: MapMarker, extra: (inout JSONWriter) -> Void = { _ in }) {
    beginObject()
    member("key", marker.key)
    switch marker.id {
    case .place(let id):
      key("id")
      placeID(id)
      if let title = marker.title { member("name", title) }
    case .cluster(let id):
      key("cluster")
      beginObject()
      member("level", id.level)
      key("representative")
      placeID(id.representative)
      endObject()
    }
    member("lat", marker.coordinate.latitude)
    member("lon", marker.coordinate.longitude)
    member("count", marker.count)
    extra(&self)
    endObject()
  }

  /// Writes another marker's key and position, for lineage: where a marker split from or
  /// merged into.
  mutating func relative(_ name: String, _ marker: MapMarker?) {
    guard let marker else { return }
    key(name)
    beginObject()
    member("key", marker.key)
    member("lat", marker.coordinate.latitude)
    member("lon", marker.coordinate.longitude)
    endObject()
  }

  /// Writes a place: `id`, `name`, then `category`, `country` and `population` when known,
  /// `lat` and `lon`.
  mutating func place(_ place: Place) {
    beginObject()
    key("id")
    placeID(place.id)
    member("name", place.name)
    if let category = place.category { member("category", category) }
    if let country = place.country { member("country", country) }
    if let population = place.population { member("population", population) }
    member("lat", place.coordinate.latitude)
    member("lon", place.coordinate.longitude)
    endObject()
  }
}
