extension PlaceNameIndex {
  /// Whether any of `places` matches `query`, typos included, as a catalog's name index
  /// matches it: a place that does not could never be among the query's matches.
  ///
  /// The search uses it to skip edits that cannot change its matches.
  ///
  /// - Complexity: O(*k* log *k*) for *k* places, to index them alone.
  package static func containsMatch(for query: String, among places: [Place]) -> Bool {
    guard !places.isEmpty else { return false }
    return !PlaceNameIndex(places: places).matches(for: query, near: nil, limit: 1).isEmpty
  }
}
