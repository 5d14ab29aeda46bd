/// One place of an edit, by handle, as the indexes that follow edits see it: the place with
/// `handle` left `old` (if it was there) and took `new` (if it stays).
package struct PlaceHandleChange {
  /// The place's handle in the catalog (see ``CatalogStorage``).
  package let handle: UInt32
  /// The place before the edit; `nil` for an inserted place.
  package let old: Place?
  /// The place after the edit; `nil` for a removed place.
  package let new: Place?

  /// The place with `handle` left `old` and took `new`.
  package init(handle: UInt32, old: Place?, new: Place?) {
    self.handle = handle
    self.old = old
    self.new = new
  }

  /// Whether the place appeared, went or moved.
  var movesPlace: Bool { old?.coordinate != new?.coordinate }

  /// Whether the place appeared, went, moved or changed population: what clusters read.
  var changesGeometry: Bool { movesPlace || old?.population != new?.population }

  /// Whether the place appeared, went or was renamed: what the order by name reads.
  var changesName: Bool { old?.name != new?.name }
}
