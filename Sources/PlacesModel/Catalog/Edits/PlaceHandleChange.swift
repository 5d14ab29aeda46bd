/// One place of an edit, by handle, as the indexes that follow edits see it: the place with
/// `handle` left `old` (if it was there) and took `new` (if it stays).
struct PlaceHandleChange {
  /// The place's handle in the catalog (see ``CatalogStorage``).
  let handle: UInt32
  /// The place before the edit; `nil` for an inserted place.
  let old: Place?
  /// The place after the edit; `nil` for a removed place.
  let new: Place?

  /// Whether the place appeared, went or moved.
  var movesPlace: Bool { old?.coordinate != new?.coordinate }

  /// Whether the place appeared, went, moved or changed population: what clusters read.
  var changesGeometry: Bool { movesPlace || old?.population != new?.population }

  /// Whether the place appeared, went or was renamed: what the order by name reads.
  var changesName: Bool { old?.name != new?.name }
}
