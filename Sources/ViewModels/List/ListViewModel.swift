import PlacesModel

/// Turns row taps into selections and model changes into list commands.
///
/// ## Rows
/// The rows are ordered by distance from the user's location when it is known
/// (``ListOrder/distance``), nearest first, places at the same distance in catalog order; else
/// by name (``ListOrder/name``). They are a ``ListRows``: produced when read, so the view reads
/// only the rows it shows. A location change neither sorts nor rebuilds anything: the rows by
/// distance come from the catalog's spatial index as they are read. The order by name is
/// sorted once per catalog, when first needed, and kept until the catalog changes.
///
/// ## Inputs and commands
/// An input only changes the model. Every command comes from a model callback, so this view
/// model, like every other listener, reacts to a tap once, in the model's broadcast order.
///
/// | Model change | Commands |
/// |---|---|
/// | other catalog, or location | `reloadRows`, then `highlightRow` if a place is selected |
/// | catalog changed in a few places, order kept (an edit, or a replacement): by name at most an eighth of the catalog or 64, by distance at most 64 | `updateRows` with the rows that changed, then `highlightRow` as above; nothing if no row changed |
/// | catalog changed in more places | `reloadRows`, then `highlightRow` as above |
/// | selection of a place | `highlightRow`, `scrollToRow(animated: true)` |
/// | deselection, or selection of a place the filter hides | `clearHighlight` |
/// | ``categoryFilter``, by name, few places shown or hidden | `updateRows` with the rows hidden and shown, then `highlightRow` as above; nothing if no row changed |
/// | ``categoryFilter``, by distance or many places | `reloadRows`, then `highlightRow` as above |
///
/// Each callback is answered from the value it carries, never from the model's current state:
/// the catalog, location and selection the list shows are the ones it last heard. When
/// broadcasts are queued behind each other (a listener that moves the location from inside a
/// callback), the model may already hold newer values, and the list still shows each change in
/// turn, consistently, exactly as every other view does.
///
/// The view model hears the model through a listener of its own, not as a
/// ``/PlacesModel/PlacesModelDelegate`` itself: only the model's broadcasts drive it.
///
/// ## Filtering by category
/// ``categoryFilter`` (every place by default) is the list's own state, like a query: set it
/// at any time and the rows become those of the shown places only, in the same orders. It is
/// applied to what the catalog already built: the catalog's name order is split by category
/// once per catalog (O(*n*), the first time a filter hides places), and a row by name is then
/// found by a selection over the shown categories' rows (see ``ListRows``); a filter change
/// builds nothing. The selected place stays selected in the model when the filter hides it:
/// the list just has no row for it and highlights none, and highlights its row again once a
/// filter shows it. Edits keep the rows exact under a filter, a place whose category changes
/// leaving or joining the rows; by distance, a changed place's row under a filter is counted
/// over the catalog, O(*n*), so an edit of more than two places reloads the rows instead.
///
/// ## The view
/// The view is held weakly. Setting ``view`` (even to the view already set) replays the
/// current state into it: `reloadRows`, then, if a place is selected, `highlightRow` and
/// `scrollToRow(animated: false)`, because the screen is only appearing.
///
/// - Complexity: A location change costs O(1), plus, when a place is selected, counting its row
///   in the catalog's spatial index, O(√*n*). A selection costs that count by distance, O(1)
///   by name. A catalog change that reloads the rows costs O(1): the catalog's indexes are
///   built once per catalog, on first use, and shared with every other screen. One that sends
///   `updateRows` for *k* changed places costs O(*k* log *n*) by name and O(*k* √*n*) by
///   distance; once a filter has hidden places, an edit that inserts, removes, renames or
///   recategorises a place also costs O(*n*), to carry the name order split by category
///   across it (a move costs nothing there).
public final class ListViewModel {
  /// The view being driven, held weakly; setting it replays the current state into it.
  ///
  /// `nil` while a screen state is attached with ``attach(_:)``: the state is read through
  /// itself, and only this view model writes it.
  public var view: (any ListViewDelegate)? {
    get { target is ScreenStateWriter<ListScreenState> ? nil : target }
    set {
      target = newValue
      replayState()
    }
  }
  /// What the commands go to: the view set, or the writer of the attached screen state, which
  /// never leaves this view model.
  private weak var target: (any ListViewDelegate)?

  /// The rows, in ``order``, as last reloaded.
  public var rows: ListRows { shown.rows }
  /// How ``rows`` are ordered.
  public var order: ListOrder { shown.order }
  /// The identifier of the selected place, as last broadcast by the model.
  public private(set) var selectedItem: Place.ID?
  /// The user's location, as last broadcast by the model.
  public private(set) var location: Coordinate?

