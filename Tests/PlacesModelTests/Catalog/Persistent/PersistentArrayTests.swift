import PlacesModel
import PlacesModelTestSupport
import Testing

struct PersistentArrayTests {
  /// Counts on both sides of a chunk's 256 elements, and one of several chunks.
  private static let counts = [0, 1, 255, 256, 257, 1_000]

  /// Seeds of random histories, each with the longest run of elements one step appends.
  private static let histories: [(seed: UInt64, longestRun: Int)] = [
    (1, 8), (2, 16), (3, 40), (4, 40), (5, 100),
  ]

  // MARK: - Initialisers

  @Test func emptyArrayHasNoElements() {
    let array = PersistentArray<Int>()

    #expect(array.isEmpty)
    #expect(array.count == 0)
    #expect(array.startIndex == 0)
    #expect(array.endIndex == 0)
    #expect(Array(array) == [])
  }

  @Test(arguments: counts)
  func initFromACollectionKeepsItsElementsInOrder(count: Int) {
    let elements = (0..<count).map { $0 * 3 }

    let fromArray = PersistentArray(elements)
    let fromRange = PersistentArray(0..<count)

    #expect(fromArray.count == count)
    #expect(fromArray.isEmpty == (count == 0))
    #expect(fromArray.startIndex == 0)
    #expect(fromArray.endIndex == count)
    #expect(Array(fromArray) == elements)
    #expect(fromArray.indices.map { fromArray[$0] } == elements)
    #expect(Array(fromArray.reversed()) == elements.reversed())
    #expect(fromRange.count == count)
    #expect(Array(fromRange) == Array(0..<count))
  }

  @Test(arguments: counts)
  func initRepeatingHoldsTheValueCountTimes(count: Int) {
    let array = PersistentArray(repeating: "Rome", count: count)

    #expect(array.count == count)
    #expect(array.isEmpty == (count == 0))
    #expect(Array(array) == Array(repeating: "Rome", count: count))
  }

  @Test(arguments: counts)
  func appendingToAndWritingACopyOfAnInitialisedArrayLeaveItUnchanged(count: Int) {
    let original = PersistentArray(0..<count)
    var copy = original
    var model = Array(0..<count)

    for value in 1...300 {
      copy.append(-value)
      model.append(-value)
    }
    for position in stride(from: 0, to: model.count, by: 7) {
      copy[position] = position * 1_000
      model[position] = position * 1_000
    }

    #expect(Array(copy) == model)
    #expect(Array(original) == Array(0..<count))
  }

  @Test(arguments: counts)
  func repeatedArrayWrittenEverywhereMatchesItsModel(count: Int) {
    let original = PersistentArray(repeating: 7, count: count)
    var copy = original

    for position in 0..<count {
      copy[position] = position
    }

    #expect(Array(copy) == Array(0..<count))
    #expect(Array(original) == Array(repeating: 7, count: count))
  }

  // MARK: - Copies

  @Test func writingACopyLeavesTheOriginalUnchanged() {
    let original = PersistentArray(0..<1_000)
    var copy = original
    var model = Array(0..<1_000)

    for position in [0, 255, 256, 511, 512, 999] {
      copy[position] = -position - 1
      model[position] = -position - 1
    }

    #expect(Array(copy) == model)
    #expect(Array(original) == Array(0..<1_000))
  }

  @Test func writingTheOriginalLeavesACopyUnchanged() {
    var original = PersistentArray(0..<1_000)
    let copy = original
    var model = Array(0..<1_000)

    for position in [0, 255, 256, 511, 512, 999] {
      original[position] = -position - 1
      model[position] = -position - 1
    }
    original.append(1_000)
    model.append(1_000)

    #expect(Array(original) == model)
    #expect(Array(copy) == Array(0..<1_000))
  }

  @Test(arguments: [1, 255, 256, 257, 512])
  func copiesAppendingAfterTheSameLastChunkKeepTheirOwnElements(count: Int) {
    let shared = PersistentArray(0..<count)
    var first = shared
    var second = shared

    first.append(-1)
    second.append(-2)
    second.append(-3)
    first[count - 1] = -4

    #expect(Array(shared) == Array(0..<count))
    #expect(Array(first) == Array(0..<count - 1) + [-4, -1])
    #expect(Array(second) == Array(0..<count) + [-2, -3])
  }

