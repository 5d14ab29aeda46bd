/// A rectangle of latitude and longitude, such as the part of the Earth a map shows.
///
/// The rectangle holds every coordinate whose latitude lies in ``south``...``north`` and whose
/// longitude lies in ``west``...``east`` going east from ``west``. When ``west`` is greater
/// than ``east`` the rectangle crosses the antimeridian: `west: 170, east: -170` is the 20°
/// strip around longitude 180. Longitudes -180 and 180 name the same meridian, so a rectangle
/// that reaches either one contains coordinates on both.
public struct CoordinateBounds: Hashable, Sendable {
  /// The southern edge in degrees, in `-90...90` and never north of ``north``.
  public let south: Double
  /// The western edge in degrees, in `-180...180`.
  public let west: Double
  /// The northern edge in degrees, in `-90...90`.
  public let north: Double
  /// The eastern edge in degrees, in `-180...180`; less than ``west`` when the rectangle
  /// crosses the antimeridian.
  public let east: Double

  /// The whole Earth.
  public static let world = CoordinateBounds(
    uncheckedSouth: -90, west: -180, north: 90, east: 180)

  /// Creates the rectangle between the given edges, in degrees.
  ///
  /// - Throws: ``CoordinateError/invalidLatitude(_:)`` if `south` or `north` is not finite or
  ///   outside `-90...90`, or if `south` is north of `north` (the value named is `south`);
  ///   ``CoordinateError/invalidLongitude(_:)`` if `west` or `east` is not finite or outside
  ///   `-180...180`.
  public init(south: Double, west: Double, north: Double, east: Double) throws(CoordinateError) {
    for latitude in [south, north] where !(latitude.isFinite && (-90.0...90.0).contains(latitude)) {
      throw .invalidLatitude(latitude)
    }
    for longitude in [west, east]
    where !(longitude.isFinite && (-180.0...180.0).contains(longitude)) {
      throw .invalidLongitude(longitude)
    }
    guard south <= north else { throw .invalidLatitude(south) }
    self.init(uncheckedSouth: south, west: west, north: north, east: east)
  }

  /// Creates the rectangle between edges that are valid by construction: constants, or the
  /// edges of a map's region, computed from coordinates.
  ///
  /// The invariant is the caller's to keep: every edge finite, `south` and `north` in
  /// `-90...90` with `south <= north`, `west` and `east` in `-180...180`. Debug builds check it;
  /// never pass outside data.
  package init(uncheckedSouth south: Double, west: Double, north: Double, east: Double) {
    assert(
      [south, north].allSatisfy { $0.isFinite && (-90.0...90.0).contains($0) } && south <= north,
      "latitudes \(south)...\(north)")
    assert(
      [west, east].allSatisfy { $0.isFinite && (-180.0...180.0).contains($0) },
      "longitudes \(west), \(east)")
    self.south = south
    self.west = west
    self.north = north
    self.east = east
  }

  /// Whether the rectangle crosses the antimeridian (``west`` is greater than ``east``).
  public var crossesAntimeridian: Bool { west > east }

  /// Whether `coordinate` lies inside the rectangle or on its edge.
  public func contains(_ coordinate: Coordinate) -> Bool {
    guard (south...north).contains(coordinate.latitude) else { return false }
    return containsLongitude(coordinate.longitude)
  }

  /// Whether the meridian at `longitude` (in `-180...180`) crosses the rectangle.
  public func containsLongitude(_ longitude: Double) -> Bool {
    if crossesAntimeridian {
      return longitude >= west || longitude <= east || abs(longitude) == 180
    }
    if (west...east).contains(longitude) { return true }
    // -180 and 180 are one meridian: an edge on either side reaches both.
    return abs(longitude) == 180 && (west == -180 || east == 180)
  }
}

extension CoordinateBounds: CustomStringConvertible {
  /// The rectangle as `south,west,north,east` in degrees, for example `55,10,60,20`.
  public var description: String { "\(south),\(west),\(north),\(east)" }
}
