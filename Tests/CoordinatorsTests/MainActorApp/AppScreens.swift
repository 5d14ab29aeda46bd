import Coordinators
import ViewModels

/// The example's view factory: it makes main-actor screens, so it conforms on the main actor
/// too, and keeps the screens it made for the test to look at.
///
/// The map, the list and the search are the package's observable screen states, as a SwiftUI app would use
/// them: made here, on the main actor, they stay there with the view models that drive them.
@MainActor
final class AppScreens {
  let map = MapScreenState()
  let list = ListScreenState()
  let search = SearchScreenState()
  /// Every card made, in order; the coordinator makes one per place shown.
  private(set) var cards: [CardScreen] = []
}

extension AppScreens: @MainActor ViewFactory {
  func makeMapView() -> ViewOrState<any MapViewDelegate, MapScreenState> { .state(map) }
  func makeListView() -> ViewOrState<any ListViewDelegate, ListScreenState> { .state(list) }
  func makeSearchView() -> ViewOrState<any SearchViewDelegate, SearchScreenState> {
    .state(search)
  }

  func makeCardView() -> ViewOrState<any PlaceCardViewDelegate, PlaceCardScreenState> {
    let card = CardScreen()
    cards.append(card)
    return .view(card)
  }
}
