import Coordinators
import ViewModels

/// Makes the views of `browse`: the screen states of its one map panel, one list panel and one
/// card panel, the same objects however often they are asked for, so each panel draws what the
/// coordinator's view models command.
struct TerminalViewFactory: ViewFactory {
  /// The map panel, whose state every ``makeMapView()`` returns.
  let mapView: TerminalMapView
  /// The list panel, whose state every ``makeListView()`` returns.
  let listView: TerminalListView
  /// The card panel, whose state every ``makeCardView()`` returns: one card is shown at a time,
  /// and the coordinator dismisses the old card before it shows the new one.
  let cardView: TerminalCardView
  /// The search panel, whose state a screen attaches to the ``SearchViewModel`` itself, as the
  /// coordinator leaves search screens to the front end.
  let searchPanel: TerminalSearchPanel

  func makeMapView() -> any MapViewDelegate {
    mapView.state
  }

  func makeListView() -> any ListViewDelegate {
    listView.state
  }

  func makeCardView() -> any PlaceCardViewDelegate {
    cardView.state
  }

  /// Returns the search panel's state.
  func makeSearchView() -> any SearchViewDelegate {
    searchPanel.state
  }
}
