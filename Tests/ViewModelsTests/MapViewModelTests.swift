import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct MapViewModelTests {
  // MARK: - Attaching a view

  @Test func attachingViewShowsMarkersInCatalogOrder() {
    let viewModel = MapViewModel(model: .fixture())
    let view = MapViewSpy()

    viewModel.view = view

    #expect(view.commands == [.showMarkers(of: Place.europe)])
  }

  @Test func attachingViewAfterSelectionReplaysStateWithoutAnimation() throws {
    let model = PlacesModel.fixture(location: .uppsala)
    let viewModel = MapViewModel(model: model)
    try model.select(Place.rome.id)
    let view = MapViewSpy()

    viewModel.view = view

    #expect(
      view.commands == [
        .showMarkers(of: Place.europe),
        .showUserLocation(.uppsala),
        .selectMarker(Place.rome.id),
        .moveCamera(to: Place.rome.coordinate, animated: false),
        .showCard(.rome),
      ])
  }

  @Test func viewModelCreatedAfterSelectionStartsFromModelState() throws {
    let model = PlacesModel.fixture()
    try model.select(Place.paris.id)
    let viewModel = MapViewModel(model: model)
    let view = MapViewSpy()

    viewModel.view = view

    #expect(viewModel.selectedID == Place.paris.id)
    #expect(view.commands.last == .showCard(.paris))
  }

  @Test func attachingTheSameViewAgainReplaysAgain() {
    let viewModel = MapViewModel(model: .fixture())
    let view = MapViewSpy()

    viewModel.view = view
    viewModel.view = view

    #expect(view.commands == [.showMarkers(of: Place.europe), .showMarkers(of: Place.europe)])
  }

  // MARK: - Taps

  @Test func tapOnMarkerSelectsMovesCameraAndShowsCardOnce() throws {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model)
    let view = MapViewSpy()
    viewModel.view = view

    try viewModel.markerTapped(id: Place.stockholm.id)

    #expect(model.selectedItem == Place.stockholm.id)
    #expect(
      view.commands.dropFirst() == [
        .selectMarker(Place.stockholm.id),
        .moveCamera(to: Place.stockholm.coordinate, animated: true),
        .showCard(.stockholm),
      ])
  }

  @Test func tapOnSelectedMarkerIssuesNothing() throws {
    let viewModel = MapViewModel(model: .fixture())
    let view = MapViewSpy()
    viewModel.view = view
    try viewModel.markerTapped(id: Place.rome.id)
    let before = view.commands

    try viewModel.markerTapped(id: Place.rome.id)

    #expect(view.commands == before)
  }

  @Test func tapOnAnotherMarkerMovesSelection() throws {
    let viewModel = MapViewModel(model: .fixture())
    let view = MapViewSpy()
    viewModel.view = view
    try viewModel.markerTapped(id: Place.rome.id)

    try viewModel.markerTapped(id: Place.paris.id)

    #expect(
      view.commands.suffix(3) == [
        .selectMarker(Place.paris.id),
        .moveCamera(to: Place.paris.coordinate, animated: true),
        .showCard(.paris),
      ])
  }

  @Test func tapOnUnknownMarkerThrowsAndIssuesNothing() {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model)
    let view = MapViewSpy()
    viewModel.view = view

    #expect(throws: PlacesModelError.unknownPlace(99)) {
      try viewModel.markerTapped(id: 99)
    }
    #expect(model.selectedItem == nil)
    #expect(view.commands == [.showMarkers(of: Place.europe)])
  }

  @Test func tapOnMapDeselectsMarkerAndHidesCard() throws {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model)
    let view = MapViewSpy()
    viewModel.view = view
    try viewModel.markerTapped(id: Place.london.id)

    viewModel.mapTapped()

    #expect(model.selectedItem == nil)
    #expect(view.commands.suffix(2) == [.deselectMarker(Place.london.id), .hideCard])
  }

  @Test func tapOnMapWithNothingSelectedIssuesNothing() {
    let viewModel = MapViewModel(model: .fixture())
    let view = MapViewSpy()
    viewModel.view = view

    viewModel.mapTapped()

    #expect(view.commands == [.showMarkers(of: Place.europe)])
  }

  // MARK: - Model changes

  @Test func locationChangesShowAndHideUserLocation() {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model)
    let view = MapViewSpy()
    viewModel.view = view

    model.location = .uppsala
    model.location = .naples
    model.location = nil

    #expect(
      view.commands.dropFirst() == [
        .showUserLocation(.uppsala), .showUserLocation(.naples), .hideUserLocation,
      ])
    #expect(viewModel.userLocation == nil)
  }

  @Test func newCatalogShowsMarkersAndKeepsSelectedMarker() throws {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model)
    let view = MapViewSpy()
    viewModel.view = view
    try model.select(Place.paris.id)

    try model.replacePlaces([.paris, .zurich])

    #expect(
      view.commands.suffix(2) == [
        .showMarkers(of: [.paris, .zurich]), .selectMarker(Place.paris.id),
      ]
    )
  }

  @Test func newCatalogWithoutSelectedPlaceDeselectsFirst() throws {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model)
    let view = MapViewSpy()
    viewModel.view = view
    try model.select(Place.london.id)

    try model.replacePlaces([.zurich])

    #expect(
      view.commands.suffix(3) == [
        .deselectMarker(Place.london.id), .hideCard, .showMarkers(of: [.zurich]),
      ])
    #expect(viewModel.markers == [MapMarker(place: .zurich)])
  }

  @Test func changesWithoutViewAreShownWhenViewAttaches() throws {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model)
    try model.select(Place.london.id)
    model.deselect()
    try model.replacePlaces([.zurich, .rome])
    let view = MapViewSpy()

    viewModel.view = view

    #expect(view.commands == [.showMarkers(of: [.zurich, .rome])])
  }

  // MARK: - Lifetime

  @Test func viewIsHeldWeakly() {
    let viewModel = MapViewModel(model: .fixture())
    weak var weakView: MapViewSpy?
    do {
      let view = MapViewSpy()
      weakView = view
      viewModel.view = view
    }

    #expect(weakView == nil)
    #expect(viewModel.view == nil)
  }

  @Test func modelDoesNotKeepViewModelAlive() throws {
    let model = PlacesModel.fixture()
    weak var weakViewModel: MapViewModel?
    do {
      let viewModel = MapViewModel(model: model)
      weakViewModel = viewModel
    }

    try model.select(Place.rome.id)

    #expect(weakViewModel == nil)
    #expect(model.delegates.isEmpty)
  }
}
