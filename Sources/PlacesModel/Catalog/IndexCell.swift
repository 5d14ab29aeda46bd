import Foundation

/// The latitude/longitude cell of one node of a ``SpatialIndex``, in degrees.
///
/// The root's cell is the whole Earth; each split cuts a cell in two at the splitting place's
/// latitude or longitude, so a cell never crosses the antimeridian and every place of a node
/// lies in its cell (on its edge included). Cells are not stored: a query recomputes them on its
/// way down, exactly as the build made them.
struct IndexCell: Sendable {
  var south: Double
  var north: Double
  var west: Double
  var east: Double

  /// The whole Earth, the root's cell.
  static let world = IndexCell(south: -90, north: 90, west: -180, east: 180)

  /// Whether the node of this cell splits its places by longitude (else by latitude).
  ///
  /// The longer side is cut, measured on the ground: the width at the parallel nearest the
  /// equator, where the cell is widest, against the height. The build and every query call
  /// this same function on the same numbers, so they always agree.
  var splitsOnLongitude: Bool {
    let widestLatitude: Double
    if south > 0 {
      widestLatitude = south
    } else if north < 0 {
      widestLatitude = north
    } else {
      widestLatitude = 0
    }
    let width = (east - west) * cos(widestLatitude * Self.radiansPerDegree)
    return width >= north - south
  }

  /// The two halves of the cell cut at `value`, a longitude when `onLongitude`, else a latitude.
  ///
  /// The half holding the smaller values comes first; both hold the cut itself.
  func split(at value: Double, onLongitude: Bool) -> (lower: IndexCell, upper: IndexCell) {
    var lower = self
    var upper = self
    if onLongitude {
      lower.east = value
      upper.west = value
    } else {
      lower.north = value
      upper.south = value
    }
    return (lower, upper)
  }

  // MARK: - Distances

  /// Metres by which every distance bound is widened.
  ///
  /// Great-circle distances are computed with the haversine formula, whose rounding error
  /// grows near antipodal points, where `asin` is steep: a computed distance may differ from the
  /// true one by up to about 0.6 m there (and by nanometres elsewhere). A bound built from
  /// three such computations (origin to centre, centre to corner, and the place's own distance)
  /// is therefore widened by 5 m, so it holds for the distances the index compares, which are
  /// the computed ones.
  static let boundSlack = 5.0

  /// Lower and upper bounds, in metres, on the computed distance from `origin` to any place in
  /// the cell.
  ///
  /// By the triangle inequality through the cell's centre `c`: every place `p` of the cell has
  /// `d(o, c) - r <= d(o, p) <= d(o, c) + r`, where `r` is the cell's radius, the greatest
  /// distance from `c` to the cell. A place is also at least its latitude difference from
  /// `origin`. Both bounds are widened by ``boundSlack``.
  func distanceBounds(from origin: DistanceOrigin) -> (lower: Double, upper: Double) {
    let centreLatitude = (south + north) / 2 * Self.radiansPerDegree
    let centreLongitude = (west + east) / 2
    let cosCentreLatitude = cos(centreLatitude)
    let toCentre = Self.centralAngle(
      origin.latitude, origin.cosLatitude, centreLatitude, cosCentreLatitude,
      (centreLongitude - origin.longitudeDegrees) * Self.radiansPerDegree)
    let radius = self.radius(
      centreLatitude: centreLatitude, cosCentreLatitude: cosCentreLatitude,
      centreLongitude: centreLongitude)
    var latitudeGap = 0.0
    if origin.latitudeDegrees < south {
      latitudeGap = (south - origin.latitudeDegrees) * Self.radiansPerDegree
    } else if origin.latitudeDegrees > north {
      latitudeGap = (origin.latitudeDegrees - north) * Self.radiansPerDegree
    }
    let metres = Coordinate.earthRadiusInMetres
    let lower = max(toCentre - radius, latitudeGap) * metres - Self.boundSlack
    let upper = (toCentre + radius) * metres + Self.boundSlack
    return (lower, upper)
  }

