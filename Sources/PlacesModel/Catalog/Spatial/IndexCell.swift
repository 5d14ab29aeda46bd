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
  /// true one by up to about 0.6 m there (and by nanometres elsewhere). A bound is itself such a
  /// computation, and is compared with a place's computed distance, so each is widened by 5 m:
  /// then it holds for the distances the index compares, which are the computed ones.
  static let boundSlack = 5.0

  /// A lower bound, in metres, on the computed distance from `origin` to any place in the cell,
  /// from latitudes alone: weaker than ``lowerDistanceBound(from:)``, but free of trigonometry.
  func latitudeLowerDistanceBound(from origin: DistanceOrigin) -> Double {
    latitudeGap(from: origin.point) * Coordinate.earthRadiusInMetres - Self.boundSlack
  }

  /// An upper bound, in metres, on the computed distance from `origin` to any place in the cell,
  /// from latitudes alone: weaker than ``upperDistanceBound(from:)``, but free of trigonometry.
  func latitudeUpperDistanceBound(from origin: DistanceOrigin) -> Double {
    (Double.pi - latitudeGap(from: origin.antipode)) * Coordinate.earthRadiusInMetres
      + Self.boundSlack
  }

  /// The difference in latitude, in radians, from `point` to the nearest latitude of the cell.
  private func latitudeGap(from point: AnglePoint) -> Double {
    if point.latitudeDegrees < south {
      return (south - point.latitudeDegrees) * Self.radiansPerDegree
    }
    if point.latitudeDegrees > north {
      return (point.latitudeDegrees - north) * Self.radiansPerDegree
    }
    return 0
  }

  /// A lower bound, in metres, on the computed distance from `origin` to any place in the cell.
  func lowerDistanceBound(from origin: DistanceOrigin) -> Double {
    Self.minimumAngle(from: origin.point, to: self) * Coordinate.earthRadiusInMetres
      - Self.boundSlack
  }

  /// An upper bound, in metres, on the computed distance from `origin` to any place in the
  /// cell: half the circumference less the least distance from the origin's antipode, since
  /// every point is that much nearer the origin than the antipode is.
  func upperDistanceBound(from origin: DistanceOrigin) -> Double {
    (Double.pi - Self.minimumAngle(from: origin.antipode, to: self))
      * Coordinate.earthRadiusInMetres + Self.boundSlack
  }

  /// Whether the computed distance from `origin` to every place in the cell exceeds
  /// `threshold`'s distance: ``lowerDistanceBound(from:)`` is above it.
  ///
  /// Compared as haversines, without the arcsine: the bound's angle exceeds the distance plus
  /// ``boundSlack`` exactly when its haversine exceeds `threshold`'s ``DistanceThreshold/farther``,
  /// the haversine being increasing from 0 to π.
  func isWhollyFarther(than threshold: DistanceThreshold, from origin: DistanceOrigin) -> Bool {
    Self.minimumHaversine(from: origin.point, to: self) > threshold.farther
  }

  /// Whether the computed distance from `origin` to every place in the cell is below
  /// `threshold`'s distance: ``upperDistanceBound(from:)`` is below it.
  ///
  /// Compared as haversines: π less the angle from the antipode is below the distance less
  /// ``boundSlack`` (*x* radians) exactly when that angle's haversine exceeds hav(π − *x*),
  /// which is 1 − hav(*x*), 1 less `threshold`'s ``DistanceThreshold/nearer``.
  func isWhollyNearer(than threshold: DistanceThreshold, from origin: DistanceOrigin) -> Bool {
    Self.minimumHaversine(from: origin.antipode, to: self) > 1 - threshold.nearer
  }

  /// The least central angle, in radians, from `point` to the cell.
  static func minimumAngle(from point: AnglePoint, to cell: IndexCell) -> Double {
    let longitude = point.longitudeDegrees
    guard longitude < cell.west || longitude > cell.east else {
      return cell.latitudeGap(from: point)
    }
    return 2 * asin(min(1, minimumHaversine(from: point, to: cell).squareRoot()))
  }

  /// The haversine of the least central angle from `point` to the cell.
  ///
  /// When the point's meridian crosses the cell, the nearest point of the cell is on it, and
  /// the angle is the difference in latitude. Otherwise the nearest point lies on the cell's
  /// edge meridian nearer in longitude (moving any point of the cell along its parallel towards
  /// the point's longitude brings it nearer). Along that meridian, when it is less than 90°
  /// away, the distance falls to the foot of the perpendicular from the point, at latitude
  /// `atan(tan φ / cos Δλ)`, and rises again towards both poles, so the nearest point is that
  /// foot clamped to the cell; when it is farther, the perpendicular's foot is on the far side
  /// of the Earth and the nearest point is one of the two corners.
  static func minimumHaversine(from point: AnglePoint, to cell: IndexCell) -> Double {
    let longitude = point.longitudeDegrees
    guard longitude < cell.west || longitude > cell.east else {
      let halfGap = sin(cell.latitudeGap(from: point) / 2)
      return halfGap * halfGap
    }
    // Degrees to go east from the point to the west edge, and west to the east edge.
    var eastward = cell.west - longitude
    if eastward < 0 { eastward += 360 }
    var westward = longitude - cell.east
    if westward < 0 { westward += 360 }
    let deltaDegrees = min(eastward, westward)
    let sinHalfDelta = sin(deltaDegrees * radiansPerDegree / 2)
    let south = cell.south * radiansPerDegree
    let north = cell.north * radiansPerDegree
    if deltaDegrees < 90 {
      // cos Δλ = 1 − 2 sin²(Δλ / 2): the sine the haversine needs anyway.
      let cosDelta = 1 - 2 * sinHalfDelta * sinHalfDelta
      let foot = atan(point.tanLatitude / cosDelta)
      let nearest = min(max(foot, south), north)
      return haversine(point.latitude, point.cosLatitude, nearest, cos(nearest), sinHalfDelta)
    }
    return min(
      haversine(point.latitude, point.cosLatitude, south, cos(south), sinHalfDelta),
      haversine(point.latitude, point.cosLatitude, north, cos(north), sinHalfDelta))
  }

  static var radiansPerDegree: Double { Coordinate.radiansPerDegree }

  /// The haversine of the central angle between two points given by their latitudes
  /// (radians), the cosines of those, and the sine of half their difference in longitude.
  @inline(__always)
  static func haversine(
    _ latitude1: Double, _ cosLatitude1: Double, _ latitude2: Double, _ cosLatitude2: Double,
    _ sinHalfDeltaLongitude: Double
  ) -> Double {
    let sinLatitude = sin((latitude2 - latitude1) / 2)
    return sinLatitude * sinLatitude
      + cosLatitude1 * cosLatitude2 * sinHalfDeltaLongitude * sinHalfDeltaLongitude
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
