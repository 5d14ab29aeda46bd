extension GeoJSONPlacesParser {
  /// The GeoJSON geometry types (RFC 7946 §3.1).
  enum GeometryType: CaseIterable {
    case point
    case multiPoint
    case lineString
    case multiLineString
    case polygon
    case multiPolygon
    case geometryCollection

    /// The type's name in GeoJSON.
    var name: StaticString {
      switch self {
      case .point: "Point"
      case .multiPoint: "MultiPoint"
      case .lineString: "LineString"
      case .multiLineString: "MultiLineString"
      case .polygon: "Polygon"
      case .multiPolygon: "MultiPolygon"
      case .geometryCollection: "GeometryCollection"
      }
    }

    /// How many arrays hold the positions in `coordinates`: 0 for a Point, whose
    /// `coordinates` is one position; `nil` for a GeometryCollection, which has none.
    var positionDepth: Int? {
      switch self {
      case .point: 0
      case .multiPoint, .lineString: 1
      case .multiLineString, .polygon: 2
      case .multiPolygon: 3
      case .geometryCollection: nil
      }
    }
  }

  /// A parsed geometry: its type and the extent of its positions.
  struct Geometry {
    var type: GeometryType
    /// The box around every position; `nil` when there is none.
    var box: BoundingBox?
  }

  /// The least and greatest longitude and latitude of some positions.
  struct BoundingBox {
    var west: Double
    var south: Double
    var east: Double
    var north: Double

    /// A box around one position.
    @inline(__always)
    init(longitude: Double, latitude: Double) {
      west = longitude
      east = longitude
      south = latitude
      north = latitude
    }

    /// Grows the box to hold a position.
    @inline(__always)
    mutating func add(longitude: Double, latitude: Double) {
      west = min(west, longitude)
      east = max(east, longitude)
      south = min(south, latitude)
      north = max(north, latitude)
    }

    /// Grows the box to hold another.
    mutating func add(_ other: BoundingBox) {
      add(longitude: other.west, latitude: other.south)
      add(longitude: other.east, latitude: other.north)
    }

    /// The centre; for one position, that position.
    var centre: (longitude: Double, latitude: Double) {
      ((west + east) / 2, (south + north) / 2)
    }
  }

  /// The deepest nesting of GeometryCollections accepted, counting the outermost as 1.
  static let maximumCollectionNesting = 8

  /// Where a feature is placed, or why it is skipped.
  enum Placement {
    case at(Coordinate)
    case skipped(GeoJSONLoadReport.Reason)
  }

  /// Returns where a feature with `geometry` is placed, or why it is skipped; throws in
  /// strict mode where it would be skipped.
  @inline(__always)
  func place(_ geometry: Geometry?) throws(GeoJSONFailure) -> Placement {
    guard let geometry else {
      if options.isStrict { throw invalid(.missingGeometry) }
      return .skipped(.noGeometry)
    }
    guard let box = geometry.box else {
      if options.isStrict { throw invalid(.emptyGeometry) }
      return .skipped(.emptyGeometry)
    }
    if geometry.type != .point, options.nonPointGeometry == .skip {
      if options.isStrict { throw invalid(.notAPoint(type: "\(geometry.type.name)")) }
      return .skipped(.notAPoint)
    }
    // A Point's box is its position, which is its own centre.
    let centre = geometry.type == .point ? (longitude: box.west, latitude: box.south) : box.centre
    do throws(CoordinateError) {
      return .at(try Coordinate(latitude: centre.latitude, longitude: centre.longitude))
    } catch {
      // Every position was checked, so the centre is in range.
      switch error {
      case .invalidLatitude(let value): throw invalid(.latitudeOutOfRange(value))
      case .invalidLongitude(let value): throw invalid(.longitudeOutOfRange(value))
      }
    }
  }

  // MARK: - Geometry objects

  /// Reads a geometry object, whose first byte comes next; `depth` is the depth of its
  /// members and `collectionNesting` the number of GeometryCollections around it.
  mutating func parseGeometry(
    depth: Int, collectionNesting: Int
  ) throws(GeoJSONFailure) -> Geometry {
    guard scanner.next == GeoJSONByte.openBrace else {
      throw invalid(.unsupportedGeometry(found: scanner.describeValue()))
    }
    var seen: UInt32 = 0
    var type: GeometryType?
    var positions: Positions?
    var members: Geometry?
    var hasMembers = false
    if try scanner.openContainer(depth: depth) {
      repeat {
        let key = try scanner.readKey()
        switch key {
        case .type:
          try mark(key, in: &seen)
          guard scanner.next == GeoJSONByte.quote else {
            throw invalid(.unsupportedGeometry(found: scanner.describeValue()))
          }
          let span = try scanner.scanString()
          type = geometryType(span)
          if type == nil {
            throw invalid(.unsupportedGeometry(found: quoted(span)))
          }
        case .coordinates:
          try mark(key, in: &seen)
          positions = try parseCoordinates(depth: depth + 1)
        case .geometries:
          try mark(key, in: &seen)
          hasMembers = true
          members = try parseMembers(depth: depth + 1, collectionNesting: collectionNesting + 1)
        default:
          try scanner.skipValue(depth: depth + 1)
        }
      } while try scanner.nextMember()
    }
    guard let type else {
      throw invalid(.unsupportedGeometry(found: "a geometry without \"type\""))
    }
    guard let positionDepth = type.positionDepth else {
      guard hasMembers else { throw invalid(.invalidCoordinates(found: "no \"geometries\"")) }
      return members ?? Geometry(type: type, box: nil)
    }
    guard let positions else { throw invalid(.invalidCoordinates(found: "none")) }
    return Geometry(type: type, box: try box(of: positions, for: type, depth: positionDepth))
  }

  /// Returns the geometry type `span` names, or `nil`.
  @inline(__always)
  private mutating func geometryType(_ span: GeoJSONStringSpan) -> GeometryType? {
    // Points first, with one comparison: they are nearly every feature of a places file.
    if !span.hasEscapes, span.end - span.start == 5 {
      let raw = UnsafeRawPointer(scanner.base + span.start)
      if UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)) == 0x6E69_6F50,  // "Poin"
        raw.load(fromByteOffset: 4, as: UInt8.self) == UInt8(ascii: "t")
      {
        return .point
      }
    }
    return otherGeometryType(span)
  }

  /// Returns the geometry type `span` names, or `nil`, the slow way.
  private mutating func otherGeometryType(_ span: GeoJSONStringSpan) -> GeometryType? {
    for type in GeometryType.allCases where scanner.string(span, equals: type.name) {
      return type
    }
    return nil
  }

  /// Reads a GeometryCollection's `geometries`, whose first byte comes next, and returns
  /// the box around all their positions, as a GeometryCollection.
  private mutating func parseMembers(
    depth: Int, collectionNesting: Int
  ) throws(GeoJSONFailure) -> Geometry {
    guard scanner.next == GeoJSONByte.openBracket else {
      throw invalid(.invalidCoordinates(found: "\"geometries\" as \(scanner.describeValue())"))
    }
    guard collectionNesting <= Self.maximumCollectionNesting else {
      throw invalid(
        .unsupportedGeometry(
          found: "GeometryCollections nested more than \(Self.maximumCollectionNesting) deep"))
    }
    var collection = Geometry(type: .geometryCollection, box: nil)
    guard try scanner.openContainer(depth: depth) else { return collection }
    repeat {
      let member = try parseGeometry(depth: depth + 1, collectionNesting: collectionNesting)
      if let box = member.box {
        if collection.box == nil {
          collection.box = box
        } else {
          collection.box?.add(box)
        }
      }
    } while try scanner.nextElement()
    return collection
  }

  // MARK: - Coordinates

  /// What `coordinates` held: how deep its positions are and the box around them, or what
  /// is wrong with them.
  struct Positions {
    /// A coordinate out of range.
    enum RangeProblem {
      case latitude(Double)
      case longitude(Double)
    }

    /// The number of arrays around each position; `nil` when there is no position.
    var depth: Int?
    var box: BoundingBox?
    /// What is wrong with the shape of the coordinates.
    var shapeProblem: ShapeProblem?
    /// The first number out of range.
    var rangeProblem: RangeProblem?

  }

  /// Returns the box around `positions`, after checking that they suit `type`, which needs
  /// them at `expected` depth.
  @inline(__always)
  private func box(
    of positions: Positions, for type: GeometryType, depth expected: Int
  ) throws(GeoJSONFailure) -> BoundingBox? {
    if let shapeProblem = positions.shapeProblem {
      throw invalid(.invalidCoordinates(found: describe(shapeProblem)))
    }
    guard let depth = positions.depth else {
      // Only empty arrays: an empty geometry, except that a Point needs its position.
      if type == .point {
        throw invalid(.invalidCoordinates(found: "an array of 0 elements"))
      }
      return nil
    }
    guard depth == expected else {
      throw invalid(
        .invalidCoordinates(
          found: "positions in \(depth + 1) nested arrays, where a \(type.name) has them in "
            + "\(expected + 1)"))
    }
    switch positions.rangeProblem {
    case .latitude(let value)?: throw invalid(.latitudeOutOfRange(value))
    case .longitude(let value)?: throw invalid(.longitudeOutOfRange(value))
    case nil: return positions.box
    }
  }

  /// What is wrong with the shape of `coordinates`, kept as offsets and counts so that the
  /// usual path copies no string.
  enum ShapeProblem {
    /// The value at `offset`, element `index` of its array, is neither a number nor an array.
    case unexpectedValue(offset: Int, index: Int)
    /// `coordinates` itself, at `offset`, is not an array.
    case notAnArray(offset: Int)
    /// A position has this many numbers, not 2 or 3.
    case elementCount(Int)
    /// Positions lie at different depths.
    case unevenNesting
    /// Arrays are nested deeper than any geometry's positions.
    case nestedTooDeep
  }

  /// Describes `problem` for a message, such as `a string at index 0`.
  private func describe(_ problem: ShapeProblem) -> String {
    var probe = scanner
    switch problem {
    case .unexpectedValue(let offset, let index):
      probe.position = offset
      return "\(probe.describeValue()) at index \(index)"
    case .notAnArray(let offset):
      probe.position = offset
      return probe.describeValue()
    case .elementCount(let count):
      return "an array of \(count) \(count == 1 ? "element" : "elements")"
    case .unevenNesting:
      return "positions nested unevenly"
    case .nestedTooDeep:
      return "arrays nested more than \(Self.maximumPositionDepth + 1) deep"
    }
  }

  /// The deepest nesting of positions in any geometry: a MultiPolygon's.
  private static let maximumPositionDepth = 3

  /// Reads `coordinates`, whose first byte comes next; `depth` is the depth of its contents.
  ///
  /// A problem is returned rather than thrown, after skipping the value, so that a geometry
  /// whose `type` comes later and is not valid is reported as such.
  @inline(__always)
  private mutating func parseCoordinates(depth: Int) throws(GeoJSONFailure) -> Positions {
    let start = scanner.position
    var positions = Positions()
    guard scanner.next == GeoJSONByte.openBracket else {
      positions.shapeProblem = .notAnArray(offset: scanner.position)
      try scanner.skipValue(depth: depth)
      return positions
    }
    var found: ShapeProblem?
    if try scanner.openContainer(depth: depth) {
      // A Point's position, the usual case, without a call.
      found =
        scanner.isAtNumber
        ? try parsePosition(level: 0, into: &positions)
        : try parseArrays(level: 0, depth: depth, into: &positions)
    }
    if let found {
      positions.shapeProblem = found
      scanner.position = start
      try scanner.skipValue(depth: depth)
    }
    return positions
  }

  /// Reads an array of `coordinates`, a position or an array of arrays, whose `[` comes next.
  ///
  /// `level` is 0 for `coordinates` itself. Returns what is wrong, if anything; the caller
  /// then skips the whole value.
  private mutating func parseArray(
    level: Int, depth: Int, into positions: inout Positions
  ) throws(GeoJSONFailure) -> ShapeProblem? {
    guard try scanner.openContainer(depth: depth + level) else { return nil }
    if scanner.isAtNumber {
      return try parsePosition(level: level, into: &positions)
    }
    return try parseArrays(level: level, depth: depth, into: &positions)
  }

  /// Reads the arrays in an array at `level` whose `[` has been consumed and whose first
  /// element, not a number, comes next.
  private mutating func parseArrays(
    level: Int, depth: Int, into positions: inout Positions
  ) throws(GeoJSONFailure) -> ShapeProblem? {
    guard level < Self.maximumPositionDepth else {
      return .nestedTooDeep
    }
    var count = 0
    repeat {
      guard scanner.next == GeoJSONByte.openBracket else {
        return .unexpectedValue(offset: scanner.position, index: count)
      }
      if let found = try parseArray(level: level + 1, depth: depth, into: &positions) {
        return found
      }
      count += 1
    } while try scanner.nextElement()
    return nil
  }

  /// Reads a position whose `[` has been consumed and whose first number comes next.
  @inline(__always)
  private mutating func parsePosition(
    level: Int, into positions: inout Positions
  ) throws(GeoJSONFailure) -> ShapeProblem? {
    var longitude = 0.0
    var latitude = 0.0
    var count = 0
    repeat {
      guard scanner.isAtNumber else {
        return .unexpectedValue(offset: scanner.position, index: count)
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
    guard count == 2 || count == 3 else {
      return .elementCount(count)
    }
    if let depth = positions.depth, depth != level {
      return .unevenNesting
    }
    positions.depth = level
    if positions.rangeProblem == nil {
      if !(latitude >= -90 && latitude <= 90) {
        positions.rangeProblem = .latitude(latitude)
      } else if !(longitude >= -180 && longitude <= 180) {
        positions.rangeProblem = .longitude(longitude)
      }
    }
    if positions.box == nil {
      positions.box = BoundingBox(longitude: longitude, latitude: latitude)
    } else {
      positions.box?.add(longitude: longitude, latitude: latitude)
    }
    return nil
  }
}
