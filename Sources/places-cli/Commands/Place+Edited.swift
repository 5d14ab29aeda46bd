import PlacesModel

extension Place {
  /// The place with `name` and `coordinate` instead of its own, and everything else kept.
  func with(name: String, coordinate: Coordinate) -> Place {
    Place(
      id: id, name: name, coordinate: coordinate, category: category, country: country,
      population: population)
  }
}
