import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct ListViewModelEditTests {
  @Test func anInsertSendsOnlyItsRowThenTheHighlight() throws {
    let model = try PlacesModel(places: [.london, .paris, .stockholm])
    try model.select(Place.stockholm.id)
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    try model.insert(.rome)

    // By name: London, Paris, Rome, Stockholm.
    #expect(
      view.commands.dropFirst(start) == [
        .updateRows(ListRowChanges(removed: [], inserted: [2], reloaded: []), order: .name),
        .highlightRow(3),
      ])
    #expect(
      view.shownRows.map(\.id) == ([.london, .paris, .rome, .stockholm] as [Place]).map(\.id))
  }

  @Test func aRenameMovesTheRowByName() throws {
    let model = try PlacesModel(places: [.london, .paris, .stockholm])
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    try model.update(Place.london.renamed("Zagreb"))

    #expect(
      view.commands.dropFirst(start) == [
        .updateRows(ListRowChanges(removed: [0], inserted: [2], reloaded: []), order: .name)
      ])
    #expect(view.shownRows == Array(viewModel.rows))
  }

  @Test func aMoveKeepsTheRowByNameAndSendsNothing() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    try model.update(
      Place(
        id: Place.paris.id, name: Place.paris.name, coordinate: .uppsala,
        country: Place.paris.country))

    #expect(view.commands.count == start)
  }

  @Test func aMoveReordersTheRowsByDistance() throws {
    let model = try PlacesModel(places: [.london, .paris, .stockholm], location: .uppsala)
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    // London moves next to Uppsala: from the second row (after Stockholm) to the first.
    try model.update(
      Place(
        id: Place.london.id, name: Place.london.name, coordinate: .fixture(59.86, 17.64),
        country: Place.london.country))

    #expect(
      view.commands.dropFirst(start) == [
        .updateRows(ListRowChanges(removed: [1], inserted: [0], reloaded: []), order: .distance)
      ])
    #expect(view.shownRows == Array(viewModel.rows))
  }

  @Test func aRemovalOfTheSelectedPlaceClearsTheHighlightThenRemovesItsRow() throws {
    let model = try PlacesModel(places: [.london, .paris, .stockholm])
    try model.select(Place.paris.id)
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    try model.remove(placeWithID: Place.paris.id)

    #expect(
      view.commands.dropFirst(start) == [
        .clearHighlight,
        .updateRows(ListRowChanges(removed: [1], inserted: [], reloaded: []), order: .name),
      ])
  }
}
