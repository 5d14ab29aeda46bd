/// The commands a search screen carries out: a query field above a list of matches.
///
/// A ``SearchViewModel`` calls these on the isolation domain that owns it; the screen only
/// draws. At most one match is highlighted at a time.
public protocol SearchViewDelegate: AnyObject {
  /// Replaces the matches shown with `matches`, best first, leaving none highlighted; an empty
  /// array clears them.
  func showMatches(_ matches: [SearchMatch])
  /// Highlights the match at `index`, the selected place, removing the highlight from any
  /// other.
  func highlightMatch(at index: Int)
  /// Removes the highlight, leaving no match highlighted.
  func clearHighlight()
}
