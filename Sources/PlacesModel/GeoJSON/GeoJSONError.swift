/// Why GeoJSON places could not be read.
///
/// Every case names the file it concerns as `file`: the path given to
/// ``GeoJSONPlacesReader/places(contentsOfFile:)`` or the `source` given to the other readers.
/// ``description`` is a one-line message that starts with the file and the position, for
/// example `places.geojson:3:17: malformed JSON: expected ',' or ']'`.
///
/// The cases fall into two groups: ``isMissingOrUnreadable`` is `true` for
/// ``fileNotFound(file:)`` and ``unreadable(file:reason:)``, where no bytes could be read, and
/// `false` for the others, where the bytes were read but are not a valid places file.
public enum GeoJSONError: Error, Equatable, Sendable {
  /// The file does not exist (`ENOENT`).
  case fileNotFound(file: String)
  /// The file exists but could not be read, for example for lack of permission, because it
  /// is a directory, or because of an I/O error; `reason` is the system's message.
  case unreadable(file: String, reason: String)
  /// The file has no content: zero bytes, or only whitespace and a byte-order mark.
  case empty(file: String)
  /// The bytes are not valid JSON.
  ///
  /// This covers syntax errors, truncation (`unexpected end of file`), invalid UTF-8, lone
  /// surrogates in `\u` escapes, raw control characters in strings, numbers that JSON does not
  /// allow (`01`, `+1`, `NaN`, `1.`) and nesting deeper than
  /// ``GeoJSONPlacesReader/maximumDepth``. `line` and `column` are 1-based and point at the
  /// offending byte; lines end at line feeds, and `column` counts bytes (UTF-8 code units, not
  /// characters) from the start of the line, not counting a leading byte-order mark.
  case malformedJSON(file: String, line: Int, column: Int, reason: String)
  /// The JSON is valid but is not a GeoJSON FeatureCollection: the top-level value is not an
  /// object, its `type` is missing or not `"FeatureCollection"`, or its `features` member is
  /// missing, repeated or not an array.
  case notAFeatureCollection(file: String, reason: String)
  /// The JSON is valid but one feature is not a valid place.
  ///
  /// `index` is the feature's 0-based position in the `features` array and `line` the 1-based
  /// line where the feature starts.
  case invalidFeature(file: String, index: Int, line: Int, problem: FeatureProblem)

  /// Whether the file could not be found or read, as opposed to being read but invalid.
  ///
  /// A command-line tool can map `true` to `EX_NOINPUT` (66) and `false` to `EX_DATAERR` (65).
  public var isMissingOrUnreadable: Bool {
    switch self {
    case .fileNotFound, .unreadable:
      true
    case .empty, .malformedJSON, .notAFeatureCollection, .invalidFeature:
      false
    }
  }

  /// The name of the file the error concerns.
  public var file: String {
    switch self {
    case .fileNotFound(let file), .unreadable(let file, _), .empty(let file),
      .malformedJSON(let file, _, _, _), .notAFeatureCollection(let file, _),
      .invalidFeature(let file, _, _, _):
      file
    }
  }
}

// MARK: - Feature problems

extension GeoJSONError {
  /// What is wrong with one feature of a FeatureCollection.
  ///
  /// Cases that carry a `String` describe what was found instead of what was expected: a kind
  /// of JSON value (`a string`, `an array`, `null`), a number as written (`1.5`), or a quoted
  /// string value (`"LineString"`).
  public enum FeatureProblem: Equatable, Sendable {
    /// The feature is not a JSON object.
    case notAnObject
    /// The feature's `type` member is missing or is not `"Feature"`.
    case notAFeature
    /// The feature has a member that it already had, such as a second `id`.
    case duplicateMember(String)
    /// The feature has no `id` member.
    case missingID
    /// The `id` is not a JSON integer that fits in `Int`; the value describes what was found,
    /// such as `a string`, `1.5` or `an integer outside the range of Int`.
    case invalidID(String)
    /// Another feature, at position `firstIndex`, already has this `id`.
    case duplicateID(Place.ID, firstIndex: Int)
    /// The feature has no `geometry`, or its `geometry` is `null`.
    case missingGeometry
    /// The geometry is not a `Point`; the value describes what was found, such as
    /// `"LineString"`, `an array` or `a geometry without "type"`.
    case notAPoint(String)
    /// The point's `coordinates` are missing or are not an array of two or three numbers; the
    /// value describes what was found, such as `an array of 1 element` or `a string at
    /// index 0`.
    case invalidCoordinates(String)
    /// The latitude, the second coordinate, is outside `-90...90`.
    case latitudeOutOfRange(Double)
    /// The longitude, the first coordinate, is outside `-180...180`.
    case longitudeOutOfRange(Double)
    /// The feature has no `name` property (or no `properties`), or the name is `null`.
    case missingName
    /// The `name` property is not a non-empty string; the value describes what was found,
    /// such as `an empty string` or `a number`.
    case invalidName(String)
    /// A known property, or `properties` itself, has the wrong type; `expected` says what it
    /// must be, such as `an integer` or `a string`.
    case invalidProperty(name: String, expected: String)
  }
}

// MARK: - Descriptions

extension GeoJSONError: CustomStringConvertible {
  /// A one-line message naming the file and the position, for example
  /// `places.geojson: feature 12 (line 14): latitude 95.0 is out of range -90...90`.
  public var description: String {
    switch self {
    case .fileNotFound(let file):
      "\(file): no such file"
    case .unreadable(let file, let reason):
      "\(file): cannot read the file: \(reason)"
    case .empty(let file):
      "\(file): the file is empty"
    case .malformedJSON(let file, let line, let column, let reason):
      "\(file):\(line):\(column): malformed JSON: \(reason)"
    case .notAFeatureCollection(let file, let reason):
      "\(file): not a GeoJSON FeatureCollection: \(reason)"
    case .invalidFeature(let file, let index, let line, let problem):
      "\(file): feature \(index) (line \(line)): \(problem)"
    }
  }
}

extension GeoJSONError.FeatureProblem: CustomStringConvertible {
  /// A message that says what is wrong with the feature, for example
  /// `latitude 95.0 is out of range -90...90`.
  public var description: String {
    switch self {
    case .notAnObject:
      "the feature is not a JSON object"
    case .notAFeature:
      "\"type\" is missing or is not \"Feature\""
    case .duplicateMember(let name):
      "\"\(name)\" appears more than once"
    case .missingID:
      "\"id\" is missing"
    case .invalidID(let found):
      "\"id\" must be an integer, found \(found)"
    case .duplicateID(let id, let firstIndex):
      "id \(id) is already used by feature \(firstIndex)"
    case .missingGeometry:
      "\"geometry\" is missing or null"
    case .notAPoint(let found):
      "the geometry must be a \"Point\", found \(found)"
    case .invalidCoordinates(let found):
      "\"coordinates\" must be [longitude, latitude] numbers, found \(found)"
    case .latitudeOutOfRange(let latitude):
      "latitude \(latitude) is out of range -90...90"
    case .longitudeOutOfRange(let longitude):
      "longitude \(longitude) is out of range -180...180"
    case .missingName:
      "the \"name\" property is missing or null"
    case .invalidName(let found):
      "the \"name\" property must be a non-empty string, found \(found)"
    case .invalidProperty(let name, let expected):
      "\"\(name)\" must be \(expected)"
    }
  }
}
