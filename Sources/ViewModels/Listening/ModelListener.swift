import PlacesModel

/// What an object that hears a ``/PlacesModel/PlacesModel`` through a ``ModelListener`` does
/// with each change: the view models' and the coordinators' reactions.
///
/// Each reaction has an empty default. Conforming types keep their reactions out of the
/// public API, so only the model's broadcasts reach them.
package protocol ModelReactions: AnyObject {
  /// The catalog became `catalog`.
  func catalogDidChange(to catalog: PlaceCatalog)
  /// The catalog became `catalog`, by `changes` to the catalog heard before.
  func catalogDidChange(to catalog: PlaceCatalog, changes: PlaceCatalogChanges)
  /// The user's location became `location`.
  func locationDidChange(to location: Coordinate?)
  /// The selection became the place `id`.
  func selectionDidChange(to id: Place.ID?)
}

extension ModelReactions {
  /// Does nothing.
  package func catalogDidChange(to catalog: PlaceCatalog) {}
  /// Calls ``catalogDidChange(to:)``: reacts as to a new catalog.
  package func catalogDidChange(to catalog: PlaceCatalog, changes: PlaceCatalogChanges) {
    catalogDidChange(to: catalog)
  }
  /// Does nothing.
  package func locationDidChange(to location: Coordinate?) {}
  /// Does nothing.
  package func selectionDidChange(to id: Place.ID?) {}
}

/// Hears a model for one owner and hands each change to its reactions: the one way a view
/// model or a coordinator listens.
///
/// The owner keeps the listener; the model holds it weakly, and it holds its owner weakly, so
/// releasing the owner releases the listener and unregisters it. The owner is not a
/// ``/PlacesModel/PlacesModelDelegate`` itself, so no caller can hand it a change the model
/// does not hold.
package final class ModelListener: PlacesModelDelegate {
  private weak var owner: (any ModelReactions)?

  /// A listener that hears nothing until ``listen(to:for:replayingState:)``.
  package init() {}

  /// Registers with `model` on behalf of `owner`, replaying the model's state to it unless
  /// told otherwise (see ``/PlacesModel/PlacesModel/addDelegate(_:replayingState:)``).
  package func listen(
    to model: PlacesModel, for owner: any ModelReactions, replayingState: Bool = true
  ) {
    self.owner = owner
    model.addDelegate(self, replayingState: replayingState)
  }

  package func didChange(places: PlaceCatalog) {
    owner?.catalogDidChange(to: places)
  }

  package func didChange(places: PlaceCatalog, changes: PlaceCatalogChanges) {
    owner?.catalogDidChange(to: places, changes: changes)
  }

  package func didChange(location: Coordinate?) {
    owner?.locationDidChange(to: location)
  }

  package func didSelectItem(_ id: Place.ID?) {
    owner?.selectionDidChange(to: id)
  }
}
