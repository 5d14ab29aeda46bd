import PlacesModel
import PlacesModelTestSupport
import Testing

struct PersistentDictionaryTests {
  /// Seeds of random histories, each with the number of keys it draws from: a few keys that are
  /// written over and over, or so many that almost every insertion adds one.
  private static let histories: [(seed: UInt64, keyCount: Int)] = [
    (1, 8), (2, 64), (3, 1_000_000), (4, 1_000_000),
  ]

  // MARK: - Initialisers

  @Test func emptyDictionaryHasNoKeys() {
    var dictionary = PersistentDictionary<Int, String>()

    #expect(dictionary.count == 0)
    #expect(dictionary[0] == nil)

    dictionary[0] = nil

    #expect(dictionary.count == 0)
    #expect(dictionary[0] == nil)
  }

  @Test func initFromPairsKeepsTheLastValueOfARepeatedKey() {
    let dictionary = PersistentDictionary([(1, "Paris"), (2, "Rome"), (1, "Lyon"), (1, "Nice")])

    #expect(dictionary.count == 2)
    #expect(dictionary[1] == "Nice")
    #expect(dictionary[2] == "Rome")
    #expect(dictionary[3] == nil)
  }

  @Test(arguments: [0, 1, 31, 32, 33, 129, 1_000, 5_000])
  func initFromRandomPairsMatchesADictionary(count: Int) {
    var generator = SplitMix64(seed: UInt64(count))
    let keyCount = max(1, count / 2)
    let pairs = (0..<count).map { _ in
      let key = Int.random(in: 0..<keyCount, using: &generator)
      return (key, Int.random(in: 0..<1_000, using: &generator))
    }
    let model = Dictionary(pairs, uniquingKeysWith: { _, last in last })

    let dictionary = PersistentDictionary(pairs)

    #expect(dictionary.count == model.count)
    #expect((-1...keyCount).allSatisfy { dictionary[$0] == model[$0] })
  }