  /// The categories whose places the rows show; every place by default.
  ///
  /// Setting it shows the rows of the places it shows, at once, with `updateRows` when by name
  /// and few places are shown or hidden (at most an eighth of the catalog, or 64), else
  /// `reloadRows`; then `highlightRow` if the selected place is shown. The model is not told:
  /// the selection stays.
  ///
  /// - Complexity: O(*c*) for the catalog's *c* categories, plus, the first time a filter hides
  ///   places in a catalog, O(*n*) to split its name order by category; with `updateRows`,
  ///   O(*m* *k* log *n*) for the *m* rows shown or hidden.
  public var categoryFilter = CategoryFilter.all {
    didSet {
      if categoryFilter != oldValue {
        filterDidChange(from: shown)
      }
    }
  }

  private let model: PlacesModel
  /// Hears the model for this view model; the model holds it weakly, this strongly.
  private var listener: ModelListener?
  /// The catalog last heard of.
  private var catalog = PlaceCatalog.empty
  /// The rows shown and how to find a place's row among them.
  private var shown = ShownRows()
  /// The name order of ``catalog`` split by category, once a filter needed it.
  private var categoryRuns: CategoryNameRuns?
  /// By distance, what the rows' rank counts measured from ``location``, kept across edits
  /// so that each place and cell of the spatial index is measured once (2 MB at 170,000
  /// places); `nil` without a location.
  private var distanceMemo: SpatialDistanceMemo?

  /// Creates a view model that listens to `model`, starting from its current state.
  public init(model: PlacesModel) {
    self.model = model
    listener = ModelListener(model: model) { [weak self] in self?.apply($0) }
  }

  /// Attaches `state` as the screen this view model drives, replacing ``view``, and brings it up
  /// to date, as setting ``view`` does.
  ///
  /// The state is held weakly, like a view: keep it for as long as the screen shows. From then
  /// on this view model is the state's only writer; attaching the state to another view model
  /// detaches it from this one.
  public func attach(_ state: ListScreenState) {
    target = state.makeWriter()
    replayState()
  }

  // MARK: - Rows

  /// The row of the place with identifier `id` in ``rows``, or `nil` when it is not in the
  /// catalog the list shows or ``categoryFilter`` hides it.
  ///
  /// - Complexity: By name, O(log *n*) (after the sort), plus O(*k* log *n*) under a filter
  ///   showing *k* categories. By distance, a rank count in the catalog's spatial index,
  ///   O(√*n*), or over the catalog, O(*n*), under a filter that hides places; then O(1) for
  ///   the same place until the rows change.
  public func row(ofPlaceWithID id: Place.ID) -> Int? {
    shown.row(ofPlaceWithID: id)
  }

  // MARK: - Inputs

  /// Handles a tap on the row at `row` by selecting its place.
  ///
  /// The commands arrive through the model's broadcast, like every other view's.
  ///
  /// - Throws: ``ViewModelError/rowOutOfRange(_:rowCount:)`` if there is no such row, or
  ///   ``ViewModelError/modelRefused(_:)`` with
  ///   ``/PlacesModel/PlacesModelError/unknownPlace(_:)`` if its place left the catalog;
  ///   nothing changes.
  public func rowTapped(at row: Int) throws(ViewModelError) {
    guard rows.indices.contains(row) else {
      throw .rowOutOfRange(row, rowCount: rows.count)
    }
    do {
      try model.select(rows[row].id)
    } catch {
      throw .modelRefused(error)
    }
  }

  // MARK: - Commands

  private func replayState() {
    guard let target else { return }
    target.reloadRows(rows, order: order)
    if let selectedItem, let row = row(ofPlaceWithID: selectedItem) {
      target.highlightRow(at: row)
      target.scrollToRow(at: row, animated: false)
    }
  }

  /// Makes the rows for the catalog and location last heard and, with a view, reloads them.
  private func rowsDidChange() {
    makeRows()
    guard let target else { return }
    target.reloadRows(rows, order: order)
    if let selectedItem, let row = row(ofPlaceWithID: selectedItem) {
      target.highlightRow(at: row)
    }
  }

