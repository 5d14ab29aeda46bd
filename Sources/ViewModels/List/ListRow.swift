import PlacesModel

/// One row of the places list.
public struct ListRow: Identifiable, Equatable, Sendable {
  /// The identifier of the place the row shows.
  public let id: Place.ID
  /// The place's name.
  public let name: String
  /// The ISO 3166-1 alpha-2 code of the place's country, when known.
  public let country: String?
  /// The great-circle distance from the user's location in metres, when the location is known.
  public let distance: Double?

  /// Creates a row from its parts.
  package init(id: Place.ID, name: String, country: String?, distance: Double?) {
    self.id = id
    self.name = name
    self.country = country
    self.distance = distance
  }

  /// Creates the row for `place`, measuring its distance from `origin` when one is given.
  package init(place: Place, distanceFrom origin: Coordinate?) {
    self.init(
      id: place.id,
      name: place.name,
      country: place.country,
      distance: origin.map { $0.distance(to: place.coordinate) }
    )
  }
}

extension ListRow {
  /// The row of `place`, showing `distance` metres, already measured, or none.
  init(_ place: Place, distance: Double?) {
    self.init(id: place.id, name: place.name, country: place.country, distance: distance)
  }
}
