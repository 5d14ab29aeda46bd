import Coordinators
import PlacesModel
import Testing

/// The main-actor embedding example (``PlacesApp``), compiled in Swift 6 mode with warnings as
/// errors in CI, and run.
@MainActor
struct MainActorAppTests {
  @Test(.timeLimit(.minutes(10)))
  func anAppOnTheMainActorDrivesItsScreensAndReadsTheChangesFromTasks() async throws {
    let places = [
      Place(id: 1, name: "London", coordinate: try Coordinate(latitude: 51.5, longitude: -0.13)),
      Place(id: 42, name: "Stockholm", coordinate: try Coordinate(latitude: 59.3, longitude: 18.1)),
    ]
    var app: PlacesApp? = try PlacesApp(places: places)
    let screens = try #require(app?.screens)
    let history = try #require(app?.history)
    let historyReader = try #require(app?.historyReader)
    let logWriter = try #require(app?.logWriter)

    app?.coordinator.searchViewModel.queryChanged("sto")
    try app?.coordinator.mapViewModel.markerTapped(id: 42)
    #expect(screens.map.selectedItem == 42)
    #expect(screens.search.highlightedMatch == 0)
    #expect(screens.map.pendingCameraMove?.isAnimated == true)
    #expect(screens.list.highlightedListRow?.name == "Stockholm")
    do {
      // Scoped: the card's coordinator holds the model, and would keep the streams open.
      let card = try #require(app?.coordinator.children.first as? PlaceCardCoordinator)
      card.viewModel?.closeTapped()
    }
    app = nil  // Releases the model, which ends both streams.
    await historyReader.joined()
    let log = await logWriter.joined()

    #expect(screens.cards.map(\.shownNames) == [["Stockholm"]])
    #expect(screens.cards.map(\.dismissals) == [1])
    // Closing the card was a deselection: every screen agrees.
    #expect(screens.map.selectedItem == nil)
    #expect(screens.list.highlightedRow == nil)
    #expect(screens.search.highlightedMatch == nil)
    #expect(history.selections == [42, nil])
    #expect(
      log == [
        "places count=2", "location unknown", "selection none", "selection 42", "selection none",
      ])
  }
}
