import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct ListViewModelTests {
  private static let idsByName = [Place.london, .paris, .rome, .stockholm].map(\.id)
  private static let idsFromUppsala = [Place.stockholm, .london, .paris, .rome].map(\.id)

  // MARK: - Rows

  @Test func rowsAreOrderedByNameWhileLocationIsUnknown() {
    let viewModel = ListViewModel(model: .fixture())

    #expect(viewModel.order == .name)
    #expect(viewModel.rows.map(\.id) == Self.idsByName)
    #expect(viewModel.rows.allSatisfy { $0.distance == nil })
  }

  @Test func rowsAreOrderedByDistanceWhenLocationIsKnown() {
    let viewModel = ListViewModel(model: .fixture(location: .uppsala))

    #expect(viewModel.order == .distance)
    #expect(viewModel.rows.map(\.id) == Self.idsFromUppsala)
    #expect(
      viewModel.rows.first
        == ListRow(
          id: Place.stockholm.id, name: "Stockholm", country: "SE",
          distance: Coordinate.uppsala.distance(to: Place.stockholm.coordinate)))
  }

  @Test func equalNamesAreOrderedByIdentifier() {
    let places = [Place.springfieldIllinois, .zurich, .springfieldMissouri, .paris]
    let viewModel = ListViewModel(model: .fixture(places))

    #expect(
      viewModel.rows.map(\.id) == [
        Place.paris.id, Place.springfieldMissouri.id, Place.springfieldIllinois.id, Place.zurich.id,
      ])
  }

  @Test func rowOfPlaceIsLookedUpByIdentifier() {
    let viewModel = ListViewModel(model: .fixture())

    #expect(viewModel.row(ofPlaceWithID: Place.rome.id) == 2)
    #expect(viewModel.row(ofPlaceWithID: 99) == nil)
  }

  // MARK: - Attaching a view

  @Test func attachingViewReloadsRows() {
    let viewModel = ListViewModel(model: .fixture())
    let view = ListViewSpy()

    viewModel.view = view

    #expect(view.commands == [.reloadRows(Self.idsByName, order: .name)])
  }

  @Test func attachingViewAfterSelectionReplaysHighlightWithoutAnimation() throws {
    let model = PlacesModel.fixture(location: .uppsala)
    let viewModel = ListViewModel(model: model)
    try model.select(Place.rome.id)
    let view = ListViewSpy()

    viewModel.view = view

    #expect(
      view.commands == [
        .reloadRows(Self.idsFromUppsala, order: .distance),
        .highlightRow(3),
        .scrollToRow(3, animated: false),
      ])
  }

  // MARK: - Taps

  @Test func tapOnRowSelectsAndHighlightsOnce() throws {
    let model = PlacesModel.fixture()
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view

    try viewModel.rowTapped(at: 3)

    #expect(model.selectedItem == Place.stockholm.id)
    #expect(
      view.commands == [
        .reloadRows(Self.idsByName, order: .name),
        .highlightRow(3),
        .scrollToRow(3, animated: true),
      ])
  }

  @Test(arguments: [-1, 4, Int.max])
  func tapOnMissingRowThrowsAndIssuesNothing(row: Int) {
    let model = PlacesModel.fixture()
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view

    #expect(throws: ViewModelError.rowOutOfRange(row, rowCount: 4)) {
      try viewModel.rowTapped(at: row)
    }
    #expect(model.selectedItem == nil)
    #expect(view.commands == [.reloadRows(Self.idsByName, order: .name)])
  }

  @Test func tapOnARowWhosePlaceLeftTheCatalogPassesOnTheModelsRefusal() throws {
    let model = PlacesModel.fixture()
    let reaction = ModelReaction()
    model.addDelegate(reaction, replayingState: false)  // hears a new catalog before the list
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view
    var refusals: [ViewModelError] = []
    reaction.onPlaces = { _ in
      do throws(ViewModelError) {
        try viewModel.rowTapped(at: 0)  // London, still shown: the list has not heard yet
      } catch {
        refusals.append(error)
      }
    }

    try model.replacePlaces([.paris, .rome, .stockholm])

    #expect(refusals == [.modelRefused(.unknownPlace(Place.london.id))])
    #expect(model.selectedItem == nil)
    #expect(
      view.commands == [
        .reloadRows(Self.idsByName, order: .name),
        .reloadRows([Place.paris, .rome, .stockholm].map(\.id), order: .name),
      ])
  }

  @Test func deselectionClearsHighlight() throws {
    let model = PlacesModel.fixture()
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view
    try viewModel.rowTapped(at: 0)

    model.deselect()

    #expect(view.commands.last == .clearHighlight)
    #expect(view.commands.count == 4)
  }

  @Test func selectionMovesHighlight() throws {
    let model = PlacesModel.fixture()
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view
    try viewModel.rowTapped(at: 0)

    try viewModel.rowTapped(at: 1)

    #expect(view.commands.suffix(2) == [.highlightRow(1), .scrollToRow(1, animated: true)])
  }

  // MARK: - Model changes

  @Test func locationChangeReordersRowsAndKeepsHighlight() throws {
    let model = PlacesModel.fixture()
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view
    try model.select(Place.stockholm.id)

    model.location = .uppsala

    #expect(
      view.commands.suffix(2) == [
        .reloadRows(Self.idsFromUppsala, order: .distance), .highlightRow(0),
      ])
    #expect(
      view.rows.first?.distance == Coordinate.uppsala.distance(to: Place.stockholm.coordinate))
  }

  @Test func losingLocationRestoresNameOrder() {
    let model = PlacesModel.fixture(location: .uppsala)
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view

    model.location = nil

    #expect(
      view.commands == [
        .reloadRows(Self.idsFromUppsala, order: .distance),
        .reloadRows(Self.idsByName, order: .name),
      ])
  }

  @Test func newCatalogSendsTheRowsThatChangedSortedByName() throws {
    let model = PlacesModel.fixture()
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view

    try model.replacePlaces([.zurich, .rome, .london])

    // By name: London, Paris, Rome, Stockholm become London, Rome, Zurich.
    #expect(
      view.commands.last
        == .updateRows(ListRowChanges(removed: [1, 3], inserted: [2], reloaded: []), order: .name))
    #expect(view.shownRows.map(\.id) == [Place.london, .rome, .zurich].map(\.id))
    #expect(viewModel.row(ofPlaceWithID: Place.zurich.id) == 2)
    #expect(viewModel.row(ofPlaceWithID: Place.paris.id) == nil)
  }

  @Test func aRenamedPlaceIsReloadedWithItsNewNameAndKeepsItsHighlight() throws {
    let model = PlacesModel.fixture()
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view
    try model.select(Place.rome.id)
    let before = view.commands.count
    let aaRome = Place.rome.renamed("Aaa Rome")  // Now first by name.

    try model.replacePlaces([.stockholm, aaRome, .london, .paris])

    let newOrder = [aaRome, .london, .paris, .stockholm].map(\.id)
    #expect(
      view.commands.dropFirst(before) == [
        .updateRows(ListRowChanges(removed: [2], inserted: [0], reloaded: []), order: .name),
        .highlightRow(0),
      ])
    #expect(view.shownRows.map(\.id) == newOrder)
    #expect(view.rows.first?.name == "Aaa Rome")
    #expect(viewModel.rows.first == ListRow(place: aaRome, distanceFrom: nil))
  }

  // MARK: - Lifetime

  @Test func viewIsHeldWeakly() {
    let viewModel = ListViewModel(model: .fixture())
    weak var weakView: ListViewSpy?
    do {
      let view = ListViewSpy()
      weakView = view
      viewModel.view = view
    }

    #expect(weakView == nil)
    #expect(viewModel.view == nil)
  }
}
