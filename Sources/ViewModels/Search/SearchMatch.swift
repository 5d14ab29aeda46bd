import PlacesModel

/// A place found by a search, with how its name matched.
public struct SearchMatch: Identifiable, Hashable, Sendable {
  /// The place found.
  public let place: Place
  /// How its name matched the query.
  public let kind: SearchMatchKind
  /// The great-circle distance in metres from the location the search ranked by, when there
  /// was one.
  public let distance: Double?

  /// The identifier of the place found.
  public var id: Place.ID { place.id }

  /// Creates a match from its parts.
  package init(place: Place, kind: SearchMatchKind, distance: Double?) {
    self.place = place
    self.kind = kind
    self.distance = distance
  }
}
