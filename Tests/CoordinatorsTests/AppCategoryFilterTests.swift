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

    #expect(coordinator.mapViewModel.categoryFilter == filter)
    // The selected airport keeps its marker, as the map promises, beside the two cities.
    #expect(coordinator.mapViewModel.markers.reduce(0) { $0 + $1.count } == 3)
    #expect(coordinator.listViewModel.categoryFilter == filter)
    #expect(coordinator.searchViewModel.categoryFilter == filter)
    #expect(factory.listView?.shownRows.map(\.id) == [3, 2])
    #expect(factory.searchView?.matches.map(\.id) == [2])
    #expect(coordinator.model.selectedItem == 1)
    #expect(coordinator.children.count == 1)
    coordinator.model.deselect()
    #expect(coordinator.mapViewModel.markers.reduce(0) { $0 + $1.count } == 2)
  }
}
