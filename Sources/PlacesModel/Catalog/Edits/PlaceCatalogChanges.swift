/// What changed between two catalogs, by identifier: the places inserted, updated and removed.
///
/// A ``PlacesModelDelegate/didChange(places:changes:)`` carries it beside the new catalog, so a
/// screen updates only what changed. The identifiers come in a fixed order: ``removed`` in
/// their order in the old catalog, ``updated`` and ``inserted`` in their order in the new one.
/// A place is updated when a place with its identifier is in both catalogs with different
/// values (a new name, coordinate, category, ...).
public struct PlaceCatalogChanges: Hashable, Sendable {
  /// The identifiers of the places only the new catalog has, in its order.
  public let inserted: [Place.ID]
  /// The identifiers of the places both catalogs have, with different values, in the new
  /// catalog's order.
  public let updated: [Place.ID]
  /// The identifiers of the places only the old catalog has, in its order.
  public let removed: [Place.ID]
  /// Whether the places both catalogs have keep their order relative to each other; edits
  /// always keep it, a replacement of the catalog may not.
  public let preservesOrder: Bool

  /// Creates the description of a change from its parts.
  package init(
    inserted: [Place.ID] = [], updated: [Place.ID] = [], removed: [Place.ID] = [],
    preservesOrder: Bool = true
  ) {
    self.inserted = inserted
    self.updated = updated
    self.removed = removed
    self.preservesOrder = preservesOrder
  }

  /// Compares two catalogs by identifier.
  ///
  /// - Complexity: O(*n* + *m*) on average for catalogs of *n* and *m* places; O(1) for copies
  ///   of one catalog.
  public init(from old: PlaceCatalog, to new: PlaceCatalog) {
    guard old.storage !== new.storage else {
      self.init()
      return
    }
    var updated: [Place.ID] = []
    var inserted: [Place.ID] = []
    var previousOldPosition = -1
    var preservesOrder = true
    for place in new {
      guard let oldPosition = old.position(ofPlaceWithID: place.id) else {
        inserted.append(place.id)
        continue
      }
      if oldPosition < previousOldPosition {
        preservesOrder = false
      }
      previousOldPosition = oldPosition
      if old[oldPosition] != place {
        updated.append(place.id)
      }
    }
    let removed = old.lazy.map(\.id).filter { !new.contains(placeWithID: $0) }
    self.init(
      inserted: inserted, updated: updated, removed: Array(removed),
      preservesOrder: preservesOrder)
  }

  /// The edits that turn the old catalog into `new`, the catalog these changes lead to: the
  /// removals in the old catalog's order, then the updates and the insertions in `new`'s; or
  /// `nil` when applying them (see ``PlaceCatalog/applying(_:)``) would not give `new`'s order,
  /// because the places both catalogs have changed their order or a new place comes before an
  /// old one.
  ///
  /// - Complexity: O(*k*) on average for *k* places changed.
  package func edits(leadingTo new: PlaceCatalog) -> [PlaceEdit]? {
    guard preservesOrder, new.suffix(inserted.count).map(\.id) == inserted else { return nil }
    var edits = removed.map(PlaceEdit.remove)
    edits += updated.compactMap { new.place(withID: $0).map(PlaceEdit.update) }
    edits += inserted.compactMap { new.place(withID: $0).map(PlaceEdit.insert) }
    return edits
  }

  /// Whether nothing changed: no place inserted, updated or removed, and the order kept.
  public var isEmpty: Bool {
    inserted.isEmpty && updated.isEmpty && removed.isEmpty && preservesOrder
  }

  /// The number of places inserted, updated or removed.
  public var count: Int {
    inserted.count + updated.count + removed.count
  }
}
