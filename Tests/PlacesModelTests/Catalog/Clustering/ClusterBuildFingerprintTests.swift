import PlacesModel
import PlacesModelTestSupport
import Testing

/// The levels a build makes are pinned: a change to how levels are built (its speed, its
/// structure, the threads it uses) must leave every level of these catalogs exactly as it
/// was, which the properties checked elsewhere alone would not notice.
struct ClusterBuildFingerprintTests {
  /// An FNV-1a digest of every built column of every level.
  static func fingerprint(_ hierarchy: ClusterHierarchy) -> UInt64 {
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: UInt64) {
      digest = (digest ^ value) &* 0x100_0000_01b3
    }
    for level in hierarchy.levels {
      mix(UInt64(level.gridShift))
      mix(UInt64(level.entryCount))
      for entry in 0..<level.entryCount {
        mix(UInt64(level.x[entry]) << 32 | UInt64(level.y[entry]))
        mix(UInt64(level.count[entry]) << 32 | UInt64(level.representative[entry]))
        mix(UInt64(level.formedLevel[entry]) << 32 | UInt64(level.reach[entry]))
      }
      for index in level.parent + level.childStart + level.childOrder {
        mix(UInt64(index))
      }
    }
    return digest
  }

  /// Places in a line, each just under one radius from the next at the deepest level, which
  /// chain clusters together at every level.
  static func chain(count: Int) -> [Place] {
    (0..<count).map { number in
      Place(
        id: PlaceID(number), name: "Place \(number)",
        coordinate: .fixture(10 + Double(number % 7) * 0.001, -170 + Double(number) * 0.0004),
        population: number % 3 * 1_000)
    }
  }

  @Test(arguments: [
    (1 as UInt64, 0x3e06_e544_4b30_4b2e as UInt64), (2, 0x91a4_0533_dd4c_b34d),
    (3, 0x8498_5401_d37b_21a4),
  ])
  func randomCatalogsBuildTheLevelsTheyAlwaysBuilt(seed: UInt64, expected: UInt64) {
    let places = ClusterHierarchyTests.catalog(count: 4_000, seed: seed)
    let hierarchy = ClusterHierarchy(places: places, radius: 40, maximumLevel: 16)
    #expect(Self.fingerprint(hierarchy) == expected)
  }

  @Test func aChainBuildsTheLevelsItAlwaysBuilt() {
    let hierarchy = ClusterHierarchy(places: Self.chain(count: 3_000), radius: 60, maximumLevel: 16)
    #expect(Self.fingerprint(hierarchy) == 0xd344_3b86_102b_7849)
  }

  @Test(arguments: [4, 5] as [UInt64])
  func finishingLevelsOnAnotherThreadBuildsTheSameLevels(seed: UInt64) {
    let places = ClusterHierarchyTests.catalog(
      count: ClusterHierarchy.concurrentFinishingMinimum + 1_000, seed: seed)
    let handles = (0..<UInt32(places.count)).map { $0 * 2 + 1 }
    let alone = ClusterHierarchy(
      places: places, handles: handles, radius: 40, maximumLevel: 16,
      finishesConcurrently: false)
    let beside = ClusterHierarchy(
      places: places, handles: handles, radius: 40, maximumLevel: 16,
      finishesConcurrently: true)
    #expect(Self.fingerprint(alone) == Self.fingerprint(beside))
    #expect(alone.levels.map(\.reach) == beside.levels.map(\.reach))
    #expect(alone.entryOfPlace.elementsEqual(beside.entryOfPlace))
  }
}
