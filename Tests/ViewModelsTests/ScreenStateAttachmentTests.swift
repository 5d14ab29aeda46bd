import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// What attaching a screen state to a view model promises: the state is no view a caller could
/// command, it is held weakly, and it has one writer at a time.
struct ScreenStateAttachmentTests {
  @Test func noScreenStateIsAViewACallerCouldCommand() {
    #expect(!((MapScreenState() as AnyObject) is any MapViewDelegate))
    #expect(!((ListScreenState() as AnyObject) is any ListViewDelegate))
    #expect(!((PlaceCardScreenState() as AnyObject) is any PlaceCardViewDelegate))
    #expect(!((SearchScreenState() as AnyObject) is any SearchViewDelegate))
  }

  @Test func attachingToAnotherViewModelDetachesTheFirst() throws {
    let model = PlacesModel.fixture()
    let first = ListViewModel(model: model)
    let second = ListViewModel(model: model)
    let state = ListScreenState()
    first.attach(state)

    second.attach(state)
    try first.rowTapped(at: 0)  // London: both view models hear the selection

    // Neither hands out the state's writer, and the state follows the view model that has it.
    #expect(first.view == nil && second.view == nil)
    #expect(state.highlightedRow == 0)
    _ = state.takePendingScroll()
    try model.replacePlaces([.paris])
    #expect(state.rows.map(\.id) == [Place.paris.id])
  }

  @Test func theStateIsHeldWeaklyAndReleasingItDetachesIt() {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model)
    weak var weakState: MapScreenState?
    do {
      let state = MapScreenState()
      weakState = state
      viewModel.attach(state)
      #expect(state.camera == viewModel.camera)
    }

    model.location = .uppsala

    #expect(weakState == nil)
    #expect(viewModel.view == nil)
  }

  @Test func aViewSetAfterTheStateReplacesIt() throws {
    let model = PlacesModel.fixture()
    let viewModel = SearchViewModel(model: model)
    let state = SearchScreenState()
    viewModel.attach(state)
    viewModel.queryChanged("par")
    let view = SearchViewSpy()

    viewModel.view = view
    viewModel.queryChanged("rom")

    #expect(state.matches.map(\.id) == [Place.paris.id])
    #expect(view.commands == [.showMatches([Place.paris.id]), .showMatches([Place.rome.id])])
  }
}
