import Observation
import PlacesModel

/// A list screen's state, kept up to date by a ``ListViewModel`` and observable by a view.
///
/// Attach it to the view model (`listViewModel.attach(state)`; hold it strongly, since the
/// view model holds it weakly) and draw from its properties: a SwiftUI `List` over
/// `rows.indices` reads only the rows it shows, as ``ListRows`` produces each row when it is
/// read. Row taps go to the view model as before.
///
/// ## Only its view model writes it
/// The state is not a ``ListViewDelegate``: its commands are internal to this module, so a view
/// can read it and take its scrolls, and nothing outside the module can write it.
///
/// ## What each command changes
/// A command changes only the properties it names, and only when their value changes.
///
/// | Command | Properties |
/// |---|---|
/// | `reloadRows` | ``rows``, ``order``; ``highlightedRow`` and ``pendingScroll`` (cleared) |
/// | `highlightRow`, `clearHighlight` | ``highlightedRow`` |
/// | `scrollToRow` | ``pendingScroll`` |
///
/// ## Scrolling is an event
/// The rows and the highlight are state. A scroll is an event: the list is to scroll once, and
/// the user scrolls on from there. The request waits in ``pendingScroll`` until the view takes it
/// with ``takePendingScroll()``, so it is carried out exactly once, even by a view created after
/// the command. Row numbers refer to ``rows``, so reloading the rows drops a request not yet
/// taken; a newer request replaces an older one.
///
/// ## Isolation
/// Like the view models, a screen state is not `Sendable` and is isolated to no actor: it lives
/// in the isolation domain of the view model that drives it, the main actor in an app, where
/// SwiftUI reads it. Its ``rows`` are read there too.
@Observable
public final class ListScreenState {
  /// The rows, produced when read; read `rows.count` and the rows on screen.
  public private(set) var rows = ListRows()
  /// How ``rows`` are ordered.
  public private(set) var order = ListOrder.name
  /// The highlighted row, the selected place's, if any.
  public private(set) var highlightedRow: Int?
  /// The scroll the view has not carried out yet; see ``takePendingScroll()``.
  public private(set) var pendingScroll: ListScrollRequest?

  @ObservationIgnored private var lastRequestID = 0
  /// The writer the view model the state is attached to drives.
  @ObservationIgnored var writer: ScreenStateWriter<ListScreenState>?

  /// Creates the state of an empty list, ordered by name.
  public init() {}

  // MARK: - Reading

  /// The highlighted row's contents, if a row is highlighted.
  ///
  /// - Complexity: That of reading one row of ``rows``.
  public var highlightedListRow: ListRow? {
    highlightedRow.flatMap { rows.indices.contains($0) ? rows[$0] : nil }
  }

  /// Returns the pending scroll and forgets it, so that the view carries it out once.
  ///
  /// Call it when ``pendingScroll`` changes, and when the view appears.
  ///
  /// - Returns: The request, or `nil` when there is none; a second call returns `nil`.
  public func takePendingScroll() -> ListScrollRequest? {
    guard let request = pendingScroll else { return nil }
    pendingScroll = nil
    return request
  }
}

// MARK: - Commands (package: outside the package only the attached view model writes it)

extension ListScreenState {
  /// Keeps `rows` in `order`, clears the highlight and drops a pending scroll.
  package func reloadRows(_ rows: ListRows, order: ListOrder) {
    self.rows = rows
    if self.order != order {
      self.order = order
    }
    if highlightedRow != nil {
      highlightedRow = nil
    }
    if pendingScroll != nil {
      pendingScroll = nil
    }
  }

  /// Highlights the row at `row`.
  package func highlightRow(at row: Int) {
    if highlightedRow != row {
      highlightedRow = row
    }
  }

  /// Asks the view to scroll to the row at `row`, once.
  package func scrollToRow(at row: Int, animated: Bool) {
    lastRequestID += 1
    pendingScroll = ListScrollRequest(id: lastRequestID, row: row, isAnimated: animated)
  }

  /// Removes the highlight.
  package func clearHighlight() {
    if highlightedRow != nil {
      highlightedRow = nil
    }
  }
}

extension ListScreenState: WrittenScreenState {}

/// The view a ``ListViewModel`` drives when the state is attached to it: each command goes to the
/// state.
extension ScreenStateWriter: ListViewDelegate where State == ListScreenState {
  func reloadRows(_ rows: ListRows, order: ListOrder) { state?.reloadRows(rows, order: order) }
  func highlightRow(at row: Int) { state?.highlightRow(at: row) }
  func scrollToRow(at row: Int, animated: Bool) {
    state?.scrollToRow(at: row, animated: animated)
  }
  func clearHighlight() { state?.clearHighlight() }
}
