import PlacesModel

/// A model listener that runs a reaction to each change it hears, from inside the callback,
/// like a feature that follows the user or keeps something selected.
final class ModelReaction: PlacesModelDelegate {
  var onPlaces: ((PlaceCatalog) -> Void)?
  var onLocation: ((Coordinate?) -> Void)?
  var onSelection: ((Place.ID?) -> Void)?

  func didChange(places: PlaceCatalog) { onPlaces?(places) }
  func didChange(location: Coordinate?) { onLocation?(location) }
  func didSelectItem(_ id: Place.ID?) { onSelection?(id) }
}
