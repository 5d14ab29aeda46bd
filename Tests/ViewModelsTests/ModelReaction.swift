import PlacesModel

/// A model listener that runs a reaction to each change it hears, from inside the callback,
/// like a feature that follows the user or keeps something selected.
final class ModelReaction: PlacesModelDelegate {
  var onPlaces: (([Place]) -> Void)?
  var onLocation: ((Coordinate?) -> Void)?
  var onSelection: ((Place.ID?) -> Void)?

  func didChange(places: [Place]) { onPlaces?(places) }
  func didChange(location: Coordinate?) { onLocation?(location) }
  func didSelectItem(_ id: Place.ID?) { onSelection?(id) }
}
