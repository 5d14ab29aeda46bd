import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// Camera moves made from inside a callback reach the map after the broadcast under way, so
/// every view's commands stay in broadcast order.
struct MapReentrancyTests {
  /// Rome alone, at zoom 9 in a square view: the other fixture places are out of view.
  private static let overRome = MapCamera.fixture(Place.rome.coordinate, zoom: 9)

  /// The selection of London as every view sees it, the map looking at western Europe.
  private static let londonSelected: [CommandLog.Entry] = [
    .map(.moveCamera(to: MapCamera.europe.centred(on: Place.london.coordinate), animated: true)),
    .map(.selectMarker(Place.london.id)),
    .list(.highlightRow(0)),
    .list(.scrollToRow(0, animated: true)),
  ]

  @Test(arguments: 0...2)
  func listenerMovingTheCameraFromACallbackIsServedAfterTheBroadcast(listenerPosition: Int) throws {
    let model = PlacesModel.fixture()
    let mover = CameraMover(on: Place.london.id, to: Self.overRome)
    if listenerPosition == 0 { model.addDelegate(mover) }
    let mapViewModel = MapViewModel(model: model, camera: .europe, viewSize: .square)
    if listenerPosition == 1 { model.addDelegate(mover) }
    let listViewModel = ListViewModel(model: model)
    if listenerPosition == 2 { model.addDelegate(mover) }
    mover.mapViewModel = mapViewModel
    let log = CommandLog()
    let mapView = MapViewSpy(log: log)
    let listView = ListViewSpy(log: log)
    mapViewModel.view = mapView
    listViewModel.view = listView
    let setUp = log.entries.count

    try mapViewModel.markerTapped(id: Place.london.id)

    let othersLeave = MapViewSpy.Command.updateMarkers(
      removing: [.place(Place.london.id), .place(Place.paris.id), .place(Place.stockholm.id)],
      adding: [])
    #expect(Array(log.entries[setUp...]) == Self.londonSelected + [.map(othersLeave)])
    #expect(mapViewModel.camera == Self.overRome)
    #expect(mapViewModel.markers == [MapMarker(place: .rome)])
  }

  @Test func screenReportingItsCameraFromInsideMoveCameraIsServedAfterTheBroadcast() throws {
    let model = PlacesModel.fixture()
    let mapViewModel = MapViewModel(model: model, camera: .europe, viewSize: .square)
    let listViewModel = ListViewModel(model: model)
    let log = CommandLog()
    let mapView = MapViewSpy(log: log)
    // Like a map view that settles one zoom step closer than asked and says so at once.
    mapView.onCommand = { [weak mapViewModel] command in
      guard case .moveCamera(let camera, animated: true) = command else { return }
      let settled = MapCamera.fixture(camera.centre, zoom: camera.zoom + 4)
      mapViewModel?.cameraChanged(to: settled, viewSize: .square)
    }
    let listView = ListViewSpy(log: log)
    mapViewModel.view = mapView
    listViewModel.view = listView
    let setUp = log.entries.count

    try mapViewModel.markerTapped(id: Place.london.id)

    let othersLeave = MapViewSpy.Command.updateMarkers(
      removing: [.place(Place.paris.id), .place(Place.rome.id), .place(Place.stockholm.id)],
      adding: [])
    #expect(Array(log.entries[setUp...]) == Self.londonSelected + [.map(othersLeave)])
    #expect(mapViewModel.camera.zoom == 9)
  }

  @Test func clusterTapFromInsideTheReplayIsServedAfterIt() throws {
    let model = PlacesModel.fixture()
    let mapViewModel = MapViewModel(model: model, camera: .world, viewSize: .phone)
    let cluster = try #require(mapViewModel.markers.first { $0.isCluster })
    guard case .cluster(let id) = cluster.id else { return }
    let summary = try #require(mapViewModel.cluster(withID: id))
    let splitting = MapCamera.fixture(cluster.coordinate, zoom: summary.splitZoom)
    let replayed = Set(mapViewModel.markers)
    let mapView = MapViewSpy()
    mapView.onCommand = { [weak mapViewModel] command in
      if case .showMarkers = command {
        try? mapViewModel?.clusterTapped(id: id)
      }
    }

    mapViewModel.view = mapView

    #expect(mapView.commands.count == 4)
    #expect(
      mapView.commands.prefix(3) == [
        .moveCamera(to: .world, animated: false), .showMarkers(replayed),
        .moveCamera(to: splitting, animated: true),
      ])
    #expect(mapViewModel.camera == splitting)
  }
}

/// A model listener that moves the map's camera when one place is selected.
private final class CameraMover: PlacesModelDelegate {
  weak var mapViewModel: MapViewModel?
  private let trigger: Place.ID
  private let camera: MapCamera

  init(on trigger: Place.ID, to camera: MapCamera) {
    self.trigger = trigger
    self.camera = camera
  }

  func didSelectItem(_ id: Place.ID?) {
    guard id == trigger else { return }
    mapViewModel?.cameraChanged(to: camera, viewSize: .square)
  }
}
