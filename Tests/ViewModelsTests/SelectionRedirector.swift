import PlacesModel

/// A model listener that reacts to the selection of one place by selecting another.
final class SelectionRedirector: PlacesModelDelegate {
  private let model: PlacesModel
  private let source: Place.ID
  private let destination: Place.ID

  init(model: PlacesModel, from source: Place.ID, to destination: Place.ID) {
    self.model = model
    self.source = source
    self.destination = destination
  }

  func didSelectItem(_ id: Place.ID?) {
    guard id == source else { return }
    do {
      try model.select(destination)
    } catch {
      preconditionFailure("the destination is not in the catalog: \(error)")
    }
  }
}
