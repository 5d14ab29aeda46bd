import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// A front end may drop a view at any time; the view models simply stop driving it.
struct ViewLifetimeTests {
  @Test func aViewReleasedMidSessionIsNoLongerDrivenWhileTheOthersAre() throws {
    let model = PlacesModel.fixture()
    let mapViewModel = MapViewModel(model: model, camera: .europe, viewSize: .square)
    let listViewModel = ListViewModel(model: model)
    let log = CommandLog()
    let mapView = MapViewSpy(log: log)
    mapViewModel.view = mapView
    weak var weakListView: ListViewSpy?
    do {
      let listView = ListViewSpy(log: log)
      weakListView = listView
      listViewModel.view = listView
      try mapViewModel.markerTapped(id: Place.london.id)
    }
    let beforeRelease = log.entries.count

    try mapViewModel.markerTapped(id: Place.paris.id)
    try listViewModel.rowTapped(at: 0)

    #expect(weakListView == nil)
    #expect(listViewModel.view == nil)
    #expect(
      Array(log.entries[beforeRelease...]) == [
        .map(.moveCamera(to: MapCamera.europe.centred(on: Place.paris.coordinate), animated: true)),
        .map(.selectMarker(Place.paris.id)),
        .map(
          .moveCamera(to: MapCamera.europe.centred(on: Place.london.coordinate), animated: true)),
        .map(.selectMarker(Place.london.id)),
      ])
  }

  @Test func aReplacementViewIsBroughtUpToDateWhenAttached() throws {
    let model = PlacesModel.fixture()
    let listViewModel = ListViewModel(model: model)
    do {
      let firstView = ListViewSpy(log: CommandLog())
      listViewModel.view = firstView
    }
    try model.select(Place.paris.id)
    let log = CommandLog()
    let replacement = ListViewSpy(log: log)

    listViewModel.view = replacement

    let row = try #require(listViewModel.row(ofPlaceWithID: Place.paris.id))
    #expect(
      log.entries == [
        .list(.reloadRows(listViewModel.rows.map(\.id), order: .name)),
        .list(.highlightRow(row)),
        .list(.scrollToRow(row, animated: false)),
      ])
  }
}
