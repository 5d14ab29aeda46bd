import Foundation

/// A distance to compare places with, and two haversines that settle most comparisons without
/// computing a distance.
///
/// A place whose haversine (``DistanceOrigin/haversine(to:)``) is below ``nearer`` is nearer
/// than ``distance``, and one above ``farther`` is farther: they are the haversines of
/// ``distance`` less and plus ``IndexCell/boundSlack``, which exceeds the rounding of the
/// haversines and of the distances computed from them. Only places in between need their
/// distance.
struct DistanceThreshold {
  let distance: Double
  let nearer: Double
  let farther: Double

  init(_ distance: Double) {
    self.distance = distance
    let metres = Coordinate.earthRadiusInMetres
    let low = distance - IndexCell.boundSlack
    let high = distance + IndexCell.boundSlack
    nearer = low > 0 ? Self.haversine(low / metres) : -1
    farther = high < Double.pi * metres ? Self.haversine(high / metres) : 2
  }

  /// The haversine of a central angle in radians, in `0...π`.
  private static func haversine(_ angle: Double) -> Double {
    let half = sin(angle / 2)
    return half * half
  }
}
