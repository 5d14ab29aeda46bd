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
    // One edit in 20 renames and one inserts; the others keep names and categories.
    var edits = RandomListEdits(
      nextID: 20_000,
      kinds: [.rename, .insert] + Array(repeating: .farMove, count: 6)
        + Array(repeating: .nearMove, count: 8) + Array(repeating: .newCountry, count: 4),
      batchSizes: 1...12)
    for step in 0..<120 {
      try model.apply(edits.make(from: Array(model.places), using: &generator))

      let fresh = ListViewModel(model: model)
      if filters { fresh.categoryFilter = filter }
      #expect(view.shownRows == Array(fresh.rows), "step \(step)")
    }
  }
}

/// Random edits of a list's places, in batches, each of a kind drawn from ``kinds`` (a kind
/// listed twice is drawn twice as often): by default, edits that often keep a row where it
/// is (small moves, renames that keep the name's rank, new countries) besides inserts,
/// removes and far moves, one to three at a time.
private struct RandomListEdits {
  /// What an edit does to a place.
  enum Kind {
    /// A new place, at a random point.
    case insert
    /// The place taken out, while more than 10 are left; else a rename to a shared name.
    case remove
    /// The place moved to a random point.
    case farMove
    /// The place moved by up to 0.01 degrees of latitude.
    case nearMove
    /// A dot added to the place's name, which keeps its rank.
    case rename
    /// The place's country swapped between two.
    case newCountry
    /// The place renamed to one of three names that others share.
    case renameToSharedName
  }

  var nextID: Int64
  var kinds: [Kind] = [
    .insert, .remove, .farMove, .nearMove, .rename, .newCountry, .renameToSharedName,
  ]
  var batchSizes: ClosedRange<Int> = 1...3

  mutating func make(from places: [Place], using generator: inout SplitMix64) -> [PlaceEdit] {
    var places = places
    var edits: [PlaceEdit] = []
    for _ in 0..<Int.random(in: batchSizes, using: &generator) {
      let index = Int.random(in: 0..<places.count, using: &generator)
      let place = places[index]
      let edited: Place
      switch kinds[Int.random(in: 0..<kinds.count, using: &generator)] {
      case .insert:
        nextID += 1
        let new = Place(
          id: PlaceID(nextID), name: "Place \(nextID % 9)",
          coordinate: RandomPlaces.location(using: &generator), country: "ZZ")
        places.append(new)
        edits.append(.insert(new))
        continue
      case .remove where places.count > 10:
        places.remove(at: index)
        edits.append(.remove(place.id))
        continue
      case .farMove:
        edited = place.changing(coordinate: RandomPlaces.location(using: &generator))
      case .nearMove:
        let latitude =
          place.coordinate.latitude + Double.random(in: -0.01...0.01, using: &generator)
        edited = place.changing(
          coordinate: .fixture(max(-90, min(90, latitude)), place.coordinate.longitude))
      case .rename:
        edited = place.renamed(place.name + ".")
      case .newCountry:
        edited = place.changing(country: place.country == "ZZ" ? "YY" : "ZZ")
      case .remove, .renameToSharedName:
        edited = place.renamed(["Oslo", "Sala", "Zug"][Int.random(in: 0..<3, using: &generator)])
      }
      places[index] = edited
      edits.append(.update(edited))
    }
    return edits
  }
}
