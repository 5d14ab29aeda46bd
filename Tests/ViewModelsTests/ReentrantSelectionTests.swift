import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// Selections made from inside a broadcast reach every view after the broadcast under way.
struct ReentrantSelectionTests {
  enum Tap: CaseIterable {
    case map
    case list
  }

  /// What every view sees when London is selected and a listener redirects to Paris: all of
  /// London's commands, in broadcast order, then all of Paris's.
  ///
  /// The map looks at western Europe at zoom 5, where every place keeps its own marker.
  static let londonThenParis: [CommandLog.Entry] = [
    .map(.moveCamera(to: MapCamera.europe.centred(on: Place.london.coordinate), animated: true)),
    .map(.selectMarker(Place.london.id)),
    .list(.highlightRow(0)),
    .list(.scrollToRow(0, animated: true)),
    .map(.moveCamera(to: MapCamera.europe.centred(on: Place.paris.coordinate), animated: true)),
    .map(.selectMarker(Place.paris.id)),
    .list(.highlightRow(1)),
    .list(.scrollToRow(1, animated: true)),
  ]

  @Test(arguments: 0...2, Tap.allCases)
  func redirectedSelectionReachesEveryViewAfterTheFirst(redirectorPosition: Int, tap: Tap) throws {
    let model = PlacesModel.fixture()
    let redirector = SelectionRedirector(model: model, from: Place.london.id, to: Place.paris.id)
    if redirectorPosition == 0 { model.addDelegate(redirector) }
    let mapViewModel = MapViewModel(model: model, camera: .europe, viewSize: .square)
    if redirectorPosition == 1 { model.addDelegate(redirector) }
    let listViewModel = ListViewModel(model: model)
    if redirectorPosition == 2 { model.addDelegate(redirector) }
    let log = CommandLog()
    let mapView = MapViewSpy(log: log)
    let listView = ListViewSpy(log: log)
    mapViewModel.view = mapView
    listViewModel.view = listView
    let setUp = log.entries.count

    switch tap {
    case .map: try mapViewModel.markerTapped(id: Place.london.id)
    case .list: try listViewModel.rowTapped(at: 0)
    }

    #expect(Array(log.entries[setUp...]) == Self.londonThenParis)
    #expect(model.selectedItem == Place.paris.id)
    #expect(mapViewModel.selectedItem == Place.paris.id)
    #expect(listViewModel.selectedItem == Place.paris.id)
  }

  @Test func tapFromInsideViewCommandIsDeliveredAfterCurrentSelection() throws {
    let model = PlacesModel.fixture()
    let mapViewModel = MapViewModel(model: model, camera: .europe, viewSize: .square)
    let listViewModel = ListViewModel(model: model)
    let log = CommandLog()
    let mapView = MapViewSpy(log: log)
    mapView.onCommand = { command in
      if command == .selectMarker(Place.london.id) {
        try? mapViewModel.markerTapped(id: Place.paris.id)
      }
    }
    let listView = ListViewSpy(log: log)
    mapViewModel.view = mapView
    listViewModel.view = listView
    let setUp = log.entries.count

    try mapViewModel.markerTapped(id: Place.london.id)

    #expect(Array(log.entries[setUp...]) == Self.londonThenParis)
  }
}
