import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct ModelListenerTests {
  @Test func viewModelsHearTheModelThroughListenersOfTheirOwn() {
    let model = PlacesModel.fixture()
    let viewModels: [AnyObject] = [
      MapViewModel(model: model), ListViewModel(model: model), SearchViewModel(model: model),
      PlaceCardViewModel(place: .rome, model: model),
    ]

    // None is a model delegate a caller could drive; each registered one listener.
    #expect(viewModels.allSatisfy { !($0 is any PlacesModelDelegate) })
    #expect(model.delegateCount == viewModels.count)
    withExtendedLifetime(viewModels) {}
  }

  @Test func releasedViewModelsLeaveNoListenerBehind() {
    let model = PlacesModel.fixture()
    do {
      let viewModels: [AnyObject] = [
        MapViewModel(model: model), ListViewModel(model: model), SearchViewModel(model: model),
      ]
      #expect(model.delegateCount == viewModels.count)
    }

    #expect(model.delegateCount == 0)
  }
}
