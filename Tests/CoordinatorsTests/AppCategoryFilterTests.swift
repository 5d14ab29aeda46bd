import Coordinators
import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct AppCategoryFilterTests {
  private static let places = [
    Place(id: 1, name: "Arlanda", coordinate: .fixture(59.65, 17.93), category: "airport"),
    Place(id: 2, name: "Arles", coordinate: .fixture(43.68, 4.63), category: "city"),
    Place(id: 3, name: "Aarhus", coordinate: .fixture(56.16, 10.2), category: "city"),
  ]

  @Test func aFilterReachesTheListAndSearchAndKeepsTheSelectedPlacesCard() throws {
    let factory = ViewFactorySpy()
    let coordinator = try AppCoordinator(places: Self.places, viewFactory: factory)
    coordinator.start()
    coordinator.searchViewModel.queryChanged("ar")
    try coordinator.model.select(1)
    let filter = CategoryFilter(showing: ["city"])

    coordinator.categoryFilter = filter

    #expect(coordinator.listViewModel.categoryFilter == filter)
    #expect(coordinator.searchViewModel.categoryFilter == filter)
    #expect(factory.listView?.shownRows.map(\.id) == [3, 2])
    #expect(factory.searchView?.matches.map(\.id) == [2])
    #expect(coordinator.model.selectedItem == 1)
    #expect(coordinator.children.count == 1)
  }
}
