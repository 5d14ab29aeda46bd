import PlacesModel

/// A marker on the map: one place, or a cluster of places too close together to show apart.
///
/// Two markers are equal when their identity, coordinate, count and title are; a view that
/// receives a marker whose identity it already shows (after removing the old one) redraws it.
public struct MapMarker: Identifiable, Hashable, Sendable {
  /// What a marker stands for: a place, or a cluster of places.
  public enum ID: Hashable, Sendable {
    /// The marker of the place with this identifier.
    case place(Place.ID)
    /// The marker of a cluster.
    case cluster(MapClusterID)
  }

  /// The place or cluster the marker stands for.
  public let id: ID
  /// Where the marker sits: the place's coordinate, or for a cluster the mean of its places'
  /// positions in Web Mercator.
  public let coordinate: Coordinate
  /// The number of places the marker stands for: 1 for a place, at least 2 for a cluster.
  public let count: Int
  /// The place's name; `nil` for a cluster.
  public let title: String?

  /// Creates the marker of `place`.
  package init(place: Place) {
    id = .place(place.id)
    coordinate = place.coordinate
    count = 1
    title = place.name
  }

  /// The marker of the place `placeID`, named `title`, at `coordinate`: what
  /// ``init(place:)`` makes, without copying the place.
  init(placeID: Place.ID, title: String, coordinate: Coordinate) {
    id = .place(placeID)
    self.coordinate = coordinate
    count = 1
    self.title = title
  }

  /// Creates the marker of a cluster of `count` places at `coordinate`.
  package init(cluster: MapClusterID, count: Int, coordinate: Coordinate) {
    id = .cluster(cluster)
    self.coordinate = coordinate
    self.count = count
    title = nil
  }

  /// The identifier of the place, for a place's marker; `nil` for a cluster.
  public var placeID: Place.ID? {
    guard case .place(let id) = id else { return nil }
    return id
  }

  /// Whether the marker stands for a cluster rather than one place.
  public var isCluster: Bool {
    if case .cluster = id { return true }
    return false
  }
}
