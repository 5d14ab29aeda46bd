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
  /// The point on the unit sphere, for squared chords to ``CoordinateOnSphere``s.
  let vector: UnitVector

  init(_ coordinate: Coordinate) {
    self.coordinate = coordinate
    vector = UnitVector(coordinate)
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

  /// The haversine to `other` from the squared chord between their points on the unit sphere,
  /// without trigonometry: the haversine of a central angle is a quarter of its squared chord.
  ///
  /// It is not ``haversine(to:)`` bit for bit, but within far less than
  /// ``IndexCell/boundSlack`` of it in distance (under a millimetre for places metres apart;
  /// up to about 0.27 m measured near the antipode, where a haversine changes slowest, and
  /// tested under 1 m), so it settles a comparison wherever ``DistanceThreshold`` does not
  /// need the distance.
  @inline(__always)
  func chordHaversine(to other: CoordinateOnSphere) -> Double {
    vector.squaredDistance(to: other.point) / 4
  }
}
