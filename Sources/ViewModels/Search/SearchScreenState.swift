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

  /// The writer the view model the state is attached to drives.
  @ObservationIgnored var writer: ScreenStateWriter<SearchScreenState>?

  /// Creates the state of a search screen showing no matches.
  public init() {}
}

// MARK: - Commands (package: outside the package only the attached view model writes it)

extension SearchScreenState {
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

extension SearchScreenState: WrittenScreenState {}

/// The view a ``SearchViewModel`` drives when the state is attached to it: each command goes to the
/// state.
extension ScreenStateWriter: SearchViewDelegate where State == SearchScreenState {
  func showMatches(_ matches: [SearchMatch]) { state?.showMatches(matches) }
  func highlightMatch(at index: Int) { state?.highlightMatch(at: index) }
  func clearHighlight() { state?.clearHighlight() }
}
