import PlacesModel

extension MapMarkerSource {
  /// The places that `key` of `level` counts under `filter`, but the place with handle
  /// `selected` (which has a marker of its own), in the order of
  /// ``MapViewModel/places(inClusterWithID:offset:limit:)``: from `offset`, at most `limit` of
  /// them; and how many it counts in all.
  ///
  /// - Complexity: O(*page* + log *k*) for *k* places once the level is ordered (see
  ///   ``ClusterPlaceOrder``); under a filter on one hierarchy, where a cluster counts only its
  ///   shown places, O(*k* log *k*) to sort those.
  func places(
    of key: Int, at level: Int, filter: CategoryFilter, excluding selected: UInt32?, offset: Int,
    limit: Int
  ) -> (places: [Place], total: Int) {
    guard !filtersPlaces(filter) else {
      let shown = places(of: key, at: level, filter: filter).lazy.filter { $0 != selected }
        .map(catalog.place(withHandle:)).sorted(by: Self.isInClusterOrder)
      let start = min(max(offset, 0), shown.count)
      let end = start + min(max(limit, 0), shown.count - start)
      return (Array(shown[start..<end]), shown.count)
    }
    let (group, entry) = Self.split(key)
    let (handles, total) = clusterPlaceOrder(ofGroup: group).page(
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
