/// What a ``PlacesModel`` holds, as plain stored values that broadcast nothing when written.
///
/// The model keeps its values here rather than in properties with observers, so that its own
/// bookkeeping (clearing the selection while it installs a catalog, undoing a change nobody
/// heard) is an ordinary write, and broadcasting is what the model's public setters and
/// methods do after writing, never a side effect a writer must remember to switch off.
struct PlacesModelState {
  /// The catalog: the places and their indexes.
  var catalog: PlaceCatalog
  /// The user's location, or `nil` when unknown.
  var location: Coordinate?
  /// The identifier of the selected place, or `nil` when nothing is selected.
  var selection: Place.ID?
}
