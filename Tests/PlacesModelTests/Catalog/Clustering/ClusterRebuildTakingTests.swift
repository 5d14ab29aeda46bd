import Dispatch
import PlacesModel
import PlacesModelTestSupport
import Testing

/// A level rebuilt in the background from one state of a hierarchy, taken by a later edit:
/// the edits made meanwhile note the entries they write in that level and the two beside it,
/// and the edit that takes the rebuild carries those over
/// (``ClusterHierarchy/carryingOver(_:onto:)``, ``ClusterHierarchy/grafting(_:)``).
struct ClusterRebuildTakingTests {
  private static let radius = ClusterHierarchyEditTests.radius
  private static let maximumLevel = ClusterHierarchyEditTests.maximumLevel

  /// Random batches of changes by handle, as a catalog's edit hands them to a hierarchy: moves
  /// (most of them short, so that means shift and entries merge), removes and inserts.
  private struct RandomChanges {
    var generator: SplitMix64
    private(set) var placeOfHandle: [UInt32: Place]
    private var nextHandle: UInt32

    init(places: [Place], seed: UInt64) {
      generator = SplitMix64(seed: seed)
      placeOfHandle = Dictionary(
        uniqueKeysWithValues: places.enumerated().map { (UInt32($0.offset), $0.element) })
      nextHandle = UInt32(places.count)
    }

    /// The population of the place with `handle` now.
    var population: @Sendable (UInt32) -> Int {
      let places = placeOfHandle
      return { places[$0]?.population ?? 0 }
    }

    mutating func batch() -> [PlaceHandleChange] {
      var batch: [PlaceHandleChange] = []
      var used = Set<UInt32>()
      for _ in 0..<4 {
        let handle = placeOfHandle.keys.randomElement(using: &generator) ?? 0
        guard used.insert(handle).inserted, let old = placeOfHandle[handle] else { continue }
        let coordinate =
          Int.random(in: 0..<4, using: &generator) == 0
          ? randomCoordinate()
          : Coordinate.fixture(
            min(
              max(old.coordinate.latitude + Double.random(in: -1...1, using: &generator), -60), 60),
            min(
              max(old.coordinate.longitude + Double.random(in: -1...1, using: &generator), -180),
              180))
        let new = Place(
          id: old.id, name: old.name, coordinate: coordinate, population: old.population)
        batch.append(PlaceHandleChange(handle: handle, old: old, new: new))
        placeOfHandle[handle] = new
      }
      if Bool.random(using: &generator),
        let handle = placeOfHandle.keys.randomElement(using: &generator),
        used.insert(handle).inserted
      {
        batch.append(PlaceHandleChange(handle: handle, old: placeOfHandle[handle], new: nil))
        placeOfHandle[handle] = nil
      }
      if Bool.random(using: &generator) {
        let place = Place(
          id: PlaceID(Int64(100_000 + nextHandle)), name: "Added \(nextHandle)",
          coordinate: randomCoordinate(),
          population: Int.random(in: 0...1_000, using: &generator))
        batch.append(PlaceHandleChange(handle: nextHandle, old: nil, new: place))
        placeOfHandle[nextHandle] = place
        nextHandle += 1
      }
      return batch
    }

    private mutating func randomCoordinate() -> Coordinate {
      .fixture(
        Double.random(in: -60...60, using: &generator),
        Double.random(in: -180...180, using: &generator))
    }
  }

  /// Entry `entry` of `level` as an edit may change it: its fields, its parent and its
  /// children.
  private struct Record: Equatable {
    let x: UInt32
    let y: UInt32
    let count: UInt32
    let representative: UInt32
    let formedLevel: UInt8
    let parent: Int?
    let children: [Int]

    init(_ entry: Int, of hierarchy: ClusterHierarchy, at levelNumber: Int) {
      let level = hierarchy.level(levelNumber)
      x = level.x(entry)
      y = level.y(entry)
      count = level.count(entry)
      representative = level.representative(entry)
      formedLevel = level.formedLevel(entry)
      parent = levelNumber == 0 ? nil : level.parent(entry)
      children = levelNumber == hierarchy.placeLevel ? [] : level.children(entry).sorted()
    }
  }

