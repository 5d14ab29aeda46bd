import ViewModels

/// Supplies a front end's screens: spies in tests, printers in the command-line tool, screen
/// states in a SwiftUI app.
///
/// Each screen is a view that carries out its view model's commands, or the observable screen
/// state the `ViewModels` module has for it (see ``ViewOrState``). A coordinator keeps each
/// screen it is given for as long as the screen's flow lasts, and lets it go when the flow ends.
public protocol ViewFactory {
  /// Makes the map screen.
  func makeMapView() -> ViewOrState<any MapViewDelegate, MapScreenState>
  /// Makes the places list screen.
  func makeListView() -> ViewOrState<any ListViewDelegate, ListScreenState>
  /// Makes a detail card; called once per card shown.
  func makeCardView() -> ViewOrState<any PlaceCardViewDelegate, PlaceCardScreenState>
  /// Makes the search screen: a query field above the matches.
  func makeSearchView() -> ViewOrState<any SearchViewDelegate, SearchScreenState>
}
