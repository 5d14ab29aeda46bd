import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// A row whose values change is reloaded, whether or not its place changes rank.
struct ListRowValueChangeTests {
  @Test func aMoveThatKeepsTheFirstRowByDistanceReloadsItsDistance() throws {
    let near = Place(id: 1, name: "Near", coordinate: .fixture(1.0, 0), country: "ZZ")
    let far = Place(id: 2, name: "Far", coordinate: .fixture(5.0, 0), country: "ZZ")
    let model = try PlacesModel(places: [near, far], location: .fixture(0, 0))
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    try model.update(Place(id: 1, name: "Near", coordinate: .fixture(1.1, 0), country: "ZZ"))

    #expect(
      view.commands.dropFirst(start) == [
        .updateRows(ListRowChanges(removed: [], inserted: [], reloaded: [0]), order: .distance)
      ])
    #expect(view.shownRows == Array(viewModel.rows))
  }

  @Test func aRenameThatKeepsItsRankByNameReloadsTheRow() throws {
    let model = try PlacesModel(places: [.london, .paris, .stockholm])
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let start = view.commands.count

    try model.update(Place.paris.renamed("Parigi"))

    #expect(
      view.commands.dropFirst(start) == [
        .updateRows(ListRowChanges(removed: [], inserted: [], reloaded: [1]), order: .name)
      ])
    #expect(view.shownRows == Array(viewModel.rows))
  }

  // MARK: - Against a fresh view model

  @Test(
    arguments: [(11, false), (12, true), (13, false), (14, true), (15, true)] as [(UInt64, Bool)])
  func rowsShownAfterRandomEditsEqualAFreshListsRows(seed: UInt64, knowsLocation: Bool) throws {
    var generator = SplitMix64(seed: seed)
    let start = RandomPlaces.catalog(count: 40, using: &generator)
    let location = knowsLocation ? RandomPlaces.location(using: &generator) : nil
    let model = try PlacesModel(places: start, location: location)
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    var edits = RandomListEdits(nextID: 10_000)

    for step in 0..<200 {
      if Int.random(in: 0..<5, using: &generator) == 0, !model.places.isEmpty {
        let index = Int.random(in: 0..<model.places.count, using: &generator)
        try model.select(model.places[index].id)
      }
      try model.apply(edits.make(from: Array(model.places), using: &generator))

      let fresh = ListViewModel(model: model)
      #expect(view.shownRows == Array(fresh.rows), "step \(step)")
      #expect(
        view.highlightedRow == model.selectedItem.flatMap(fresh.row(ofPlaceWithID:)),
        "step \(step)")
    }
  }
}

extension ListRowValueChangeTests {
  /// Batches of edits that keep every name and category show a fresh list's rows.
  ///
  /// The edits move places near and far and give them new countries; the list finds rows
  /// only for the places whose rows look different. By name or by distance, under a category
  /// filter or none, the rows shown after each batch are a fresh list's. A few batches rename
  /// or insert too, and take the general path.
  @Test(
    arguments: [(21, false, false), (22, true, false), (23, true, true), (24, false, true)]
      as [(UInt64, Bool, Bool)])
  func batchesThatKeepNamesAndCategoriesShowAFreshListsRows(
    seed: UInt64, knowsLocation: Bool, filters: Bool
  ) throws {
    var generator = SplitMix64(seed: seed)
    let start = RandomPlaces.catalog(count: 60, using: &generator).enumerated().map {
      $1.changing(category: "c\($0 % 3)")
    }
    let location = knowsLocation ? RandomPlaces.location(using: &generator) : nil
    let model = try PlacesModel(places: start, location: location)
    let view = ListViewSpy()
    let viewModel = ListViewModel(model: model)
    viewModel.view = view
    let filter = CategoryFilter(showing: ["c0", "c2"])
    if filters { viewModel.categoryFilter = filter }
    var nextID: Int64 = 20_000
    for step in 0..<120 {
      var places = Array(model.places)
      var edits: [PlaceEdit] = []
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        let index = Int.random(in: 0..<places.count, using: &generator)
        let place = places[index]
        guard !edits.contains(where: { $0.id == place.id }) else { continue }
        let edited: Place
        switch Int.random(in: 0..<20, using: &generator) {
        case 0:
          edited = place.renamed(place.name + "!")
        case 1:
          nextID += 1
          edits.append(
            .insert(
              Place(
                id: PlaceID(nextID), name: "New \(nextID % 7)",
                coordinate: RandomPlaces.location(using: &generator), category: "c1")))
          continue
        case 2..<8:
          edited = place.changing(coordinate: RandomPlaces.location(using: &generator))
        case 8..<16:
          let latitude =
            place.coordinate.latitude + Double.random(in: -0.01...0.01, using: &generator)
          edited = place.changing(
            coordinate: .fixture(max(-90, min(90, latitude)), place.coordinate.longitude))
        default:
          edited = place.changing(country: place.country == "ZZ" ? "YY" : "ZZ")
        }
        places[index] = edited
        edits.append(.update(edited))
      }
      try model.apply(edits)

      let fresh = ListViewModel(model: model)
      if filters { fresh.categoryFilter = filter }
      #expect(view.shownRows == Array(fresh.rows), "step \(step)")
    }
  }
}

/// Random edits that often keep a row where it is: small moves, renames that keep the name's
/// rank, new countries, besides inserts, removes and far moves, one to three at a time.
private struct RandomListEdits {
  var nextID: Int64

  mutating func make(from places: [Place], using generator: inout SplitMix64) -> [PlaceEdit] {
    var places = places
    var edits: [PlaceEdit] = []
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      let index = Int.random(in: 0..<places.count, using: &generator)
      let place = places[index]
      let edited: Place
      switch Int.random(in: 0..<7, using: &generator) {
      case 0:
        nextID += 1
        let new = Place(
          id: PlaceID(nextID), name: "Place \(nextID % 9)",
          coordinate: RandomPlaces.location(using: &generator), country: "ZZ")
        places.append(new)
        edits.append(.insert(new))
        continue
      case 1 where places.count > 10:
        places.remove(at: index)
        edits.append(.remove(place.id))
        continue
      case 2:
        edited = place.moved(to: RandomPlaces.location(using: &generator))
      case 3:
        let latitude =
          place.coordinate.latitude + Double.random(in: -0.01...0.01, using: &generator)
        edited = place.moved(
          to: .fixture(max(-90, min(90, latitude)), place.coordinate.longitude))
      case 4:
        edited = place.renamed(place.name + ".")
      case 5:
        edited = Place(
          id: place.id, name: place.name, coordinate: place.coordinate,
          country: place.country == "ZZ" ? "YY" : "ZZ")
      default:
        edited = place.renamed(["Oslo", "Sala", "Zug"][Int.random(in: 0..<3, using: &generator)])
      }
      places[index] = edited
      edits.append(.update(edited))
    }
    return edits
  }
}

extension Place {
  fileprivate func moved(to coordinate: Coordinate) -> Place {
    Place(id: id, name: name, coordinate: coordinate, country: country)
  }
}
