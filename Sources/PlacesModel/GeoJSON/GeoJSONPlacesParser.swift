/// Turns the bytes of a GeoJSON FeatureCollection into places, in one pass.
///
/// The parser reads the members it knows wherever they appear and skips all others. It
/// reports the first problem it meets, syntax or meaning; ``GeoJSONPlacesReader`` then makes
/// sure that a syntax error anywhere takes precedence over a problem of meaning.
struct GeoJSONPlacesParser {
  private var scanner: GeoJSONScanner
  private var places: [Place] = []
  /// The position in `features` of each id seen, filled only once ids stop increasing.
  private var firstIndexByID: [Place.ID: Int] = [:]
  private var idsAreIncreasing = true
  /// The feature being read: its position in `features` and the offset where it starts.
  private var featureIndex = 0
  private var featureStart = 0

  /// Creates a parser for `count` bytes at `base`.
  init(base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
    scanner = GeoJSONScanner(base: base, count: count, maximumDepth: maximumDepth)
  }

  // MARK: - FeatureCollection

  /// Reads the whole input and returns its places in file order.
  mutating func parse() throws(GeoJSONFailure) -> [Place] {
    scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    guard !scanner.isAtEnd else { throw .empty }
    guard scanner.next == GeoJSONByte.openBrace else {
      throw .notAFeatureCollection(
        "the top-level value is \(scanner.describeValue()), not an object")
    }
    var seen: UInt16 = 0
    if try scanner.openContainer(depth: 1) {
      repeat {
        let key = try scanner.readKey()
        switch key {
        case .type:
          guard seen & key.bit == 0 else {
            throw .notAFeatureCollection("\"type\" appears more than once")
          }
          seen |= key.bit
          guard scanner.next == GeoJSONByte.quote else {
            throw .notAFeatureCollection(
              "\"type\" is \(scanner.describeValue()), not \"FeatureCollection\"")
          }
          let span = try scanner.scanString()
          guard scanner.string(span, equals: "FeatureCollection") else {
            throw .notAFeatureCollection(
              "\"type\" is \(quoted(span)), not \"FeatureCollection\"")
          }
        case .features:
          guard seen & key.bit == 0 else {
            throw .notAFeatureCollection("\"features\" appears more than once")
          }
          seen |= key.bit
          guard scanner.next == GeoJSONByte.openBracket else {
            throw .notAFeatureCollection(
              "\"features\" is \(scanner.describeValue()), not an array")
          }
          try parseFeatures()
        default:
          try scanner.skipValue(depth: 2)
        }
      } while try scanner.nextMember()
    }
    try scanner.skipToEnd()
    guard seen & GeoJSONKey.type.bit != 0 else {
      throw .notAFeatureCollection("\"type\" is missing")
    }
    guard seen & GeoJSONKey.features.bit != 0 else {
      throw .notAFeatureCollection("\"features\" is missing")
    }
    return places
  }

  /// Reads the `features` array, whose `[` comes next.
  private mutating func parseFeatures() throws(GeoJSONFailure) {
    guard try scanner.openContainer(depth: 2) else { return }
    // Features in real files take well over 160 bytes each, so this avoids most regrowth
    // while reserving at most about half the input's size.
    places.reserveCapacity(scanner.end / 160)
    repeat {
      featureStart = scanner.position
      let place = try parseFeature()
      try checkUnique(place.id)
      places.append(place)
      featureIndex += 1
    } while try scanner.nextElement()
  }

  /// Fails if an earlier feature has `id`.
  ///
  /// While ids keep increasing, as in sorted files, no lookup table is needed.
  @inline(__always)
  private mutating func checkUnique(_ id: Place.ID) throws(GeoJSONFailure) {
    if idsAreIncreasing {
      guard let last = places.last, id <= last.id else { return }
      idsAreIncreasing = false
      firstIndexByID.reserveCapacity(places.count * 2)
      for (index, place) in places.enumerated() {
        firstIndexByID[place.id] = index
      }
    }
    if let firstIndex = firstIndexByID[id] {
      throw invalid(.duplicateID(id, firstIndex: firstIndex))
    }
    firstIndexByID[id] = featureIndex
  }

  // MARK: - Feature

