import Observation
import PlacesModel

/// A search screen's state, kept up to date by a ``SearchViewModel`` and observable by a view.
///
/// Attach it as the view model's view (hold it strongly, since the view model holds its view
/// weakly) and draw ``matches``, marking ``highlightedMatch``. The query field's text goes to
/// ``SearchViewModel/queryChanged(_:limit:)`` and a chosen match to
/// ``SearchViewModel/matchChosen(at:)``.
///
/// | Command | Properties |
/// |---|---|
/// | `showMatches` | ``matches``; ``highlightedMatch`` (cleared) |
/// | `highlightMatch`, `clearHighlight` | ``highlightedMatch`` |
///
/// Like the view models, a screen state is not `Sendable` and is isolated to no actor: it lives
/// in the isolation domain of the view model that drives it, the main actor in an app.
@Observable
public final class SearchScreenState {
  /// The matches shown, best first.
  public private(set) var matches: [SearchMatch] = []
  /// The position in ``matches`` of the highlighted match, the selected place, if any.
  public private(set) var highlightedMatch: Int?

  /// Creates the state of a search screen showing no matches.
  public init() {}
}

extension SearchScreenState: SearchViewDelegate {
  /// Shows `matches` and clears the highlight.
  public func showMatches(_ matches: [SearchMatch]) {
    if self.matches != matches {
      self.matches = matches
    }
    if highlightedMatch != nil {
      highlightedMatch = nil
    }
  }

  /// Highlights the match at `index`.
  public func highlightMatch(at index: Int) {
    if highlightedMatch != index {
      highlightedMatch = index
    }
  }

  /// Removes the highlight.
  public func clearHighlight() {
    if highlightedMatch != nil {
      highlightedMatch = nil
    }
  }
}
