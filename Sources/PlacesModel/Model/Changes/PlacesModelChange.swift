/// One change of a ``PlacesModel``, carrying the value the change produced.
///
/// Each case stands for one ``PlacesModelDelegate`` callback, with the same argument:
/// a stream from ``PlacesModel/changes(replayingState:bufferingPolicy:)`` yields exactly the
/// calls a delegate registered at the same moment receives, in the same order.
public enum PlacesModelChange: Hashable, Sendable {
  /// The catalog became these places, by these changes
  /// (``PlacesModelDelegate/didChange(places:changes:)``), or, without changes, as the state
  /// replayed when the stream opened (``PlacesModelDelegate/didChange(places:)``).
  case places(PlaceCatalog, changes: PlaceCatalogChanges?)
  /// The user's location became this coordinate, or unknown when `nil`
  /// (``PlacesModelDelegate/didChange(location:)``).
  case location(Coordinate?)
  /// The selection became the place with this identifier, or nothing when `nil`
  /// (``PlacesModelDelegate/didSelectItem(_:)``).
  case selection(Place.ID?)
}
