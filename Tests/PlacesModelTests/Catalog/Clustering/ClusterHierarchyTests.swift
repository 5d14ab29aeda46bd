import PlacesModel
import PlacesModelTestSupport
import Testing

/// The hierarchy's invariants, checked against brute force on random catalogs with fixed seeds.
struct ClusterHierarchyTests {
  /// A catalog with dense spots, scattered places, places on both sides of the antimeridian,
  /// near the poles and sharing coordinates.
  static func catalog(count: Int, seed: UInt64) -> [Place] {
    var generator = SplitMix64(seed: seed)
    let spots = (0..<6).map { _ in
      (
        Double.random(in: -60...60, using: &generator),
        Double.random(in: -180...180, using: &generator)
      )
    }
    return (0..<count).map { number in
      let latitude: Double
      let longitude: Double
      switch number % 5 {
      case 0, 1:
        let spot = spots[Int.random(in: 0..<spots.count, using: &generator)]
        latitude = spot.0 + Double.random(in: -0.5...0.5, using: &generator)
        longitude = spot.1 + Double.random(in: -0.5...0.5, using: &generator)
      case 2:
        latitude = Double.random(in: -10...10, using: &generator)
        longitude = Bool.random(using: &generator) ? 179.9 : -179.9
      case 3:
        latitude = Double.random(in: -90...90, using: &generator)
        longitude = Double.random(in: -180...180, using: &generator)
      default:
        latitude = 48.85
        longitude = 2.35
      }
      return Place(
        id: PlaceID(number), name: "Place \(number)",
        coordinate: .fixture(min(max(latitude, -90), 90), min(max(longitude, -180), 180)),
        population: Int.random(in: 0...3, using: &generator) * 1_000)
    }
  }

  static func distance(_ level: ClusterLevel, _ first: Int, _ second: Int) -> Double {
    let dx = Double(Int32(bitPattern: level.x[first] &- level.x[second]))
    let dy = Double(level.y[first]) - Double(level.y[second])
    return (dx * dx + dy * dy).squareRoot()
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyLevelPartitionsThePlacesAndChildrenAddUp(seed: UInt64) {
    let places = Self.catalog(count: 600, seed: seed)
    let hierarchy = ClusterHierarchy(places: places, radius: 40, maximumLevel: 12)

    #expect(hierarchy.levels.count == 14)
    for (levelNumber, level) in hierarchy.levels.enumerated() {
      var seen = [Int](repeating: 0, count: places.count)
      for entry in 0..<level.entryCount {
        let members = hierarchy.places(of: entry, at: levelNumber).map { Int($0) }
        #expect(members.count == Int(level.count[entry]))
        for member in members { seen[member] += 1 }
        // The representative is the most populous member, then the first in catalog order.
        let best = members.min { left, right in
          let leftPopulation = places[left].population ?? 0
          let rightPopulation = places[right].population ?? 0
          return leftPopulation != rightPopulation ? leftPopulation > rightPopulation : left < right
        }
        #expect(Int(level.representative[entry]) == best)
        guard levelNumber < hierarchy.placeLevel else { continue }
        let children = level.childStart[entry]..<level.childStart[entry + 1]
        let below = hierarchy.levels[levelNumber + 1]
        var childCount: UInt32 = 0
        for child in children.map({ Int(level.childOrder[Int($0)]) }) {
          #expect(Int(below.parent[child]) == entry)
          childCount += below.count[child]
        }
        #expect(childCount == level.count[entry])
        if children.count == 1, let only = children.first.map({ Int(level.childOrder[Int($0)]) }) {
          // Unchanged from the level below: the same identity.
          #expect(level.formedLevel[entry] == below.formedLevel[only])
          #expect(level.representative[entry] == below.representative[only])
        }
      }
      #expect(seen.allSatisfy { $0 == 1 }, "level \(levelNumber)")
      // One identity per entry.
      let identities = (0..<level.entryCount).map {
        Int(level.formedLevel[$0]) << 32 | Int(level.representative[$0])
      }
      #expect(Set(identities).count == identities.count)
    }
  }

  @Test(arguments: [(4, 30.0), (5, 60.0), (6, 120.0)] as [(UInt64, Double)])
  func noTwoEntriesOfALevelAreCloserThanTheRadius(seed: UInt64, radius: Double) {
    let places = Self.catalog(count: 500, seed: seed)
    let hierarchy = ClusterHierarchy(places: places, radius: radius, maximumLevel: 10)

    for levelNumber in 0...hierarchy.maximumLevel {
      let level = hierarchy.levels[levelNumber]
      let radiusUnits = radius * WebMercator.unitsPerPoint(atZoom: Double(levelNumber))
      var closest = Double.infinity
      for first in 0..<level.entryCount {
        for second in (first + 1)..<level.entryCount {
          closest = min(closest, Self.distance(level, first, second))
        }
      }
      #expect(closest > radiusUnits, "level \(levelNumber): \(closest) < \(radiusUnits)")
    }
  }

  /// The walk over many entries at once finds each entry's places as the walk over one does,
  /// for the entries of a level asked together, a few of them, and some twice (each owner
  /// gets its entry's places): the walk orders each level's entries by a table of its indexes
  /// or by a sort, and an entry asked twice must keep both owners.
  @Test(arguments: [13, 14] as [UInt64])
  func theWalkOverManyEntriesFindsEachEntrysPlaces(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let hierarchy = ClusterHierarchy(
      places: Self.catalog(count: 600, seed: seed), radius: 60, maximumLevel: 9)
    for levelNumber in 0...hierarchy.placeLevel {
      let live = Array(0..<hierarchy.level(levelNumber).entryCount)
      let few = Array(live.shuffled(using: &generator).prefix(max(1, live.count / 5)))
      for asked in [live, few, live + few] {
        let walkedOtherwise = hierarchy.entriesWalkedOtherwiseTogether(asked, at: levelNumber)
        #expect(walkedOtherwise.isEmpty, "level \(levelNumber), \(asked.count) asked")
      }
      // The owners of every place, found down the parents, give each entry its places.
      for asked in [live, few] {
        let (ownedOtherwise, strays) = hierarchy.entriesOwnedOtherwise(asked, at: levelNumber)
        #expect(
          ownedOtherwise.isEmpty && strays == 0,
          "level \(levelNumber), \(asked.count) asked: \(ownedOtherwise.count) owned otherwise")
      }
    }
  }

