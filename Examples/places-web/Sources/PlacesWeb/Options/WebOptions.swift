import PlacesModel

/// What `places-web` was asked to do: the places to serve, where to listen, and what to allow.
package struct WebOptions: Equatable, Sendable {
  /// The GeoJSON files of places, read in this order as one catalog, each with its own reading
  /// options; empty serves the sample shipped with the example.
  package var placesSources: [GeoJSONPlacesReader.Source] = []
  /// Whether the files are followed: each read again after it changes, and every page updated.
  package var watchesPlacesFiles = false
  /// The address to listen on; loopback unless told otherwise.
  package var host = "127.0.0.1"
  /// The port to listen on; 0 lets the system choose a free one (the first line printed says
  /// which).
  package var port = 8080
  /// Whether pages may add, move, rename and remove places.
  package var allowsEdits = false
  /// The folder the map library is served from, under `/assets/`.
  package var assetsDirectory = WebOptions.debianLeafletDirectory
  /// The most sessions (open pages) at once; the next one is closed with a reason.
  package var sessionLimit = 256

  /// Where Debian's `libjs-leaflet` installs Leaflet.
  package static let debianLeafletDirectory = "/usr/share/javascript/leaflet"

  /// The options a bare `places-web` runs with.
  package init() {}
}
