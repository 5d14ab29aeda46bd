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

  /// Whether a place whose haversine from the origin is `haversine`, and whose position (or
  /// handle) in the order's ties is `position`, comes before `key`, whose distance this
  /// threshold is made for: settled by the haversine when it is clear of ``nearer`` and
  /// ``farther``, else by the place's key, its distance computed from the haversine exactly as
  /// ``DistanceOrigin/distance(to:)`` computes it.
  @inline(__always)
  func placeComesBefore(_ key: DistanceKey, haversine: Double, position: Int) -> Bool {
    if haversine < nearer { return true }
    if haversine > farther { return false }
    return DistanceKey(distance: Coordinate.distance(haversine: haversine), position: position)
      < key
  }

  /// Whether `place`, whose position (or handle) in the order's ties is `position`, comes
  /// before `key`, whose distance this threshold is made for: settled by its haversine from
  /// the squared chord (``DistanceOrigin/chordHaversine(to:)``) when that is clear of
  /// ``nearer`` and ``farther``, else as ``placeComesBefore(_:haversine:position:)`` settles it
  /// with the haversine measured exactly.
  ///
  /// The answer is that of ``placeComesBefore(_:haversine:position:)``: the chord's haversine
  /// differs from the exact one by far less than the slack between ``distance`` and either
  /// bound, so a place it puts beyond a bound is beyond ``distance`` by either measure.
  @inline(__always)
  func placeComesBefore(
    _ key: DistanceKey, at place: CoordinateOnSphere, position: Int, from origin: DistanceOrigin
  ) -> Bool {
    let chordHaversine = origin.chordHaversine(to: place)
    if chordHaversine < nearer { return true }
    if chordHaversine > farther { return false }
    return placeComesBefore(
      key, haversine: origin.haversine(to: place.coordinate), position: position)
  }

  /// The haversine of a central angle in radians, in `0...π`.
  private static func haversine(_ angle: Double) -> Double {
    let half = sin(angle / 2)
    return half * half
  }
}