  /// Returns the failure for `problem` in the feature being read.
  private func invalid(_ problem: GeoJSONError.FeatureProblem) -> GeoJSONFailure {
    .invalidFeature(index: featureIndex, offset: featureStart, problem: problem)
  }

  /// Records that the member `key` has been read, failing if it was read before.
  @inline(__always)
  private func mark(_ key: GeoJSONKey, in seen: inout UInt16) throws(GeoJSONFailure) {
    guard seen & key.bit == 0 else { throw invalid(.duplicateMember(key.name)) }
    seen |= key.bit
  }

  /// Reads one feature, whose first byte comes next.
  private mutating func parseFeature() throws(GeoJSONFailure) -> Place {
    guard scanner.next == GeoJSONByte.openBrace else { throw invalid(.notAnObject) }
    var seen: UInt16 = 0
    var id: Place.ID?
    var coordinate: Coordinate?
    var properties = Properties()
    if try scanner.openContainer(depth: 3) {
      repeat {
        let key = try scanner.readKey()
        switch key {
        case .type:
          try mark(key, in: &seen)
          guard scanner.next == GeoJSONByte.quote else { throw invalid(.notAFeature) }
          let span = try scanner.scanString()
          guard scanner.string(span, equals: "Feature") else { throw invalid(.notAFeature) }
        case .id:
          try mark(key, in: &seen)
          id = try parseID()
        case .geometry:
          try mark(key, in: &seen)
          if !scanner.consumeNull() {
            coordinate = try parseGeometry()
          }
        case .properties:
          try mark(key, in: &seen)
          if !scanner.consumeNull() {
            try parseProperties(into: &properties)
          }
        default:
          try scanner.skipValue(depth: 4)
        }
      } while try scanner.nextMember()
    }
    guard seen & GeoJSONKey.type.bit != 0 else { throw invalid(.notAFeature) }
    guard let id else { throw invalid(.missingID) }
    guard let coordinate else { throw invalid(.missingGeometry) }
    guard let name = properties.name else { throw invalid(.missingName) }
    return Place(
      id: id, name: name, coordinate: coordinate, category: properties.category,
      country: properties.country, population: properties.population)
  }

  /// Reads an `id`, which must be a JSON integer that fits in `Int`.
  @inline(__always)
  private mutating func parseID() throws(GeoJSONFailure) -> Place.ID {
    guard scanner.isAtNumber else { throw invalid(.invalidID(scanner.describeValue())) }
    let number = try scanner.scanNumber()
    guard let id = number.integerValue else {
      let found =
        number.isInteger
        ? "an integer outside the range of Int" : scanner.text(from: number.start, to: number.end)
      throw invalid(.invalidID(found))
    }
    return id
  }

  // MARK: - Geometry

  /// Reads a Point geometry, whose first byte comes next, and returns its coordinate.
  private mutating func parseGeometry() throws(GeoJSONFailure) -> Coordinate {
    guard scanner.next == GeoJSONByte.openBrace else {
      throw invalid(.notAPoint(scanner.describeValue()))
    }
    var seen: UInt16 = 0
    var position: Coordinates?
    if try scanner.openContainer(depth: 4) {
      repeat {
        let key = try scanner.readKey()
        switch key {
        case .type:
          try mark(key, in: &seen)
          guard scanner.next == GeoJSONByte.quote else {
            throw invalid(.notAPoint(scanner.describeValue()))
          }
          let span = try scanner.scanString()
          guard scanner.string(span, equals: "Point") else {
            throw invalid(.notAPoint(quoted(span)))
          }
        case .coordinates:
          try mark(key, in: &seen)
          position = try parseCoordinates()
        default:
          try scanner.skipValue(depth: 5)
        }
      } while try scanner.nextMember()
    }
    guard seen & GeoJSONKey.type.bit != 0 else {
      throw invalid(.notAPoint("a geometry without \"type\""))
    }
    switch position {
    case .none:
      throw invalid(.invalidCoordinates("none"))
    case .invalid(let found):
      throw invalid(.invalidCoordinates(found))
    case .valid(let longitude, let latitude):
      do {
        return try Coordinate(latitude: latitude, longitude: longitude)
      } catch {
        switch error {
        case .invalidLatitude(let value): throw invalid(.latitudeOutOfRange(value))
        case .invalidLongitude(let value): throw invalid(.longitudeOutOfRange(value))
        }
      }
    }
  }

