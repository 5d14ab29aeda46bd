import PlacesModel
import PlacesModelTestSupport
import Testing

/// The levels are built again from their entries on a background thread once edits added
/// enough entries, and a later edit takes the result with the edits made meanwhile.
///
/// Each test makes thousands of edits before the first rebuild (a debug build takes most of a
/// minute on a loaded machine), so they wait at most three minutes rather than one.
struct ClusterCompactionTests {
  private static let radius = ClusterHierarchyEditTests.radius
  private static let maximumLevel = ClusterHierarchyEditTests.maximumLevel

  private static func hierarchy(of catalog: PlaceCatalog) -> ClusterHierarchy {
    catalog.clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
  }

  /// The entries of every level that edits added since the levels were built.
  private static func addedEntryCount(of hierarchy: ClusterHierarchy) -> Int {
    (0...hierarchy.placeLevel).reduce(0) { total, levelNumber in
      let level = hierarchy.level(levelNumber)
      return total + level.liveEntries.filter { $0 >= level.built.entryCount }.count
    }
  }

  @Test(.timeLimit(.minutes(3)))
  func aRebuildStartedByAnEditIsTakenLaterWithTheEditsMadeMeanwhile() throws {
    var generator = SplitMix64(seed: 43)
    var catalog = try PlaceCatalog(ClusterHierarchyTests.catalog(count: 200, seed: 43))
    _ = Self.hierarchy(of: catalog)
    var nextID: Int64 = 100_000
    func edit() throws {
      catalog = try catalog.applying(
        ClusterHierarchyEditTests.randomBatch(of: catalog, nextID: &nextID, using: &generator)
      ).catalog
    }
    let steps = try Self.editUntilARebuildStarts(&catalog, nextID: &nextID, using: &generator)
    // The edit that started the rebuild kept its patches: the levels are not built here.
    let addedAtStart = Self.addedEntryCount(of: Self.hierarchy(of: catalog))
    #expect(addedAtStart > 0)
    ClusterHierarchyEditTests.checkInvariants(of: catalog, step: steps)
    // Edits go on while it runs, and after it has finished, until one takes it.
    for _ in 0..<20 {
      try edit()
    }
    var waits = 0
    while Self.hierarchy(of: catalog).isCompacting {
      catalog.waitForIndexRebuilds()
      try edit()
      waits += 1
      try #require(waits < 100, "the rebuild was never taken")
    }
    // Taken, with the entries the edits since wrote carried over to the rebuilt level.
    #expect(Self.addedEntryCount(of: Self.hierarchy(of: catalog)) < addedAtStart)
    ClusterHierarchyEditTests.checkInvariants(of: catalog, step: steps + 20 + waits)
    #expect(catalog.indexBuildCount == 0)
  }

  @Test(.timeLimit(.minutes(3)))
  func editsKeepEveryInvariantThroughRebuildsTakenAtAnyTime() throws {
    var generator = SplitMix64(seed: 47)
    var catalog = try PlaceCatalog(ClusterHierarchyTests.catalog(count: 200, seed: 47))
    _ = Self.hierarchy(of: catalog)
    var nextID: Int64 = 100_000
    var (rebuilds, step) = (0, 0)
    while rebuilds < 1 {
      let wasCompacting = Self.hierarchy(of: catalog).isCompacting
      // Now and then wait, so that an edit takes a finished rebuild; otherwise go on.
      if step % 7 == 0 { catalog.waitForIndexRebuilds() }
      catalog = try catalog.applying(
        ClusterHierarchyEditTests.randomBatch(of: catalog, nextID: &nextID, using: &generator)
      ).catalog
      if wasCompacting && !Self.hierarchy(of: catalog).isCompacting {
        rebuilds += 1
        ClusterHierarchyEditTests.checkInvariants(of: catalog, step: step)
      }
      step += 1
      try #require(step < 8_000, "no rebuild was taken")
    }
    ClusterHierarchyEditTests.checkInvariants(of: catalog, step: step)
  }

  /// A batch of changes takes a finished rebuild with the entries it writes itself carried
  /// over (up to 16 a change), rather than starting another background step: in a stream of
  /// batches a finished rebuild held beside the levels in use for good would be a second
  /// copy of a level and its neighbours' patches.
  @Test(.timeLimit(.minutes(3)))
  func aFinishedRebuildIsTakenByTheNextBatch() throws {
    var generator = SplitMix64(seed: 53)
    var catalog = try PlaceCatalog(ClusterHierarchyTests.catalog(count: 400, seed: 53))
    _ = Self.hierarchy(of: catalog)
    var nextID: Int64 = 100_000
    var steps = try Self.editUntilARebuildStarts(&catalog, nextID: &nextID, using: &generator)
    for round in 0..<3 {
      // Nothing noted yet: the entries the batch's 200 changes write are all there is to
      // carry over.
      catalog.waitForIndexRebuilds()
      catalog = try catalog.applying(Self.moves(of: catalog, count: 200, using: &generator))
        .catalog
      #expect(!Self.hierarchy(of: catalog).isCompacting, "round \(round)")
      ClusterHierarchyEditTests.checkInvariants(of: catalog, step: round)
      // Edits go on until another rebuild starts.
      while !Self.hierarchy(of: catalog).isCompacting {
        catalog = try catalog.applying(Self.moves(of: catalog, count: 50, using: &generator))
          .catalog
        steps += 1
        try #require(steps < 5_000, "no edit started another rebuild")
      }
    }
    #expect(catalog.indexBuildCount == 0)
  }

  /// Applies random batches to `catalog`, each with ten far moves (which add entries: a short
  /// move may keep its place in its entries), until one starts a rebuild of its clusters;
  /// returns how many it applied.
  private static func editUntilARebuildStarts(
    _ catalog: inout PlaceCatalog, nextID: inout Int64, using generator: inout SplitMix64
  ) throws -> Int {
    var steps = 0
    while !hierarchy(of: catalog).isCompacting {
      let batch = ClusterHierarchyEditTests.randomBatch(
        of: catalog, nextID: &nextID, using: &generator)
      let edited = Set(batch.map(\.id))
      catalog = try catalog.applying(
        batch + moves(of: catalog, count: 10, using: &generator).filter { !edited.contains($0.id) }
      ).catalog
      steps += 1
      try #require(steps < 5_000, "no edit started a rebuild")
    }
    return steps
  }

  /// `count` moves of distinct places of `catalog` to random positions.
  private static func moves(
    of catalog: PlaceCatalog, count: Int, using generator: inout SplitMix64
  ) -> [PlaceEdit] {
    var edits: [PlaceEdit] = []
    var touched = Set<Place.ID>()
    while edits.count < min(count, catalog.count) {
      let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
      guard touched.insert(place.id).inserted else { continue }
      let coordinate = Coordinate.fixture(
        Double.random(in: -80...80, using: &generator),
        Double.random(in: -180...180, using: &generator))
      edits.append(
        .update(
          Place(
            id: place.id, name: place.name, coordinate: coordinate,
            population: place.population)))
    }
    return edits
  }
}
