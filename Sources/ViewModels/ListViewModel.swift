import PlacesModel

/// Turns row taps into selections and model changes into list commands.
///
/// ## Rows
/// The rows are ordered by distance from the user's location when it is known
/// (``ListOrder/distance``), else by name (``ListOrder/name``). They are computed at most once
/// per change of catalog or location, and not before they are needed; the name order is kept
/// until the catalog changes, so losing the location again costs no sort.
///
/// ## Inputs and commands
/// An input only changes the model. Every command comes from a model callback, so this view
/// model, like every other listener, reacts to a tap once, in the model's broadcast order.
///
/// | Model change | Commands |
/// |---|---|
/// | catalog or location | `reloadRows`, then `highlightRow` if a place is selected |
/// | selection of a place | `highlightRow`, `scrollToRow(animated: true)` |
/// | deselection | `clearHighlight` |
///
/// ## The view
/// The view is held weakly. Setting ``view`` (even to the view already set) replays the
/// current state into it: `reloadRows`, then, if a place is selected, `highlightRow` and
/// `scrollToRow(animated: false)`, because the screen is only appearing.
///
/// - Complexity: A selection costs O(1): the row of a place is looked up in a table built
///   with the rows. Rebuilding the rows costs O(*n*), plus O(*n* log *n*) for a new sort.
public final class ListViewModel {
  /// The view being driven, held weakly; setting it replays the current state into it.
  public weak var view: (any ListViewDelegate)? {
    didSet { replayState() }
  }

  /// The identifier of the selected place, as last broadcast by the model.
  public private(set) var selectedID: Place.ID?

  private let model: PlacesModel
  private var currentRows: [ListRow] = []
  private var currentOrder = ListOrder.name
  private var rowByID: [Place.ID: Int] = [:]
  private var rowsAreStale = true
  private var rowsByNameCache: [ListRow]?

  /// Creates a view model that listens to `model`, starting from its current state.
  public init(model: PlacesModel) {
    self.model = model
    model.addDelegate(self)
  }

  // MARK: - Rows

  /// The rows, in ``order``.
  ///
  /// - Complexity: O(1), unless the catalog or location changed since the rows were last
  ///   computed.
  public var rows: [ListRow] {
    updateRowsIfNeeded()
    return currentRows
  }

  /// How ``rows`` are ordered.
  public var order: ListOrder {
    updateRowsIfNeeded()
    return currentOrder
  }

  /// The position in ``rows`` of the place with identifier `id`, or `nil`.
  ///
  /// - Complexity: O(1) on average, unless the rows must be computed first.
  public func row(ofPlaceWithID id: Place.ID) -> Int? {
    updateRowsIfNeeded()
    return rowByID[id]
  }

  // MARK: - Inputs

  /// Handles a tap on the row at `row` by selecting its place.
  ///
  /// The commands arrive through the model's broadcast, like every other view's.
  ///
  /// - Throws: ``ListViewModelError/rowOutOfRange(_:rowCount:)`` if there is no such row, or
  ///   ``ListViewModelError/unknownPlace(_:)`` if its place left the catalog; nothing changes.
  public func rowTapped(at row: Int) throws(ListViewModelError) {
    let rows = self.rows
    guard rows.indices.contains(row) else {
      throw .rowOutOfRange(row, rowCount: rows.count)
    }
    let id = rows[row].id
    do {
      try model.select(id)
    } catch {
      throw .unknownPlace(id)
    }
  }

  // MARK: - Commands

  private func replayState() {
    guard let view else { return }
    updateRowsIfNeeded()
    view.reloadRows(currentRows, order: currentOrder)
    if let selectedID, let row = rowByID[selectedID] {
      view.highlightRow(at: row)
      view.scrollToRow(at: row, animated: false)
    }
  }

  /// Marks the rows stale and, when a view is attached, recomputes and reloads them.
  fileprivate func rowsDidChange() {
    rowsAreStale = true
    guard let view else { return }
    updateRowsIfNeeded()
    view.reloadRows(currentRows, order: currentOrder)
    if let selectedID, let row = rowByID[selectedID] {
      view.highlightRow(at: row)
    }
  }

  fileprivate func catalogDidChange() {
    rowsByNameCache = nil
    rowsDidChange()
  }

  // MARK: - Computing rows

  private func updateRowsIfNeeded() {
    guard rowsAreStale else { return }
    rowsAreStale = false
    if let location = model.location, let places = model.placesByDistance() {
      currentRows = places.map { ListRow(place: $0, distanceFrom: location) }
      currentOrder = .distance
    } else {
      let rowsByName = rowsByNameCache ?? Self.rowsByName(model.places)
      rowsByNameCache = rowsByName
      currentRows = rowsByName
      currentOrder = .name
    }
    var rowByID: [Place.ID: Int] = [:]
    rowByID.reserveCapacity(currentRows.count)
    for (row, listRow) in currentRows.enumerated() {
      rowByID[listRow.id] = row
    }
    self.rowByID = rowByID
  }

  /// The rows of `places` sorted by name, then by identifier.
  ///
  /// Names compare with `String`'s `<`: by Unicode scalars of their canonical form, not by a
  /// locale's collation, so the order is the same everywhere.
  ///
  /// - Complexity: O(*n* log *n*).
  private static func rowsByName(_ places: [Place]) -> [ListRow] {
    places.sorted { left, right in
      left.name != right.name ? left.name < right.name : left.id < right.id
    }
    .map { ListRow(place: $0, distanceFrom: nil) }
  }
}

extension ListViewModel: PlacesModelDelegate {
  /// Recomputes the rows for the new catalog and reloads them.
  public func didChange(places: [Place]) {
    catalogDidChange()
  }

  /// Reorders the rows for the new location and reloads them.
  public func didChange(location: Coordinate?) {
    rowsDidChange()
  }

  /// Highlights the selected place's row and scrolls to it; or, on deselection, clears the
  /// highlight.
  public func didSelectItem(_ id: Place.ID?) {
    let previousID = selectedID
    selectedID = id
    guard let view else { return }
    if let id, let row = row(ofPlaceWithID: id) {
      view.highlightRow(at: row)
      view.scrollToRow(at: row, animated: true)
    } else if previousID != nil {
      view.clearHighlight()
    }
  }
}
