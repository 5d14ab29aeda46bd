/// A changed place's coordinate and its point on the unit sphere, computed once when an edit
/// notes it, so that counting the changed places by distance needs no trigonometry for most of
/// them.
///
/// ``CatalogSpatialIndex`` keeps one for each place that edits made stale or changed since its
/// full build. Its queries count those places by distance again at every edit the list by
/// distance follows; the squared chord between two points (``UnitVector``) settles each place
/// that is clear of the distance compared with, and only the few within the rounding slack are
/// measured as the index measures its own (see ``DistanceThreshold``).
struct CoordinateOnSphere: Sendable {
  /// The coordinate itself, from which exact distances are measured.
  let coordinate: Coordinate
  /// Its point on the unit sphere.
  let point: UnitVector

  /// `coordinate`, with its point on the unit sphere.
  init(_ coordinate: Coordinate) {
    self.coordinate = coordinate
    point = UnitVector(coordinate)
  }
}
