import PlacesModel

/// The identity of a cluster marker: the zoom level at which the cluster formed and its
/// representative place.
///
/// Clusters are a function of the catalog and the zoom level, never of the view (see
/// <doc:TheViewportAndClusteringModel>), so a pan never changes an identity, and a cluster that
/// keeps exactly its places from one zoom level to the next keeps its identity across them.
/// ``level`` is the deepest level at which the cluster has exactly its places: zoomed in past
/// it, the cluster splits. Identities are unique among the markers of a catalog at one level;
/// they mean nothing across catalogs.
public struct MapClusterID: Hashable, Sendable {
  /// The deepest zoom level at which the cluster has exactly its places.
  public let level: Int
  /// The cluster's representative place: the most populous of its places, else the first in
  /// catalog order; what a label would show.
  public let representative: Place.ID

  /// Creates the identity of the cluster formed at `level` around `representative`, as printed
  /// by ``description``.
  ///
  /// Public for a front end that sends identities out and reads them back, as a web page's tap
  /// on a cluster comes back to the server.
  public init(level: Int, representative: Place.ID) {
    self.level = level
    self.representative = representative
  }

  /// The identity the per-view clustering baseline gives the cell at `level`, `column`, `row`
  /// and `copy` of its grid: kept for the benchmark's baseline row only.
  package init(cellLevel level: Int, column: Int, row: Int, copy: Int) {
    self.level = level
    representative = PlaceID("\(column)/\(row)" + (copy == 0 ? "" : "+\(copy)"))
  }
}

extension MapClusterID: CustomStringConvertible {
  /// The identity as `level/representative`, for example `7/2643743`.
  public var description: String {
    "\(level)/\(representative)"
  }
}