  /// Every entry of a level that an edit changes (its fields, parent or children), or adds, is
  /// among those the edit notes: what the edit that takes a rebuild carries over, since any
  /// other entry is taken as rebuilt.
  @Test(arguments: [73, 74] as [UInt64])
  func anEditNotesEveryEntryOfTheLevelItChanges(seed: UInt64) throws {
    var changes = RandomChanges(
      places: ClusterHierarchyTests.catalog(count: 400, seed: seed), seed: seed)
    var hierarchy = ClusterHierarchy(
      places: ClusterHierarchyTests.catalog(count: 400, seed: seed), radius: Self.radius,
      maximumLevel: Self.maximumLevel)
    var (changed, reparented) = (0, 0)
    for step in 0..<TestSize.steps(150) {
      let batch = changes.batch()
      let population = changes.population
      var edited: ClusterHierarchy?
      for levelNumber in 0...hierarchy.placeLevel {
        let (after, touched) = hierarchy.applyingNoting(
          batch, level: levelNumber, population: population)
        let noted = Set(touched.map(Int.init))
        let before = hierarchy.level(levelNumber)
        for entry in 0..<after.level(levelNumber).entryCount {
          let old = entry < before.entryCount ? Record(entry, of: hierarchy, at: levelNumber) : nil
          let new = Record(entry, of: after, at: levelNumber)
          guard old != new else { continue }
          changed += 1
          if let old, old.parent != new.parent, old.x == new.x, old.y == new.y {
            reparented += 1
          }
          #expect(noted.contains(entry), "step \(step), level \(levelNumber), entry \(entry)")
        }
        edited = after
      }
      hierarchy = try #require(edited)
    }
    // The edits changed entries (over a thousand in the whole run, a quarter as many in a
    // reduced one), and some only in their parent (their parent merged).
    #expect(changed > TestSize.steps(150) * 1_000 / 150)
    #expect(reparented > 0)
  }

  /// A rebuild of a level started from one state and taken by an edit many edits later: the
  /// hierarchy that takes it has the same clusters, with the same links, as the same edits
  /// made with no rebuild at all; the rebuilt level's patch holds only what was written since
  /// it started, and every place is found in its entry.
  @Test(arguments: [71, 72] as [UInt64])
  func aRebuildTakenAfterMoreEditsKeepsWhatThoseEditsDid(seed: UInt64) throws {
    let places = ClusterHierarchyTests.catalog(count: 400, seed: seed)
    var changes = RandomChanges(places: places, seed: seed)
    var hierarchy = ClusterHierarchy(
      places: places, radius: Self.radius, maximumLevel: Self.maximumLevel)
    let slots = BuildSlots()
    for _ in 0..<20 {
      hierarchy = hierarchy.applying(changes.batch(), slots: slots, population: changes.population)
    }
    for levelNumber in [0, 2, 4, 5, 6, 8, hierarchy.placeLevel] {
      // The rebuild is held back for 12 edits, then finishes (and so does each later step).
      let gate = DispatchSemaphore(value: 0)
      var rebuilding = hierarchy.startingRebuild(ofLevel: levelNumber) { gate.wait() }
      var plain = hierarchy
      var step = 0
      while rebuilding.isCompacting {
        if step == 12 { gate.signal() }
        if step >= 12 { rebuilding.waitForCompaction() }
        let batch = changes.batch()
        rebuilding = rebuilding.applying(batch, slots: slots, population: changes.population)
        plain = plain.applying(batch, slots: slots, population: changes.population)
        try #require(!plain.isCompacting, "the edits alone start no rebuild here")
        step += 1
        try #require(step < 50, "level \(levelNumber): the rebuild was never taken")
      }
      // Taken by the edit after it finished when it had few entries to carry over, else by a
      // later one, once a background step carried them over.
      #expect(step >= 13, "level \(levelNumber)")
      #expect(rebuilding.levels[levelNumber] !== plain.levels[levelNumber])
      #expect(
        ClusterLevelCompactionTests.described(rebuilding)
          == ClusterLevelCompactionTests.described(plain), "level \(levelNumber)")
      // The rebuilt level's patch holds the entries the edits since wrote, not those before.
      func editedCount(_ level: ClusterLevelReader) -> Int {
        (0..<level.entryCount).filter { !level.isAsBuilt($0) }.count
      }
      let (since, all) = (
        editedCount(rebuilding.level(levelNumber)), editedCount(plain.level(levelNumber))
      )
      #expect(
        levelNumber == rebuilding.placeLevel ? since < all : since <= all, "level \(levelNumber)")
      for handle in changes.placeOfHandle.keys {
        let entry = rebuilding.entry(ofPlaceWithHandle: handle)
        #expect(entry.map { rebuilding.level(rebuilding.placeLevel).representative($0) } == handle)
      }
      hierarchy = plain
    }
  }
}