  /// The greatest central angle, in radians, from the centre to any point of the cell.
  ///
  /// While the cell spans less than 180° of longitude it cannot hold the centre's antipode,
  /// and the farthest point is a corner: along a parallel the distance from the centre grows
  /// with the difference in longitude, and along a meridian less than 90° away from the centre
  /// it falls to the point nearest the centre and rises again towards both poles. The corners
  /// on the side farther from the centre (the centre's longitude is rounded) are measured.
  /// Wider cells get the largest angle, π.
  private func radius(
    centreLatitude: Double, cosCentreLatitude: Double, centreLongitude: Double
  ) -> Double {
    let halfWidth = max(east - centreLongitude, centreLongitude - west)
    guard halfWidth < 90 else { return Double.pi }
    let deltaLongitude = halfWidth * Self.radiansPerDegree
    let southLatitude = south * Self.radiansPerDegree
    let northLatitude = north * Self.radiansPerDegree
    let toSouthCorner = Self.centralAngle(
      centreLatitude, cosCentreLatitude, southLatitude, cos(southLatitude), deltaLongitude)
    let toNorthCorner = Self.centralAngle(
      centreLatitude, cosCentreLatitude, northLatitude, cos(northLatitude), deltaLongitude)
    return max(toSouthCorner, toNorthCorner)
  }

  static let radiansPerDegree = Double.pi / 180

  /// The central angle in radians between two points given by their latitudes (radians), the
  /// cosines of those, and their difference in longitude (radians), by the haversine formula.
  @inline(__always)
  static func centralAngle(
    _ latitude1: Double, _ cosLatitude1: Double, _ latitude2: Double, _ cosLatitude2: Double,
    _ deltaLongitude: Double
  ) -> Double {
    let sinLatitude = sin((latitude2 - latitude1) / 2)
    let sinLongitude = sin(deltaLongitude / 2)
    let haversine =
      sinLatitude * sinLatitude + cosLatitude1 * cosLatitude2 * sinLongitude
      * sinLongitude
    return 2 * asin(min(1, haversine.squareRoot()))
  }

  // MARK: - Rectangles

  /// Whether the cell and `region` may share a point.
  func intersects(_ region: IndexRegion) -> Bool {
    guard south <= region.north, north >= region.south else { return false }
    return region.longitudeRanges.contains { west <= $0.upperBound && east >= $0.lowerBound }
  }

  /// Whether every point of the cell lies in `region`.
  func isInside(_ region: IndexRegion) -> Bool {
    guard south >= region.south, north <= region.north else { return false }
    return region.longitudeRanges.contains { west >= $0.lowerBound && east <= $0.upperBound }
  }
}

/// A query point with the values every distance bound needs, computed once per query.
struct DistanceOrigin: Sendable {
  /// The point itself, from which exact distances are measured.
  let coordinate: Coordinate
  let latitudeDegrees: Double
  let longitudeDegrees: Double
  /// The latitude in radians, and its cosine.
  let latitude: Double
  let cosLatitude: Double

  init(_ coordinate: Coordinate) {
    self.coordinate = coordinate
    latitudeDegrees = coordinate.latitude
    longitudeDegrees = coordinate.longitude
    latitude = coordinate.latitude * IndexCell.radiansPerDegree
    cosLatitude = cos(latitude)
  }
}

/// A ``CoordinateBounds`` as the index tests cells against it: a latitude range and the
/// longitude ranges, none crossing the antimeridian, that together cover the rectangle.
struct IndexRegion: Sendable {
  let bounds: CoordinateBounds
  let south: Double
  let north: Double
  let longitudeRanges: [ClosedRange<Double>]

  init(_ bounds: CoordinateBounds) {
    self.bounds = bounds
    south = bounds.south
    north = bounds.north
    var ranges: [ClosedRange<Double>]
    if bounds.crossesAntimeridian {
      ranges = [bounds.west...180, -180...bounds.east]
    } else {
      ranges = [bounds.west...bounds.east]
      // -180 and 180 are one meridian: a rectangle reaching either holds places on both.
      if bounds.east == 180 { ranges.append(-180 ... -180) }
      if bounds.west == -180 { ranges.append(180...180) }
    }
    longitudeRanges = ranges
  }
}
