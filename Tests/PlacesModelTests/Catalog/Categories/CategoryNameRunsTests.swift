import PlacesModel
import PlacesModelTestSupport
import Testing

/// The name order split by category, and its shown rows under a filter, against brute force.
struct CategoryNameRunsTests {
  private static let categories: [String?] = ["city", "airport", "museum", nil]

  private static func randomPlaces(count: Int, using generator: inout SplitMix64) -> [Place] {
    (0..<count).map { offset in
      Place(
        id: PlaceID(Int64(offset)), name: "P\(Int.random(in: 0..<40, using: &generator))",
        coordinate: .fixture(0, 0),
        category: categories[Int.random(in: 0..<categories.count, using: &generator)])
    }
  }

  /// The rows of every category, by brute force: the places sorted by name, then id.
  private static func expectedRuns(of catalog: PlaceCatalog) -> [String?: [Int32]] {
    let sorted = Array(catalog).sorted { $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id }
    var runs: [String?: [Int32]] = [:]
    for (row, place) in sorted.enumerated() {
      runs[place.category, default: []].append(Int32(row))
    }
    return runs
  }

  private static func expectRuns(
    _ runs: CategoryNameRuns, equalThoseOf catalog: PlaceCatalog, step: Int
  ) {
    let expected = expectedRuns(of: catalog)
    for category in categories {
      #expect(
        runs.rows(of: category) == expected[category] ?? [], "step \(step), \(category ?? "none")")
    }
    #expect(runs.count == catalog.count)
    #expect(Set(runs.categories) == Set(expected.keys))
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func runsFollowingRandomEditsEqualASplitOfTheEditedCatalog(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var catalog = try PlaceCatalog(Self.randomPlaces(count: 200, using: &generator))
    var runs = CategoryNameRuns(catalog: catalog)
    Self.expectRuns(runs, equalThoseOf: catalog, step: -1)
    var nextID: Int64 = 1_000
    for step in 0..<60 {
      var edits: [PlaceEdit] = []
      var touched: Set<PlaceID> = []
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
        guard touched.insert(place.id).inserted else { continue }
        let category = Self.categories[Int.random(in: 0..<Self.categories.count, using: &generator)]
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
          nextID += 1
          edits.append(
            .insert(
              Place(
                id: PlaceID(nextID), name: "P\(Int.random(in: 0..<40, using: &generator))",
                coordinate: .fixture(1, 1), category: category)))
        case 1 where catalog.count > 50:
          edits.append(.remove(place.id))
        case 2:
          edits.append(
            .update(
              Place(
                id: place.id, name: "P\(Int.random(in: 0..<40, using: &generator))",
                coordinate: place.coordinate, category: place.category)))
        case 3:
          edits.append(
            .update(
              Place(
                id: place.id, name: place.name, coordinate: place.coordinate, category: category)))
        default:
          // A move keeps every row: the runs stay as they are.
          edits.append(
            .update(
              Place(
                id: place.id, name: place.name,
                coordinate: .fixture(Double.random(in: -60...60, using: &generator), 2),
                category: place.category)))
        }
      }
      let (edited, changes) = try catalog.applying(edits)
      runs = runs.applying(changes, from: catalog, to: edited)
      catalog = edited
      Self.expectRuns(runs, equalThoseOf: catalog, step: step)
    }
  }

  @Test(arguments: [4, 5] as [UInt64])
  func shownRowsAreTheFilteredNameOrder(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let catalog = try PlaceCatalog(Self.randomPlaces(count: 300, using: &generator))
    let runs = CategoryNameRuns(catalog: catalog)
    let sorted = Array(catalog).sorted { $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id }
    for _ in 0..<20 {
      let filter = CategoryFilter(
        showing: ["city", "airport", "museum", "station"].filter { _ in
          Bool.random(using: &generator)
        },
        includingUncategorized: Bool.random(using: &generator))
      let shown = runs.rows(shownBy: filter)
      let expected = sorted.indices.filter { filter.shows(sorted[$0]) }
      #expect(shown.count == expected.count)
      #expect((0..<shown.count).map(shown.nameRow(atRow:)) == expected)
      #expect(expected.map(shown.row(ofNameRow:)) == Array(expected.indices))
      let nameRows = expected.map { Int32($0) }
      #expect(shown.rows(ofNameRows: nameRows) == Array(expected.indices))
      #expect(
        shown.rows(ofNameRows: Array(nameRows.prefix(3))) == Array(expected.indices.prefix(3)))
      var positions = shown.positions(after: -1)
      #expect(expected.indices.map { _ in shown.nextNameRow(advancing: &positions) } == expected)
    }
  }
}
