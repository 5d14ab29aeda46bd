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

  /// A parsed geometry: its type and where its positions are in ``shape``.
  struct Geometry {
    var type: GeometryType
    /// Whether the geometry has a position.
    var hasPositions: Bool
    /// The position of a Point, in ``shape``.
    var pointIndex: Int?
  }

  /// The deepest nesting of GeometryCollections accepted, counting the outermost as 1.
  static let maximumCollectionNesting = 8

  /// Where a feature is placed, or why it is skipped.
  enum Placement {
    case at(Coordinate)
    case skipped(GeoJSONLoadReport.Reason)
  }

  /// Returns where a feature with `geometry`, whose positions are in ``shape``, is placed, or
  /// why it is skipped; throws in strict mode where it would be skipped.
  @inline(__always)
  func place(_ geometry: Geometry?) throws(GeoJSONFailure) -> Placement {
    guard let geometry else {
      if options.isStrict { throw invalid(.missingGeometry) }
      return .skipped(.noGeometry)
    }
    guard geometry.hasPositions else {
      if options.isStrict { throw invalid(.emptyGeometry) }
      return .skipped(.emptyGeometry)
    }
    let position: GeoJSONPosition?
    if geometry.type == .point, let index = geometry.pointIndex {
      position = (shape.longitude(at: index), shape.latitude(at: index))
    } else {
      switch options.nonPointGeometry {
      case .representativePoint:
        position = shape.representativePoint()
      case .boundingBoxCentre:
        position = shape.boundingBoxCentre()
      case .skip:
        if options.isStrict { throw invalid(.notAPoint(type: "\(geometry.type.name)")) }
        return .skipped(.notAPoint)
      }
    }
    // Every position was checked, so a point on the geometry is in range; the first position
    // stands in should arithmetic ever fail.
    if let (longitude, latitude) = position,
      let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
    {
      return .at(coordinate)
    }
    do throws(CoordinateError) {
      return .at(try Coordinate(latitude: shape.latitude(at: 0), longitude: shape.longitude(at: 0)))
    } catch {
      switch error {
      case .invalidLatitude(let value): throw invalid(.latitudeOutOfRange(value))
      case .invalidLongitude(let value): throw invalid(.longitudeOutOfRange(value))
      }
    }
  }

  // MARK: - Geometry objects

  /// Reads a geometry object, whose first byte comes next, adding its parts to ``shape``;
  /// `depth` is the depth of its members and `collectionNesting` the number of
  /// GeometryCollections around it.
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
    var membersPartsStart: Int?
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
          membersPartsStart = shape.parts.count
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
      // A GeometryCollection: its members are its parts, any "coordinates" a foreign member.
      guard let members else { throw invalid(.invalidCoordinates(found: "no \"geometries\"")) }
      return members
    }
    // Not a GeometryCollection: any "geometries" is a foreign member.
    if let membersPartsStart {
      shape.removeParts(from: membersPartsStart)
    }
    guard let positions else { throw invalid(.invalidCoordinates(found: "none")) }
    try check(positions, for: type, depth: positionDepth)
    shape.addParts(
      positions: positions.positions, arrays: positions.arrays, positionDepth: positionDepth,
      isLine: type == .lineString || type == .multiLineString)
    return Geometry(
      type: type, hasPositions: !positions.positions.isEmpty,
      pointIndex: type == .point ? positions.positions.first : nil)
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

  /// Reads a GeometryCollection's `geometries`, whose first byte comes next, adding the
  /// members' parts to ``shape``, and returns the collection.
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
    var collection = Geometry(type: .geometryCollection, hasPositions: false)
    guard try scanner.openContainer(depth: depth) else { return collection }
    repeat {
      let member = try parseGeometry(depth: depth + 1, collectionNesting: collectionNesting)
      collection.hasPositions = collection.hasPositions || member.hasPositions
    } while try scanner.nextElement()
    return collection
  }

  // MARK: - Coordinates

  /// What `coordinates` held: how deep its positions are and where they are in ``shape``, or
  /// what is wrong with them.
  struct Positions {
    /// A coordinate out of range.
    enum RangeProblem {
      case latitude(Double)
      case longitude(Double)
    }

    /// The number of arrays around each position; `nil` when there is no position.
    var depth: Int?
    /// The positions read, as positions in ``shape``.
    var positions: Range<Int> = 0..<0
    /// The arrays closed, as positions in the shape's `closedArrays`.
    var arrays: Range<Int> = 0..<0
    /// What is wrong with the shape of the coordinates.
    var shapeProblem: ShapeProblem?
    /// The first number out of range.
    var rangeProblem: RangeProblem?
  }

  /// Checks that `positions` suit `type`, which needs them at `expected` depth, and are in
  /// range.
  @inline(__always)
  private func check(
    _ positions: Positions, for type: GeometryType, depth expected: Int
  ) throws(GeoJSONFailure) {
    if let shapeProblem = positions.shapeProblem {
      throw invalid(.invalidCoordinates(found: describe(shapeProblem)))
    }
    // Only empty arrays: an empty geometry, a Point's included (RFC 7946 §3.1).
    guard let depth = positions.depth else { return }
    guard depth == expected else {
      throw invalid(
        .invalidCoordinates(
          found: "positions in \(depth + 1) nested arrays, where a \(type.name) has them in "
            + "\(expected + 1)"))
    }
    switch positions.rangeProblem {
    case .latitude(let value)?: throw invalid(.latitudeOutOfRange(value))
    case .longitude(let value)?: throw invalid(.longitudeOutOfRange(value))
    case nil: return
    }
  }

  /// What is wrong with the shape of `coordinates`, kept as offsets and counts so that the
  /// usual path copies no string.
  enum ShapeProblem {
    /// The value at `offset`, element `index` of its array, is neither a number nor an array.
    case unexpectedValue(offset: Int, index: Int)
    /// `coordinates` itself, at `offset`, is not an array.
    case notAnArray(offset: Int)
    /// A position has this many numbers, not 2, 3 or 4.
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
    let firstPosition = shape.positionCount
    let firstArray = shape.closedArrays.count
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
    positions.positions = firstPosition..<shape.positionCount
    positions.arrays = firstArray..<shape.closedArrays.count
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
    shape.closeArray(level: level)
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
    // Longitude, latitude, and an altitude and a measure (XYZM, as GDAL writes) ignored.
    guard count >= 2, count <= 4 else {
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
    shape.append(longitude: longitude, latitude: latitude)
    return nil
  }
}
