import PlacesModel

/// A model delegate that records each callback as the ``PlacesModelChange`` a change stream
/// would yield for it, and can react from inside the callback.
final class ChangeRecorder: PlacesModelDelegate {
  private(set) var changes: [PlacesModelChange] = []
  var onChange: ((PlacesModelChange) -> Void)?

  func didChange(places: PlaceCatalog) { record(.places(places, changes: nil)) }
  func didChange(places: PlaceCatalog, changes: PlaceCatalogChanges) {
    record(.places(places, changes: changes))
  }
  func didChange(location: Coordinate?) { record(.location(location)) }
  func didSelectItem(_ id: Place.ID?) { record(.selection(id)) }

  private func record(_ change: PlacesModelChange) {
    changes.append(change)
    onChange?(change)
  }
}
