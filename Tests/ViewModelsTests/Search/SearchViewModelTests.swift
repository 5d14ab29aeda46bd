import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct SearchViewModelTests {
  /// London, Paris, Rome, Stockholm and Zürich.
  private static let places: [Place] = Place.europe + [.zurich]

  private static func makeSearch(location: Coordinate? = nil)
    -> (PlacesModel, SearchViewModel, SearchViewSpy)
  {
    let model = PlacesModel.fixture(places, location: location)
    let viewModel = SearchViewModel(model: model)
    let view = SearchViewSpy()
    viewModel.view = view
    return (model, viewModel, view)
  }

  @Test func typingShowsTheMatchesOfEachQuery() {
    let (_, viewModel, view) = Self.makeSearch()

    for query in ["r", "ro", "z", "zur", "zürich", ""] {
      viewModel.queryChanged(query)
    }

    #expect(
      view.commands == [
        .showMatches([]),
        .showMatches([Place.rome.id]),
        .showMatches([Place.rome.id]),
        .showMatches([Place.zurich.id]),
        .showMatches([Place.zurich.id]),
        .showMatches([Place.zurich.id]),
        .showMatches([]),
      ])
    #expect(viewModel.matches.isEmpty)
  }

  @Test func choosingAMatchSelectsItsPlaceAndEveryViewReactsOnce() throws {
    let model = PlacesModel.fixture(Self.places)
    let mapViewModel = MapViewModel(model: model)
    let listViewModel = ListViewModel(model: model)
    let searchViewModel = SearchViewModel(model: model)
    let log = CommandLog()
    let mapView = MapViewSpy(log: log)
    let listView = ListViewSpy(log: log)
    let searchView = SearchViewSpy()
    mapViewModel.view = mapView
    listViewModel.view = listView
    searchViewModel.view = searchView
    searchViewModel.queryChanged("sto")
    let setUp = log.entries.count

    try searchViewModel.matchChosen(at: 0)

    #expect(model.selectedItem == Place.stockholm.id)
    let reaction = Array(log.entries[setUp...])
    let mapCommands = reaction.prefix { if case .map = $0 { true } else { false } }
    #expect(mapCommands.first == .map(.moveCamera(to: mapViewModel.camera, animated: true)))
    #expect(mapCommands.last == .map(.selectMarker(Place.stockholm.id)))
    #expect(mapViewModel.camera.centre == Place.stockholm.coordinate)
    #expect(
      reaction.dropFirst(mapCommands.count) == [
        .list(.highlightRow(3)),
        .list(.scrollToRow(3, animated: true)),
      ])
    #expect(
      searchView.commands == [
        .showMatches([]), .showMatches([Place.stockholm.id]), .highlightMatch(0),
      ])
  }

  @Test func choosingAMatchThatDoesNotExistChangesNothing() {
    let (model, viewModel, view) = Self.makeSearch()
    viewModel.queryChanged("paris")

    #expect(throws: ViewModelError.matchOutOfRange(1, matchCount: 1)) {
      try viewModel.matchChosen(at: 1)
    }
    #expect(throws: ViewModelError.matchOutOfRange(-1, matchCount: 1)) {
      try viewModel.matchChosen(at: -1)
    }
    #expect(model.selectedItem == nil)
    #expect(view.commands == [.showMatches([]), .showMatches([Place.paris.id])])
  }

  @Test func aNewCatalogRunsTheQueryAgain() throws {
    let (model, viewModel, _) = Self.makeSearch()
    viewModel.queryChanged("paris")
    let shown = viewModel.matches

    try model.replacePlaces([.london])

    #expect(viewModel.matches.isEmpty, "the search runs again in the new catalog")
    #expect(shown.map(\.id) == [Place.paris.id])
    #expect(throws: ViewModelError.matchOutOfRange(0, matchCount: 0)) {
      try viewModel.matchChosen(at: 0)
    }
  }

  @Test func selectionElsewhereHighlightsOrClearsTheMatch() throws {
    let (model, viewModel, view) = Self.makeSearch()
    viewModel.queryChanged("r")  // Rome

    try model.select(Place.rome.id)
    try model.select(Place.paris.id)
    try model.select(Place.paris.id)
    model.deselect()
    viewModel.queryChanged("paris")
    try model.select(Place.paris.id)
    viewModel.queryChanged("pa")

    #expect(
      view.commands == [
        .showMatches([]),
        .showMatches([Place.rome.id]),
        .highlightMatch(0),
        .clearHighlight,
        .showMatches([Place.paris.id]),
        .highlightMatch(0),
        .showMatches([Place.paris.id]),
        .highlightMatch(0),
      ])
  }

  @Test func choosingAMatchWhosePlaceLeftTheCatalogPassesOnTheModelsRefusal() throws {
    let model = PlacesModel.fixture(Self.places)
    let reaction = ModelReaction()
    model.addDelegate(reaction, replayingState: false)  // hears a new catalog before the search
    let viewModel = SearchViewModel(model: model)
    let view = SearchViewSpy()
    viewModel.view = view
    viewModel.queryChanged("rom")
    var refusals: [ViewModelError] = []
    reaction.onPlaces = { _ in
      do throws(ViewModelError) {
        try viewModel.matchChosen(at: 0)  // Rome, still shown: the search has not heard yet
      } catch {
        refusals.append(error)
      }
    }

    try model.replacePlaces([.london, .paris])

    #expect(refusals == [.modelRefused(.unknownPlace(Place.rome.id))])
    #expect(model.selectedItem == nil)
    #expect(view.commands == [.showMatches([]), .showMatches([Place.rome.id]), .showMatches([])])
    #expect(
      "\(ViewModelError.modelRefused(.unknownPlace(Place.rome.id)))" == "no place has id 3",
      "the model's message, unchanged")
  }

  @Test func aLocationReranksTheMatchesNearestFirst() {
    let springfields: [Place] = [.springfieldIllinois, .springfieldMissouri]
    let model = PlacesModel.fixture(springfields)
    let viewModel = SearchViewModel(model: model)
    let view = SearchViewSpy()
    viewModel.view = view
    viewModel.queryChanged("springfield")

    model.location = .fixture(37.0, -93.0)  // near Springfield, Missouri
    model.location = .fixture(40.0, -89.0)  // near Springfield, Illinois
    viewModel.queryChanged("")
    model.location = .fixture(37.0, -93.0)  // nothing shown: no command

    #expect(
      view.commands == [
        .showMatches([]),
        .showMatches([Place.springfieldMissouri.id, Place.springfieldIllinois.id]),
        .showMatches([Place.springfieldMissouri.id, Place.springfieldIllinois.id]),
        .showMatches([Place.springfieldIllinois.id, Place.springfieldMissouri.id]),
        .showMatches([]),
      ])
    #expect(view.matches.isEmpty)
  }

  @Test func aRedirectedSelectionReachesTheSearchAfterTheFirst() throws {
    let model = PlacesModel.fixture(Self.places)
    let redirector = SelectionRedirector(model: model, from: Place.london.id, to: Place.rome.id)
    model.addDelegate(redirector)
    let viewModel = SearchViewModel(model: model)
    let view = SearchViewSpy()
    viewModel.view = view
    let mapViewModel = MapViewModel(model: model)
    let mapView = MapViewSpy()
    mapViewModel.view = mapView
    viewModel.queryChanged("lo")  // London only
    let setUp = view.commands.count
    let mapSetUp = mapView.commands.count

    try viewModel.matchChosen(at: 0)

    #expect(Array(view.commands[setUp...]) == [.highlightMatch(0), .clearHighlight])
    #expect(
      Array(mapView.commands[mapSetUp...]).filter {
        if case .selectMarker = $0 { true } else { false }
      } == [.selectMarker(Place.london.id), .selectMarker(Place.rome.id)])
    #expect(viewModel.selectedItem == Place.rome.id)
  }

  @Test func choosingFromInsideACommandIsDeliveredAfterTheCurrentSelection() throws {
    let (model, viewModel, view) = Self.makeSearch()
    viewModel.queryChanged("r")  // Rome
    var chosenFromInside = false
    view.onCommand = { command in
      guard command == .highlightMatch(0), !chosenFromInside else { return }
      chosenFromInside = true
      viewModel.queryChanged("lon")
      try? viewModel.matchChosen(at: 0)  // London, queued behind Rome's broadcast
    }

    try viewModel.matchChosen(at: 0)

    #expect(model.selectedItem == Place.london.id)
    #expect(
      view.commands == [
        .showMatches([]),
        .showMatches([Place.rome.id]),
        .highlightMatch(0),
        .showMatches([Place.london.id]),
        .highlightMatch(0),
      ])
  }

  @Test func aViewAttachedLateIsBroughtUpToDate() throws {
    let (model, viewModel, _) = Self.makeSearch()
    viewModel.queryChanged("p")
    try model.select(Place.paris.id)
    let lateView = SearchViewSpy()

    viewModel.view = lateView

    #expect(lateView.commands == [.showMatches([Place.paris.id]), .highlightMatch(0)])
  }

  @Test func theViewIsHeldWeakly() {
    let model = PlacesModel.fixture(Self.places)
    let viewModel = SearchViewModel(model: model)
    weak var weakView: SearchViewSpy?
    do {
      let view = SearchViewSpy()
      weakView = view
      viewModel.view = view
    }

    viewModel.queryChanged("rome")

    #expect(weakView == nil)
    #expect(viewModel.matches.map(\.id) == [Place.rome.id])
  }

  @Test func theViewModelDoesNotOutliveItsOwner() {
    let model = PlacesModel.fixture(Self.places)
    weak var weakViewModel: SearchViewModel?
    do {
      let viewModel = SearchViewModel(model: model)
      weakViewModel = viewModel
      viewModel.queryChanged("rome")
    }

    #expect(weakViewModel == nil)
    #expect(throws: Never.self) { try model.select(Place.rome.id) }
  }

  @Test func theLimitIsPartOfTheQueryAndHoldsWhenTheMatchesAreReranked() {
    let nearMissouri = Coordinate.fixture(37.0, -93.0)
    let nearIllinois = Coordinate.fixture(40.0, -89.0)
    let model = PlacesModel.fixture(
      [.springfieldIllinois, .springfieldMissouri], location: nearMissouri)
    let viewModel = SearchViewModel(model: model)
    let view = SearchViewSpy()
    viewModel.view = view

    viewModel.queryChanged("springfield", limit: 1)
    model.location = nearIllinois
    viewModel.queryChanged("springfield")
    viewModel.queryChanged("springfield", limit: 0)

    #expect(
      view.commands == [
        .showMatches([]),
        .showMatches([Place.springfieldMissouri.id]),
        .showMatches([Place.springfieldIllinois.id]),
        .showMatches([Place.springfieldIllinois.id, Place.springfieldMissouri.id]),
        .showMatches([]),
      ])
  }
}
