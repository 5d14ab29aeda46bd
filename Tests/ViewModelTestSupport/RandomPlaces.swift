// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: random catalogs, repeatable from a seed.

import PlacesModel
import ViewModels

/// Random catalogs that make a list's distance order hard: dense clusters, one across the
/// antimeridian and one at a pole, places sharing a coordinate (ties in distance) or a name
/// (ties in name), and places anywhere.
public enum RandomPlaces {
  public static func catalog(count: Int, using generator: inout SplitMix64) -> [Place] {
    let centres: [(Double, Double)] = [(48.85, 2.35), (-17, 179.9), (89.7, 10), (35.7, 139.7)]
    var coordinates: [Coordinate] = []
    var places: [Place] = []
    for offset in 0..<count {
      let coordinate: Coordinate
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<5:
        let centre = centres[Int.random(in: 0..<centres.count, using: &generator)]
        coordinate = point(
          centre.0 + Double.random(in: -1...1, using: &generator),
          centre.1 + Double.random(in: -1...1, using: &generator))
      case 5 where !coordinates.isEmpty:
        coordinate = coordinates[Int.random(in: 0..<coordinates.count, using: &generator)]
      default:
        coordinate = point(
          Double.random(in: -90...90, using: &generator),
          Double.random(in: -180...180, using: &generator))
      }
      coordinates.append(coordinate)
      // Identifiers unique but not in catalog order; names often shared.
      let id = Place.ID(count * 3 - offset * 2)
      let name = "Place \(Int.random(in: 0..<(count / 3 + 1), using: &generator))"
      places.append(Place(id: id, name: name, coordinate: coordinate, country: "ZZ"))
    }
    return places
  }

  /// A point anywhere, sometimes on a pole or on the antimeridian.
  public static func location(using generator: inout SplitMix64) -> Coordinate {
    switch Int.random(in: 0..<6, using: &generator) {
    case 0: point(90, 0)
    case 1: point(Double.random(in: -80...80, using: &generator), 180)
    default:
      point(
        Double.random(in: -90...90, using: &generator),
        Double.random(in: -180...180, using: &generator))
    }
  }

  /// The rows of `places` by distance from `origin`, as a stable sort puts them: what the list
  /// must show.
  public static func rowsByDistance(_ places: [Place], from origin: Coordinate) -> [ListRow] {
    places.map { ListRow(place: $0, distanceFrom: origin) }
      .enumerated()
      .sorted { left, right in
        let leftDistance = left.element.distance ?? 0
        let rightDistance = right.element.distance ?? 0
        return leftDistance != rightDistance
          ? leftDistance < rightDistance : left.offset < right.offset
      }
      .map(\.element)
  }

  /// The rows of `places` by name, then identifier.
  public static func rowsByName(_ places: [Place]) -> [ListRow] {
    places.sorted { $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id }
      .map { ListRow(place: $0, distanceFrom: nil) }
  }

  private static func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
    var longitude = longitude
    if longitude > 180 { longitude -= 360 }
    if longitude < -180 { longitude += 360 }
    return .fixture(max(-90, min(90, latitude)), longitude)
  }
}
