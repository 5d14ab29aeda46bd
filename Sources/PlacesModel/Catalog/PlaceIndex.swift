/// The positions of a catalog's places by identifier, built once per catalog.
struct PlaceIndex {
  private(set) var positionByID: [Place.ID: Int] = [:]

  /// Indexes `places`, refusing a catalog in which two places share an identifier.
  ///
  /// - Complexity: O(*n*).
  init(_ places: [Place]) throws(PlacesModelError) {
    positionByID.reserveCapacity(places.count)
    for (position, place) in places.enumerated() {
      if let earlier = positionByID.updateValue(position, forKey: place.id) {
        throw .duplicateID(place.id, firstIndex: earlier, secondIndex: position)
      }
    }
  }

  init() {}

  /// The position of the place with identifier `id`, if any.
  func position(of id: Place.ID) -> Int? {
    positionByID[id]
  }
}
