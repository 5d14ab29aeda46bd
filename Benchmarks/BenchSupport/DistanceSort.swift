import PlacesModel

/// The places nearest first from `origin`, by sorting them all: the approach the model took
/// before the catalog's spatial index, kept as the baseline the index's figures are set against.
///
/// Places at the same distance keep their catalog order, as in the package's one
/// nearest-first order.
///
/// - Complexity: O(*n* log *n*).
public func placesSortedByDistance(_ places: some Collection<Place>, from origin: Coordinate)
  -> [Place]
{
  let places = Array(places)
  let distances = places.map { origin.distance(to: $0.coordinate) }
  let order = places.indices.sorted { left, right in
    distances[left] != distances[right] ? distances[left] < distances[right] : left < right
  }
  return order.map { places[$0] }
}
