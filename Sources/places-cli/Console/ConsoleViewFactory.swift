import Coordinators
import ViewModels

/// Makes views that print their commands into one buffer, in the order they are issued.
struct ConsoleViewFactory: ViewFactory {
  /// Where every view prints.
  let output: OutputBuffer

  func makeMapView() -> any MapViewDelegate {
    ConsoleMapView(output: output)
  }

  func makeListView() -> any ListViewDelegate {
    ConsoleListView(output: output)
  }

  func makeCardView() -> any PlaceCardViewDelegate {
    ConsoleCardView(output: output)
  }

  func makeSearchView() -> any SearchViewDelegate {
    ConsoleSearchView()
  }
}
