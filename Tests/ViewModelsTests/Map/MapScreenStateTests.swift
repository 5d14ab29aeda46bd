import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct MapScreenStateTests {
  /// Every stored property of a map screen state, by name.
  private static var properties: [String: PartialKeyPath<MapScreenState>] {
    [
      "markers": \.markers, "selectedItem": \.selectedItem, "camera": \.camera,
      "isLastCameraMoveAnimated": \.isLastCameraMoveAnimated,
      "pendingCameraMove": \.pendingCameraMove, "userLocation": \.location,
    ]
  }

  private static func changes(
    of state: MapScreenState, during body: () throws -> Void
  ) rethrows -> Set<String> {
    try changedProperties(of: state, among: properties, during: body)
  }

  /// A view model looking at western Europe, where each fixture place has its own marker, with
  /// `state` attached and its first camera move taken.
  private static func attached(_ state: MapScreenState, to model: PlacesModel) -> MapViewModel {
    let viewModel = MapViewModel(model: model, camera: .europe, viewSize: .square)
    viewModel.attach(state)
    _ = state.takePendingCameraMove()
    return viewModel
  }

  private static func markersByID(_ markers: [MapMarker]) -> [MapMarker.ID: MapMarker] {
    Dictionary(uniqueKeysWithValues: markers.map { ($0.id, $0) })
  }

  // MARK: - Attaching

  @Test func attachingRecordsTheViewModelsStateAndOneCameraJump() {
    let model = PlacesModel.fixture(location: .uppsala)
    let viewModel = MapViewModel(model: model, camera: .europe, viewSize: .square)
    let state = MapScreenState()

    viewModel.attach(state)

    #expect(state.markers == Self.markersByID(Place.europe.map(MapMarker.init(place:))))
    #expect(state.selectedItem == nil)
    #expect(state.camera == .europe)
    #expect(state.isLastCameraMoveAnimated == false)
    #expect(
      state.pendingCameraMove == MapCameraMoveRequest(id: 1, camera: .europe, isAnimated: false))
    #expect(state.location == .uppsala)
  }

  // MARK: - What each command changes

  @Test func selectingAPlaceChangesTheCameraTheMarkersAndTheSelectionOnly() throws {
    let state = MapScreenState()
    let viewModel = Self.attached(state, to: .fixture())

    let changed = try Self.changes(of: state) { try viewModel.markerTapped(id: Place.rome.id) }

    #expect(
      changed == [
        "camera", "isLastCameraMoveAnimated", "pendingCameraMove", "markers", "selectedItem",
      ])
    let centred = MapCamera.europe.centred(on: Place.rome.coordinate)
    #expect(state.camera == centred)
    #expect(
      state.pendingCameraMove == MapCameraMoveRequest(id: 2, camera: centred, isAnimated: true))
    #expect(state.selectedItem == Place.rome.id)
    #expect(state.selectedMarker == MapMarker(place: .rome))
    #expect(state.markers == Self.markersByID(viewModel.markers))
  }

  @Test func deselectingChangesOnlyTheSelection() throws {
    let state = MapScreenState()
    let viewModel = Self.attached(state, to: .fixture())
    try viewModel.markerTapped(id: Place.paris.id)
    _ = state.takePendingCameraMove()

    let changed = Self.changes(of: state) { viewModel.mapTapped() }

    #expect(changed == ["selectedItem"])
    #expect(state.selectedItem == nil)
  }

  @Test func deselectingTheSelectedMarkerClearsTheSelection() {
    let state = MapScreenState()
    state.showMarkers([MapMarker(place: .rome), MapMarker(place: .paris)])
    state.selectMarker(id: Place.rome.id)

    let changed = Self.changes(of: state) { state.deselectMarker(id: Place.rome.id) }

    #expect(changed == ["selectedItem"])
    #expect(state.selectedItem == nil)
  }

  @Test func deselectingAnotherMarkerKeepsTheSelection() {
    let state = MapScreenState()
    state.showMarkers([MapMarker(place: .rome), MapMarker(place: .paris)])
    state.selectMarker(id: Place.rome.id)

    let changed = Self.changes(of: state) { state.deselectMarker(id: Place.paris.id) }

    #expect(changed.isEmpty)
    #expect(state.selectedItem == Place.rome.id)
    #expect(state.selectedMarker == MapMarker(place: .rome))
  }

  @Test func aCameraReportChangesOnlyTheMarkers() {
    let state = MapScreenState()
    let viewModel = Self.attached(state, to: .fixture())

    let changed = Self.changes(of: state) {
      viewModel.cameraChanged(to: .world, viewSize: .phone)
    }

    #expect(changed == ["markers"])
    #expect(state.markers == Self.markersByID(viewModel.markers))
    #expect(state.camera == .europe, "the camera is the one last sent, not the one reported")
  }

  @Test func aLocationChangeChangesOnlyTheUserLocation() {
    let model = PlacesModel.fixture()
    let state = MapScreenState()
    let viewModel = Self.attached(state, to: model)

    let shown = Self.changes(of: state) { model.location = .naples }
    let hidden = Self.changes(of: state) { model.location = nil }

    #expect(shown == ["userLocation"])
    #expect(hidden == ["userLocation"])
    #expect(state.location == nil)
    withExtendedLifetime(viewModel) {}
  }

  @Test func aClusterTapChangesTheCameraAndTheMarkersOnly() throws {
    let state = MapScreenState()
    let viewModel = MapViewModel(model: .fixture(), camera: .world, viewSize: .phone)
    viewModel.attach(state)
    _ = state.takePendingCameraMove()
    let cluster = try #require(viewModel.markers.first { $0.isCluster })
    guard case .cluster(let id) = cluster.id else { return }

    let changed = try Self.changes(of: state) { try viewModel.clusterTapped(id: id) }

    #expect(changed == ["camera", "isLastCameraMoveAnimated", "pendingCameraMove", "markers"])
    #expect(state.pendingCameraMove?.camera == viewModel.camera)
    #expect(state.markers == Self.markersByID(viewModel.markers))
  }

  @Test func updatingMarkersThatRemovesTheSelectedOneClearsTheSelection() {
    let state = MapScreenState()
    state.showMarkers([MapMarker(place: .rome), MapMarker(place: .paris)])
    state.selectMarker(id: Place.rome.id)

    let changed = Self.changes(of: state) {
      state.updateMarkers(removing: [.place(Place.rome.id)], adding: [MapMarker(place: .london)])
    }

    #expect(changed == ["markers", "selectedItem"])
    #expect(
      state.markers == Self.markersByID([MapMarker(place: .paris), MapMarker(place: .london)]))
    #expect(state.selectedItem == nil)
  }

  // MARK: - Camera moves as events

  @Test func takingTheCameraMoveGivesItOnceAndChangesNothingElse() {
    let state = MapScreenState()
    state.moveCamera(to: .europe, animated: true)

    var taken: [MapCameraMoveRequest?] = []
    let changed = Self.changes(of: state) {
      taken.append(state.takePendingCameraMove())
      taken.append(state.takePendingCameraMove())
    }

    #expect(taken == [MapCameraMoveRequest(id: 1, camera: .europe, isAnimated: true), nil])
    #expect(changed == ["pendingCameraMove"])
    #expect(state.camera == .europe)
  }

  @Test func aSecondMoveToTheSameCameraIsANewRequest() {
    let state = MapScreenState()
    state.moveCamera(to: .europe, animated: true)
    let first = state.takePendingCameraMove()

    let changed = Self.changes(of: state) { state.moveCamera(to: .europe, animated: true) }

    #expect(changed == ["pendingCameraMove"])
    #expect(first?.id == 1)
    #expect(state.pendingCameraMove?.id == 2)
  }

  // MARK: - Replay

  @Test func aStateAttachedLateHoldsWhatAStateWatchingFromTheStartHolds() throws {
    let model = PlacesModel.fixture()
    let viewModel = MapViewModel(model: model, camera: .world, viewSize: .phone)
    let early = MapScreenState()
    viewModel.attach(early)
    let cluster = try #require(viewModel.markers.first { $0.isCluster })
    guard case .cluster(let id) = cluster.id else { return }

    try viewModel.clusterTapped(id: id)
    model.location = .uppsala
    viewModel.cameraChanged(to: .europe, viewSize: .square)
    try viewModel.markerTapped(id: Place.stockholm.id)
    try model.replacePlaces([.london, .stockholm, .zurich])
    let late = MapScreenState()
    viewModel.attach(late)

    #expect(late.markers == early.markers)
    #expect(late.selectedItem == early.selectedItem)
    #expect(late.camera == early.camera)
    #expect(late.location == early.location)
    #expect(late.selectedItem == Place.stockholm.id)
    #expect(late.markers == Self.markersByID(viewModel.markers))
  }
}

/// An attached screen state's writer never leaves its view model: `view` does not hand it out.
struct AttachedStateWriterTests {
  @Test func noViewModelHandsOutTheWriterOfItsAttachedState() throws {
    let model = PlacesModel.fixture()
    let map = MapViewModel(model: model)
    let list = ListViewModel(model: model)
    let search = SearchViewModel(model: model)
    let (mapState, listState, searchState) = (
      MapScreenState(), ListScreenState(), SearchScreenState()
    )

    map.attach(mapState)
    list.attach(listState)
    search.attach(searchState)
    try model.select(Place.rome.id)

    #expect(map.view == nil && list.view == nil && search.view == nil)
    // Still driven: the states hold what the view models sent.
    #expect(mapState.selectedItem == Place.rome.id)
    #expect(listState.highlightedRow != nil)
  }

  @Test func settingAViewDetachesTheState() throws {
    let model = PlacesModel.fixture()
    let map = MapViewModel(model: model)
    let state = MapScreenState()
    map.attach(state)
    let spy = MapViewSpy()

    map.view = spy
    try model.select(Place.rome.id)

    #expect(map.view === spy)
    #expect(state.selectedItem == nil)
  }
}
