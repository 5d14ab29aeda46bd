import Coordinators
import PlacesModel
import Testing
import ViewModelTestSupport

struct PlaceCardCoordinatorTests {
  @Test func startShowsDetailsOnce() throws {
    let factory = ViewFactorySpy()
    let coordinator = PlaceCardCoordinator(
      place: .paris, model: try PlacesModel(places: Place.catalog), viewFactory: factory)

    coordinator.start()
    coordinator.start()

    #expect(factory.log.entries == [.card(.showDetails(.paris))])
    #expect(coordinator.children.isEmpty)
  }

  @Test func finishDismissesAndReleasesCard() throws {
    let factory = ViewFactorySpy()
    let coordinator = PlaceCardCoordinator(
      place: .paris, model: try PlacesModel(places: Place.catalog), viewFactory: factory)
    coordinator.start()

    coordinator.finish()

    #expect(factory.log.entries == [.card(.showDetails(.paris)), .card(.dismiss)])
    #expect(coordinator.viewModel == nil)
    #expect(factory.cardViews.first?.object == nil)
  }
}
