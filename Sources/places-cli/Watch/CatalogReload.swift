import PlacesModel

/// The difference between the catalog a model holds and the places read again from its file,
/// worked out by identifier, and the way to apply it so that every screen is sent only what
/// changed.
///
/// The difference is applied as edits through ``PlacesModel/apply(_:)`` (the removals, then
/// the updates, then the insertions) whenever the edits give the new file's order
/// (`PlaceCatalogChanges.edits(leadingTo:)`, the rule `replacePlaces` follows too): the places
/// both catalogs have keep their order, and the new places come after them, as an inserted
/// place does. Otherwise (places moved within the file, or a new place written before an old
/// one) the new catalog replaces the model's through ``PlacesModel/places``, which broadcasts
/// the same difference by identifier, marked as not keeping the order. Either way the model
/// ends up holding the file's places in the file's order.
struct CatalogReload {
  /// The catalog read from the file.
  let catalog: PlaceCatalog
  /// What changed, by identifier.
  let changes: PlaceCatalogChanges
  /// The edits that turn the old catalog into the new one: the removals in the old
  /// catalog's order, then the updates and the insertions in the new one's.
  let edits: [PlaceEdit]
  /// Whether applying ``edits`` gives the new catalog's order, so they are applied; else the
  /// new catalog replaces the old one.
  let isAppliedAsEdits: Bool
  /// The file the places were read from, which a refusal names.
  let file: String

  /// Works out the difference from `old` to the catalog of `places`, read from `file`.
  ///
  /// - Throws: ``CatalogError`` if two of `places` share an identifier.
  /// - Complexity: O(*n* + *m*) on average for *n* old and *m* new places.
  init(from old: PlaceCatalog, to places: [Place], file: String) throws(CatalogError) {
    self.file = file
    do {
      catalog = try PlaceCatalog(places)
    } catch {
      throw CatalogError(file: file, error: error)
    }
    changes = PlaceCatalogChanges(from: old, to: catalog)
    let edits = changes.edits(leadingTo: catalog)
    self.edits = edits ?? []
    isAppliedAsEdits = edits != nil
  }

  /// Applies the difference to `model`, as edits when they give the new order, else by
  /// replacing its catalog; the model broadcasts it to its listeners.
  ///
  /// - Throws: ``CatalogError`` naming ``file`` if the model refuses an edit
  ///   (``PlacesModelError/invalidEdit(at:id:problem:)``); it is then unchanged.
  func apply(to model: PlacesModel) throws(CatalogError) {
    do {
      if isAppliedAsEdits {
        try model.apply(edits)
      } else {
        model.places = catalog
      }
    } catch {
      throw CatalogError(file: file, error: error)
    }
  }
}
