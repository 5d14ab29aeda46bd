import ViewModels

/// The search screen of the command-line tool, which prints nothing.
///
/// `search` prints the view model's matches itself, as records, and `select --from search`
/// prints what the map, the list and the card do; the search's own commands (the matches
/// re-ranked after `locate`, a highlight) would only repeat them.
final class ConsoleSearchView: SearchViewDelegate {
  func showMatches(_ matches: [SearchMatch]) {}

  func highlightMatch(at index: Int) {}

  func clearHighlight() {}
}
