import Coordinators
import ViewModels

/// Makes the views of `browse`: one map panel, one list panel, one card panel and one search
/// panel, the same objects however often they are asked for, so the screen draws what the
/// coordinator's view models command.
struct TerminalViewFactory: ViewFactory {
  /// The map panel every ``makeMapView()`` returns.
  let mapView: TerminalMapView
  /// The list panel every ``makeListView()`` returns.
  let listView: TerminalListView
  /// The card panel every ``makeCardView()`` returns: one card is shown at a time, and the
  /// coordinator dismisses the old card before it shows the new one.
  let cardView: TerminalCardView
  /// The search panel every ``makeSearchView()`` returns.
  let searchPanel: TerminalSearchPanel

  func makeMapView() -> ViewOrState<any MapViewDelegate, MapScreenState> {
    .view(mapView)
  }

  func makeListView() -> ViewOrState<any ListViewDelegate, ListScreenState> {
    .view(listView)
  }

  func makeCardView() -> ViewOrState<any PlaceCardViewDelegate, PlaceCardScreenState> {
    .view(cardView)
  }

  func makeSearchView() -> ViewOrState<any SearchViewDelegate, SearchScreenState> {
    .view(searchPanel)
  }
}
