import PlacesModel

/// A marker a map shows for one place.
public struct MapMarker: Identifiable, Equatable, Sendable {
  /// The identifier of the place the marker stands for.
  public let id: Place.ID
  /// The text shown with the marker: the place's name.
  public let title: String
  /// Where the marker sits.
  public let coordinate: Coordinate

  /// Creates a marker from its parts.
  public init(id: Place.ID, title: String, coordinate: Coordinate) {
    self.id = id
    self.title = title
    self.coordinate = coordinate
  }

  /// Creates the marker for `place`.
  public init(place: Place) {
    self.init(id: place.id, title: place.name, coordinate: place.coordinate)
  }
}
