import PlacesModel
import PlacesModelTestSupport
import Testing

/// A hierarchy that edits changed keeps every invariant of a built one, checked against brute
/// force after each step of random edits with fixed seeds.
struct ClusterHierarchyEditTests {
  static let radius = 50.0
  static let maximumLevel = 10

  /// Checks every invariant of `catalog`'s hierarchy against brute force.
  static func checkInvariants(of catalog: PlaceCatalog, step: Int) {
    let hierarchy = catalog.clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
    let handles = catalog.compactMap { catalog.handle(ofPlaceWithID: $0.id) }
    #expect(handles.count == catalog.count)
    let placeOfHandle = Dictionary(uniqueKeysWithValues: zip(handles, catalog))
    for handle in handles {
      let entry = hierarchy.entry(ofPlaceWithHandle: handle)
      #expect(entry.map { hierarchy.level(hierarchy.placeLevel).representative($0) } == handle)
    }
    for levelNumber in 0...hierarchy.placeLevel {
      let level = hierarchy.level(levelNumber)
      let live = level.liveEntries
      var seen: [UInt32: Int] = [:]
      var identities = Set<Int>()
      for entry in live {
        let members = hierarchy.places(of: entry, at: levelNumber)
        #expect(members.count == Int(level.count(entry)), "step \(step) level \(levelNumber)")
        for member in members { seen[member, default: 0] += 1 }
        let best = members.min { left, right in
          let leftPopulation = placeOfHandle[left]?.population ?? 0
          let rightPopulation = placeOfHandle[right]?.population ?? 0
          return leftPopulation != rightPopulation ? leftPopulation > rightPopulation : left < right
        }
        #expect(level.representative(entry) == best, "step \(step) level \(levelNumber)")
        #expect(
          identities.insert(Int(level.formedLevel(entry)) << 32 | Int(level.representative(entry)))
            .inserted)
        // The mean of the places, measured from the first across the antimeridian.
        let positions = members.compactMap { placeOfHandle[$0] }.map {
          WebMercator.position(of: $0.coordinate)
        }
        // The entry's rectangle holds every one of its places: what a view's query relies on.
        let bounds = level.bounds(entry)
        #expect(positions.allSatisfy(bounds.contains), "step \(step) level \(levelNumber)")
        let origin = positions[0].x
        let meanDX =
          positions.reduce(0.0) { $0 + Double(Int32(bitPattern: $1.x &- origin)) }
          / Double(positions.count)
        let meanY = positions.reduce(0.0) { $0 + Double($1.y) } / Double(positions.count)
        let dx = Double(Int32(bitPattern: level.x(entry) &- origin)) - meanDX
        // A mean across more than half the world depends on where it is measured from.
        let spread = positions.map { abs(Double(Int32(bitPattern: $0.x &- origin))) }.max() ?? 0
        #expect(spread > 0x2000_0000 || abs(dx) < 4_096, "step \(step) level \(levelNumber)")
        #expect(abs(Double(level.y(entry)) - meanY) < 4_096, "step \(step) level \(levelNumber)")
        guard levelNumber < hierarchy.placeLevel else { continue }
        let children = level.children(entry)
        let below = hierarchy.level(levelNumber + 1)
        #expect(children.reduce(0) { $0 + Int(below.count($1)) } == Int(level.count(entry)))
        for child in children {
          #expect(below.parent(child) == entry && below.count(child) > 0)
        }
        if children.count == 1 {
          #expect(level.formedLevel(entry) == below.formedLevel(children[0]))
        } else {
          #expect(Int(level.formedLevel(entry)) == levelNumber)
        }
      }
      #expect(seen.count == catalog.count && seen.values.allSatisfy { $0 == 1 })
      // The walk over every entry at once finds each entry's places, at their positions, as
      // the walk over one entry does.
      let walkedOtherwise = hierarchy.entriesWalkedOtherwiseTogether(live, at: levelNumber)
      #expect(walkedOtherwise.isEmpty, "step \(step) level \(levelNumber)")
      // So do the owners of every place found down the parents, for some of the entries
      // (the reads of compositions check every entry's).
      let some = live.enumerated().filter { $0.offset % 3 == 1 }.map(\.element)
      let (ownedOtherwise, strays) = hierarchy.entriesOwnedOtherwise(some, at: levelNumber)
      #expect(
        ownedOtherwise.isEmpty && strays == 0,
        "step \(step) level \(levelNumber): \(ownedOtherwise.count) wrong, \(strays) strays")
      guard levelNumber <= maximumLevel else { continue }
      let units = radius * WebMercator.unitsPerPoint(atZoom: Double(levelNumber))
      for (offset, first) in live.enumerated() {
        for second in live[(offset + 1)...] {
          let dx = Double(Int32(bitPattern: level.x(first) &- level.x(second)))
          let dy = Double(level.y(first)) - Double(level.y(second))
          #expect(
            dx * dx + dy * dy > units * units, "step \(step) level \(levelNumber): too close")
        }
      }
      // A rectangle finds exactly the live entries inside it.
      let west = UInt32(truncatingIfNeeded: step &* 2_654_435_761)
      let east = west &+ UInt32.max / 3
      let rows = UInt32.max / 4...UInt32.max / 4 * 3
      let inside = live.filter {
        rows.contains(level.y($0)) && level.x($0) &- west <= east &- west
      }
      #expect(level.entries(west: west, east: east, yRange: rows) == inside)
    }
  }

  /// Random batches of inserts, moves, population changes and removals.
  static func randomBatch(
    of catalog: PlaceCatalog, nextID: inout Int64, using generator: inout SplitMix64
  ) -> [PlaceEdit] {
    var edits: [PlaceEdit] = []
    var touched = Set<Place.ID>()
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
      guard touched.insert(place.id).inserted else { continue }
      let coordinate = Coordinate.fixture(
        Double.random(in: -80...80, using: &generator),
        Double.random(in: -180...180, using: &generator))
      switch Int.random(in: 0..<5, using: &generator) {
      case 0:
        nextID += 1
        edits.append(.insert(Place(id: PlaceID(nextID), name: "New", coordinate: coordinate)))
      case 1 where catalog.count > 50:
        edits.append(.remove(place.id))
      case 2:
        edits.append(
          .update(
            Place(
              id: place.id, name: place.name, coordinate: place.coordinate,
              population: Int.random(in: 0...9, using: &generator) * 1_000)))
      default:
        // A short move, within a cluster's reach, or a long one.
        let near = Coordinate.fixture(
          min(
            max(place.coordinate.latitude + Double.random(in: -2...2, using: &generator), -85), 85),
          place.coordinate.longitude)
        edits.append(
          .update(
            Place(
              id: place.id, name: place.name,
              coordinate: Bool.random(using: &generator) ? near : coordinate,
              population: place.population)))
      }
    }
    return edits
  }

  @Test(arguments: [21, 22, 23] as [UInt64])
  func randomEditsKeepEveryInvariant(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var catalog = try PlaceCatalog(ClusterHierarchyTests.catalog(count: 300, seed: seed))
    _ = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
    let first = catalog
    let firstLevels = (0...Self.maximumLevel + 1).map {
      first.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel).level($0)
        .liveEntries.count
    }
    var nextID: Int64 = 100_000
    // Edited catalogs kept along the way, with their entries when made: later edits share
    // their patches' tables and must never write them.
    var kept: [(step: Int, catalog: PlaceCatalog, entries: [[EntrySnapshot]])] = []
    for step in 0..<TestSize.steps(80) {
      let edits = Self.randomBatch(of: catalog, nextID: &nextID, using: &generator)
      catalog = try catalog.applying(edits).catalog
      #expect(catalog.indexBuildCount == 0)
      Self.checkInvariants(of: catalog, step: step)
      if step % 10 == 3 { kept.append((step, catalog, Self.entries(of: catalog))) }
    }
    // The first catalog's hierarchy is as it was, and so is every edited one kept.
    let firstHierarchy = first.clusterHierarchy(
      radius: Self.radius, maximumLevel: Self.maximumLevel)
    #expect(
      (0...Self.maximumLevel + 1).map { firstHierarchy.level($0).liveEntries.count } == firstLevels)
    Self.checkInvariants(of: first, step: -1)
    for (step, keptCatalog, entries) in kept {
      #expect(Self.entries(of: keptCatalog) == entries, "catalog of step \(step)")
      Self.checkInvariants(of: keptCatalog, step: step)
    }
  }

  /// What a live entry is: its index, position, number of places, representative and
  /// children.
  struct EntrySnapshot: Equatable {
    let index: Int
    let x: UInt32
    let y: UInt32
    let count: UInt32
    let representative: UInt32
    let children: [Int]
  }

  /// Every live entry of every level of `catalog`'s hierarchy, level by level.
  static func entries(of catalog: PlaceCatalog) -> [[EntrySnapshot]] {
    let hierarchy = catalog.clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
    return (0...hierarchy.placeLevel).map { levelNumber in
      let level = hierarchy.level(levelNumber)
      return level.liveEntries.map { entry in
        EntrySnapshot(
          index: entry, x: level.x(entry), y: level.y(entry), count: level.count(entry),
          representative: level.representative(entry),
          children: levelNumber < hierarchy.placeLevel ? level.children(entry) : [])
      }
    }
  }

  /// A batch that moves a place into a cluster and removes its representative keeps every
  /// cluster's most populous place as its representative.
  ///
  /// The moved place's handle is lower, so it is taken in first, and it beats the
  /// representative it meets, whose population reads 0 once removed; the removal that follows
  /// must then find the next most populous place of the cluster, not keep the moved one.
  @Test func aBatchThatRemovesARepresentativeAfterAPlaceJoinedItsClusterKeepsTheMostPopulous()
    throws
  {
    let places = [
      Place(id: 1, name: "B", coordinate: .fixture(-40, 100), population: 40),
      Place(id: 2, name: "A", coordinate: .fixture(10, 10), population: 100),
      Place(id: 3, name: "F", coordinate: .fixture(10, 10.001), population: 80),
      Place(id: 4, name: "G", coordinate: .fixture(10, 12), population: 10),
    ]
    let catalog = try PlaceCatalog(places)
    _ = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
    let edited = try catalog.applying([
      .update(Place(id: 1, name: "B", coordinate: .fixture(10, 12.001), population: 50)),
      .remove(2),
    ]).catalog
    Self.checkInvariants(of: edited, step: 0)
  }

  @Test func aFarMoveChangesOnlyTheClustersOnItsTwoPaths() throws {
    let catalog = try PlaceCatalog(ClusterHierarchyTests.catalog(count: 400, seed: 31))
    let before = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
    let place = catalog[5]
    let moved = try catalog.applying([
      .update(
        Place(
          id: place.id, name: place.name, coordinate: .fixture(-45, -120),
          population: place.population))
    ]).catalog
    let after = moved.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)

    for levelNumber in 0...Self.maximumLevel {
      func clusters(_ hierarchy: ClusterHierarchy) -> Set<[Int]> {
        let level = hierarchy.level(levelNumber)
        return Set(
          level.liveEntries.map {
            [Int(level.formedLevel($0)), Int(level.representative($0)), Int(level.count($0))]
          })
      }
      let (old, new) = (clusters(before), clusters(after))
      // The entry it left and the entry it joined, and a merge or two those made.
      #expect(old.subtracting(new).count <= 3, "level \(levelNumber)")
      #expect(new.subtracting(old).count <= 3, "level \(levelNumber)")
    }
  }

  /// A short move keeps the place in the entries on its path: after a place moves a hair
  /// toward the mean of the first entry it shares, every level has the same live entries,
  /// none added and none emptied (a moved place used to be taken out and inserted again, with
  /// a new entry at each level where it was alone), and the place is in the same entry of
  /// each level, whose count is unchanged.
  @Test func aPlaceMovedAHairTowardItsClusterStaysInEveryEntryOnItsPath() throws {
    var catalog = try PlaceCatalog(ClusterHierarchyTests.catalog(count: 400, seed: 37))
    _ = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
    for number in stride(from: 0, to: 400, by: 23) {
      let hierarchy = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
      let place = catalog[number]
      let handle = try #require(catalog.handle(ofPlaceWithID: place.id))
      let entry = try #require(hierarchy.entry(ofPlaceWithHandle: handle))
      let path = (0...hierarchy.placeLevel).map {
        hierarchy.ancestor(of: entry, at: hierarchy.placeLevel, to: $0)
      }
      let shared = try #require(
        (0..<hierarchy.placeLevel).last { hierarchy.level($0).count(path[$0]) > 1 })
      let level = hierarchy.level(shared)
      let mean = WebMercator.coordinate(ofUnit: (level.x(path[shared]), level.y(path[shared])))
      var longitudeStep = mean.longitude - place.coordinate.longitude
      if abs(longitudeStep) > 180 { longitudeStep -= longitudeStep > 0 ? 360 : -360 }
      let live = (0...hierarchy.placeLevel).map { Set(hierarchy.level($0).liveEntries) }
      let counts = (0...hierarchy.placeLevel).map { hierarchy.level($0).count(path[$0]) }
      catalog = try catalog.applying([
        .update(
          Place(
            id: place.id, name: place.name,
            coordinate: .fixture(
              place.coordinate.latitude + (mean.latitude - place.coordinate.latitude) * 1e-3,
              place.coordinate.longitude + longitudeStep * 1e-3),
            population: place.population))
      ]).catalog
      let edited = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
      #expect(edited.entry(ofPlaceWithHandle: handle) == entry, "place \(number)")
      for levelNumber in 0...edited.placeLevel {
        let editedLevel = edited.level(levelNumber)
        #expect(Set(editedLevel.liveEntries) == live[levelNumber], "place \(number)")
        #expect(editedLevel.count(path[levelNumber]) == counts[levelNumber], "place \(number)")
      }
      Self.checkInvariants(of: catalog, step: number)
    }
  }

  /// `longitude` brought into -180...180.
  static func wrapped(_ longitude: Double) -> Double {
    longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
  }

  /// A stream of short moves, each place staying in its entries where it may and inserted
  /// again where it may not, keeps every invariant.
  @Test(arguments: [61, 62] as [UInt64])
  func shortMovesKeepEveryInvariant(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var catalog = try PlaceCatalog(ClusterHierarchyTests.catalog(count: 300, seed: seed))
    _ = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
    for step in 0..<TestSize.steps(200) {
      var edits: [PlaceEdit] = []
      var touched = Set<Place.ID>()
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
        guard touched.insert(place.id).inserted else { continue }
        let step = Double.random(in: 0.001...0.3, using: &generator)
        edits.append(
          .update(
            Place(
              id: place.id, name: place.name,
              coordinate: .fixture(
                min(
                  max(
                    place.coordinate.latitude + .random(in: -step...step, using: &generator), -85),
                  85),
                Self.wrapped(
                  place.coordinate.longitude + .random(in: -step...step, using: &generator))),
              population: place.population)))
      }
      catalog = try catalog.applying(edits).catalog
      if step % 10 == 0 { Self.checkInvariants(of: catalog, step: step) }
    }
    Self.checkInvariants(of: catalog, step: -1)
    #expect(catalog.indexBuildCount == 0)
  }

  @Test func manyEditsRebuildTheLevelsKeepingEveryCluster() throws {
    var generator = SplitMix64(seed: 41)
    var catalog = try PlaceCatalog(ClusterHierarchyTests.catalog(count: 200, seed: 41))
    _ = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
    var nextID: Int64 = 100_000
    // Enough edits that the levels are built again from their entries, and the handles
    // renumbered, at least once.
    for step in 0..<400 {
      catalog = try catalog.applying(
        Self.randomBatch(of: catalog, nextID: &nextID, using: &generator)
      ).catalog
      if step % 50 == 0 { Self.checkInvariants(of: catalog, step: step) }
    }
    Self.checkInvariants(of: catalog, step: 400)
    #expect(catalog.indexBuildCount == 0)
  }
}
