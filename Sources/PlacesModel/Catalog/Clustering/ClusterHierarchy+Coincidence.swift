extension ClusterHierarchy {
  /// The widest spread, in fixed-point Web Mercator units along either axis, of places that
  /// count as one spot: a quarter of a point at the deepest level that clusters, where such
  /// places still show as one cluster and one zoom deeper would stack on one pixel (at the
  /// standard level 16, 64 units, about 60 cm at the equator); 0 when that level is 22 or
  /// deeper (one unit is a point at zoom 24).
  package var coincidenceTolerance: UInt32 {
    let shift = 24 - maximumLevel - 2
    return shift >= 0 ? 1 << UInt32(shift) : 0
  }

  /// Whether entry `index` of `level` holds two places or more that all lie within
  /// ``coincidenceTolerance`` of each other along either axis: places no zoom of the map
  /// tells apart.
  ///
  /// - Complexity: O(1) when the entry's rectangle (see ``ClusterLevelReader/bounds(_:)``)
  ///   decides; else O(*k* + *d*) for *k* places and *d* entries between: an entry whose places
  ///   lie within twice the tolerance, or one an edit changed.
  package func isCoincident(_ index: Int, at level: Int) -> Bool {
    let node = self.level(level)
    guard level < placeLevel, node.count(index) > 1 else { return false }
    let tolerance = coincidenceTolerance
    let bounds = node.bounds(index)
    if bounds.width <= tolerance, bounds.south - bounds.north <= tolerance { return true }
    // A built entry's reach is at most its places' extent, so its square is at most twice as
    // wide (and a unit for rounding the mean); an edited entry's rectangle may be wider still.
    if node.isAsBuilt(index),
      bounds.width > 2 * tolerance + 2 || bounds.south - bounds.north > 2 * tolerance + 2
    {
      return false
    }
    let places = self.level(placeLevel)
    var spot: EntryBounds?
    for handle in self.places(of: index, at: level) {
      guard let entry = entry(ofPlaceWithHandle: handle) else { continue }
      let place = EntryBounds(place: (places.x(entry), places.y(entry)))
      if spot == nil { spot = place } else { spot?.formUnion(place) }
    }
    guard let spot else { return false }
    return spot.width <= tolerance && spot.south - spot.north <= tolerance
  }
}