  /// A scan from any position sees the elements from there on, wrapping past the last, and
  /// stops where its body says or once it has seen them all: plain elements (leaves of 256)
  /// and strings (leaves of 64), against the indexes a brute-force loop visits.
  @Test(arguments: [1, 16, 255, 256, 257, 1_000, 5_000])
  func aScanSeesTheElementsFromItsStartWrappingAndStopsWhereItsBodySays(count: Int) {
    var generator = SplitMix64(seed: UInt64(count))
    let numbers = PersistentArray(0..<count)
    let strings = PersistentArray((0..<count).map { "s\($0)" })
    for _ in 0..<40 {
      let start = Int.random(in: 0..<count, using: &generator)
      let wanted = Int.random(in: 1...(count + 3), using: &generator)
      let expected = (0..<min(wanted, count)).map { (start + $0) % count }
      var seen: [Int] = []
      numbers.scan(from: start) { element in
        seen.append(element)
        return seen.count < wanted
      }
      #expect(seen == expected, "from \(start), \(wanted) wanted")
      var seenStrings: [String] = []
      strings.scan(from: start) { element in
        seenStrings.append(element)
        return seenStrings.count < wanted
      }
      #expect(seenStrings == expected.map { "s\($0)" }, "from \(start), \(wanted) wanted")
    }
  }

  @Test func writesToAnAlreadyCopiedChunkStayInTheCopy() {
    let original = PersistentArray(0..<600)
    var copy = original
    var model = Array(0..<600)

    // The first write copies the chunk; the later ones write the copy's own chunk in place.
    for position in 256..<512 {
      copy[position] = -position
      model[position] = -position
    }
    let snapshot = copy
    copy[300] = 0
    model[300] = 0

    #expect(Array(copy) == model)
    #expect(snapshot[300] == -300)
    #expect(Array(original) == Array(0..<600))
  }

  // MARK: - Random histories

  @Test(arguments: histories)
  func randomHistoriesOfIntegersMatchArraysAndKeepEverySnapshot(
    seed: UInt64, longestRun: Int
  ) throws {
    try Self.checkRandomHistory(seed: seed, longestRun: longestRun) { generator in
      Int.random(in: -1_000_000...1_000_000, using: &generator)
    }
  }

  @Test func randomHistoryOfStringsMatchesArraysAndKeepsEverySnapshot() throws {
    try Self.checkRandomHistory(seed: 6, longestRun: 40) { generator in
      "place \(Int.random(in: 0..<100_000, using: &generator))"
    }
  }

  /// An array and the `Array` it must equal.
  private struct Version<Element: Sendable & Equatable> {
    var persistent: PersistentArray<Element>
    var model: [Element]

    /// The first position where the persistent array and the model differ, the shorter one's
    /// count when one is the start of the other, or `nil` when they hold the same elements.
    var firstDifference: Int? {
      let commonCount = min(persistent.count, model.count)
      if let position = (0..<commonCount).first(where: { persistent[$0] != model[$0] }) {
        return position
      }
      return persistent.count == model.count ? nil : commonCount
    }
  }

  /// Appends, writes, copies and snapshots a few arrays at random for 4,000 steps, checking
  /// each against its `Array` model as it goes and every snapshot at the end.
  ///
  /// Every version is mutated in place, so writes hit both chunks it alone holds and chunks it
  /// shares with a copy or a snapshot.
  private static func checkRandomHistory<Element: Sendable & Equatable>(
    seed: UInt64, longestRun: Int, makeElement: (inout SplitMix64) -> Element
  ) throws {
    var generator = SplitMix64(seed: seed)
    var versions = [Version<Element>(persistent: PersistentArray(), model: [])]
    var snapshots: [(step: Int, version: Version<Element>)] = []
    var largestCount = 0

    for step in 0..<4_000 {
      let chosen = Int.random(in: versions.indices, using: &generator)
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<45:
        for _ in 0..<Int.random(in: 1...longestRun, using: &generator) {
          let element = makeElement(&generator)
          versions[chosen].persistent.append(element)
          versions[chosen].model.append(element)
        }
      case 45..<85 where !versions[chosen].model.isEmpty:
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          let position = Int.random(in: versions[chosen].model.indices, using: &generator)
          let element = makeElement(&generator)
          versions[chosen].persistent[position] = element
          versions[chosen].model[position] = element
          try #require(versions[chosen].persistent[position] == element, "step \(step)")
        }
      case 85..<93:
        if versions.count < 5 {
          versions.append(versions[chosen])
        } else {
          versions[Int.random(in: versions.indices, using: &generator)] = versions[chosen]
        }
      case 93..<100:
        snapshots.append((step, versions[chosen]))
      default:
        break
      }
      try #require(versions[chosen].persistent.count == versions[chosen].model.count)
      largestCount = max(largestCount, versions[chosen].model.count)
      if step % 250 == 249 {
        for (index, version) in versions.enumerated() {
          let difference = version.firstDifference
          try #require(difference == nil, "version \(index) at step \(step)")
        }
      }
    }

    for (index, version) in versions.enumerated() {
      let difference = version.firstDifference
      #expect(difference == nil, "version \(index) at the end")
    }
    let changedSnapshots = snapshots.filter { $0.version.firstDifference != nil }.map(\.step)
    #expect(changedSnapshots.isEmpty, "snapshots taken at these steps changed")
    #expect(snapshots.count > 100)
    #expect(largestCount > 3 * 256, "\(largestCount) elements at most")
  }
}
