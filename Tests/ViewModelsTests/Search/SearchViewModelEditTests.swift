import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct SearchViewModelEditTests {
  private func makeSearch(
    _ places: [Place], query: String
  ) throws -> (PlacesModel, SearchViewModel, SearchViewSpy) {
    let model = try PlacesModel(places: places)
    let viewModel = SearchViewModel(model: model)
    let view = SearchViewSpy()
    viewModel.view = view
    viewModel.queryChanged(query)
    return (model, viewModel, view)
  }

  @Test func anEditNoMatchCouldSeeSendsNothing() throws {
    let (model, _, view) = try makeSearch([.london, .paris, .stockholm], query: "stock")
    let start = view.commands.count

    try model.insert(.rome)
    try model.update(Place.london.renamed("Londres"))
    try model.remove(placeWithID: Place.paris.id)

    #expect(view.commands.count == start)
  }

  @Test func anInsertedPlaceThatMatchesShowsTheMatchesAgain() throws {
    let (model, viewModel, view) = try makeSearch([.london, .stockholm], query: "stock")
    let start = view.commands.count
    let stockton = Place(id: 77, name: "Stockton", coordinate: .fixture(54.57, -1.32))

    try model.insert(stockton)

    #expect(view.commands.dropFirst(start) == [.showMatches(viewModel.matches.map(\.id))])
    #expect(Set(viewModel.matches.map(\.id)) == [Place.stockholm.id, stockton.id])
  }

  @Test func aMatchRenamedAwayOrRemovedShowsTheMatchesAgain() throws {
    let (model, viewModel, view) = try makeSearch([.london, .stockholm], query: "stock")
    let start = view.commands.count

    try model.update(Place.stockholm.renamed("Holm"))

    #expect(view.commands.dropFirst(start) == [.showMatches([])])
    #expect(viewModel.matches.isEmpty)
  }

  @Test func aTypoMatchCountsAsAMatchThatCouldEnter() throws {
    let (model, viewModel, _) = try makeSearch([.london], query: "stokholm")

    try model.insert(.stockholm)

    #expect(viewModel.matches.map(\.id) == [Place.stockholm.id])
  }
}
