import PlacesModel

extension Coordinate {
  /// A coordinate from literal degrees that are known to be valid.
  static func fixture(_ latitude: Double, _ longitude: Double) -> Coordinate {
    do {
      return try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      preconditionFailure("invalid fixture coordinate: \(error)")
    }
  }
}

extension Place {
  static let london = Place(
    id: 1, name: "London", coordinate: .fixture(51.50853, -0.12574), category: "city",
    country: "GB", population: 8_961_989)
  static let paris = Place(
    id: 2, name: "Paris", coordinate: .fixture(48.85341, 2.3488), category: "city",
    country: "FR", population: 2_138_551)
  static let stockholm = Place(
    id: 42, name: "Stockholm", coordinate: .fixture(59.32938, 18.06871), category: "city",
    country: "SE", population: 1_515_017)

  /// London, Paris and Stockholm: also their order by name.
  static let catalog: [Place] = [.london, .paris, .stockholm]
}
