import PlacesModel

/// The rows of the places list, each produced when it is read, as a table view asks its data
/// source for the rows on screen.
///
/// A ``ListViewModel`` hands its view one in ``ListViewDelegate/reloadRows(_:order:)``: the
/// view reads `count` and then only the rows it shows. In name order every row is at hand
/// (the order is sorted once per catalog, when first read). In distance order the rows come
/// from the catalog's spatial index (``/PlacesModel/PlaceCatalog``): reading the rows a screen shows, and scrolling on
/// either way, costs O(log *n*) per row; jumping to the selected place's row costs nothing
/// more than the highlight did; only a jump far from every row read so far costs a selection.
/// Nothing ever sorts the catalog by distance.
///
/// Under a ``/PlacesModel/CategoryFilter`` the rows are those of the shown places only, in the
/// same orders: by name, a row costs a selection over the shown categories' rows,
/// O(*k* log² *n*) for *k* shown categories (O(log *n*) for one), and the row after the one
/// read last O(*k* + log *n*); by distance, reading on skips the hidden places as it passes
/// them.
///
/// Rows are a snapshot: they keep showing the catalog and location they were made for, even
/// after the view model has moved on, so a view always draws rows that match the commands it
/// was given. Reading a row caches what was found, so rows are a reference to shared state,
/// not `Sendable`: read them in the isolation domain of the view model that made them.
public struct ListRows: RandomAccessCollection {
  /// What produces the rows.
  private enum Source {
    case empty
    case byName(PlaceCatalog)
    case byFilteredName(PlaceCatalog, FilteredNameReader)
    case byDistance(DistanceRows)
  }

  private let source: Source

  /// No rows.
  public init() {
    source = .empty
  }

  /// The catalog's rows by name.
  init(byNameOf catalog: PlaceCatalog) {
    source = .byName(catalog)
  }

  /// The rows by name of the places of `catalog` that `rows` shows.
  init(byNameOf catalog: PlaceCatalog, shown rows: FilteredNameRows) {
    source = .byFilteredName(catalog, FilteredNameReader(rows))
  }

  /// The catalog's rows by distance, nearest first.
  init(byDistance rows: DistanceRows) {
    source = .byDistance(rows)
  }

  /// Always 0.
  public var startIndex: Int { 0 }

  /// The number of rows.
  public var endIndex: Int {
    switch source {
    case .empty: 0
    case .byName(let catalog): catalog.count
    case .byFilteredName(_, let rows): rows.count
    case .byDistance(let rows): rows.count
    }
  }

  /// The row at `position`.
  ///
  /// - Precondition: `position` is in `0..<count`.
  /// - Complexity: O(log *n*) by name (after the first read of a catalog, which sorts it),
  ///   O(*k* log² *n*) under a filter showing *k* categories (O(*k* + log *n*) for the row
  ///   after the one read last); O(log *n*) amortised by
  ///   distance, for rows next to rows already read, per place passed.
  public subscript(position: Int) -> ListRow {
    precondition(indices.contains(position), "row \(position) is not in 0..<\(count)")
    switch source {
    case .empty:
      preconditionFailure("an empty list has no rows")
    case .byName(let catalog):
      return ListRow(catalog.place(atNameRow: position), distance: nil)
    case .byFilteredName(let catalog, let rows):
      return ListRow(catalog.place(atNameRow: rows.nameRow(atRow: position)), distance: nil)
    case .byDistance(let rows):
      let neighbour = rows.neighbour(atRow: position)
      return ListRow(rows.catalog[neighbour.position], distance: neighbour.distance)
    }
  }
}

@available(*, unavailable, message: "read rows in the isolation domain of their view model")
extension ListRows: Sendable {}
