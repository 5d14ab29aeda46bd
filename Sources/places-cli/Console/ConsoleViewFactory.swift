import Coordinators
import ViewModels

/// Makes views that print their commands into one buffer, in the order they are issued.
struct ConsoleViewFactory: ViewFactory {
  /// Where every view prints.
  let output: OutputBuffer

  func makeMapView() -> ViewOrState<any MapViewDelegate, MapScreenState> {
    .view(ConsoleMapView(output: output))
  }

  func makeListView() -> ViewOrState<any ListViewDelegate, ListScreenState> {
    .view(ConsoleListView(output: output))
  }

  func makeCardView() -> ViewOrState<any PlaceCardViewDelegate, PlaceCardScreenState> {
    .view(ConsoleCardView(output: output))
  }

  func makeSearchView() -> ViewOrState<any SearchViewDelegate, SearchScreenState> {
    .view(ConsoleSearchView())
  }
}
