import Coordinators
import ViewModels

/// Makes one page's screens, all writing into the page's outbox.
final class WebViewFactory: ViewFactory {
  private let outbox: Outbox
  /// The list screen, kept so that the session can send the rows the page asks for.
  let listView: WebListView

  init(outbox: Outbox) {
    self.outbox = outbox
    listView = WebListView(outbox: outbox)
  }

  func makeMapView() -> ViewOrState<any MapViewDelegate, MapScreenState> {
    .view(WebMapView(outbox: outbox))
  }

  func makeListView() -> ViewOrState<any ListViewDelegate, ListScreenState> {
    .view(listView)
  }

  func makeCardView() -> ViewOrState<any PlaceCardViewDelegate, PlaceCardScreenState> {
    .view(WebCardView(outbox: outbox))
  }

  func makeSearchView() -> ViewOrState<any SearchViewDelegate, SearchScreenState> {
    .view(WebSearchView(outbox: outbox))
  }
}
