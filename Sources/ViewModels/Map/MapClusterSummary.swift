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
  /// The zoom at which the cluster splits into two markers or more; a tap flies there.
  public let splitZoom: Double

  /// Creates a summary from its parts.
  package init(
    marker: MapMarker, representative: Place, countsByCategory: [String: Int], splitZoom: Double
  ) {
    self.marker = marker
    self.representative = representative
    self.countsByCategory = countsByCategory
    self.splitZoom = splitZoom
  }
}
