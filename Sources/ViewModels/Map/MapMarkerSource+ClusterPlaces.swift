import PlacesModel

extension MapMarkerSource {
  /// The places that `entry` of `level` counts, but the place with handle `selected` (which
  /// has a marker of its own), in the order of
  /// ``MapViewModel/places(inClusterWithID:offset:limit:)``: from `offset`, at most `limit` of
  /// them; and how many it counts in all.
  ///
  /// - Complexity: O(*page* + log *k*) for *k* places once the level is ordered (see
  ///   ``ClusterPlaceOrder``).
  func places(
    of entry: Int, at level: Int, excluding selected: UInt32?, offset: Int, limit: Int
  ) -> (places: [Place], total: Int) {
    let (handles, total) = clusterPlaceOrder.page(
      of: entry, at: level, excluding: selected, offset: offset, limit: limit)
    return (handles.map(catalog.place(withHandle:)), total)
  }

  /// Whether `left` comes before `right` among a cluster's places: the more populous first (a
  /// place without a population after every place with one), then by name, then by
  /// identifier.
  static func isInClusterOrder(_ left: Place, _ right: Place) -> Bool {
    switch (left.population, right.population) {
    case (let left?, let right?) where left != right: return left > right
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    return left.name != right.name ? left.name < right.name : left.id < right.id
  }
}
