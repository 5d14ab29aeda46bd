import Coordinators
import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct AppCoordinatorTests {
  /// The views' start-up commands, the map looking at western Europe at zoom 5.
  private static let setUp: [CommandLog.Entry] = [
    .map(.moveCamera(to: .europe, animated: false)),
    .map(.showMarkers(of: Place.catalog)),
    .list(.reloadRows(Place.catalog.map(\.id), order: .name)),
    .search(.showMatches([])),
  ]

  /// The app for `places`, its map looking at western Europe at zoom 5, where each place has
  /// its own marker; not started.
  private static func makeApp(
    places: [Place] = Place.catalog, factory: ViewFactorySpy
  ) throws -> AppCoordinator {
    let coordinator = try AppCoordinator(places: places, viewFactory: factory)
    coordinator.mapViewModel.cameraChanged(to: .europe, viewSize: .square)
    return coordinator
  }

  // MARK: - Start

  @Test func startAttachesViewsAndBringsThemUpToDate() throws {
    let factory = ViewFactorySpy()
    let coordinator = try Self.makeApp(factory: factory)

    coordinator.start()

    #expect(factory.log.entries == Self.setUp)
    #expect(coordinator.children.isEmpty)
  }

  @Test func startTwiceDoesNothingMore() throws {
    let factory = ViewFactorySpy()
    let coordinator = try Self.makeApp(factory: factory)

    coordinator.start()
    coordinator.start()

    #expect(factory.log.entries == Self.setUp)
  }

  @Test func startWithSelectionShowsCardAtOnce() throws {
    let model = try PlacesModel(places: Place.catalog)
    try model.select(Place.paris.id)
    let factory = ViewFactorySpy()
    let coordinator = AppCoordinator(model: model, viewFactory: factory)
    coordinator.mapViewModel.cameraChanged(to: .europe, viewSize: .square)

    coordinator.start()

    #expect(
      factory.log.entries == [
        .map(.moveCamera(to: .europe, animated: false)),
        .map(.showMarkers(of: Place.catalog)),
        .map(.selectMarker(Place.paris.id)),
        .list(.reloadRows(Place.catalog.map(\.id), order: .name)),
        .list(.highlightRow(1)),
        .list(.scrollToRow(1, animated: false)),
        .search(.showMatches([])),
        .card(.showDetails(.paris)),
      ])
    #expect(coordinator.children.count == 1)
  }

  @Test func theCoordinatorBuildsTheSearchScreenAndAMatchChosenReachesEveryScreen() throws {
    let factory = ViewFactorySpy()
    let coordinator = try Self.makeApp(factory: factory)
    coordinator.start()

    coordinator.searchViewModel.queryChanged("par")
    try coordinator.searchViewModel.matchChosen(at: 0)

    #expect(factory.searchView != nil)
    #expect(
      factory.log.entries.dropFirst(Self.setUp.count) == [
        .search(.showMatches([Place.paris.id])),
        .map(.moveCamera(to: MapCamera.europe.centred(on: Place.paris.coordinate), animated: true)),
        .map(.selectMarker(Place.paris.id)),
        .list(.highlightRow(1)),
        .list(.scrollToRow(1, animated: true)),
        .search(.highlightMatch(0)),
        .card(.showDetails(.paris)),
      ])
  }

  @Test func duplicateIdentifiersAreRefused() {
    #expect(throws: PlacesModelError.duplicateID(1, firstIndex: 0, secondIndex: 1)) {
      try AppCoordinator(places: [.london, .london], viewFactory: ViewFactorySpy())
    }
  }

  // MARK: - Navigation

  @Test func selectionShowsCardAfterMapAndList() throws {
    let factory = ViewFactorySpy()
    let coordinator = try Self.makeApp(factory: factory)
    coordinator.start()

    try coordinator.mapViewModel.markerTapped(id: Place.stockholm.id)

    #expect(
      factory.log.entries.dropFirst(Self.setUp.count) == [
        .map(
          .moveCamera(to: MapCamera.europe.centred(on: Place.stockholm.coordinate), animated: true)),
        .map(.selectMarker(Place.stockholm.id)),
        .list(.highlightRow(2)),
        .list(.scrollToRow(2, animated: true)),
        .card(.showDetails(.stockholm)),
      ])
    let card = try #require(coordinator.children.first as? PlaceCardCoordinator)
    #expect(card.place == .stockholm)
  }

  @Test func deselectionDismissesCard() throws {
    let factory = ViewFactorySpy()
    let coordinator = try Self.makeApp(factory: factory)
    coordinator.start()
    try coordinator.listViewModel.rowTapped(at: 0)
    let beforeDeselection = factory.log.entries.count

    coordinator.mapViewModel.mapTapped()

    #expect(
      factory.log.entries.dropFirst(beforeDeselection) == [
        .map(.deselectMarker(Place.london.id)),
        .list(.clearHighlight),
        .card(.dismiss),
      ])
    #expect(coordinator.children.isEmpty)
    #expect(factory.cardViews.count == 1)
    #expect(factory.cardViews.allSatisfy { $0.object == nil })
  }

  @Test func newSelectionReplacesCard() throws {
    let factory = ViewFactorySpy()
    let coordinator = try Self.makeApp(factory: factory)
    coordinator.start()
    try coordinator.mapViewModel.markerTapped(id: Place.london.id)
    let beforeSecondTap = factory.log.entries.count

    try coordinator.mapViewModel.markerTapped(id: Place.paris.id)

    #expect(
      factory.log.entries.dropFirst(beforeSecondTap) == [
        .map(.moveCamera(to: MapCamera.europe.centred(on: Place.paris.coordinate), animated: true)),
        .map(.selectMarker(Place.paris.id)),
        .list(.highlightRow(1)),
        .list(.scrollToRow(1, animated: true)),
        .card(.dismiss),
        .card(.showDetails(.paris)),
      ])
    #expect(factory.cardViews.map { $0.object == nil } == [true, false])
  }

  @Test func closingTheCardDeselectsAndEveryScreenAgrees() throws {
    let factory = ViewFactorySpy()
    let coordinator = try Self.makeApp(factory: factory)
    coordinator.start()
    coordinator.searchViewModel.queryChanged("par")
    try coordinator.mapViewModel.markerTapped(id: Place.paris.id)
    let card = try #require(coordinator.children.first as? PlaceCardCoordinator)
    let beforeClose = factory.log.entries.count

    card.viewModel?.closeTapped()

    #expect(
      factory.log.entries.dropFirst(beforeClose) == [
        .map(.deselectMarker(Place.paris.id)),
        .list(.clearHighlight),
        .search(.clearHighlight),
        .card(.dismiss),
      ])
    #expect(coordinator.model.selectedItem == nil)
    #expect(coordinator.mapViewModel.selectedItem == nil)
    #expect(coordinator.listViewModel.selectedItem == nil)
    #expect(coordinator.searchViewModel.selectedItem == nil)
    #expect(coordinator.children.isEmpty)
    #expect(factory.cardViews.allSatisfy { $0.object == nil })
  }

  @Test func renamingTheSelectedPlaceShowsTheNewNameOnEveryScreenAndKeepsTheCard() throws {
    let factory = ViewFactorySpy()
    let coordinator = try Self.makeApp(factory: factory)
    coordinator.start()
    try coordinator.mapViewModel.markerTapped(id: Place.paris.id)
    let card = try #require(coordinator.children.first as? PlaceCardCoordinator)
    let beforeRename = factory.log.entries.count
    let lutetia = Place.paris.renamed("Lutetia")

    try coordinator.model.replacePlaces([.london, lutetia, .stockholm])

    #expect(
      factory.log.entries.dropFirst(beforeRename) == [
        .map(
          .updateMarkers(removing: [.place(Place.paris.id)], adding: [MapMarker(place: lutetia)])),
        .map(.selectMarker(Place.paris.id)),
        .list(.updateRows(ListRowChanges(removed: [], inserted: [], reloaded: [1]), order: .name)),
        .list(.highlightRow(1)),
        .card(.showDetails(lutetia)),
      ])
    #expect(coordinator.children.first === card)
    #expect(card.place == lutetia)
    #expect(factory.cardViews.count == 1)
  }

  @Test func theCoordinatorIsNotAModelDelegateACallerCouldDrive() throws {
    let coordinator = try Self.makeApp(factory: ViewFactorySpy())
    coordinator.start()

    #expect(!((coordinator as AnyObject) is any PlacesModelDelegate))
    // The map's, the list's and the search's view models, and the coordinator's own listener.
    #expect(coordinator.model.delegateCount == 4)
  }

  @Test func graphsBuiltSideBySideAreIndependent() throws {
    let firstFactory = ViewFactorySpy()
    let secondFactory = ViewFactorySpy()
    let first = try Self.makeApp(factory: firstFactory)
    let second = try Self.makeApp(factory: secondFactory)
    first.start()
    second.start()

    try first.mapViewModel.markerTapped(id: Place.paris.id)

    #expect(second.model.selectedItem == nil)
    #expect(secondFactory.log.entries == Self.setUp)
  }

  // MARK: - Lifetime

  @Test func releasingCoordinatorReleasesModelViewModelsAndViews() throws {
    let factory = ViewFactorySpy()
    weak var weakModel: PlacesModel?
    weak var weakMapViewModel: MapViewModel?
    weak var weakListViewModel: ListViewModel?
    weak var weakCard: PlaceCardCoordinator?
    weak var weakCardViewModel: PlaceCardViewModel?
    do {
      let coordinator = try Self.makeApp(factory: factory)
      coordinator.start()
      try coordinator.mapViewModel.markerTapped(id: Place.london.id)
      weakModel = coordinator.model
      weakMapViewModel = coordinator.mapViewModel
      weakListViewModel = coordinator.listViewModel
      weakCard = coordinator.children.first as? PlaceCardCoordinator
      weakCardViewModel = weakCard?.viewModel
      #expect(weakCardViewModel != nil)
      #expect(factory.mapView != nil)
      #expect(factory.listView != nil)
      #expect(factory.searchView != nil)
      #expect(factory.cardViews.first?.object != nil)
    }

    #expect(weakModel == nil)
    #expect(weakMapViewModel == nil)
    #expect(weakListViewModel == nil)
    #expect(weakCard == nil)
    #expect(weakCardViewModel == nil)
    #expect(factory.mapView == nil)
    #expect(factory.listView == nil)
    #expect(factory.searchView == nil)
    #expect(factory.cardViews.first?.object == nil)
  }
}
