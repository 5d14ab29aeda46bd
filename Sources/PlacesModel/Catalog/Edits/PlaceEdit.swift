/// One change to a catalog's places: insert a place, update a place, or remove one.
///
/// Apply edits with ``PlacesModel/apply(_:)`` (or ``PlaceCatalog/applying(_:)`` for a catalog
/// outside a model). A batch of edits is applied in order, each to the places the edits before
/// it left, and all or nothing.
public enum PlaceEdit: Hashable, Sendable {
  /// Adds `place`, whose identifier no place has, after the catalog's places.
  case insert(Place)
  /// Replaces the place with `place`'s identifier by `place`, in the same position: any field
  /// but the identifier may change.
  case update(Place)
  /// Removes the place with this identifier; the places after it close up.
  case remove(Place.ID)

  /// The identifier of the place the edit is about.
  public var id: Place.ID {
    switch self {
    case .insert(let place), .update(let place): place.id
    case .remove(let id): id
    }
  }
}