  @Test(arguments: [7, 8] as [UInt64])
  func rectanglesFindExactlyTheEntriesInside(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let places = Self.catalog(count: 700, seed: seed)
    let hierarchy = ClusterHierarchy(places: places, radius: 50, maximumLevel: 9)

    for _ in 0..<60 {
      let levelNumber = Int.random(in: 0...hierarchy.placeLevel, using: &generator)
      let level = hierarchy.levels[levelNumber]
      let x0 = UInt32.random(in: 0...UInt32.max, using: &generator)
      let width = UInt32.random(in: 0...(UInt32.max / 3), using: &generator)
      let y0 = UInt32.random(in: 0...(UInt32.max / 2), using: &generator)
      let yRange = y0...(y0 + UInt32.random(in: 0...(UInt32.max / 2), using: &generator))
      let x1 = x0 &+ width
      let xRanges = x1 >= x0 ? [x0...x1] : [x0...UInt32.max, 0...x1]

      let found = level.entries(west: x0, east: x1, yRange: yRange)

      let expected = (0..<level.entryCount).filter { entry in
        yRange.contains(level.y[entry]) && xRanges.contains { $0.contains(level.x[entry]) }
      }
      #expect(found == expected)
    }
  }

  /// Small rectangles over dense spots: their grid rows hold many entries around the world, so
  /// the rows are searched one by one rather than read whole.
  @Test(arguments: [11, 12] as [UInt64])
  func smallRectanglesOverDenseSpotsFindExactlyTheEntriesInside(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let places = Self.catalog(count: 10_000, seed: seed)
    let hierarchy = ClusterHierarchy(places: places, radius: 50, maximumLevel: 9)

    for _ in 0..<60 {
      let levelNumber = Int.random(in: 7...hierarchy.placeLevel, using: &generator)
      let level = hierarchy.levels[levelNumber]
      let centre = WebMercator.position(
        of: places[Int.random(in: 0..<places.count, using: &generator)].coordinate)
      let cell = UInt32(1) << UInt32(min(level.gridShift, 31))
      let halfWidth = UInt32.random(in: 0...(4 * cell), using: &generator)
      let halfHeight = UInt32.random(in: 0...cell, using: &generator)
      let yRange =
        (centre.y - min(centre.y, halfHeight))...(centre.y + min(UInt32.max - centre.y, halfHeight))
      let west = centre.x &- halfWidth
      let east = centre.x &+ halfWidth
      let xRanges = west <= east ? [west...east] : [west...UInt32.max, 0...east]

      let found = level.entries(west: west, east: east, yRange: yRange)

      let expected = (0..<level.entryCount).filter { entry in
        yRange.contains(level.y[entry]) && xRanges.contains { $0.contains(level.x[entry]) }
      }
      #expect(found == expected)
    }
  }

