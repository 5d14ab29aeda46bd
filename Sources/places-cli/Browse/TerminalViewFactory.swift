import Coordinators
import ViewModels

/// Makes the views of `browse`: the screen states of its one map panel, one list panel, one
/// card panel and one search panel, the same objects however often they are asked for, so each
/// panel draws what the coordinator's view models command.
struct TerminalViewFactory: ViewFactory {
  /// The map panel, whose state every ``makeMapView()`` returns.
  let mapView: TerminalMapView
  /// The list panel, whose state every ``makeListView()`` returns.
  let listView: TerminalListView
  /// The card panel, whose state every ``makeCardView()`` returns: one card is shown at a time,
  /// and the coordinator dismisses the old card before it shows the new one.
  let cardView: TerminalCardView
  /// The search panel, whose state every ``makeSearchView()`` returns.
  let searchPanel: TerminalSearchPanel

  func makeMapView() -> ViewOrState<any MapViewDelegate, MapScreenState> {
    .state(mapView.state)
  }

  func makeListView() -> ViewOrState<any ListViewDelegate, ListScreenState> {
    .state(listView.state)
  }

  func makeCardView() -> ViewOrState<any PlaceCardViewDelegate, PlaceCardScreenState> {
    .state(cardView.state)
  }

  func makeSearchView() -> ViewOrState<any SearchViewDelegate, SearchScreenState> {
    .state(searchPanel.state)
  }
}
