import ViewModels

/// Supplies a front end's views: spies in tests, printers in the command-line tool.
///
/// A coordinator keeps each view it is given for as long as the view's flow lasts, and lets
/// it go when the flow ends.
public protocol ViewFactory {
  /// Makes the map screen.
  func makeMapView() -> any MapViewDelegate
  /// Makes the places list screen.
  func makeListView() -> any ListViewDelegate
  /// Makes a detail card; called once per card shown.
  func makeCardView() -> any PlaceCardViewDelegate
  /// Makes the search screen: a query field above the matches.
  func makeSearchView() -> any SearchViewDelegate
}
