/// A catalog made from another, by edits or a replacement, with what changed: made once, then
/// installed in any number of models, each of which broadcasts the changes without working
/// them out again.
///
/// A server that shows one catalog to many sessions, each with a model of its own, applies an
/// edit once with ``PlaceCatalog/revised(applying:)`` (the new catalog derives its indexes
/// once) and hands the revision to every session's model with
/// ``PlacesModel/install(_:)``, which costs each model O(1) plus its listeners.
///
/// Only the catalog makes revisions, so ``changes`` always describe the step from ``base`` to
/// ``catalog``.
public struct PlaceCatalogRevision: Sendable {
  /// The catalog the revision was made from.
  public let base: PlaceCatalog
  /// The new catalog.
  public let catalog: PlaceCatalog
  /// What changed from ``base`` to ``catalog``, by identifier.
  public let changes: PlaceCatalogChanges
}

extension PlaceCatalog {
  /// Returns the revision that applies `edits`, in order, to this catalog: the catalog and
  /// changes of ``applying(_:)``, with this catalog as the base.
  ///
  /// - Throws: ``PlacesModelError/invalidEdit(at:id:problem:)`` for the first edit refused.
  /// - Complexity: That of ``applying(_:)``.
  public func revised(applying edits: [PlaceEdit]) throws(PlacesModelError)
    -> PlaceCatalogRevision
  {
    let (catalog, changes) = try applying(edits)
    return PlaceCatalogRevision(base: self, catalog: catalog, changes: changes)
  }

  /// Returns the revision that replaces this catalog's places by `places`, in their order, as
  /// ``PlacesModel/replacePlaces(_:)`` does: applied as edits where the places both catalogs
  /// have keep their order and the new ones come after them, so the indexes are derived.
  ///
  /// - Throws: ``PlacesModelError/duplicateID(_:firstIndex:secondIndex:)``.
  /// - Complexity: O(*n* + *m*) on average, plus an edit's cost when it is applied as edits.
  public func revised(replacingWith places: [Place]) throws(PlacesModelError)
    -> PlaceCatalogRevision
  {
    let (catalog, changes) = replaced(by: try PlaceCatalog(places))
    return PlaceCatalogRevision(base: self, catalog: catalog, changes: changes)
  }
}
