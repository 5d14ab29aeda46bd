/// One place of an edit, as the cluster hierarchy sees it: the place with `handle` left `old`
/// (if it was there) and took `new` (if it stays).
struct ClusterPlaceChange {
  /// The place's handle in the catalog (see ``CatalogStorage``).
  let handle: UInt32
  /// The place before the edit; `nil` for an inserted place.
  let old: Place?
  /// The place after the edit; `nil` for a removed place.
  let new: Place?
}
