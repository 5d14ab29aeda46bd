import PlacesModel
import ViewModels

/// The search screen of one page: sends the matches of the query typed, best first.
final class WebSearchView: SearchViewDelegate {
  private let outbox: Outbox

  init(outbox: Outbox) {
    self.outbox = outbox
  }

  func showMatches(_ matches: [SearchMatch]) {
    outbox.send("matches") { writer in
      writer.key("matches")
      writer.beginArray()
      for match in matches {
        writer.beginObject()
        writer.key("id")
        writer.placeID(match.id)
        writer.member("name", match.place.name)
        if let country = match.place.country { writer.member("country", country) }
        writer.member("kind", match.kind.rawValue)
        if let distance = match.distance { writer.member("distance", distance) }
        writer.member("lat", match.place.coordinate.latitude)
        writer.member("lon", match.place.coordinate.longitude)
        writer.endObject()
      }
      writer.endArray()
    }
  }

  func highlightMatch(at index: Int) {
    outbox.send("highlightMatch") { $0.member("index", index) }
  }

  func clearHighlight() {
    outbox.send("clearMatchHighlight")
  }
}
