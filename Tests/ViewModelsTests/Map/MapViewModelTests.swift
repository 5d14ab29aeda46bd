import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct MapViewModelTests {
  /// A view model over `model` looking at western Europe at zoom 5, where each fixture place
  /// has its own marker.
  private static func europeViewModel(_ model: PlacesModel) -> MapViewModel {
    MapViewModel(model: model, camera: .europe, viewSize: .square)
  }

  // MARK: - Attaching a view

  @Test func attachingViewShowsCameraAndMarkersOfItsRegion() {
    let viewModel = Self.europeViewModel(.fixture())
    let view = MapViewSpy()

    viewModel.view = view

    #expect(
      view.commands == [
        .moveCamera(to: .europe, animated: false), .showMarkers(of: Place.europe),
      ])
  }

  @Test func attachingViewAfterSelectionReplaysStateWithoutAnimation() throws {
    let model = PlacesModel.fixture(location: .uppsala)
    let viewModel = Self.europeViewModel(model)
    try model.select(Place.rome.id)
    let view = MapViewSpy()

    viewModel.view = view

    #expect(
      view.commands == [
        .moveCamera(to: MapCamera.europe.centred(on: Place.rome.coordinate), animated: false),
        // Stockholm is too far north of Rome for the square view.
        .showMarkers(of: [.london, .paris, .rome]),
        .showUserLocation(.uppsala),
        .selectMarker(Place.rome.id),
      ])
  }

  @Test func viewModelCreatedAfterSelectionStartsCentredOnIt() throws {
    let model = PlacesModel.fixture()
    try model.select(Place.paris.id)
    let viewModel = Self.europeViewModel(model)
    let view = MapViewSpy()

    viewModel.view = view

    #expect(viewModel.selectedItem == Place.paris.id)
    #expect(viewModel.camera.centre == Place.paris.coordinate)
    #expect(view.commands.last == .selectMarker(Place.paris.id))
  }

  @Test func attachingTheSameViewAgainReplaysAgain() {
    let viewModel = Self.europeViewModel(.fixture())
    let view = MapViewSpy()

    viewModel.view = view
    viewModel.view = view

    let replay: [MapViewSpy.Command] = [
      .moveCamera(to: .europe, animated: false), .showMarkers(of: Place.europe),
    ]
    #expect(view.commands == replay + replay)
  }

  @Test func defaultCameraShowsTheWholeWorldInOneTile() {
    let viewModel = MapViewModel(model: .fixture())

    #expect(viewModel.camera == .world)
    #expect(viewModel.viewport.size == .tile)
    #expect(viewModel.markers.map(\.count).reduce(0, +) == Place.europe.count)
  }

  // MARK: - Camera

  @Test func cameraMoveSendsOnlyTheMarkersThatChanged() {
    let viewModel = Self.europeViewModel(.fixture())
    let view = MapViewSpy()
    viewModel.view = view
    let overLondon = MapCamera.fixture(Place.london.coordinate, zoom: 9)

    viewModel.cameraChanged(to: overLondon, viewSize: .square)
    viewModel.cameraChanged(to: .europe, viewSize: .square)

    let others: [Place] = [.stockholm, .rome, .paris]
    #expect(
      view.commands.dropFirst(2) == [
        .updateMarkers(removing: Set(others.map { .place($0.id) }), adding: []),
        .updateMarkers(removing: [], adding: Set(others.map(MapMarker.init(place:)))),
      ])
    #expect(viewModel.camera == .europe)
  }

  @Test func cameraReportedAgainSendsNothing() {
    let viewModel = Self.europeViewModel(.fixture())
    let view = MapViewSpy()
    viewModel.view = view

    viewModel.cameraChanged(to: .europe, viewSize: .square)

    #expect(view.commands.count == 2)
  }

  @Test func resizingTheViewShowsTheMarkersOfTheNewRegion() {
    let viewModel = Self.europeViewModel(.fixture())
    let view = MapViewSpy()
    viewModel.view = view

    viewModel.cameraChanged(to: .europe, viewSize: .fixture(100, 100))

    #expect(viewModel.markers.isEmpty)
    #expect(view.shownMarkers.isEmpty)
    #expect(viewModel.visibleRegion.contains(MapCamera.europe.centre))
  }

  @Test func clusterTapFliesToTheCameraThatSplitsIt() throws {
    let viewModel = MapViewModel(model: .fixture(), camera: .world, viewSize: .phone)
    let view = MapViewSpy()
    viewModel.view = view
    let cluster = try #require(viewModel.markers.first { $0.isCluster })
    guard case .cluster(let id) = cluster.id else { return }
    let members = Set(try #require(viewModel.placeIDs(inMarkerWithID: cluster.id)))
    let summary = try #require(viewModel.cluster(withID: id))
    let splitting = MapCamera.fixture(cluster.coordinate, zoom: summary.splitZoom)

    try viewModel.clusterTapped(id: id)

    #expect(view.commands[2] == .moveCamera(to: splitting, animated: true))
    guard case .updateMarkers = view.commands.last else {
      Issue.record("expected the markers of the new region, got \(view.commands)")
      return
    }
    #expect(viewModel.camera == splitting)
    let holders = viewModel.markers.filter { marker in
      !members.isDisjoint(with: viewModel.placeIDs(inMarkerWithID: marker.id) ?? [])
    }
    #expect(holders.count >= 2)
    #expect(
      view.shownMarkers == Dictionary(uniqueKeysWithValues: viewModel.markers.map { ($0.id, $0) }))
  }

  @Test func tapOnUnknownClusterThrowsAndIssuesNothing() {
    let viewModel = Self.europeViewModel(.fixture())
    let view = MapViewSpy()
    viewModel.view = view
    let unknown = MapClusterID(level: 9, representative: 12_345)

    #expect(throws: ViewModelError.unknownCluster(unknown)) {
      try viewModel.clusterTapped(id: unknown)
    }
    #expect(view.commands.count == 2)
  }

  // MARK: - Taps

  @Test func tapOnMarkerCentresCameraAndSelectsOnce() throws {
    let model = PlacesModel.fixture()
    let viewModel = Self.europeViewModel(model)
    let view = MapViewSpy()
    viewModel.view = view

    try viewModel.markerTapped(id: Place.stockholm.id)

    #expect(model.selectedItem == Place.stockholm.id)
    #expect(
      view.commands.dropFirst(2) == [
        .moveCamera(to: MapCamera.europe.centred(on: Place.stockholm.coordinate), animated: true),
        // Rome is too far south of Stockholm for the square view.
        .updateMarkers(removing: [.place(Place.rome.id)], adding: []),
        .selectMarker(Place.stockholm.id),
      ])
  }

  @Test func tapOnSelectedMarkerIssuesNothing() throws {
    let viewModel = Self.europeViewModel(.fixture())
    let view = MapViewSpy()
    viewModel.view = view
    try viewModel.markerTapped(id: Place.rome.id)
    let before = view.commands

    try viewModel.markerTapped(id: Place.rome.id)

    #expect(view.commands == before)
  }

  @Test func tapOnUnknownMarkerThrowsAndIssuesNothing() {
    let model = PlacesModel.fixture()
    let viewModel = Self.europeViewModel(model)
    let view = MapViewSpy()
    viewModel.view = view

    #expect(throws: PlacesModelError.unknownPlace(99)) {
      try viewModel.markerTapped(id: 99)
    }
    #expect(model.selectedItem == nil)
    #expect(view.commands.count == 2)
  }

  @Test func tapOnMapDeselectsMarker() throws {
    let model = PlacesModel.fixture()
    let viewModel = Self.europeViewModel(model)
    let view = MapViewSpy()
    viewModel.view = view
    try viewModel.markerTapped(id: Place.london.id)

    viewModel.mapTapped()

    #expect(model.selectedItem == nil)
    #expect(view.commands.last == .deselectMarker(Place.london.id))
    #expect(view.selectedMarker == nil)
  }

  @Test func tapOnMapWithNothingSelectedIssuesNothing() {
    let viewModel = Self.europeViewModel(.fixture())
    let view = MapViewSpy()
    viewModel.view = view

    viewModel.mapTapped()

    #expect(view.commands.count == 2)
  }

  @Test func selectedPlaceLeavesItsClusterAndRejoinsItOnDeselection() throws {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model)
    let view = MapViewSpy()
    viewModel.view = view
    #expect(view.shownMarkers.values.map(\.count) == [4])

    try model.select(Place.paris.id)

    #expect(view.shownMarkers[.place(Place.paris.id)] == MapMarker(place: .paris))
    #expect(view.shownMarkers.values.filter(\.isCluster).map(\.count) == [3])
    #expect(view.commands.last == .selectMarker(Place.paris.id))
    #expect(view.selectedMarker == Place.paris.id)

    model.deselect()

    #expect(view.shownMarkers.values.map(\.count) == [4])
    #expect(view.commands.suffix(2).first == .deselectMarker(Place.paris.id))
  }

  // MARK: - Model changes

  @Test func locationChangesShowAndHideUserLocation() {
    let model = PlacesModel.fixture()
    let viewModel = Self.europeViewModel(model)
    let view = MapViewSpy()
    viewModel.view = view

    model.location = .uppsala
    model.location = .naples
    model.location = nil

    #expect(
      view.commands.dropFirst(2) == [
        .showUserLocation(.uppsala), .showUserLocation(.naples), .hideUserLocation,
      ])
    #expect(viewModel.location == nil)
  }

  @Test func newCatalogSendsTheDifferenceAndKeepsTheSelectedMarker() throws {
    let model = PlacesModel.fixture()
    let viewModel = Self.europeViewModel(model)
    let view = MapViewSpy()
    viewModel.view = view
    try model.select(Place.paris.id)

    try model.replacePlaces([.paris, .zurich])

    let gone: [Place] = [.stockholm, .rome, .london]
    #expect(
      view.commands.last
        == .updateMarkers(
          removing: Set(gone.map { .place($0.id) }), adding: [MapMarker(place: .zurich)]))
    #expect(view.selectedMarker == Place.paris.id)
  }

  @Test func aRenamedPlaceGetsItsMarkerAgainWithTheNewTitleAndStaysSelected() throws {
    let model = PlacesModel.fixture()
    let viewModel = Self.europeViewModel(model)
    let view = MapViewSpy()
    viewModel.view = view
    try model.select(Place.paris.id)
    let before = view.commands.count
    let lutetia = Place.paris.renamed("Lutetia")

    try model.replacePlaces([.stockholm, .rome, .london, lutetia])

    #expect(
      view.commands.dropFirst(before) == [
        .updateMarkers(removing: [.place(Place.paris.id)], adding: [MapMarker(place: lutetia)]),
        .selectMarker(Place.paris.id),
      ])
    #expect(view.shownMarkers[.place(Place.paris.id)]?.title == "Lutetia")
    #expect(view.selectedMarker == Place.paris.id)
  }

  @Test func newCatalogWithoutSelectedPlaceDeselectsFirst() throws {
    let model = PlacesModel.fixture()
    let viewModel = Self.europeViewModel(model)
    let view = MapViewSpy()
    viewModel.view = view
    try model.select(Place.london.id)
    let before = view.commands.count

    try model.replacePlaces([.zurich])

    #expect(
      view.commands.dropFirst(before) == [
        .deselectMarker(Place.london.id),
        .updateMarkers(
          removing: Set(Place.europe.map { .place($0.id) }), adding: [MapMarker(place: .zurich)]),
      ])
    #expect(viewModel.markers == [MapMarker(place: .zurich)])
    #expect(viewModel.selectedItem == nil)
  }

  @Test func changesWithoutViewAreShownWhenViewAttaches() throws {
    let model = PlacesModel.fixture()
    let viewModel = Self.europeViewModel(model)
    try model.select(Place.london.id)
    model.deselect()
    try model.replacePlaces([.zurich, .rome])
    let view = MapViewSpy()

    viewModel.view = view

    #expect(
      view.commands == [
        .moveCamera(to: MapCamera.europe.centred(on: Place.london.coordinate), animated: false),
        .showMarkers(of: [.zurich, .rome]),
      ])
  }

  @Test func callbackUsesTheCatalogItCarriesNotTheModelsNewerOne() throws {
    let model = PlacesModel.fixture()
    let replacer = CatalogReplacer(model: model, on: Place.london.id, with: [.zurich, .london])
    model.addDelegate(replacer)
    let viewModel = Self.europeViewModel(model)
    let view = MapViewSpy()
    viewModel.view = view

    try model.select(Place.london.id)

    // The selection of London is shown with the old catalog, then the new catalog arrives.
    #expect(
      view.commands.dropFirst(2) == [
        .moveCamera(to: MapCamera.europe.centred(on: Place.london.coordinate), animated: true),
        .selectMarker(Place.london.id),
        .updateMarkers(
          removing: Set([Place.stockholm, .rome, .paris].map { .place($0.id) }),
          adding: [MapMarker(place: .zurich)]),
      ])
    #expect(view.selectedMarker == Place.london.id)
  }

  // MARK: - Differences

  @Test(arguments: [21, 22, 23] as [UInt64])
  func applyingEachUpdateToThePreviousMarkersGivesTheNewMarkers(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let places = RandomMapScenes.catalog(count: 800, using: &generator)
    let model = try PlacesModel(places: places)
    let viewModel = MapViewModel(model: model, camera: .world, viewSize: .phone)
    let view = MapViewSpy()
    viewModel.view = view
    for step in 0..<150 {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<5:
        let viewport = RandomMapScenes.viewport(near: places, using: &generator)
        viewModel.cameraChanged(to: viewport.camera, viewSize: viewport.size)
      case 5..<7 where !model.places.isEmpty:
        let place = model.places[Int.random(in: 0..<model.places.count, using: &generator)]
        try viewModel.markerTapped(id: place.id)
      case 7:
        viewModel.mapTapped()
      case 8:
        if case .cluster(let id) = viewModel.markers.first(where: { $0.isCluster })?.id {
          try viewModel.clusterTapped(id: id)
        }
      default:
        let kept = places.filter { _ in Bool.random(using: &generator) }
        try model.replacePlaces(kept)
      }

      let expected = Dictionary(uniqueKeysWithValues: viewModel.markers.map { ($0.id, $0) })
      #expect(view.shownMarkers == expected, "step \(step)")
      if let selected = viewModel.selectedItem, expected[.place(selected)] != nil {
        #expect(view.selectedMarker == selected, "step \(step)")
      } else {
        #expect(view.selectedMarker == nil, "step \(step)")
      }
    }
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
      viewModel.cameraChanged(to: .europe, viewSize: .phone)
    }

    try model.select(Place.rome.id)

    #expect(weakViewModel == nil)
    #expect(model.delegateCount == 0)
  }
}

/// A model listener that replaces the catalog when one place is selected.
private final class CatalogReplacer: PlacesModelDelegate {
  private let model: PlacesModel
  private let trigger: Place.ID
  private let replacement: [Place]

  init(model: PlacesModel, on trigger: Place.ID, with replacement: [Place]) {
    self.model = model
    self.trigger = trigger
    self.replacement = replacement
  }

  func didSelectItem(_ id: Place.ID?) {
    guard id == trigger else { return }
    do {
      try model.replacePlaces(replacement)
    } catch {
      preconditionFailure("the replacement catalog is valid: \(error)")
    }
  }
}
