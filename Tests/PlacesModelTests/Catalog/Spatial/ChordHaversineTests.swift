import PlacesModelTestSupport
import Testing

@testable import PlacesModel

/// The haversine from the squared chord settles the same comparisons as the exact one: the
/// spatial index counts its changed places by it (``CatalogSpatialIndex``).
struct ChordHaversineTests {
  /// A random coordinate, or one within metres of `near`, or of its antipode.
  static func coordinate(
    near origin: Coordinate, using generator: inout SplitMix64
  ) -> Coordinate {
    let kind = Int.random(in: 0..<3, using: &generator)
    let jitter = { (scale: Double, generator: inout SplitMix64) in
      Double.random(in: -scale...scale, using: &generator)
    }
    switch kind {
    case 0:
      return .random(using: &generator)
    case 1:
      let scale = [1e-6, 1e-4, 1e-2][Int.random(in: 0..<3, using: &generator)]
      return .fixture(
        min(90, max(-90, origin.latitude + jitter(scale, &generator))),
        min(180, max(-180, origin.longitude + jitter(scale, &generator))))
    default:
      let scale = [1e-6, 1e-4, 1e-2][Int.random(in: 0..<3, using: &generator)]
      let longitude = origin.longitude > 0 ? origin.longitude - 180 : origin.longitude + 180
      return .fixture(
        min(90, max(-90, -origin.latitude + jitter(scale, &generator))),
        min(180, max(-180, longitude + jitter(scale, &generator))))
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theChordsDistanceIsWithinAFifthOfTheSlackOfTheExactOne(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var largestError = 0.0
    for _ in 0..<20_000 {
      let origin = Coordinate.random(using: &generator)
      let other = Self.coordinate(near: origin, using: &generator)
      let distanceOrigin = DistanceOrigin(origin)
      let chord = Coordinate.distance(
        haversine: distanceOrigin.chordHaversine(to: CoordinateOnSphere(other)))
      largestError = max(largestError, abs(chord - distanceOrigin.distance(to: other)))
    }
    #expect(largestError < IndexCell.boundSlack / 5, "largest error \(largestError) m")
  }

  @Test(arguments: [4, 5] as [UInt64])
  func aComparisonByTheChordMatchesTheExactOne(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var settledWithinTheSlack = 0
    for _ in 0..<20_000 {
      let origin = Coordinate.random(using: &generator)
      let distanceOrigin = DistanceOrigin(origin)
      let place = Self.coordinate(near: origin, using: &generator)
      // A key at the place's own distance, give or take a little: the comparisons that the
      // slack is for.
      let offset = [0, 0.5, -0.5, 4.9, -4.9, 6, -6, 1_000][Int.random(in: 0..<8, using: &generator)]
      let key = DistanceKey(
        distance: max(0, distanceOrigin.distance(to: place) + offset),
        position: Int.random(in: 0..<10, using: &generator))
      let position = Int.random(in: 0..<10, using: &generator)
      let threshold = DistanceThreshold(key.distance)
      let exact = threshold.placeComesBefore(
        key, haversine: distanceOrigin.haversine(to: place), position: position)
      let byChord = threshold.placeComesBefore(
        key, at: CoordinateOnSphere(place), position: position, from: distanceOrigin)
      #expect(byChord == exact, "\(origin) to \(place), key \(key)")
      let chord = distanceOrigin.chordHaversine(to: CoordinateOnSphere(place))
      if chord >= threshold.nearer, chord <= threshold.farther { settledWithinTheSlack += 1 }
    }
    // Most keys here lie within the slack of the place: the exact path ran for them.
    #expect(settledWithinTheSlack > 5_000)
  }
}
