import PlacesModel

/// What a cluster on the map knows: enough for a label, a breakdown and a tap.
public struct MapClusterSummary: Hashable, Sendable {
  /// The cluster's marker, as the map shows it.
  public let marker: MapMarker
  /// The place a label would show: the most populous of the cluster's places, else the first
  /// in catalog order.
  public let representative: Place
  /// How many of the cluster's places have each category; places without one count under `""`.
  public let countsByCategory: [String: Int]
  /// The zoom at which the cluster's places first show as two markers or more: a whole zoom,
  /// at most one past the options' ``MapClusterOptions/maximumZoom``, and finite.
  ///
  /// A tap on a cluster that is not ``isCoincident`` flies there when the camera can zoom that
  /// far (``MapCamera/maximumZoom``); a coincident cluster's places show as markers of their
  /// own there too, but stacked on one spot, so a tap spreads them instead.
  public let splitZoom: Double
  /// Whether the cluster's places all lie at one spot, within a quarter of a point of each
  /// other at the deepest zoom that clusters (about 60 cm at the equator with
  /// ``MapClusterOptions/standard``), so that no zoom tells them apart: a tap on the cluster
  /// spreads them around the spot (see ``MapSpread``) instead of flying in.
  public let isCoincident: Bool

  /// Creates a summary from its parts.
  package init(
    marker: MapMarker, representative: Place, countsByCategory: [String: Int], splitZoom: Double,
    isCoincident: Bool = false
  ) {
    self.marker = marker
    self.representative = representative
    self.countsByCategory = countsByCategory
    self.splitZoom = splitZoom
    self.isCoincident = isCoincident
  }
}
