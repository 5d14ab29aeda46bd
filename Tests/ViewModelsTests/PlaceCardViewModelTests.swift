import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct PlaceCardViewModelTests {
  @Test func attachingViewShowsDetails() {
    let viewModel = PlaceCardViewModel(place: .rome, model: .fixture())
    let view = PlaceCardViewSpy()

    viewModel.view = view

    #expect(view.commands == [.showDetails(.rome)])
  }

  @Test func closeDismissesView() {
    let viewModel = PlaceCardViewModel(place: .rome, model: .fixture())
    let view = PlaceCardViewSpy()
    viewModel.view = view

    viewModel.close()

    #expect(view.commands == [.showDetails(.rome), .dismiss])
  }

  @Test func tapOnCloseOnlyClearsSelection() throws {
    let model = PlacesModel.fixture()
    try model.select(Place.rome.id)
    let viewModel = PlaceCardViewModel(place: .rome, model: model)
    let view = PlaceCardViewSpy()
    viewModel.view = view

    viewModel.closeTapped()

    #expect(model.selectedItem == nil)
    #expect(view.commands == [.showDetails(.rome)])
  }

  @Test func viewIsHeldWeakly() {
    let viewModel = PlaceCardViewModel(place: .rome, model: .fixture())
    weak var weakView: PlaceCardViewSpy?
    do {
      let view = PlaceCardViewSpy()
      weakView = view
      viewModel.view = view
    }

    #expect(weakView == nil)
  }
}
