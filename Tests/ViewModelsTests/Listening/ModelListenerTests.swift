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

  @Test func handsTheReplayThenEachBroadcastToItsReactionInOrder() throws {
    let model = PlacesModel.fixture()
    var heard: [PlacesModelChange] = []
    let listener = ModelListener(model: model) { heard.append($0) }
    let replayed = model.places

    try model.select(Place.rome.id)
    try model.remove(placeWithID: Place.rome.id)

    #expect(
      heard == [
        .places(replayed, changes: nil), .location(nil), .selection(nil),
        .selection(Place.rome.id), .selection(nil),
        .places(model.places, changes: PlaceCatalogChanges(removed: [Place.rome.id])),
      ])
    withExtendedLifetime(listener) {}
  }

  @Test func listensWithoutReplayWhenToldAndStopsWhenReleased() {
    let model = PlacesModel.fixture()
    var heard: [PlacesModelChange] = []
    var listener: ModelListener? = ModelListener(model: model, replayingState: false) {
      heard.append($0)
    }
    model.location = .uppsala
    withExtendedLifetime(listener) {}
    listener = nil
    model.location = .naples

    #expect(heard == [.location(.uppsala)])
    #expect(model.delegateCount == 0)
  }
}
