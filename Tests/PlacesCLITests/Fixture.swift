import Foundation

/// The GeoJSON files in `Tests/Fixtures/geojson`, shared with `PlacesModelTests`; see
/// `SOURCES.md` there for where each comes from.
enum Fixture {
  /// `Tests/Fixtures/geojson`, found from this file: the package root is two levels up.
  static let directory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 {
      url.deleteLastPathComponent()
    }
    return url.appendingPathComponent("Tests/Fixtures/geojson").path
  }()

  /// The path of the fixture `name`, relative to ``directory``.
  static func path(_ name: String) -> String {
    directory + "/" + name
  }
}
