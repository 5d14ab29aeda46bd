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

/// By distance each changed row is counted in the spatial index, so a large edit reloads.
struct ListViewModelLargeEditTests {
  /// 1,000 places on a grid around the origin, the list by distance from it.
  static func gridModel() throws -> PlacesModel {
    let places = try (0..<1_000).map { index in
      try Place(
        id: PlaceID(Int64(index)), name: "Place \(index)",
        coordinate: Coordinate(
          latitude: Double(index / 40) * 0.1, longitude: Double(index % 40) * 0.1))
    }
    return try PlacesModel(places: places, location: Coordinate(latitude: 0, longitude: 0))
  }

  /// Moves of the first `count` places, each a little east.
  static func moves(of count: Int, in model: PlacesModel) throws -> [PlaceEdit] {
    try (0..<count).map { index in
      let place = model.places[index]
      return .update(
        try Place(
          id: place.id, name: place.name,
          coordinate: Coordinate(
            latitude: place.coordinate.latitude, longitude: place.coordinate.longitude + 0.05)))
    }
  }

  @Test(arguments: [(64, false), (65, true)])
  func byDistanceMoreThan64ChangedPlacesReloadTheRows(count: Int, reloads: Bool) throws {
    let model = try Self.gridModel()
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    try model.apply(try Self.moves(of: count, in: model))

    let sent = Array(view.commands.dropFirst(start))
    #expect(sent.count == 1)
    if case .reloadRows(_, order: .distance)? = sent.first {
      #expect(reloads)
    } else if case .updateRows(_, order: .distance)? = sent.first {
      #expect(!reloads)
    } else {
      Issue.record("sent \(sent)")
    }
    #expect(view.shownRows == Array(viewModel.rows))
  }

  @Test func byNameAHundredChangedPlacesStillUpdateTheRows() throws {
    let model = try Self.gridModel()
    model.location = nil
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    let renames = (0..<100).map { index in
      let place = model.places[index]
      return PlaceEdit.update(
        Place(id: place.id, name: "Renamed \(index)", coordinate: place.coordinate))
    }
    try model.apply(renames)

    let sent = Array(view.commands.dropFirst(start))
    guard case .updateRows(let changes, order: .name)? = sent.first else {
      Issue.record("sent \(sent)")
      return
    }
    #expect(changes.inserted.count == 100)
    #expect(view.shownRows == Array(viewModel.rows))
  }
}
