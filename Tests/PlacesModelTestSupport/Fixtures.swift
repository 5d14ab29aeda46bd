// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: fixtures named for what they are.

import PlacesModel

extension Coordinate {
  /// A coordinate from literal degrees that are known to be valid (checked in every build).
  public static func fixture(_ latitude: Double, _ longitude: Double) -> Coordinate {
    do {
      return try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      preconditionFailure("invalid coordinate: \(error)")
    }
  }

  /// A coordinate anywhere on the globe, poles and antimeridian included, drawn from
  /// `generator`.
  public static func random(using generator: inout SplitMix64) -> Coordinate {
    .fixture(
      Double.random(in: -90...90, using: &generator),
      Double.random(in: -180...180, using: &generator))
  }

  public static let uppsala = Coordinate.fixture(59.85882, 17.63889)
  public static let naples = Coordinate.fixture(40.85216, 14.26811)
}

extension Place {
  public static let london = Place(
    id: 1, name: "London", coordinate: .fixture(51.50853, -0.12574), category: "city",
    country: "GB", population: 8_961_989)
  public static let paris = Place(
    id: 2, name: "Paris", coordinate: .fixture(48.85341, 2.3488), category: "city",
    country: "FR", population: 2_138_551)
  public static let rome = Place(
    id: 3, name: "Rome", coordinate: .fixture(41.89193, 12.51133), category: "city",
    country: "IT", population: 2_318_895)
  public static let stockholm = Place(
    id: 42, name: "Stockholm", coordinate: .fixture(59.32938, 18.06871), category: "city",
    country: "SE", population: 1_515_017)
  public static let zurich = Place(
    id: 7, name: "Zürich", coordinate: .fixture(47.36667, 8.55), category: "city",
    country: "CH", population: 341_730)
  public static let springfieldIllinois = Place(
    id: 11, name: "Springfield", coordinate: .fixture(39.80172, -89.64371), country: "US")
  public static let springfieldMissouri = Place(
    id: 10, name: "Springfield", coordinate: .fixture(37.21533, -93.29824), country: "US")

  /// London, Paris and Stockholm: also their order by name.
  public static let catalog: [Place] = [.london, .paris, .stockholm]

  /// London, Paris, Rome and Stockholm, in that (name) order.
  public static let europe: [Place] = [.stockholm, .rome, .london, .paris]
}

extension PlacesModel {
  /// A model holding `places`, whose identifiers are known to be unique.
  public static func fixture(_ places: [Place] = Place.europe, location: Coordinate? = nil)
    -> PlacesModel
  {
    do {
      return try PlacesModel(places: places, location: location)
    } catch {
      preconditionFailure("invalid fixture catalog: \(error)")
    }
  }
}

extension Place {
  /// This place with another name: the same identifier, a changed value.
  public func renamed(_ newName: String) -> Place {
    Place(
      id: id, name: newName, coordinate: coordinate, category: category, country: country,
      population: population)
  }

  /// This place with the fields given changed and the others kept: the same identifier, a
  /// changed value.
  public func changing(
    coordinate: Coordinate? = nil, category: String? = nil, country: String? = nil
  ) -> Place {
    Place(
      id: id, name: name, coordinate: coordinate ?? self.coordinate,
      category: category ?? self.category, country: country ?? self.country,
      population: population)
  }
}
