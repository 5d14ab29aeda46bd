/// How many changed places an index that follows edits keeps beside the index built earlier
/// (``CatalogNameIndex``, ``CatalogSpatialIndex``) before a full build is due instead.
enum ChangedPlacesLimit {
  /// Whether `changed` places kept apart from an index built for `builtCount` places are few
  /// enough: at most 256, or a 512th of the built places when that is more.
  static func allows(changed: Int, builtCount: Int) -> Bool {
    changed <= max(256, builtCount / 512)
  }
}
