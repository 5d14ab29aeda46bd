import Observation
import PlacesModel

/// A search screen's state, kept up to date by a ``SearchViewModel`` and observable by a view.
///
/// Attach it to the view model (``SearchViewModel/attach(_:)``; hold it strongly, since the
/// view model holds it weakly) and draw ``matches``, marking ``highlightedMatch``. The query field's text goes to
/// ``SearchViewModel/queryChanged(_:limit:)`` and a chosen match to
/// ``SearchViewModel/matchChosen(at:)``.
///
/// | Command | Properties |
/// |---|---|
/// | `showMatches` | ``matches``; ``highlightedMatch`` (cleared) |
/// | `highlightMatch`, `clearHighlight` | ``highlightedMatch`` |
///
/// The state is not a ``SearchViewDelegate``: its commands are internal to this module, so only
/// the view model it is attached to writes it.
///
/// Like the view models, a screen state is not `Sendable` and is isolated to no actor: it lives
/// in the isolation domain of the view model that drives it, the main actor in an app.
@Observable
public final class SearchScreenState {
  /// The matches shown, best first.
  public private(set) var matches: [SearchMatch] = []
  /// The position in ``matches`` of the highlighted match, the selected place, if any.
  public private(set) var highlightedMatch: Int?

  /// The writer the view model the state is attached to drives; see ``makeWriter()``.
  @ObservationIgnored private var writer: Writer?

  /// Creates the state of a search screen showing no matches.
  public init() {}
}

// MARK: - Commands (package: outside the package only the attached view model writes it)

extension SearchScreenState {
  /// Returns a new writer for a view model to drive, and lets go of the previous one, which
  /// detaches the view model that drove it.
  func makeWriter() -> Writer {
    let writer = Writer(state: self)
    self.writer = writer
    return writer
  }

  /// Carries the commands of the ``SearchViewModel`` the state is attached to into the state.
  ///
  /// Internal, so no code outside this module can hold one. The state holds its writer
  /// strongly, and the writer holds the state weakly.
  ///
  /// Only the latest writer is held, so attaching the state to a view model detaches it from the
  /// one it was attached to before: a state has one writer at a time.
  final class Writer: SearchViewDelegate {
    private weak var state: SearchScreenState?

    init(state: SearchScreenState) {
      self.state = state
    }

    func showMatches(_ matches: [SearchMatch]) { state?.showMatches(matches) }
    func highlightMatch(at index: Int) { state?.highlightMatch(at: index) }
    func clearHighlight() { state?.clearHighlight() }
  }

  /// Shows `matches` and clears the highlight.
  package func showMatches(_ matches: [SearchMatch]) {
    if self.matches != matches {
      self.matches = matches
    }
    if highlightedMatch != nil {
      highlightedMatch = nil
    }
  }

  /// Highlights the match at `index`.
  package func highlightMatch(at index: Int) {
    if highlightedMatch != index {
      highlightedMatch = index
    }
  }

  /// Removes the highlight.
  package func clearHighlight() {
    if highlightedMatch != nil {
      highlightedMatch = nil
    }
  }
}
