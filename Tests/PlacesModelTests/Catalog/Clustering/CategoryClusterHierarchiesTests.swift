import PlacesModel
import PlacesModelTestSupport
import Testing

/// Clustering within categories: each category's hierarchy holds exactly that category's
/// places, keeps every promise of a hierarchy, and follows edits that move places between
/// categories, bring new ones, or renumber the catalog's handles.
struct CategoryClusterHierarchiesTests {
  static let categories = ["cafe", "museum", "station"]

  static func catalog(seed: UInt64) -> [Place] {
    var generator = SplitMix64(seed: seed &+ 1_000)
    return ClusterCoverageTests.chainingCatalog(seed: seed).map { place in
      Self.recategorized(place, using: &generator)
    }
  }

  static func recategorized(_ place: Place, using generator: inout SplitMix64) -> Place {
    let pick = Int.random(in: 0...categories.count, using: &generator)
    return Place(
      id: place.id, name: place.name, coordinate: place.coordinate,
      category: pick < categories.count ? categories[pick] : nil, population: place.population)
  }

  /// Checks that each group holds exactly its category's places and keeps the hierarchy's
  /// promises of coverage and exact means.
  static func check(_ catalog: PlaceCatalog, seed: UInt64, label: String) {
    let hierarchies = catalog.categoryClusterHierarchies(
      radius: ClusterCoverageTests.radius, maximumLevel: ClusterCoverageTests.maximumLevel)
    #expect(Set(hierarchies.categories).count == hierarchies.categories.count)
    // One table of entries by handle, for all the groups.
    let table = hierarchies.hierarchies.first.map { Array($0.entryOfPlace) } ?? []
    #expect(hierarchies.hierarchies.allSatisfy { Array($0.entryOfPlace) == table }, "\(label)")
    #expect(
      hierarchies.byteCount
        == hierarchies.hierarchies.reduce(table.count * 4) { $0 + $1.levelsByteCount })
    let allHandles = catalog.compactMap { catalog.handle(ofPlaceWithID: $0.id) }
    for (group, hierarchy) in hierarchies.hierarchies.enumerated() {
      let category = hierarchies.categories[group]
      let members = catalog.filter { $0.category == category }
      let handles = members.compactMap { catalog.handle(ofPlaceWithID: $0.id) }
      // Each place is found in its own group's hierarchy, in the entry that holds it alone,
      // and in no other group's.
      let places = hierarchy.level(hierarchy.placeLevel)
      let own = Set(handles)
      for handle in allHandles {
        let entry = hierarchy.entry(ofPlaceWithHandle: handle)
        if own.contains(handle) {
          #expect(entry.map(places.representative) == handle, "\(label): handle \(handle)")
        } else {
          #expect(entry == nil, "\(label): handle \(handle) of another group")
        }
      }
      let top = hierarchy.level(0)
      let held = top.liveEntries.flatMap { hierarchy.places(of: $0, at: 0) }.sorted()
      #expect(held == handles.sorted(), "\(label): group \(category ?? "none") holds its places")
      guard !members.isEmpty else { continue }
      ClusterCoverageTests.checkCoverage(
        of: hierarchy, handles: handles,
        positions: members.map { WebMercator.position(of: $0.coordinate) }, cameras: 40,
        seed: seed, label: "\(label) \(category ?? "none")")
      ClusterCoverageTests.checkMeansAndReaches(
        of: hierarchy,
        position: { WebMercator.position(of: catalog.place(withHandle: $0).coordinate) },
        label: "\(label) \(category ?? "none")")
    }
  }

  @Test(arguments: [1, 2] as [UInt64])
  func eachCategoryIsClusteredAlone(seed: UInt64) throws {
    let catalog = try PlaceCatalog(Self.catalog(seed: seed))
    Self.check(catalog, seed: seed, label: "built \(seed)")
  }

  @Test(arguments: [3, 4] as [UInt64])
  func editsGoToTheHierarchiesOfTheChangedPlaces(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var catalog = try PlaceCatalog(Self.catalog(seed: seed))
    _ = catalog.categoryClusterHierarchies(
      radius: ClusterCoverageTests.radius, maximumLevel: ClusterCoverageTests.maximumLevel)
    var nextID: Int64 = 1_000_000
    // A reduced run takes a quarter of the steps: the new category comes halfway, and the
    // checks along the way come as often in steps taken.
    let steps = TestSize.steps(60)
    for step in 0..<steps {
      // Moves, insertions, removals and population changes (which drop the category), and
      // places given another category, or one the catalog never had.
      var edits = ClusterHierarchyEditTests.randomBatch(
        of: catalog, nextID: &nextID, using: &generator)
      let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
      if !edits.contains(where: { $0.id == place.id }) {
        let moved =
          step == steps / 2
          ? Place(
            id: place.id, name: place.name, coordinate: place.coordinate, category: "market")
          : Self.recategorized(place, using: &generator)
        edits.append(.update(moved))
      }
      catalog = try catalog.applying(edits).catalog
      // Rebuilds of levels that edits started are let finish, so that later edits take them
      // (renumbering a level's entries, the places' own among them).
      if step % max(1, steps / 6) == steps / 6 - 1 { catalog.waitForIndexRebuilds() }
      if step % max(1, steps / 3) == steps / 3 - 1 {
        Self.check(catalog, seed: seed &+ UInt64(step), label: "edits \(seed) step \(step)")
      }
    }
    // Removing a third of the places renumbers every handle: the groups follow.
    let removed = catalog.prefix(catalog.count / 3).map { PlaceEdit.remove($0.id) }
    catalog = try catalog.applying(removed).catalog
    catalog = try catalog.applying([.remove(catalog[0].id)]).catalog
    Self.check(catalog, seed: seed, label: "renumbered \(seed)")
  }

  /// Enough moves that levels of the groups are built again in the background, and taken by
  /// later edits with the entries written meanwhile carried over (the place level's entries
  /// renumbered, or other levels'): the one table of entries by handle follows, for every
  /// group.
  @Test func groupsThatTakeRebuiltLevelsKeepTheirEntriesInTheSharedTable() throws {
    var generator = SplitMix64(seed: 27)
    var catalog = try PlaceCatalog(
      (0..<600).map { index in
        Place(
          id: PlaceID(index), name: "Place \(index)",
          coordinate: .fixture(
            Double.random(in: -60...60, using: &generator),
            Double.random(in: -170...170, using: &generator)),
          category: Self.categories[index % Self.categories.count])
      })
    let options = (radius: ClusterCoverageTests.radius, level: ClusterCoverageTests.maximumLevel)
    func levels() -> [[ClusterLevel]] {
      catalog.categoryClusterHierarchies(radius: options.radius, maximumLevel: options.level)
        .hierarchies.map(\.levels)
    }
    let first = levels()
    for step in 0..<120 {
      let moves = (0..<12).map { _ in
        let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
        return PlaceEdit.update(
          Place(
            id: place.id, name: place.name,
            coordinate: .fixture(
              Double.random(in: -60...60, using: &generator),
              Double.random(in: -170...170, using: &generator)),
            category: place.category))
      }
      var seen = Set<Place.ID>()
      catalog = try catalog.applying(moves.filter { seen.insert($0.id).inserted }).catalog
      // Rebuilds finish now and then, so that the edit that takes one carries over the
      // entries several edits wrote since it started.
      if step % 5 == 4 { catalog.waitForIndexRebuilds() }
      if step % 20 == 19 { Self.check(catalog, seed: 27, label: "moves step \(step)") }
    }
    let last = levels()
    let placeLevel = options.level + 1
    #expect(
      zip(first, last).contains { $0[placeLevel] !== $1[placeLevel] },
      "a place level was built again")
    #expect(
      zip(first, last).contains { zip($0, $1).dropLast().contains { $0 !== $1 } },
      "a level above the places was built again")
  }
}
