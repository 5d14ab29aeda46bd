extension GeoJSONError {
  /// What is wrong with one feature of a FeatureCollection.
  ///
  /// Cases that carry a `found` string describe what was found instead of what was expected:
  /// a kind of JSON value (`a string`, `an array`, `null`), a number as written (`1.5`), or a
  /// quoted string value (`"Circle"`).
  public enum FeatureProblem: Equatable, Sendable {
    /// The feature is not a JSON object.
    case notAnObject
    /// The feature's `type` member is missing or is not `"Feature"`.
    case notAFeature
    /// The feature has a member that it already had, such as a second `id`.
    case duplicateMember(String)
    /// The feature has no id: `property` is `nil` when the `id` member is missing while other
    /// features have one, or names the property chosen for ids when that is missing or
    /// `null`.
    case missingID(property: String?)
    /// The id is neither a whole number nor a string; `found` describes it, such as `1.5`,
    /// `true` or `an object`.
    case invalidID(found: String)
    /// Another feature, at position `firstIndex`, already has this id.
    case duplicateID(PlaceID, firstIndex: Int)
    /// The feature has no `geometry`, or its `geometry` is `null`.
    case missingGeometry
    /// The geometry has no positions, such as `"coordinates": []` or an empty
    /// GeometryCollection.
    case emptyGeometry
    /// The geometry is valid but not a `Point`, and non-point geometries are skipped;
    /// `type` is its type, such as `Polygon`.
    case notAPoint(type: String)
    /// The geometry is not a GeoJSON geometry object; `found` describes it, such as
    /// `"Circle"`, `an array` or `a geometry without "type"`.
    case unsupportedGeometry(found: String)
    /// The `coordinates` (or a GeometryCollection's `geometries`) are missing or do not
    /// have the shape the geometry type needs; `found` describes what was found, such as
    /// `an array of 1 element` or `a string at index 0`.
    case invalidCoordinates(found: String)
    /// A latitude, the second number of a position, is outside `-90...90`.
    case latitudeOutOfRange(Double)
    /// A longitude, the first number of a position, is outside `-180...180`.
    case longitudeOutOfRange(Double)
    /// None of the name properties, listed in `tried`, is present with a non-null value.
    case missingName(tried: [String])
    /// The name property `property` is not a string with a visible character (not empty, not
    /// only white space); `found` describes it, such as `an empty string` or `12`.
    case invalidName(property: String, found: String)
    /// A known property, or `properties` itself, has the wrong kind of value; `expected`
    /// says what it must be, such as `a whole number` or `a string`.
    case invalidProperty(name: String, expected: String)

    /// A name for each case, and for each property of ``invalidProperty(name:expected:)``,
    /// so that problems of one kind are counted together.
    var kind: String {
      switch self {
      case .notAnObject: "notAnObject"
      case .notAFeature: "notAFeature"
      case .duplicateMember: "duplicateMember"
      case .missingID: "missingID"
      case .invalidID: "invalidID"
      case .duplicateID: "duplicateID"
      case .missingGeometry: "missingGeometry"
      case .emptyGeometry: "emptyGeometry"
      case .notAPoint: "notAPoint"
      case .unsupportedGeometry: "unsupportedGeometry"
      case .invalidCoordinates: "invalidCoordinates"
      case .latitudeOutOfRange: "latitudeOutOfRange"
      case .longitudeOutOfRange: "longitudeOutOfRange"
      case .missingName: "missingName"
      case .invalidName: "invalidName"
      case .invalidProperty(let name, _): "invalidProperty " + name
      }
    }
  }
}

extension GeoJSONError.FeatureProblem: CustomStringConvertible {
  /// A message that says what is wrong with the feature and, where it is not plain, what to
  /// do, for example `latitude 95.0 is out of range -90...90 (positions are [longitude,
  /// latitude])`.
  public var description: String {
    switch self {
    case .notAnObject:
      "the feature is not a JSON object"
    case .notAFeature:
      "\"type\" is missing or is not \"Feature\""
    case .duplicateMember(let name):
      "\"\(name)\" appears more than once"
    case .missingID(nil):
      "\"id\" is missing, but other features have one; give every feature an id, "
        + "or none to number the features by position"
    case .missingID(let property?):
      "the \"\(property)\" property, chosen for ids, is missing or null"
    case .invalidID(let found):
      "the id must be a whole number of at most \(GeoJSONNumber.maximumIdentifierDigits) digits "
        + "or a string, found \(found)"
    case .duplicateID(let id, let firstIndex):
      "id \(id.quotedForMessages) is already used by feature \(firstIndex); ids must be unique"
    case .missingGeometry:
      "\"geometry\" is missing or null, so the feature cannot be placed"
    case .emptyGeometry:
      "the geometry has no positions, so the feature cannot be placed"
    case .notAPoint(let type):
      "the geometry is a \"\(type)\", not a \"Point\""
    case .unsupportedGeometry(let found):
      "the geometry must be a Point, MultiPoint, LineString, MultiLineString, Polygon, "
        + "MultiPolygon or GeometryCollection, found \(found)"
    case .invalidCoordinates(let found):
      "\"coordinates\" must be positions of [longitude, latitude] numbers nested as the "
        + "geometry type needs, found \(found)"
    case .latitudeOutOfRange(let latitude):
      "latitude \(latitude) is out of range -90...90 (positions are [longitude, latitude])"
    case .longitudeOutOfRange(let longitude):
      "longitude \(longitude) is out of range -180...180"
    case .missingName(let tried):
      tried.count == 1
        ? "the \"\(tried[0])\" property, chosen for names, is missing or null"
        : "no name: none of the properties "
          + tried.map { "\"\($0)\"" }.joined(separator: ", ") + " is present"
    case .invalidName(let property, let found):
      "the \"\(property)\" property must be a string with a visible character to name the "
        + "place, found \(found)"
    case .invalidProperty(let name, let expected):
      "\"\(name)\" must be \(expected) or null"
    }
  }
}

extension PlaceID {
  /// The identifier for messages: a number as it is, a string in double quotes.
  var quotedForMessages: String {
    isNumber ? description : "\"\(description)\""
  }
}
