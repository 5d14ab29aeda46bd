import Foundation

/// A point on the Earth's surface, in degrees of WGS 84 latitude and longitude.
///
/// A `Coordinate` is always valid: its latitude lies in `-90...90`, its longitude in
/// `-180...180`, and both are finite. Invalid values are rejected, never clamped.
public struct Coordinate: Hashable, Sendable {
  /// The mean radius of the Earth in metres (IUGG), used for great-circle distances.
  public static let earthRadiusInMetres = 6_371_008.8

  /// The latitude in degrees, in `-90...90`; positive is north.
  public let latitude: Double
  /// The longitude in degrees, in `-180...180`; positive is east.
  public let longitude: Double

  /// Creates a coordinate, rejecting values that are out of range or not finite.
  ///
  /// - Throws: ``CoordinateError/invalidLatitude(_:)`` or
  ///   ``CoordinateError/invalidLongitude(_:)`` naming the offending value.
  public init(latitude: Double, longitude: Double) throws(CoordinateError) {
    guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
      throw .invalidLatitude(latitude)
    }
    guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
      throw .invalidLongitude(longitude)
    }
    self.init(uncheckedLatitude: latitude, longitude: longitude)
  }

  /// Creates a coordinate that is valid by construction: a constant, or the result of
  /// arithmetic that cannot leave the ranges (an inverse projection, a clamp).
  ///
  /// The invariant of the type is the caller's to keep: `latitude` finite and in `-90...90`,
  /// `longitude` finite and in `-180...180`. Debug builds check it; never pass outside data.
  package init(uncheckedLatitude latitude: Double, longitude: Double) {
    assert(latitude.isFinite && (-90.0...90.0).contains(latitude), "latitude \(latitude)")
    assert(longitude.isFinite && (-180.0...180.0).contains(longitude), "longitude \(longitude)")
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Returns the great-circle distance to `other` in metres, on a sphere of
  /// ``earthRadiusInMetres`` (haversine formula; accurate to about 0.5% on the real ellipsoid).
  public func distance(to other: Coordinate) -> Double {
    Self.distance(
      haversine: haversine(to: other, cosLatitude: cos(latitude * Self.radiansPerDegree)))
  }

  static var radiansPerDegree: Double { Double.pi / 180 }

  /// The haversine of the central angle to `other`, given the cosine of this coordinate's
  /// latitude in radians: the first half of ``distance(to:)``, split out so that code measuring
  /// many distances from one point computes that cosine once and gets the same result, bit for
  /// bit.
  func haversine(to other: Coordinate, cosLatitude: Double) -> Double {
    let latitude1 = latitude * Self.radiansPerDegree
    let latitude2 = other.latitude * Self.radiansPerDegree
    let halfDeltaLatitude = (latitude2 - latitude1) / 2
    let halfDeltaLongitude = (other.longitude - longitude) * Self.radiansPerDegree / 2
    let sinLatitude = sin(halfDeltaLatitude)
    let sinLongitude = sin(halfDeltaLongitude)
    return sinLatitude * sinLatitude + cosLatitude * cos(latitude2) * sinLongitude * sinLongitude
  }

  /// The distance in metres for a haversine from ``haversine(to:cosLatitude:)``: the second half
  /// of ``distance(to:)``.
  static func distance(haversine: Double) -> Double {
    let centralAngle = 2 * asin(min(1, haversine.squareRoot()))
    return earthRadiusInMetres * centralAngle
  }
}

extension Coordinate: CustomStringConvertible {
  /// The coordinate as `latitude,longitude` in degrees, for example `59.32938,18.06871`.
  public var description: String { "\(latitude),\(longitude)" }
}