  /// Columns from 0 to the last, or from any column round to the one before it, are the whole
  /// world; rows cut it.
  @Test func theWholeWorldIsEveryColumnFromAnyStart() {
    let places = Self.catalog(count: 3_000, seed: 13)
    let hierarchy = ClusterHierarchy(places: places, radius: 50, maximumLevel: 9)

    for level in hierarchy.levels {
      let every = Array(0..<level.entryCount)
      #expect(level.entries(west: 0, east: .max, yRange: 0...UInt32.max) == every)
      #expect(level.entries(west: 1 << 31, east: (1 << 31) - 1, yRange: 0...UInt32.max) == every)
      let north = level.entries(west: 0, east: .max, yRange: 0...(1 << 31))
      #expect(north == every.filter { level.y[$0] <= 1 << 31 })
    }
  }

  @Test func splitAndAloneLevelsFollowTheChildren() {
    let places = Self.catalog(count: 400, seed: 9)
    let hierarchy = ClusterHierarchy(places: places, radius: 60, maximumLevel: 12)

    for entry in 0..<hierarchy.levels[0].entryCount {
      guard let split = hierarchy.splitLevel(of: entry, at: 0) else {
        #expect(hierarchy.levels[0].count[entry] == 1)
        continue
      }
      // Whole down to the level above the split, in two or more entries at the split.
      let atSplit = (0..<hierarchy.levels[split].entryCount).filter {
        hierarchy.ancestor(of: $0, at: split, to: 0) == entry
      }
      let aboveSplit = (0..<hierarchy.levels[split - 1].entryCount).filter {
        hierarchy.ancestor(of: $0, at: split - 1, to: 0) == entry
      }
      #expect(atSplit.count >= 2 && aboveSplit.count == 1)
    }
    for position in places.indices {
      let alone = hierarchy.levelAlone(ofPlaceWithHandle: UInt32(position))
      let entry = hierarchy.ancestor(
        of: Int(hierarchy.entryOfPlace[position]), at: hierarchy.placeLevel, to: alone)
      #expect(hierarchy.levels[alone].count[entry] == 1)
      if alone > 0 {
        let above = hierarchy.ancestor(of: entry, at: alone, to: alone - 1)
        #expect(hierarchy.levels[alone - 1].count[above] > 1)
      }
    }
  }

  @Test func placesSharingACoordinateStayTogetherUpToThePlaceLevel() throws {
    let spot = Coordinate.fixture(59.33, 18.06)
    let places = (0..<5).map { Place(id: PlaceID($0), name: "Twin \($0)", coordinate: spot) }
    let hierarchy = ClusterHierarchy(places: places, radius: 60, maximumLevel: 16)

    #expect(hierarchy.levels[16].entryCount == 1)
    #expect(hierarchy.splitLevel(of: 0, at: 0) == hierarchy.placeLevel)
    #expect(hierarchy.levelAlone(ofPlaceWithHandle: 3) == hierarchy.placeLevel)
  }

  @Test func anEmptyCatalogHasEmptyLevels() {
    let hierarchy = ClusterHierarchy(places: [], radius: 60, maximumLevel: 16)

    #expect(hierarchy.levels.allSatisfy { $0.entryCount == 0 })
    #expect(hierarchy.levels[3].entries(west: 0, east: UInt32.max, yRange: 0...UInt32.max).isEmpty)
  }

  @Test func placesAcrossTheAntimeridianMergeBetweenThem() throws {
    let east = Place(id: 1, name: "East", coordinate: .fixture(0, 179.99))
    let west = Place(id: 2, name: "West", coordinate: .fixture(0, -179.99))
    let hierarchy = ClusterHierarchy(places: [east, west], radius: 60, maximumLevel: 10)

    let level = hierarchy.levels[5]
    #expect(level.entryCount == 1)
    let x = level.x[0]
    #expect(x < 1 << 20 || x > UInt32.max - 1 << 20)  // At the antimeridian, not at 0°.
  }
}
