/// A listener to a ``PlacesModel``: each method reports one change, after it was made.
///
/// Every method has an empty default, so a listener implements only what it needs. The
/// argument is the value the change produced; when broadcasts are queued behind each other
/// (see ``MulticastDelegate``), the model may already hold a newer value when a callback runs.
public protocol PlacesModelDelegate: AnyObject {
  /// The catalog was replaced by `places`; read its places and indexes from it, not from the
  /// model, which may hold a newer catalog by the time a queued broadcast arrives.
  func didChange(places: PlaceCatalog)
  /// The user's location became `location` (`nil`: unknown).
  func didChange(location: Coordinate?)
  /// The selection became the place with identifier `id` (`nil`: nothing selected).
  func didSelectItem(_ id: Place.ID?)
}

extension PlacesModelDelegate {
  /// Does nothing.
  public func didChange(places: PlaceCatalog) {}
  /// Does nothing.
  public func didChange(location: Coordinate?) {}
  /// Does nothing.
  public func didSelectItem(_ id: Place.ID?) {}
}
