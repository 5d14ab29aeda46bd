import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// The map after an edit: markers made anew from the new catalog, even when its clusters are
/// those of the catalog before.
struct MapEditTests {
  @Test func aRenamedPlaceShowsItsNewNameOnTheMap() throws {
    let places = (0..<6).map {
      Place(
        id: PlaceID($0), name: "place \($0)",
        coordinate: .fixture(Double($0) * 20 - 50, Double($0) * 50 - 120))
    }
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: try MapCamera(centre: places[2].coordinate, zoom: 8),
      viewSize: .phone)
    let view = MapViewSpy()
    map.view = view
    #expect(view.shownMarkers[.place(PlaceID(2))]?.title == "place 2")

    try model.update(
      Place(id: PlaceID(2), name: "renamed", coordinate: places[2].coordinate))

    #expect(model.places.indexBuildCount == 0)  // The clusters of the catalog before.
    #expect(view.shownMarkers[.place(PlaceID(2))]?.title == "renamed")
    #expect(Set(view.shownMarkers.values) == Set(map.markers))
  }
}