  /// Keys and values that hold references (strings, arrays), read from a lazy collection,
  /// keep them through the move into the persistent slots; a build that a duplicate ends
  /// throws its error.
  @Test func initFromALazyCollectionKeepsEveryReference() throws {
    let pairs = (0..<5_000).lazy.filter { $0 % 3 != 0 }.map { ("key \($0)", [$0, -$0]) }

    let dictionary = PersistentDictionary(pairs)

    #expect(dictionary.count == 3_333)
    let wrong = (0..<5_000).filter { dictionary["key \($0)"] != ($0 % 3 == 0 ? nil : [$0, -$0]) }
    #expect(wrong.isEmpty)

    struct Duplicate: Error, Equatable { let key: String }
    let repeated = [("Paris", [1]), ("Rome", [2]), ("Paris", [3])]
    #expect(throws: Duplicate(key: "Paris")) {
      _ = try PersistentDictionary(repeated) { key, _, _ throws(Duplicate) in
        throw Duplicate(key: key)
      }
    }
  }

  /// A table of many pairs is filled in the order of its slots, not of its pairs: every key
  /// is still found, and removals (which move pairs back along their runs of slots) leave
  /// every other key found, against a dictionary, with keys that hold references.
  @Test(arguments: [1, 2, 3])
  func aLargeTableFilledInTheOrderOfItsSlotsMatchesADictionary(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let count = 4 * PersistentDictionary<String, Int>.homeOrderMinimum + Int(seed) * 1_000
    var keys = Set<Int>()
    while keys.count < count {
      keys.insert(Int.random(in: 0..<(1 << 40), using: &generator))
    }
    let pairs = keys.shuffled(using: &generator).map { ("place \($0)", $0) }
    var model = Dictionary(uniqueKeysWithValues: pairs)

    var dictionary = PersistentDictionary(pairs)

    #expect(dictionary.count == model.count)
    #expect(pairs.allSatisfy { dictionary[$0.0] == $0.1 })
    #expect(dictionary["place -1"] == nil)
    for (key, _) in pairs.shuffled(using: &generator).prefix(count / 2) {
      dictionary[key] = nil
      model[key] = nil
    }
    #expect(dictionary.count == model.count)
    #expect(pairs.allSatisfy { dictionary[$0.0] == model[$0.0] })
  }

  /// Many pairs with keys given twice: a build that meets a duplicate out of the pairs'
  /// order starts again in their order, so `duplicate` hears first of the first pair that
  /// repeats a key (the slots' order would name one of 100 at random), and a key given twice
  /// keeps its last value.
  @Test func aLargeBuildHearsOfItsDuplicatesInTheOrderOfThePairs() {
    let count = 3 * PersistentDictionary<Int, Int>.homeOrderMinimum
    var pairs = (0..<count).map { ($0, $0) }
    for index in (count - 100)..<count {
      pairs[index] = (count - index, -index)
    }
    var heard: [Int] = []

    struct Stop: Error {}
    #expect(throws: Stop.self) {
      _ = try PersistentDictionary(pairs) { key, first, second throws(Stop) in
        heard += [key, first, second]
        throw Stop()
      }
    }
    let dictionary = PersistentDictionary(pairs)

    #expect(heard == [100, 100, -(count - 100)])
    #expect(dictionary.count == count - 100)
    #expect((1...100).allSatisfy { dictionary[$0] == -(count - $0) })
    #expect(dictionary[count - 1] == nil)
    #expect(dictionary[0] == 0)
  }

  @Test func writingADictionaryBuiltFromPairsLeavesItsCopyUnchanged() {
    let pairs = (0..<1_000).map { ($0, $0 * 2) }
    let original = PersistentDictionary(pairs)
    var copy = original

    for key in stride(from: 0, to: 1_000, by: 3) {
      copy[key] = nil
    }
    for key in stride(from: 1, to: 1_000, by: 3) {
      copy[key] = -key
    }
    for key in 1_000..<1_500 {
      copy[key] = key
    }

    #expect(original.count == 1_000)
    #expect((0..<1_500).allSatisfy { original[$0] == ($0 < 1_000 ? $0 * 2 : nil) })
    #expect(copy.count == 1_000 - 334 + 500)
    #expect(
      (0..<1_500).allSatisfy { key in
        switch (key < 1_000, key % 3) {
        case (true, 0): copy[key] == nil
        case (true, 1): copy[key] == -key
        case (true, _): copy[key] == key * 2
        case (false, _): copy[key] == key
        }
      })
  }

  // MARK: - Growth

  @Test func growingAcrossRehashesKeepsEverySnapshot() {
    var generator = SplitMix64(seed: 7)
    let keys = (0..<10_000).map { $0 * 7_919 }.shuffled(using: &generator)
    var dictionary = PersistentDictionary<Int, Int>()
    var snapshots: [(count: Int, dictionary: PersistentDictionary<Int, Int>)] = []

    for (index, key) in keys.enumerated() {
      // Just before and after each power of two, where the table rehashes, and every 500 keys.
      if index.nonzeroBitCount == 1 || (index - 1).nonzeroBitCount == 1 || index % 500 == 0 {
        snapshots.append((index, dictionary))
      }
      dictionary[key] = index
      #expect(dictionary.count == index + 1)
    }

    let probes = keys + (1..<2_000).map { $0 * 7_919 + 1 }
    let inserted = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    for (count, snapshot) in snapshots {
      #expect(snapshot.count == count)
      let firstWrongKey = probes.first { key in
        snapshot[key] != inserted[key].flatMap { $0 < count ? $0 : nil }
      }
      #expect(firstWrongKey == nil, "snapshot of \(count) keys")
    }
    let firstWrongKey = probes.first { dictionary[$0] != inserted[$0] }
    #expect(firstWrongKey == nil)
  }

  @Test func removingEveryKeyEmptiesTheDictionaryAndKeepsItsSnapshot() {
    var dictionary = PersistentDictionary((0..<3_000).map { ($0, -$0) })
    let full = dictionary

    for key in (0..<3_000).reversed() {
      dictionary[key] = nil
      dictionary[key] = nil
    }

    #expect(dictionary.count == 0)
    #expect((0..<3_000).allSatisfy { dictionary[$0] == nil })
    #expect(full.count == 3_000)
    #expect((0..<3_000).allSatisfy { full[$0] == -$0 })
  }

  // MARK: - Random histories

  @Test(arguments: histories)
  func randomHistoriesOfIntegersMatchDictionariesAndKeepEverySnapshot(
    seed: UInt64, keyCount: Int
  ) throws {
    try Self.checkRandomHistory(seed: seed, keyCount: keyCount) { $0 }
  }

  /// 32-bit keys (the catalog's handles and entry indexes) take the dictionary's own mix
  /// rather than `hashValue`: the same histories hold with it, through growth, removals that
  /// close gaps, and a large build filled in the order of the keys' slots.
  @Test(arguments: [(7, 300), (8, 20_000)] as [(UInt64, Int)])
  func randomHistoriesOfHandlesMatchDictionaries(seed: UInt64, keyCount: Int) throws {
    try Self.checkRandomHistory(seed: seed, keyCount: keyCount) { UInt32($0) }
    let count = 3 * PersistentDictionary<UInt32, Int>.homeOrderMinimum
    // Handles as a catalog numbers them: consecutive, then every third.
    let keys = (0..<UInt32(count)).map { $0 < UInt32(count / 2) ? $0 : $0 * 3 }
    let built = PersistentDictionary(keys.map { ($0, Int($0) + 1) })
    #expect(built.count == keys.count)
    #expect(keys.allSatisfy { built[$0] == Int($0) + 1 })
    #expect(built[UInt32(count) * 3 + 1] == nil)
  }

  @Test(arguments: [8, 2_000])
  func randomHistoriesOfCollidingKeysMatchDictionaries(keyCount: Int) throws {
    try Self.checkRandomHistory(seed: 5, keyCount: keyCount) { CollidingKey(value: $0) }
  }

  /// A key that hashes to one of three values, so buckets hold many keys.
  private struct CollidingKey: Hashable, Sendable {
    var value: Int

    func hash(into hasher: inout Hasher) {
      hasher.combine(value % 3)
    }
  }

  /// A dictionary and the `Dictionary` it must equal.
  private struct Version<Key: Hashable & Sendable> {
    var persistent = PersistentDictionary<Key, Int>()
    var model: [Key: Int] = [:]

    /// Whether the persistent dictionary holds exactly the model's pairs, probed at `keys`,
    /// which hold every key ever written.
    func isFaithful(at keys: Set<Key>) -> Bool {
      persistent.count == model.count && firstDifference(at: keys) == nil
    }

    /// The first of `keys` whose value in the persistent dictionary is not the model's.
    func firstDifference(at keys: Set<Key>) -> Key? {
      keys.first { persistent[$0] != model[$0] }
    }
  }

  /// Inserts, updates, removes, copies and snapshots a few dictionaries at random for 4,000
  /// steps (fewer in a reduced run: ``TestSize``), checking each against its
  /// `Dictionary` model as it goes and every snapshot at the end.
  private static func checkRandomHistory<Key: Hashable & Sendable>(
    seed: UInt64, keyCount: Int, makeKey: (Int) -> Key
  ) throws {
    var generator = SplitMix64(seed: seed)
    var versions = [Version<Key>()]
    var snapshots: [(step: Int, version: Version<Key>)] = []
    var written: Set<Key> = []
    var largestCount = 0

    let steps = TestSize.steps(4_000)
    for step in 0..<steps {
      if step % 250 == 0 {
        for (index, version) in versions.enumerated() {
          let (count, modelCount) = (version.persistent.count, version.model.count)
          let difference = version.firstDifference(at: written)
          try #require(count == modelCount, "version \(index) before step \(step)")
          try #require(difference == nil, "version \(index) before step \(step)")
        }
      }
      let chosen = Int.random(in: versions.indices, using: &generator)
      let existing = versions[chosen].model.keys.randomElement(using: &generator)
      var writes: [(key: Key, value: Int?)] = []
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<55:
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
          let key = makeKey(Int.random(in: 0..<keyCount, using: &generator))
          writes.append((key, Int.random(in: 0..<1_000, using: &generator)))
        }
      case 55..<65:
        if let existing {
          writes.append((existing, Int.random(in: 0..<1_000, using: &generator)))
        }
      case 65..<80:
        if let existing {
          writes.append((existing, nil))
        }
      case 80..<88:
        writes.append((makeKey(Int.random(in: 0..<keyCount, using: &generator)), nil))
      case 88..<94:
        if versions.count < 5 {
          versions.append(versions[chosen])
        } else {
          versions[Int.random(in: versions.indices, using: &generator)] = versions[chosen]
        }
      default:
        snapshots.append((step, versions[chosen]))
      }
      for (key, value) in writes {
        versions[chosen].persistent[key] = value
        versions[chosen].model[key] = value
        written.insert(key)
        try #require(versions[chosen].persistent[key] == value, "step \(step)")
        try #require(versions[chosen].persistent.count == versions[chosen].model.count)
      }
      largestCount = max(largestCount, versions[chosen].model.count)
    }

    for (index, version) in versions.enumerated() {
      let (count, modelCount) = (version.persistent.count, version.model.count)
      let difference = version.firstDifference(at: written)
      #expect(count == modelCount, "version \(index) at the end")
      #expect(difference == nil, "version \(index) at the end")
    }
    let changedSnapshots = snapshots.filter { !$0.version.isFaithful(at: written) }.map(\.step)
    #expect(changedSnapshots.isEmpty, "snapshots taken at these steps changed")
    #expect(snapshots.count > steps / 40)
    // Enough keys that the table has grown past a leaf, in a whole history or a reduced one.
    #expect(largestCount > min(512 * steps / 4_000, keyCount / 2), "\(largestCount) keys at most")
  }

  // MARK: - Differences

  /// What `forEachDifference` gives between a table and one made from it by a few random
  /// insertions, overwrites and removals, taken from the older table's pairs, is the newer
  /// table's pairs; it gives nothing between a table and itself, and declines once the table
  /// was rehashed.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func differencesBetweenTablesTakeTheOlderToTheNewer(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var table = PersistentDictionary<UInt32, Int>()
    for key in 0..<2_000 where Bool.random(using: &generator) {
      table[UInt32(key)] = Int.random(in: 0..<10, using: &generator)
    }
    var declined = 0
    for step in 0..<200 {
      var edited = table
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        let key = UInt32.random(
          in: 0..<(step.isMultiple(of: 50) ? 4_000 : 2_000), using: &generator)
        edited[key] =
          Bool.random(using: &generator) ? Int.random(in: 0..<10, using: &generator) : nil
      }
      if let (pairs, removedCount) = Self.followed(
        from: table, to: edited, "seed \(seed) step \(step)")
      {
        #expect(pairs == Self.pairs(of: edited), "seed \(seed) step \(step)")
        #expect(removedCount <= table.count)
      } else {
        declined += 1
      }
      #expect(
        edited.forEachDifference(
          from: edited, isSameValue: ==, removed: { _, _ in Issue.record("no pair left") },
          added: { _, _ in Issue.record("no pair came") }))
      table = edited
    }
    #expect(declined < 10)
  }

  /// The same in tables of several branches of leaves of 64 slots (values of 32 bytes, 16,384
  /// slots), where most branches are shared, and between two tables of the same number of
  /// slots made apart, which share nothing.
  @Test(arguments: [21, 22] as [UInt64])
  func differencesAcrossBranchesAndBetweenUnrelatedTables(seed: UInt64) {
    typealias Value = SIMD4<Int64>
    var generator = SplitMix64(seed: seed)
    func value() -> Value { Value(repeating: Int64.random(in: 0..<5, using: &generator)) }
    func table(keys: Int) -> PersistentDictionary<UInt32, Value> {
      var table = PersistentDictionary<UInt32, Value>()
      for _ in 0..<keys { table[UInt32.random(in: 0..<100_000, using: &generator)] = value() }
      return table
    }
    var current = table(keys: 5_000)
    for step in 0..<100 {
      var edited = current
      let keys = Array(Self.pairs(of: current).keys)
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        if Bool.random(using: &generator), let key = keys.randomElement(using: &generator) {
          edited[key] = Bool.random(using: &generator) ? nil : value()
        } else {
          edited[UInt32.random(in: 0..<100_000, using: &generator)] = value()
        }
      }
      let context: Comment = "seed \(seed) step \(step)"
      #expect(
        Self.followed(from: current, to: edited, context)?.pairs == Self.pairs(of: edited), context)
      current = edited
    }
    let apart = table(keys: 5_000)
    let pairs = Self.followed(from: current, to: apart, "seed \(seed): a table made apart")?.pairs
    #expect(pairs == nil || pairs == Self.pairs(of: apart), "seed \(seed): a table made apart")
  }

  /// `old`'s pairs with the difference from `old` to `new` applied, and the number of pairs
  /// that left; `nil` when `forEachDifference` declines.
  ///
  /// A pair a removal moved between leaves may come before it leaves: every pair that left
  /// is taken, then every pair that came added. Each pair that leaves must be there with its
  /// value, and each that comes must not be there.
  private static func followed<Value: Equatable & Sendable>(
    from old: PersistentDictionary<UInt32, Value>, to new: PersistentDictionary<UInt32, Value>,
    _ context: Comment
  ) -> (pairs: [UInt32: Value], left: Int)? {
    var (left, came): ([(UInt32, Value)], [(UInt32, Value)]) = ([], [])
    guard
      new.forEachDifference(
        from: old, isSameValue: ==, removed: { left.append(($0, $1)) },
        added: { came.append(($0, $1)) })
    else { return nil }
    var pairs = Self.pairs(of: old)
    for (key, value) in left {
      #expect(pairs[key] == value, "\(context): \(key) left with its value")
      pairs[key] = nil
    }
    for (key, value) in came {
      #expect(pairs[key] == nil, "\(context): \(key) came once")
      pairs[key] = value
    }
    return (pairs, left.count)
  }

  /// Every pair of `table`.
  private static func pairs<Value: Sendable>(
    of table: PersistentDictionary<UInt32, Value>
  ) -> [UInt32: Value] {
    var pairs: [UInt32: Value] = [:]
    table.forEachPair { pairs[$0] = $1 }
    return pairs
  }
}
