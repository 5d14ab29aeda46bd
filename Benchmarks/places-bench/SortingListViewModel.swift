import BenchSupport
import PlacesModel
import ViewModels

// The list as it was before the spatial index, kept as the baseline: every location change
// sorts the whole catalog by distance, builds every row and a table of rows by identifier, and
// hands the view all of them.

/// The commands the sorting list issues: its view receives every row at once.
public protocol SortedListView: AnyObject {
  /// Replaces every row with `rows`.
  func reloadRows(_ rows: [ListRow], order: ListOrder)
  /// Highlights the row at `row`.
  func highlightRow(at row: Int)
  /// Scrolls until the row at `row` is visible.
  func scrollToRow(at row: Int, animated: Bool)
  /// Removes the highlight.
  func clearHighlight()
}

/// The previous `ListViewModel`: rows rebuilt in full, by a sort, on each location change.
public final class SortingListViewModel {
  /// The view, held weakly.
  public weak var view: (any SortedListView)?
  private let model: PlacesModel
  private var rows: [ListRow] = []
  private var rowByID: [Place.ID: Int] = [:]
  private var selectedID: Place.ID?

  /// Creates the view model and listens to `model`.
  public init(model: PlacesModel) {
    self.model = model
    model.addDelegate(self)
  }

  private func rebuildRows(location: Coordinate?) {
    if let location {
      rows = placesSortedByDistance(model.places, from: location).map {
        ListRow(place: $0, distanceFrom: location)
      }
    } else {
      rows = model.places.sorted { $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id }
        .map { ListRow(place: $0, distanceFrom: nil) }
    }
    var rowByID: [Place.ID: Int] = [:]
    rowByID.reserveCapacity(rows.count)
    for (row, listRow) in rows.enumerated() {
      rowByID[listRow.id] = row
    }
    self.rowByID = rowByID
    view?.reloadRows(rows, order: location == nil ? .name : .distance)
    if let selectedID, let row = rowByID[selectedID] {
      view?.highlightRow(at: row)
    }
  }
}

extension SortingListViewModel: PlacesModelDelegate {
  /// Rebuilds the rows for the new location.
  public func didChange(location: Coordinate?) {
    rebuildRows(location: location)
  }

  /// Highlights the selected place's row.
  public func didSelectItem(_ id: Place.ID?) {
    selectedID = id
    guard let id, let row = rowByID[id] else {
      view?.clearHighlight()
      return
    }
    view?.highlightRow(at: row)
    view?.scrollToRow(at: row, animated: true)
  }
}
