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
