import PlacesModel

/// The rows a list shows for one catalog, location and filter, and how to find a place's row
/// among them.
struct ShownRows {
  let catalog: PlaceCatalog
  let filter: CategoryFilter
  let location: Coordinate?
  /// The rows, produced when read.
  let rows: ListRows
  /// By name under a filter that hides places: the rows shown.
  let byName: FilteredNameRows?
  /// By distance: the rows.
  let byDistance: DistanceRows?

  /// No rows.
  init() {
    catalog = .empty
    filter = .all
    location = nil
    rows = ListRows()
    byName = nil
    byDistance = nil
  }

  /// The rows of the places of `catalog` that `filter` shows, by distance from `location` when
  /// it is known, else by name.
  ///
  /// `runs` splits the catalog's name order by category, and is read only when `filter` hides
  /// places. By distance, rank counts keep what they measure in `distanceMemo`, when given
  /// (see ``DistanceRows``).
  init(
    catalog: PlaceCatalog, filter: CategoryFilter, location: Coordinate?,
    distanceMemo: SpatialDistanceMemo? = nil, runs: () -> CategoryNameRuns
  ) {
    self.catalog = catalog
    self.filter = filter
    self.location = location
    let shown = filter.showsEveryPlace ? nil : runs().rows(shownBy: filter)
    if let location {
      let distanceRows = DistanceRows(
        catalog: catalog, origin: location, filter: filter, count: shown?.count ?? catalog.count,
        memo: distanceMemo)
      byDistance = distanceRows
      byName = nil
      rows = ListRows(byDistance: distanceRows)
    } else {
      byDistance = nil
      byName = shown
      rows = shown.map { ListRows(byNameOf: catalog, shown: $0) } ?? ListRows(byNameOf: catalog)
    }
  }

  var order: ListOrder { byDistance == nil ? .name : .distance }

  /// The row of the place with identifier `id`, or `nil` when the catalog has no such place or
  /// the filter hides it.
  ///
  /// - Complexity: By name, O(log *n*) (after the sort), plus O(*k* log *n*) under a filter
  ///   showing *k* categories. By distance, a rank count (see ``DistanceRows``).
  func row(ofPlaceWithID id: Place.ID) -> Int? {
    guard let position = catalog.position(ofPlaceWithID: id),
      filter.showsEveryPlace || filter.shows(catalog[position])
    else { return nil }
    if let byDistance {
      return byDistance.row(ofPosition: position)
    }
    guard let nameRow = catalog.nameRow(ofPlaceWithID: id) else { return nil }
    return byName.map { $0.row(ofNameRow: nameRow) } ?? nameRow
  }

  /// The rows of the place with identifier `id` in `previous` and here, found together, when
  /// these rows are `previous`'s after an edit whose only change was to that place; `nil`
  /// otherwise, when each is found alone (``row(ofPlaceWithID:)``).
  ///
  /// - By name, under the same filter, a place that kept its name and is shown in both keeps
  ///   its row (rows are by name, then by identifier, among the same places): its row here is
  ///   both, and `previous`'s catalog is not read for it, so its order by name, when it was
  ///   never built, is not built for this.
  /// - By distance from one location, every place shown, the place at the same catalog
  ///   position in both: both rows are counted in one walk of the spatial index.
  ///
  /// - Precondition: The edit that made ``catalog`` from `previous.catalog` changed only the
  ///   place with `id`.
  func rows(ofOnlyChangedPlaceWithID id: Place.ID, from previous: ShownRows) -> (
    old: Int, new: Int
  )? {
    guard let byDistance else {
      guard previous.byDistance == nil, filter == previous.filter,
        let old = previous.catalog.place(withID: id), let new = catalog.place(withID: id),
        old.name == new.name, filter.shows(old), filter.shows(new),
        let row = row(ofPlaceWithID: id)
      else { return nil }
      return (row, row)
    }
    guard previous.byDistance != nil, location == previous.location,
      filter.showsEveryPlace, previous.filter.showsEveryPlace,
      let position = catalog.position(ofPlaceWithID: id),
      previous.catalog.count == catalog.count,
      previous.catalog.position(ofPlaceWithID: id) == position
    else { return nil }
    return byDistance.rows(ofPosition: position, movedFrom: previous.catalog[position].coordinate)
  }

  /// The rows of the places at `nameRows`, ascending name rows shown by `filter`.
  func rows(ofNameRows nameRows: [Int32]) -> [Int] {
    byName.map { $0.rows(ofNameRows: nameRows) } ?? nameRows.map { Int($0) }
  }
}
