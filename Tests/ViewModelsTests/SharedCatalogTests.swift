import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// Every screen reads the one catalog value the model broadcasts: no view model builds an
/// index of its own, and each index is built at most once per catalog.
struct SharedCatalogTests {
  @Test func everyScreenSharesTheCatalogsIndexesAndBuildsNone() throws {
    let model = try PlacesModel(places: [.london, .paris, .rome, .stockholm])
    let map = MapViewModel(model: model)
    let list = ListViewModel(model: model)
    let search = SearchViewModel(model: model)
    let card = PlaceCardViewModel(place: .rome, model: model)
    let mapView = MapViewSpy()
    map.view = mapView

    model.location = .uppsala
    search.queryChanged("ro")
    _ = list.rows.map(\.id)
    try model.select(Place.rome.id)
    map.cameraChanged(to: .fixture(.uppsala, zoom: 4), viewSize: .phone)
    model.deselect()
    model.location = nil
    _ = list.rows.map(\.id)

    // Four screens, every kind of query: still each index built once at most.
    #expect(model.places.indexBuildCount <= PlaceCatalog.lazyIndexCount)
    let built = model.places.indexBuildCount
    model.places.prepareIndexes()
    #expect(model.places.indexBuildCount == PlaceCatalog.lazyIndexCount)
    #expect(built >= 3)  // The map's, the list's and the search's were built by their use.
    withExtendedLifetime([map, list, search, card] as [AnyObject]) {}
  }

  @Test func aNewCatalogIsIndexedOnceForAllScreens() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let viewModels: [AnyObject] = [
      MapViewModel(model: model), ListViewModel(model: model), SearchViewModel(model: model),
    ]
    model.location = .uppsala

    let catalog = try PlaceCatalog([.rome, .stockholm, .paris])
    catalog.prepareIndexes()
    model.places = catalog

    #expect(catalog.indexBuildCount == PlaceCatalog.lazyIndexCount)
    withExtendedLifetime(viewModels) {}
  }

  @Test func selectingBuildsNoIndex() throws {
    let model = try PlacesModel(places: [.london, .paris, .rome])
    let viewModels: [AnyObject] = [
      MapViewModel(model: model), ListViewModel(model: model), SearchViewModel(model: model),
    ]
    let builtBefore = model.places.indexBuildCount

    try model.select(Place.paris.id)
    model.deselect()

    #expect(model.places.indexBuildCount == builtBefore)
    withExtendedLifetime(viewModels) {}
  }
}
