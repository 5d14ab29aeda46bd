import PlacesModel
import PlacesModelTestSupport
import Testing

/// One level of an edited hierarchy built again from its entries: every cluster and every
/// link between levels kept, only that level's indexes changed, and its patch emptied.
struct ClusterLevelCompactionTests {
  private static let radius = ClusterHierarchyEditTests.radius
  private static let maximumLevel = ClusterHierarchyEditTests.maximumLevel

  /// An entry as a screen tells it apart, with its fields and its links by identity.
  struct Described: Hashable {
    let identity: Int
    let count: UInt32
    let x: UInt32
    let y: UInt32
    let parent: Int?
    let children: [Int]
  }

  /// Every live entry of every level of `hierarchy`, by identity rather than by index.
  static func described(_ hierarchy: ClusterHierarchy) -> [Set<Described>] {
    func identity(_ entry: Int, at levelNumber: Int) -> Int {
      let level = hierarchy.level(levelNumber)
      return Int(level.formedLevel(entry)) << 32 | Int(level.representative(entry))
    }
    return (0...hierarchy.placeLevel).map { levelNumber in
      let level = hierarchy.level(levelNumber)
      return Set(
        level.liveEntries.map { entry in
          Described(
            identity: identity(entry, at: levelNumber), count: level.count(entry),
            x: level.x(entry), y: level.y(entry),
            parent: levelNumber == 0
              ? nil : identity(level.parent(entry), at: levelNumber - 1),
            children: levelNumber == hierarchy.placeLevel
              ? [] : level.children(entry).map { identity($0, at: levelNumber + 1) }.sorted())
        })
    }
  }

  /// A catalog after random batches of edits, with its hierarchy's patches in every level.
  private static func editedCatalog(seed: UInt64, batches: Int) throws -> PlaceCatalog {
    var generator = SplitMix64(seed: seed)
    var catalog = try PlaceCatalog(ClusterHierarchyTests.catalog(count: 300, seed: seed))
    _ = catalog.clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
    var nextID: Int64 = 100_000
    for _ in 0..<batches {
      catalog = try catalog.applying(
        ClusterHierarchyEditTests.randomBatch(of: catalog, nextID: &nextID, using: &generator)
      ).catalog
    }
    return catalog
  }

  @Test(arguments: [61, 62, 63] as [UInt64])
  func aLevelBuiltAgainKeepsEveryClusterAndEveryLink(seed: UInt64) throws {
    let catalog = try Self.editedCatalog(seed: seed, batches: 150)
    let hierarchy = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
    let before = Self.described(hierarchy)
    var editedLevels = 0
    for levelNumber in 0...hierarchy.placeLevel {
      let level = hierarchy.level(levelNumber)
      if !level.isUnedited { editedLevels += 1 }
      let compacted = hierarchy.compactingLevel(levelNumber)
      let rebuilt = compacted.level(levelNumber)
      #expect(rebuilt.isUnedited, "level \(levelNumber)")
      #expect(rebuilt.built.entryCount == level.liveCount, "level \(levelNumber)")
      #expect(rebuilt.liveEntries == Array(0..<level.liveCount), "level \(levelNumber)")
      // Every other level keeps its patch, and all but the two beside it their arrays: one
      // level is copied, not the hierarchy.
      for other in 0...hierarchy.placeLevel where other != levelNumber {
        #expect(
          compacted.level(other).isUnedited == hierarchy.level(other).isUnedited,
          "level \(levelNumber), other \(other)")
        if abs(other - levelNumber) > 1 {
          #expect(compacted.levels[other] === hierarchy.levels[other])
        }
      }
      #expect(Self.described(compacted) == before, "level \(levelNumber)")
      // The owners of every place, found down the parents from the top level and from the
      // level above the one built again: a rebuild leaves the entries below an emptied
      // entry with a parent beyond their level, which no owner may be read for.
      for top in Set([0, max(0, levelNumber - 1)]) {
        let (ownedOtherwise, strays) = compacted.entriesOwnedOtherwise(
          compacted.level(top).liveEntries, at: top)
        #expect(
          ownedOtherwise.isEmpty && strays == 0,
          "level \(levelNumber) built again, owners from \(top): \(ownedOtherwise.count) wrong")
      }
    }
    // The test means something only if edits reached the levels.
    #expect(editedLevels > hierarchy.placeLevel / 2)
  }

  @Test(arguments: [64, 65] as [UInt64])
  func aHierarchyWithEveryLevelBuiltAgainInTurnKeepsEveryInvariant(seed: UInt64) throws {
    let catalog = try Self.editedCatalog(seed: seed, batches: 150)
    let hierarchy = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
    // Deepest first, then from the top: each level's neighbours already rebuilt or not.
    var compacted = hierarchy
    for levelNumber in Array((0...hierarchy.placeLevel).reversed()) + [0, 3, 7] {
      compacted = compacted.compactingLevel(levelNumber)
    }
    #expect(Self.described(compacted) == Self.described(hierarchy))
    let handles = catalog.compactMap { catalog.handle(ofPlaceWithID: $0.id) }
    let placeOfHandle = Dictionary(uniqueKeysWithValues: zip(handles, catalog))
    for handle in handles {
      let entry = compacted.entry(ofPlaceWithHandle: handle)
      #expect(entry.map { compacted.level(compacted.placeLevel).representative($0) } == handle)
    }
    var generator = SplitMix64(seed: seed)
    for levelNumber in 0...compacted.placeLevel {
      let level = compacted.level(levelNumber)
      let live = level.liveEntries
      // Each entry's rectangle, its reach made again from its children's, holds its places.
      for entry in live {
        let positions = compacted.places(of: entry, at: levelNumber).compactMap {
          placeOfHandle[$0].map { WebMercator.position(of: $0.coordinate) }
        }
        #expect(positions.count == Int(level.count(entry)))
        #expect(positions.allSatisfy(level.bounds(entry).contains), "level \(levelNumber)")
      }
      // A rebuilt level lies on its grid in index order: a rectangle finds exactly the
      // entries inside it.
      for _ in 0..<8 {
        let west = UInt32.random(in: 0...UInt32.max, using: &generator)
        let east = west &+ UInt32.random(in: 0...UInt32.max / 2, using: &generator)
        let north = UInt32.random(in: 0...UInt32.max / 2, using: &generator)
        let rows = north...(north + UInt32.random(in: 0...UInt32.max / 2, using: &generator))
        let inside = live.filter {
          rows.contains(level.y($0)) && level.x($0) &- west <= east &- west
        }
        #expect(
          level.entries(west: west, east: east, yRange: rows) == inside, "level \(levelNumber)")
      }
    }
  }
}