  /// Makes the rows for the catalog, location and filter last set.
  private func makeRows() {
    if let location {
      if distanceMemo?.origin != location { distanceMemo = SpatialDistanceMemo(origin: location) }
      // Its sorts of built indexes wait their turn behind this catalog's builds.
      distanceMemo?.buildSlots = catalog.buildSlots
    } else {
      distanceMemo = nil
    }
    shown = ShownRows(
      catalog: catalog, filter: categoryFilter, location: location, distanceMemo: distanceMemo
    ) {
      if let categoryRuns { return categoryRuns }
      let runs = CategoryNameRuns(catalog: catalog)
      categoryRuns = runs
      return runs
    }
  }

  /// The rows that `changes` changed from the rows `previous`, to the rows now kept.
  ///
  /// An updated place whose row may move is removed and inserted, unless it is the only
  /// change and keeps its row number, which then holds the same slot. A place the filter
  /// shows only before or only after is removed or inserted. A row that keeps its
  /// slot is reloaded when anything it shows changed (a name, a country, a distance), whether
  /// or not its place's rank did.
  private func rowChanges(from previous: ShownRows, changes: PlaceCatalogChanges)
    -> ListRowChanges
  {
    if let reloaded = rowsReloaded(from: previous, changes: changes) {
      return ListRowChanges(removed: [], inserted: [], reloaded: reloaded)
    }
    let oldCatalog = previous.catalog
    var removed = changes.removed.compactMap(previous.row(ofPlaceWithID:))
    var inserted = changes.inserted.compactMap(row(ofPlaceWithID:))
    var reloaded: [Int] = []
    for id in changes.updated {
      guard let old = oldCatalog.place(withID: id), let new = catalog.place(withID: id)
      else { continue }
      // The only change: both rows found together (by name in this catalog alone, by
      // distance in one walk of the index).
      let bothRows =
        changes.count == 1 ? shown.rows(ofOnlyChangedPlaceWithID: id, from: previous) : nil
      let oldRow = bothRows?.old ?? previous.row(ofPlaceWithID: id)
      let newRow = bothRows?.new ?? row(ofPlaceWithID: id)
      guard let oldRow, let newRow else {
        removed += oldRow.map { [$0] } ?? []
        inserted += newRow.map { [$0] } ?? []
        continue
      }
      let keepsRow =
        shown.byDistance == nil ? old.name == new.name : old.coordinate == new.coordinate
      if !keepsRow && !(changes.count == 1 && oldRow == newRow) {
        removed.append(oldRow)
        inserted.append(newRow)
      } else if ListRow(place: old, distanceFrom: location)
        != ListRow(place: new, distanceFrom: location)
      {
        reloaded.append(newRow)
      }
    }
    return ListRowChanges(
      removed: removed.sorted(), inserted: inserted.sorted(), reloaded: reloaded.sorted())
  }

  /// The rows to reload, ascending, when `changes` moved no row of the list by name from
  /// `previous`; `nil` when a row may have moved, or the list is by distance.
  ///
  /// When they inserted and removed no place, and every place they updated kept its name
  /// and its category, the order by name and the places the filter shows are as they were,
  /// so each row keeps its place. Each place's row is then found once, in this catalog, and
  /// only when what the row shows changed (its country: a row by name shows no distance): a
  /// batch of moves costs no search by name for the places whose rows look the same, and one
  /// for the others, where finding the old row and the new one cost two.
  private func rowsReloaded(from previous: ShownRows, changes: PlaceCatalogChanges) -> [Int]? {
    guard shown.byDistance == nil, changes.inserted.isEmpty, changes.removed.isEmpty else {
      return nil
    }
    // Every place is checked before any row is found: one that changed name or category
    // sends the edit down the general path.
    var showingSomethingNew: [Place.ID] = []
    for id in changes.updated {
      guard let old = previous.catalog.place(withID: id), let new = catalog.place(withID: id),
        old.name == new.name, old.category == new.category
      else { return nil }
      if ListRow(place: old, distanceFrom: location) != ListRow(place: new, distanceFrom: location)
      {
        showingSomethingNew.append(id)
      }
    }
    return showingSomethingNew.compactMap(row(ofPlaceWithID:)).sorted()
  }

}

// MARK: - Model changes (private: only the model's broadcast reaches them)

extension ListViewModel {
  /// Hands a change of the model to its reaction.
  private func apply(_ change: PlacesModelChange) {
    switch change {
    case .places(let catalog, changes: let changes?):
      catalogDidChange(to: catalog, changes: changes)
    case .places(let catalog, changes: nil): catalogDidChange(to: catalog)
    case .location(let location): locationDidChange(to: location)
    case .selection(let id): selectionDidChange(to: id)
    }
  }

