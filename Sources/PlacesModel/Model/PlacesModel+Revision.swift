extension PlacesModel {
  /// Installs `revision`'s catalog and broadcasts its changes, as applying the same edits to
  /// this model would, without working the changes out again.
  ///
  /// When the model holds the revision's base (the same catalog value, told in O(1)), the
  /// revision's changes are broadcast as they are: a revision made once is installed in many
  /// models at O(1) each, plus their listeners. Otherwise (the model holds another catalog)
  /// the catalog is installed as setting ``places`` installs it, comparing the two. Either way
  /// the rules of an edit hold: the selection is cleared if its place is gone, and
  /// `didSelectItem(nil)` and `didChange(places:changes:)` are broadcast as one group; a
  /// revision that changes nothing broadcasts nothing.
  ///
  /// - Complexity: O(1) plus the listeners when the model holds ``PlaceCatalogRevision/base``;
  ///   otherwise O(*n*), to compare the catalogs.
  public func install(_ revision: PlaceCatalogRevision) {
    guard places.storage === revision.base.storage else {
      places = revision.catalog
      return
    }
    install(revision.catalog, changes: revision.changes)
  }
}
