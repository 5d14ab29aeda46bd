import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// The list's rows by distance, read as a screen reads them, against a brute-force sort.
struct ListRowsByDistanceTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func rowsForRandomLocationsAreAStableSortByDistanceRowByRow(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let places = RandomPlaces.catalog(count: 1_500, using: &generator)
    let model = try PlacesModel(places: places)
    let viewModel = ListViewModel(model: model)

    for _ in 0..<5 {
      let location = RandomPlaces.location(using: &generator)
      model.location = location
      let expected = RandomPlaces.rowsByDistance(places, from: location)
      let rows = viewModel.rows
      #expect(viewModel.order == .distance)
      #expect(rows.count == places.count)

      // A screen jumps to a row, then scrolls both ways from it.
      for _ in 0..<4 {
        let jump = Int.random(in: 0..<places.count, using: &generator)
        for row in Self.scroll(around: jump, count: places.count) {
          #expect(rows[row] == expected[row], "row \(row) from \(location)")
        }
      }
      // The selected place's row, and the rows a screen shows around it.
      let selected = try #require(places.randomElement(using: &generator))
      try model.select(selected.id)
      let selectedRow = try #require(expected.firstIndex { $0.id == selected.id })
      #expect(viewModel.row(ofPlaceWithID: selected.id) == selectedRow)
      for row in Self.scroll(around: selectedRow, count: places.count) {
        #expect(rows[row] == expected[row], "row \(row) from \(location)")
      }
    }
    // Every row, in order, as a view attached now reads them, and the highlight.
    let location = try #require(model.location)
    let selectedItem = try #require(model.selectedItem)
    let expected = RandomPlaces.rowsByDistance(places, from: location)
    let selectedRow = try #require(expected.firstIndex { $0.id == selectedItem })
    let view = ListViewSpy()
    viewModel.view = view
    #expect(Array(view.rows) == expected)
    #expect(
      view.commands == [
        .reloadRows(expected.map(\.id), order: .distance),
        .highlightRow(selectedRow),
        .scrollToRow(selectedRow, animated: false),
      ])
  }

  @Test(arguments: [4, 5] as [UInt64])
  func rowsAfterRandomMovesAreAStableSortOfTheEditedPlaces(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let location = RandomPlaces.location(using: &generator)
    let model = try PlacesModel(
      places: RandomPlaces.catalog(count: 1_500, using: &generator), location: location)
    let viewModel = ListViewModel(model: model)
    _ = viewModel.rows[0]
    var nextID: Int64 = 100_000

    for step in 0..<25 {
      // A moving dot, and now and then a place that comes or goes.
      var edits: [PlaceEdit] = []
      var touched = Set<Place.ID>()
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let place = model.places[Int.random(in: 0..<model.places.count, using: &generator)]
        guard touched.insert(place.id).inserted else { continue }
        let other = model.places[Int.random(in: 0..<model.places.count, using: &generator)]
        let coordinate =
          Bool.random(using: &generator)
          ? other.coordinate : RandomPlaces.location(using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
          nextID += 1
          edits.append(
            .insert(Place(id: PlaceID(nextID), name: "New", coordinate: coordinate)))
        case 1:
          edits.append(.remove(place.id))
        default:
          edits.append(
            .update(
              Place(
                id: place.id, name: place.name, coordinate: coordinate, country: place.country)))
        }
      }
      try model.apply(edits)

      let places = Array(model.places)
      let expected = RandomPlaces.rowsByDistance(places, from: location)
      let rows = viewModel.rows
      #expect(rows.count == places.count)
      let jump = Int.random(in: 0..<places.count, using: &generator)
      for row in Self.scroll(around: 0, count: places.count)
        + Self.scroll(around: jump, count: places.count)
      {
        #expect(rows[row] == expected[row], "step \(step): row \(row)")
      }
      let place = try #require(places.randomElement(using: &generator))
      #expect(viewModel.row(ofPlaceWithID: place.id) == expected.firstIndex { $0.id == place.id })
      #expect(model.places.indexBuildCount == 0, "step \(step): the index is derived")
    }
  }

  @Test func rowsByNameAreSortedOnceAndFollowTheCatalog() throws {
    var generator = SplitMix64(seed: 7)
    let places = RandomPlaces.catalog(count: 800, using: &generator)
    let model = try PlacesModel(places: places, location: .uppsala)
    let viewModel = ListViewModel(model: model)

    model.location = nil

    #expect(viewModel.order == .name)
    #expect(Array(viewModel.rows) == RandomPlaces.rowsByName(places))
    let place = places[345]
    #expect(
      viewModel.row(ofPlaceWithID: place.id)
        == RandomPlaces.rowsByName(places).firstIndex { $0.id == place.id })
  }

  @Test func aLocationChangeLeavesRowsAlreadyHandedOutAsTheyWere() throws {
    let model = PlacesModel.fixture(location: .uppsala)
    let viewModel = ListViewModel(model: model)
    let fromUppsala = viewModel.rows

    model.location = .naples

    #expect(fromUppsala.map(\.id) == [Place.stockholm, .london, .paris, .rome].map(\.id))
    #expect(viewModel.rows.map(\.id) == [Place.rome, .paris, .london, .stockholm].map(\.id))
  }

  /// Rows read from `row` outwards, alternately after and before it, as far as 40 each way.
  private static func scroll(around row: Int, count: Int) -> [Int] {
    var rows = [row]
    for step in 1...40 {
      rows += [row + step, row - step].filter { (0..<count).contains($0) }
    }
    return rows
  }
}
