import Foundation
import PlacesModel

/// GeoJSON inputs and the places they hold, for the reader's tests.
enum GeoJSONFixture {
  /// The package root: four levels above this file (Tests/PlacesModelTests/GeoJSON/).
  private static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 {
      url.deleteLastPathComponent()
    }
    return url
  }()

  /// `Tests/Fixtures/geojson`, the GeoJSON files that every test target shares; see its
  /// `SOURCES.md` for where each file comes from.
  static let fixturesDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/geojson").path

  /// The path of the fixture at `name`, relative to ``fixturesDirectory``.
  static func fixture(_ name: String) -> String {
    fixturesDirectory + "/" + name
  }

  /// The 200-place sample, a copy of `../shared/data/places-sample.geojson` kept with the
  /// tests so that they pass in a clone with nothing beside it.
  static let samplePath = fixture("places-sample.geojson")

  /// The 170,391-place world file, which only `../shared/data` beside the package has.
  static let worldPath =
    packageRoot.appendingPathComponent("../shared/data/places-world.geojson")
    .standardizedFileURL.path

  /// The airports file, whose 28,298 places share 121 ids with the world file; only
  /// `../shared/data` beside the package has it.
  static let airportsPath =
    packageRoot.appendingPathComponent("../shared/data/places-airports.geojson")
    .standardizedFileURL.path

  /// Natural Earth's 241 countries at 1:50m, which only `../shared/data` beside the package has.
  static let countriesPath =
    packageRoot.appendingPathComponent("../shared/data/world-countries-50m.geojson")
    .standardizedFileURL.path

  /// Whether the world file is there, for the tests that need it.
  static let hasWorldFile = FileManager.default.fileExists(atPath: worldPath)

  /// A FeatureCollection laid out like the data files: the opening on line 1, feature *i*
  /// (0-based) on line *i* + 2, and the closing on the last line.
  static func collection(_ features: String...) -> String {
    collection(features)
  }

  /// A FeatureCollection laid out like the data files, from an array of features.
  static func collection(_ features: [String]) -> String {
    let body = features.joined(separator: ",\n")
    return "{\"type\":\"FeatureCollection\",\"features\":[\n" + body + "\n]}\n"
  }

  /// A feature in the data files' layout, with each part replaceable by raw JSON.
  static func feature(
    id: String = "1",
    coordinates: String = "[18.06871,59.32938]",
    properties: String = #"{"name":"Stockholm","category":"city","country":"SE"}"#
  ) -> String {
    #"{"type":"Feature","id":\#(id),"geometry":{"type":"Point","coordinates":\#(coordinates)},"#
      + #""properties":\#(properties)}"#
  }

  /// A feature whose geometry is replaced by raw JSON.
  static func feature(id: String = "1", geometry: String) -> String {
    #"{"type":"Feature","id":\#(id),"geometry":\#(geometry),"properties":{"name":"X"}}"#
  }

  /// A feature whose name is replaced by raw JSON.
  static func feature(id: String = "1", name: String) -> String {
    feature(id: id, properties: #"{"name":\#(name)}"#)
  }

  /// Stockholm as a place: the place with id 42 in the sample file.
  static let stockholm = Place(
    id: 42, name: "Stockholm", coordinate: coordinate(59.32938, 18.06871), category: "city",
    country: "SE", population: 1_515_017)

  /// Svalbard Airport Longyear as a place: the place with id 200 in the sample file.
  static let svalbardAirport = Place(
    id: 200, name: "Svalbard Airport Longyear", coordinate: coordinate(78.2461, 15.4656),
    category: "airport", country: "NO", population: nil)

  /// A coordinate from literal degrees that are known to be valid.
  static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
    do {
      return try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      preconditionFailure("invalid fixture coordinate: \(error)")
    }
  }
}

/// A bad input and the exact error reading it must give, for argument tables.
struct BadGeoJSON: Sendable, CustomStringConvertible {
  /// What the input shows, used as the test case's name.
  let description: String
  /// The input.
  let bytes: [UInt8]
  /// The error expected when the input is read from the source `test.geojson`.
  let expected: GeoJSONError

  /// The name used as the source of every bad input.
  static let source = "test.geojson"

  /// A bad input given as text.
  init(_ description: String, _ text: String, _ expected: GeoJSONError) {
    self.init(description, Array(text.utf8), expected)
  }

  /// A bad input given as bytes.
  init(_ description: String, _ bytes: [UInt8], _ expected: GeoJSONError) {
    self.description = description
    self.bytes = bytes
    self.expected = expected
  }

  /// A JSON syntax error at a 1-based line and byte column.
  static func malformed(
    _ description: String, _ text: String, line: Int, column: Int, _ reason: String
  ) -> BadGeoJSON {
    malformed(description, Array(text.utf8), line: line, column: column, reason)
  }

  /// A JSON syntax error in raw bytes at a 1-based line and byte column.
  static func malformed(
    _ description: String, _ bytes: [UInt8], line: Int, column: Int, _ reason: String
  ) -> BadGeoJSON {
    BadGeoJSON(
      description, bytes,
      .malformedJSON(file: source, line: line, column: column, reason: reason))
  }

  /// A single bad feature at index 0, on line 2 of a collection in the data files' layout.
  ///
  /// The error names the feature's id as a decoder reads its `id` member, unless the problem
  /// is with the id.
  static func feature(
    _ description: String, _ feature: String, _ problem: GeoJSONError.FeatureProblem
  ) -> BadGeoJSON {
    self.feature(description, feature, problem, id: writtenID(of: feature, for: problem))
  }

  /// A single bad feature at index 0, on line 2, whose message names `id`.
  static func feature(
    _ description: String, _ feature: String, _ problem: GeoJSONError.FeatureProblem,
    id: PlaceID?
  ) -> BadGeoJSON {
    BadGeoJSON(description, GeoJSONFixture.collection(feature), invalid(problem, id: id))
  }

  /// The id a message about `problem` names for `feature`: its `id` member, a whole number or
  /// a string, as Foundation decodes it; `nil` when the problem is with the id.
  private static func writtenID(
    of feature: String, for problem: GeoJSONError.FeatureProblem
  ) -> PlaceID? {
    switch problem {
    case .missingID, .invalidID, .duplicateID, .duplicateMember("id"):
      return nil
    default:
      let object = try? JSONSerialization.jsonObject(with: Data(feature.utf8))
      switch (object as? [String: Any])?["id"] {
      case let number as NSNumber: return PlaceID(number.intValue)
      case let string as String: return PlaceID(string)
      default: return nil
      }
    }
  }

  /// The error for one feature at `index` on `line` with `problem`, in the source
  /// `test.geojson`; `id` is the feature's, if the message names it.
  static func invalid(
    _ problem: GeoJSONError.FeatureProblem, index: Int = 0, line: Int = 2, count: Int = 1,
    id: PlaceID? = nil
  ) -> GeoJSONError {
    .invalidFeatures(
      file: source,
      failures: [.init(index: index, line: line, problem: problem, count: count, id: id)])
  }

  /// A top-level value that is valid JSON but not a FeatureCollection.
  static func notACollection(_ description: String, _ text: String, _ reason: String)
    -> BadGeoJSON
  {
    BadGeoJSON(description, text, .notAFeatureCollection(file: source, reason: reason))
  }
}