  /// The `coordinates` of a point, or a description of what was found instead.
  private enum Coordinates {
    case valid(longitude: Double, latitude: Double)
    case invalid(String)
  }

  /// Reads `coordinates`, which must be `[longitude, latitude]` or
  /// `[longitude, latitude, altitude]` numbers.
  ///
  /// A problem is returned rather than thrown, after skipping the value, so that a geometry
  /// whose `type` comes later and is not `"Point"` is reported as such.
  @inline(__always)
  private mutating func parseCoordinates() throws(GeoJSONFailure) -> Coordinates {
    let start = scanner.position
    guard scanner.next == GeoJSONByte.openBracket else {
      let found = scanner.describeValue()
      try scanner.skipValue(depth: 5)
      return .invalid(found)
    }
    var longitude = 0.0
    var latitude = 0.0
    var count = 0
    if try scanner.openContainer(depth: 5) {
      repeat {
        guard scanner.isAtNumber else {
          let found = "\(scanner.describeValue()) at index \(count)"
          scanner.position = start
          try scanner.skipValue(depth: 5)
          return .invalid(found)
        }
        let number = try scanner.scanNumber()
        if count < 2 {
          let value = number.doubleValue(in: scanner.base)
          if count == 0 {
            longitude = value
          } else {
            latitude = value
          }
        }
        count += 1
      } while try scanner.nextElement()
    }
    guard count == 2 || count == 3 else {
      return .invalid("an array of \(count) \(count == 1 ? "element" : "elements")")
    }
    return .valid(longitude: longitude, latitude: latitude)
  }

  // MARK: - Properties

  /// The properties of a feature that become a place's fields.
  private struct Properties {
    var name: String?
    var category: String?
    var country: String?
    var population: Int?
  }

  /// Reads `properties`, whose first byte comes next.
  private mutating func parseProperties(into properties: inout Properties) throws(GeoJSONFailure) {
    guard scanner.next == GeoJSONByte.openBrace else {
      throw invalid(.invalidProperty(name: "properties", expected: "an object"))
    }
    var seen: UInt16 = 0
    guard try scanner.openContainer(depth: 4) else { return }
    repeat {
      let key = try scanner.readKey()
      switch key {
      case .name:
        try mark(key, in: &seen)
        guard !scanner.consumeNull() else { continue }
        guard scanner.next == GeoJSONByte.quote else {
          throw invalid(.invalidName(scanner.describeValue()))
        }
        let span = try scanner.scanString()
        guard span.end > span.start else { throw invalid(.invalidName("an empty string")) }
        properties.name = scanner.makeString(span)
      case .category:
        try mark(key, in: &seen)
        if let span = try parseOptionalString(key) {
          properties.category = scanner.makeString(span)
        }
      case .country:
        try mark(key, in: &seen)
        if let span = try parseOptionalString(key) {
          properties.country = scanner.makeString(span)
        }
      case .population:
        try mark(key, in: &seen)
        guard !scanner.consumeNull() else { continue }
        guard scanner.isAtNumber else {
          throw invalid(.invalidProperty(name: key.name, expected: "an integer"))
        }
        let number = try scanner.scanNumber()
        guard let population = number.integerValue else {
          let expected = number.isInteger ? "an integer that fits in Int" : "an integer"
          throw invalid(.invalidProperty(name: key.name, expected: expected))
        }
        properties.population = population
      default:
        try scanner.skipValue(depth: 5)
      }
    } while try scanner.nextMember()
  }

  /// Reads a string property that may be `null`, and returns its extent unless it is `null`.
  @inline(__always)
  private mutating func parseOptionalString(
    _ key: GeoJSONKey
  ) throws(GeoJSONFailure) -> GeoJSONStringSpan? {
    guard !scanner.consumeNull() else { return nil }
    guard scanner.next == GeoJSONByte.quote else {
      throw invalid(.invalidProperty(name: key.name, expected: "a string"))
    }
    return try scanner.scanString()
  }

  // MARK: - Messages

  /// Returns a string value in double quotes, shortened if long, for messages.
  private mutating func quoted(_ span: GeoJSONStringSpan) -> String {
    let value = scanner.makeString(span)
    let shown = value.count > 40 ? value.prefix(40) + "…" : value[...]
    return "\"\(shown)\""
  }
}
