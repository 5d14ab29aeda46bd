import Coordinators
import ViewModelTestSupport
import ViewModels

/// Makes spy views that write to one log, and keeps them weakly so leaks show.
final class ViewFactorySpy: ViewFactory {
  let log = CommandLog()
  private(set) weak var mapView: MapViewSpy?
  private(set) weak var listView: ListViewSpy?
  private(set) var cardViews: [Weak<PlaceCardViewSpy>] = []
  private(set) weak var searchView: SearchViewSpy?

  func makeMapView() -> ViewOrState<any MapViewDelegate, MapScreenState> {
    let view = MapViewSpy(log: log)
    mapView = view
    return .view(view)
  }

  func makeListView() -> ViewOrState<any ListViewDelegate, ListScreenState> {
    let view = ListViewSpy(log: log)
    listView = view
    return .view(view)
  }

  func makeCardView() -> ViewOrState<any PlaceCardViewDelegate, PlaceCardScreenState> {
    let view = PlaceCardViewSpy(log: log)
    cardViews.append(Weak(view))
    return .view(view)
  }

  func makeSearchView() -> ViewOrState<any SearchViewDelegate, SearchScreenState> {
    let view = SearchViewSpy(log: log)
    searchView = view
    return .view(view)
  }
}

/// A weak reference, to keep a list of objects without keeping them alive.
struct Weak<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
