import PlacesModel

/// Hears a model for one owner and hands each change to the owner's private reaction: the one
/// way a view model or a coordinator listens.
///
/// The owner keeps the listener and gives it a closure that holds the owner weakly; the model
/// holds the listener weakly. Releasing the owner therefore releases the listener, which
/// unregisters it. The owner is no ``/PlacesModel/PlacesModelDelegate`` itself and keeps its
/// reactions private, so only the model's broadcasts reach them:
///
/// ```swift
/// listener = ModelListener(model: model) { [weak self] change in self?.apply(change) }
/// ```
package final class ModelListener: PlacesModelDelegate {
  /// The owner's reaction to each change.
  private let react: (PlacesModelChange) -> Void

  /// Registers with `model` after the listeners already registered, replaying the model's
  /// state to `react` at once unless told otherwise.
  ///
  /// - Parameters:
  ///   - model: The model to hear.
  ///   - replayingState: Whether `react` hears the model's state at once (see
  ///     ``/PlacesModel/PlacesModel/addDelegate(_:replayingState:)``).
  ///   - react: Called with each change: a catalog heard on registration comes without
  ///     changes, a catalog broadcast later with them.
  package init(
    model: PlacesModel, replayingState: Bool = true,
    react: @escaping (PlacesModelChange) -> Void
  ) {
    self.react = react
    model.addDelegate(self, replayingState: replayingState)
  }

  package func didChange(places: PlaceCatalog) {
    react(.places(places, changes: nil))
  }

  package func didChange(places: PlaceCatalog, changes: PlaceCatalogChanges) {
    react(.places(places, changes: changes))
  }

  package func didChange(location: Coordinate?) {
    react(.location(location))
  }

  package func didSelectItem(_ id: Place.ID?) {
    react(.selection(id))
  }
}
