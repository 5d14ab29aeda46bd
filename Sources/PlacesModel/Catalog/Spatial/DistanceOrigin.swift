import Foundation

/// A point with the trigonometry the distance bounds need, computed once.
struct AnglePoint: Sendable {
  let latitudeDegrees: Double
  let longitudeDegrees: Double
  /// The latitude in radians, its cosine and its tangent.
  let latitude: Double
  let cosLatitude: Double
  let tanLatitude: Double

  init(latitudeDegrees: Double, longitudeDegrees: Double) {
    self.latitudeDegrees = latitudeDegrees
    self.longitudeDegrees = longitudeDegrees
    latitude = latitudeDegrees * IndexCell.radiansPerDegree
    cosLatitude = cos(latitude)
    tanLatitude = tan(latitude)
  }
}

/// A query point, and its antipode, with what every distance bound needs, computed once per
/// query.
struct DistanceOrigin: Sendable {
  /// The point itself, from which exact distances are measured.
  let coordinate: Coordinate
  let point: AnglePoint
  let antipode: AnglePoint

  init(_ coordinate: Coordinate) {
    self.coordinate = coordinate
    point = AnglePoint(latitudeDegrees: coordinate.latitude, longitudeDegrees: coordinate.longitude)
    let antipodeLongitude =
      coordinate.longitude > 0 ? coordinate.longitude - 180 : coordinate.longitude + 180
    antipode = AnglePoint(
      latitudeDegrees: -coordinate.latitude, longitudeDegrees: antipodeLongitude)
  }
}

extension DistanceOrigin {
  /// The distance to `other` exactly as `coordinate.distance(to: other)` computes it, bit for
  /// bit, with the cosine of the origin's latitude computed once.
  @inline(__always)
  func distance(to other: Coordinate) -> Double {
    Coordinate.distance(haversine: haversine(to: other))
  }

  /// The haversine ``distance(to:)`` starts from: distances in the same order, without the
  /// square root and arcsine.
  @inline(__always)
  func haversine(to other: Coordinate) -> Double {
    coordinate.haversine(to: other, cosLatitude: point.cosLatitude)
  }
}
