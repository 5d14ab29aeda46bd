import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// The list and search under random category filters, edits, locations and selections equal
/// the brute-force filter of what they show unfiltered, in order, after every step.
struct CategoryFilterScreensTests {
  private static let categories = ["airport", "city", "museum", "station"]

  /// A random filter: every place, or some categories, with or without the uncategorized.
  private static func randomFilter(using generator: inout SplitMix64) -> CategoryFilter {
    guard Int.random(in: 0..<5, using: &generator) > 0 else { return .all }
    return CategoryFilter(
      showing: categories.filter { _ in Bool.random(using: &generator) },
      includingUncategorized: Bool.random(using: &generator))
  }

  /// A random category, or none.
  private static func randomCategory(using generator: inout SplitMix64) -> String? {
    let index = Int.random(in: 0...categories.count, using: &generator)
    return index < categories.count ? categories[index] : nil
  }

  private static func recategorized(_ place: Place, _ category: String?) -> Place {
    Place(
      id: place.id, name: place.name, coordinate: place.coordinate, category: category,
      country: place.country, population: place.population)
  }

  @Test(
    arguments: [(11, false), (12, true), (13, false), (14, true), (15, true)] as [(UInt64, Bool)])
  func listAndSearchEqualTheFilteredUnfilteredScreens(seed: UInt64, knowsLocation: Bool) throws {
    var generator = SplitMix64(seed: seed)
    let start = RandomPlaces.catalog(count: 150, using: &generator).map {
      Self.recategorized($0, Self.randomCategory(using: &generator))
    }
    let model = try PlacesModel(
      places: start, location: knowsLocation ? RandomPlaces.location(using: &generator) : nil)
    let list = ListViewModel(model: model)
    let listView = ListViewSpy()
    list.view = listView
    let search = SearchViewModel(model: model)
    let searchView = SearchViewSpy()
    search.view = searchView
    search.queryChanged("place 1", limit: 6)
    // Everything search finds, unfiltered: the brute force picks the shown ones from it.
    let everyMatch = SearchViewModel(model: model)
    everyMatch.queryChanged("place 1", limit: 10_000)
    var nextID: Int64 = 100_000

    for step in 0..<80 {
      switch Int.random(in: 0..<8, using: &generator) {
      case 0, 1:
        let filter = Self.randomFilter(using: &generator)
        list.categoryFilter = filter
        search.categoryFilter = filter
      case 2:
        model.location =
          Bool.random(using: &generator) ? RandomPlaces.location(using: &generator) : nil
      case 3:
        let places = Array(model.places)
        try model.select(places[Int.random(in: 0..<places.count, using: &generator)].id)
      default:
        var places = Array(model.places)
        var edits: [PlaceEdit] = []
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
          let index = Int.random(in: 0..<places.count, using: &generator)
          let place = places[index]
          switch Int.random(in: 0..<5, using: &generator) {
          case 0:
            nextID += 1
            let new = Place(
              id: PlaceID(nextID), name: "Place \(nextID % 40)",
              coordinate: RandomPlaces.location(using: &generator),
              category: Self.randomCategory(using: &generator))
            places.append(new)
            edits.append(.insert(new))
          case 1 where places.count > 30 && place.id != model.selectedItem:
            places.remove(at: index)
            edits.append(.remove(place.id))
          case 2:
            let moved = Place(
              id: place.id, name: place.name,
              coordinate: RandomPlaces.location(using: &generator), category: place.category,
              country: place.country)
            places[index] = moved
            edits.append(.update(moved))
          case 3:
            let renamed = Self.recategorized(
              place.renamed("Place \(Int.random(in: 0..<60, using: &generator))"), place.category)
            places[index] = renamed
            edits.append(.update(renamed))
          default:
            let moved = Self.recategorized(place, Self.randomCategory(using: &generator))
            places[index] = moved
            edits.append(.update(moved))
          }
        }
        try model.apply(edits)
      }
      try expectScreensAreFiltered(
        list: list, listView: listView, search: search, searchView: searchView,
        everyMatch: everyMatch, model: model, step: step)
    }
  }

  private func expectScreensAreFiltered(
    list: ListViewModel, listView: ListViewSpy, search: SearchViewModel,
    searchView: SearchViewSpy, everyMatch: SearchViewModel, model: PlacesModel, step: Int
  ) throws {
    let filter = list.categoryFilter
    let places = Array(model.places)
    let shown = places.filter(filter.shows)
    let expectedRows =
      model.location.map { RandomPlaces.rowsByDistance(shown, from: $0) }
      ?? RandomPlaces.rowsByName(shown)
    #expect(listView.shownRows == expectedRows, "step \(step), filter \(filter)")
    #expect(Array(list.rows) == expectedRows, "step \(step)")
    // Rows read out of order, from the last, by a list that read none before.
    let fresh = ListViewModel(model: model)
    fresh.categoryFilter = filter
    let jumps = fresh.rows.indices.reversed().map { fresh.rows[$0] }
    #expect(jumps == expectedRows.reversed(), "step \(step)")
    let selectedRow = model.selectedItem.flatMap { id in expectedRows.firstIndex { $0.id == id } }
    #expect(listView.highlightedRow == selectedRow, "step \(step)")
    #expect(list.row(ofPlaceWithID: model.selectedItem ?? PlaceID(-1)) == selectedRow)

    let expectedMatches = everyMatch.matches.filter { match in
      model.places.place(withID: match.id).map(filter.shows) ?? false
    }.prefix(6)
    #expect(searchView.matches == Array(expectedMatches), "step \(step), filter \(filter)")
  }

  @Test func aFilterChangeByNameIsOneUpdateOfTheRowsHiddenAndShown() throws {
    let places = [
      Place(id: 1, name: "Arlanda", coordinate: .uppsala, category: "airport"),
      Place(id: 2, name: "Bergen", coordinate: .uppsala, category: "city"),
      Place(id: 3, name: "Cork", coordinate: .uppsala, category: "airport"),
      Place(id: 4, name: "Dublin", coordinate: .uppsala, category: "city"),
      Place(id: 5, name: "Esbjerg", coordinate: .uppsala),
    ]
    let model = try PlacesModel(places: places)
    try model.select(4)
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    viewModel.categoryFilter = CategoryFilter(showing: ["airport"])
    viewModel.categoryFilter = CategoryFilter(showing: ["city"], includingUncategorized: true)

    #expect(
      view.commands.dropFirst(start) == [
        .updateRows(ListRowChanges(removed: [1, 3, 4], inserted: [], reloaded: []), order: .name),
        .updateRows(
          ListRowChanges(removed: [0, 1], inserted: [0, 1, 2], reloaded: []), order: .name),
        .highlightRow(1),
      ])
    #expect(view.shownRows.map(\.id) == [2, 4, 5])
    #expect(model.selectedItem == 4)
  }

  @Test func aFilterThatHidesTheSelectedPlaceKeepsTheSelectionWithoutAHighlight() throws {
    let places = [
      Place(id: 1, name: "Arlanda", coordinate: .uppsala, category: "airport"),
      Place(id: 2, name: "Bergen", coordinate: .uppsala, category: "city"),
    ]
    let model = try PlacesModel(places: places, location: .uppsala)
    try model.select(2)
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    viewModel.categoryFilter = CategoryFilter(showing: ["airport"])

    #expect(view.commands.dropFirst(start) == [.reloadRows([1], order: .distance)])
    #expect(view.highlightedRow == nil)
    #expect(viewModel.selectedItem == 2)
    #expect(viewModel.row(ofPlaceWithID: 2) == nil)
  }
}
