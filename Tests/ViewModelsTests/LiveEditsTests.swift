import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// The screens after a sequence of edits, each screen applying only what it was sent, equal
/// the screens of a fresh app given the final catalog.
///
/// The fresh app is given the catalog value the edits made, not one built again from its
/// places: a catalog's clusters follow its history of edits (see `ClusterHierarchy`), and the
/// hierarchy tests check that they keep every invariant a build keeps.
struct LiveEditsTests {
  /// The screens of one app: the view models and the spies they drive.
  private struct Screens {
    let model: PlacesModel
    let map: MapViewModel
    let list: ListViewModel
    let search: SearchViewModel
    let mapView = MapViewSpy()
    let listView = ListViewSpy()
    let searchView = SearchViewSpy()

    init(model: PlacesModel, query: String) {
      self.model = model
      map = MapViewModel(model: model)
      list = ListViewModel(model: model)
      search = SearchViewModel(model: model)
      map.view = mapView
      list.view = listView
      search.view = searchView
      search.queryChanged(query, limit: 8)
    }
  }

  @Test(arguments: [(1, false), (2, true), (3, false), (4, true)] as [(UInt64, Bool)])
  func screensAfterRandomEditsEqualAFreshAppsScreens(seed: UInt64, knowsLocation: Bool) throws {
    var generator = SplitMix64(seed: seed)
    let start = RandomPlaces.catalog(count: 120, using: &generator)
    let location = knowsLocation ? RandomPlaces.location(using: &generator) : nil
    let model = try PlacesModel(places: start, location: location)
    let screens = Screens(model: model, query: "s")
    var nextID: Int64 = 10_000

    for _ in 0..<30 {
      var places = Array(model.places)
      var edits: [PlaceEdit] = []
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let index = Int.random(in: 0..<places.count, using: &generator)
        let place = places[index]
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
          nextID += 1
          let new = Place(
            id: PlaceID(nextID), name: "Sandviken \(nextID % 7)",
            coordinate: RandomPlaces.location(using: &generator))
          places.append(new)
          edits.append(.insert(new))
        case 1 where places.count > 20:
          places.remove(at: index)
          edits.append(.remove(place.id))
        case 2:
          let moved = Place(
            id: place.id, name: place.name,
            coordinate: RandomPlaces.location(using: &generator), country: place.country)
          places[index] = moved
          edits.append(.update(moved))
        default:
          let renamed = place.renamed(["Stockholm", "Oslo", "Sala", "Zug"][index % 4])
          places[index] = renamed
          edits.append(.update(renamed))
        }
      }
      try model.apply(edits)
      if Int.random(in: 0..<4, using: &generator) == 0, let place = model.places.first {
        try model.select(place.id)
      }
    }

    let fresh = Screens(model: PlacesModel(catalog: model.places, location: location), query: "s")
    if let selected = model.selectedItem {
      try fresh.model.select(selected)
    }
    #expect(screens.listView.shownRows == Array(fresh.list.rows))
    #expect(screens.listView.commands.contains { if case .updateRows = $0 { true } else { false } })
    #expect(screens.search.matches == fresh.search.matches)
    #expect(screens.searchView.matches == fresh.search.matches)
    #expect(Set(screens.map.markers) == Set(fresh.map.markers))
  }
}
