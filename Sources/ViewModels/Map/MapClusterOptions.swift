/// How markers are clustered: how close is too close, and up to which zoom.
public struct MapClusterOptions: Hashable, Sendable {
  /// The largest radius accepted, in points.
  public static let maximumRadius = 1_000.0

  /// A 60-point radius (about the width of a fingertip and a label), clustering up to zoom
  /// level 16, as supercluster's defaults (`radius: 60, maxZoom: 16`): from zoom 17 (a street;
  /// 17.25 when zooming in, see ``maximumZoom``) every place has its own marker.
  public static let standard = MapClusterOptions(uncheckedRadius: 60, maximumZoom: 16)

  /// The smallest distance, in points on the view, between two markers: places and clusters
  /// closer than this are merged.
  public let radius: Double
  /// The last zoom level that clusters places, as supercluster's `maxZoom`.
  ///
  /// A map at zoom *z* shows the clusters of level `floor(z)`, so the clusters of this level
  /// (rounded down) show from it up to the next whole zoom: by default from 16 up to 17. Zooming
  /// in, a map keeps its level until the zoom passes the next level by a quarter (so that a
  /// pinch across a boundary does not flap): clusters then show up to 17.25. From there every
  /// place has its own marker, however close.
  public let maximumZoom: Double
  /// Whether places cluster only with places of their own ``/PlacesModel/Place/category``
  /// (the places without a category being one more group), as MapKit clusters only
  /// annotations that share a `clusteringIdentifier`; `false` by default.
  ///
  /// Each category is then clustered on its own, with every promise of the map holding within
  /// it (no two of its markers closer than ``radius``); markers of different categories are
  /// independent and may lie as close as they like, even at one spot, each drawn over the
  /// others (as MapKit's clusters of two identifiers overlap). A cluster holds places of one
  /// category: its summary's ``MapClusterSummary/countsByCategory`` names that one category
  /// alone (`""` for the places without one). A map filtered by category then shows only the
  /// shown categories' clusters, unchanged (see ``MapViewModel/categoryFilter``).
  public let clustersByCategory: Bool

  /// Creates options that cluster places closer than `radius` points, up to `maximumZoom`,
  /// within their categories when `clustersByCategory` is `true`.
  ///
  /// - Throws: ``MapGeometryError/invalidRadius(_:)`` if `radius` is not finite or lies
  ///   outside `1...MapClusterOptions.maximumRadius`, or ``MapGeometryError/invalidZoom(_:)``
  ///   if `maximumZoom` is not finite or lies outside `0...MapCamera.maximumZoom`.
  public init(
    radius: Double, maximumZoom: Double, clustersByCategory: Bool = false
  ) throws(MapGeometryError) {
    guard radius.isFinite, (1...Self.maximumRadius).contains(radius) else {
      throw .invalidRadius(radius)
    }
    guard MapCamera.isValid(zoom: maximumZoom) else { throw .invalidZoom(maximumZoom) }
    self.init(
      uncheckedRadius: radius, maximumZoom: maximumZoom, clustersByCategory: clustersByCategory)
  }

  private init(
    uncheckedRadius radius: Double, maximumZoom: Double, clustersByCategory: Bool = false
  ) {
    self.radius = radius
    self.maximumZoom = maximumZoom
    self.clustersByCategory = clustersByCategory
  }

  /// These options, clustering within categories when `clustersByCategory` is `true` and
  /// across them otherwise (see ``clustersByCategory``).
  public func clusteringByCategory(_ clustersByCategory: Bool = true) -> MapClusterOptions {
    MapClusterOptions(
      uncheckedRadius: radius, maximumZoom: maximumZoom, clustersByCategory: clustersByCategory)
  }

  /// The deepest level of the cluster hierarchy: the whole zooms up to ``maximumZoom``.
  var maximumLevel: Int { min(Int(maximumZoom.rounded(.down)), 30) }

  /// Whether a clustering made for one view (the benchmarks' baseline) clusters at `zoom`.
  ///
  /// It has no hysteresis: up to ``maximumZoom``. The map view model's levels show clusters
  /// further, to a quarter past the next whole zoom while zooming in.
  package func clusters(atZoom zoom: Double) -> Bool {
    zoom <= maximumZoom
  }
}