  /// Shows the rows of `catalog`, whose name order split by category is `runs`, if known.
  private func catalogDidChange(to catalog: PlaceCatalog, runs: CategoryNameRuns? = nil) {
    self.catalog = catalog
    categoryRuns = runs
    rowsDidChange()
  }

  /// Sends only the rows that changed, then the highlight, or nothing if no row changed;
  /// reloads every row when many places changed or their order did.
  ///
  /// By distance, each changed place's old and new rows are counted in the spatial index,
  /// O(√*n*) each (O(log *n*) once the index is sorted from the location: see
  /// ``/PlacesModel/SpatialDistanceMemo``), so more than ``distanceUpdateLimit`` changes
  /// reload instead: a batch of a thousand moves would otherwise cost a thousand times two
  /// counts, where a reload costs nothing until rows are read.
  ///
  /// By distance under a filter that hides places, a changed place's row is counted over the
  /// catalog, so more than ``filteredDistanceUpdateLimit`` changes reload instead.
  private func catalogDidChange(to catalog: PlaceCatalog, changes: PlaceCatalogChanges) {
    let isFew = changes.count <= max(64, catalog.count / 8)
    // The name order split by category follows the edit, rather than being split again.
    let runs = isFew ? categoryRuns?.applying(changes, from: self.catalog, to: catalog) : nil
    let countsOverCatalog = location != nil && !categoryFilter.showsEveryPlace
    let isFewRows = location == nil ? isFew : changes.count <= Self.distanceUpdateLimit
    guard let target, changes.preservesOrder, isFewRows,
      !countsOverCatalog || changes.count <= Self.filteredDistanceUpdateLimit
    else {
      catalogDidChange(to: catalog, runs: runs)
      return
    }
    let previous = shown
    self.catalog = catalog
    categoryRuns = runs
    makeRows()
    let rowChanges = rowChanges(from: previous, changes: changes)
    guard !rowChanges.isEmpty else { return }
    target.updateRows(rows, order: order, changes: rowChanges)
    if let selectedItem, let row = row(ofPlaceWithID: selectedItem) {
      target.highlightRow(at: row)
    }
  }

  /// The most changed places whose rows by distance an edit counts.
  private static var distanceUpdateLimit: Int { 64 }

  /// The most changed places whose rows by distance an edit under a filter counts.
  private static var filteredDistanceUpdateLimit: Int { 2 }

  /// Shows the rows of the filter now set: the rows hidden and shown, by name when few places
  /// are, else every row; then the highlight.
  private func filterDidChange(from previous: ShownRows) {
    makeRows()
    guard let target else { return }
    guard let changes = filterRowChanges(from: previous) else {
      target.reloadRows(rows, order: order)
      highlightSelectedRow()
      return
    }
    guard !changes.isEmpty else { return }
    target.updateRows(rows, order: order, changes: changes)
    highlightSelectedRow()
  }

  /// The rows the filter change from `previous` hid and showed, by name, or `nil` by distance
  /// or when many places were (more than an eighth of the catalog, and more than 64).
  private func filterRowChanges(from previous: ShownRows) -> ListRowChanges? {
    guard order == .name, previous.order == .name, previous.catalog == catalog,
      let runs = categoryRuns
    else { return nil }
    let toggled = runs.categories.filter {
      previous.filter.shows(category: $0) != categoryFilter.shows(category: $0)
    }
    let count = toggled.reduce(0) { $0 + runs.count(of: $1) }
    guard count <= max(64, catalog.count / 8) else { return nil }
    var removed: [Int32] = []
    var inserted: [Int32] = []
    for category in toggled {
      let nameRows = runs.rows(of: category)
      if categoryFilter.shows(category: category) {
        inserted += nameRows
      } else {
        removed += nameRows
      }
    }
    return ListRowChanges(
      removed: previous.rows(ofNameRows: removed.sorted()),
      inserted: shown.rows(ofNameRows: inserted.sorted()), reloaded: [])
  }

  private func highlightSelectedRow() {
    if let selectedItem, let row = row(ofPlaceWithID: selectedItem) {
      target?.highlightRow(at: row)
    }
  }

  private func locationDidChange(to location: Coordinate?) {
    self.location = location
    rowsDidChange()
  }

  private func selectionDidChange(to id: Place.ID?) {
    let previousID = selectedItem
    selectedItem = id
    guard let target else { return }
    if let id, let row = row(ofPlaceWithID: id) {
      target.highlightRow(at: row)
      target.scrollToRow(at: row, animated: true)
    } else if previousID != nil {
      target.clearHighlight()
    }
  }
}
