import PlacesModel

/// The places of a cluster that cannot be told apart at any zoom, spread around their spot so
/// that each can be tapped: one page of them, each a marker of its own, drawn at an offset in
/// points from the cluster's marker.
///
/// A ``MapViewModel`` issues a spread when a cluster whose places all lie at one spot (see
/// ``MapClusterSummary/isCoincident``) is tapped, instead of flying to a zoom at which its places
/// would only stack on one pixel. The places fill a circle around the spot, then a spiral, in
/// the order of ``MapViewModel/places(inClusterWithID:offset:limit:)`` (population descending,
/// then name), no two markers closer than ``markerSpacing`` points to each other or to the
/// spot, and each inside the view when the spot is in it. As many as fit make one page; the
/// others are reached with ``MapViewModel/spreadPageTapped(_:)``.
///
/// Each marker of the spread is a real marker of its place: a tap on it is
/// ``MapViewModel/markerTapped(id:)``, which selects the place. The cluster's marker stays on
/// the map, where the spread's legs start (``cluster``: the lineage of every marker of the
/// spread). The next camera move, a tap on the map away from the markers, or a new catalog
/// gathers the spread back into the cluster.
public struct MapSpread: Hashable, Sendable {
  /// The distance, in points, that a spread keeps between any two of its markers and between
  /// each of them and the cluster's marker: 44 points, the smallest tap target of Apple's
  /// Human Interface Guidelines.
  public static let markerSpacing = 44.0

  /// A place of the spread: its marker and where to draw it.
  public struct Marker: Hashable, Sendable {
    /// The place's marker, at the place's own coordinate.
    public let marker: MapMarker
    /// Where to draw the marker, in points from the centre of the cluster's marker (x to the
    /// right, y down).
    public let offset: MapPoint
  }

  /// The cluster whose places are spread, as the map shows it: every marker of the spread
  /// comes from it and goes back into it when the spread is gathered.
  public let cluster: MapMarker
  /// The cluster's identity, as in ``MapViewModel/clusterTapped(id:)``.
  public let clusterID: MapClusterID
  /// The places of this page, in the spread's order, each with its offset.
  public let markers: [Marker]
  /// Which page this is, from 0.
  public let page: Int
  /// How many places a page holds: as many as fit in the view around the spot (at least one).
  public let pageSize: Int
  /// How many places the cluster spreads in all, across its pages.
  public let totalCount: Int

  /// Creates a spread from its parts.
  package init(
    cluster: MapMarker, clusterID: MapClusterID, markers: [Marker], page: Int, pageSize: Int,
    totalCount: Int
  ) {
    self.cluster = cluster
    self.clusterID = clusterID
    self.markers = markers
    self.page = page
    self.pageSize = pageSize
    self.totalCount = totalCount
  }

  /// How many pages the cluster's places fill.
  public var pageCount: Int { max(1, (totalCount + pageSize - 1) / pageSize) }

  /// Whether pages follow this one.
  public var hasNextPage: Bool { page + 1 < pageCount }
}
