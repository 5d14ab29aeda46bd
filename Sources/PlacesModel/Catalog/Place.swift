/// A named point of interest, as the catalog and every view model see it.
///
/// Only ``id``, ``name`` and ``coordinate`` are required; the other properties are carried
/// when the data has them. Two places are the same place when their identifiers match;
/// ``PlacesModel`` keeps identifiers unique.
public struct Place: Identifiable, Hashable, Sendable {
  /// The type of a place's identifier: a whole number or a string, as the data gives it;
  /// unique within one catalog.
  public typealias ID = PlaceID

  /// The identifier, unique within one catalog.
  public let id: ID
  /// The display name; never empty in data read by ``GeoJSONPlacesReader``.
  public let name: String
  /// Where the place is.
  public let coordinate: Coordinate
  /// What kind of place this is, for example `city` or `airport`, when known.
  public let category: String?
  /// The ISO 3166-1 alpha-2 code of the place's country, for example `SE`, when known.
  public let country: String?
  /// The number of inhabitants, when known; `0` in GeoNames data means unknown.
  public let population: Int?

  /// Creates a place from its parts.
  public init(
    id: ID,
    name: String,
    coordinate: Coordinate,
    category: String? = nil,
    country: String? = nil,
    population: Int? = nil
  ) {
    self.id = id
    self.name = name
    self.coordinate = coordinate
    self.category = category
    self.country = country
    self.population = population
  }
}
