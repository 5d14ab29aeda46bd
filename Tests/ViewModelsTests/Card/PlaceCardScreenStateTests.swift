import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct PlaceCardScreenStateTests {
  @Test func attachingShowsThePlaceAndDismissingClearsIt() {
    let viewModel = PlaceCardViewModel(place: .rome, model: .fixture())
    let state = PlaceCardScreenState()

    let shown = changedProperties(of: state, among: ["place": \.place]) {
      viewModel.attach(state)
    }
    #expect(shown == ["place"])
    #expect(state.place == .rome)
    #expect(state.isPresented)

    viewModel.dismiss()

    #expect(state.place == nil)
    #expect(!state.isPresented)
  }

  @Test func aStateAttachedLateShowsTheSamePlace() {
    let viewModel = PlaceCardViewModel(place: .paris, model: .fixture())
    let early = PlaceCardScreenState()
    viewModel.attach(early)
    let late = PlaceCardScreenState()

    viewModel.attach(late)

    #expect(late.place == early.place)
    #expect(late.place == .paris)
  }
}
