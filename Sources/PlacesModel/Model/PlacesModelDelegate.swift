/// A listener to a ``PlacesModel``: each method reports one change, after it was made.
///
/// Every method has an empty default, so a listener implements only what it needs. The
/// argument is the value the change produced; when broadcasts are queued behind each other
/// (see ``MulticastDelegate``), the model may already hold a newer value when a callback runs.
public protocol PlacesModelDelegate: AnyObject {
  /// The catalog was replaced by `places`; read its places and indexes from it, not from the
  /// model, which may hold a newer catalog by the time a queued broadcast arrives.
  func didChange(places: PlaceCatalog)
  /// The catalog became `places`, by `changes` to the catalog heard before: the places
  /// inserted, updated and removed, by identifier.
  ///
  /// Every change of the catalog the model broadcasts calls this; a replay of the state on
  /// registration calls ``didChange(places:)``. The default forwards to ``didChange(places:)``,
  /// so a listener that redraws everything need not implement it.
  func didChange(places: PlaceCatalog, changes: PlaceCatalogChanges)
  /// The user's location became `location` (`nil`: unknown).
  func didChange(location: Coordinate?)
  /// The selection became the place with identifier `id` (`nil`: nothing selected).
  func didSelectItem(_ id: Place.ID?)
}

extension PlacesModelDelegate {
  /// Does nothing.
  public func didChange(places: PlaceCatalog) {}
  /// Calls ``didChange(places:)``.
  public func didChange(places: PlaceCatalog, changes: PlaceCatalogChanges) {
    didChange(places: places)
  }
  /// Does nothing.
  public func didChange(location: Coordinate?) {}
  /// Does nothing.
  public func didSelectItem(_ id: Place.ID?) {}
}
