import PlacesModel
import PlacesModelTestSupport
import Testing

struct UnsettledEntriesTests {
  /// Random insertions (some of entries already there), removals (some of entries not there)
  /// and takings of the lowest, against a `Set` whose `min()` is taken: the same entries come
  /// out in the same order, few or many of them, with entries removed and inserted again.
  @Test(arguments: [(1, 8), (2, 50), (3, 2_000)] as [(UInt64, Int)])
  func theLowestEntryComesOutAsASetsMinimumWould(seed: UInt64, range: Int) {
    var generator = SplitMix64(seed: seed)
    var entries = UnsettledEntries()
    var model = Set<Int>()
    var taken = 0
    for step in 0..<20_000 {
      let entry = Int.random(in: 0..<range, using: &generator)
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<5:
        entries.insert(entry)
        model.insert(entry)
      case 5..<7:
        entries.remove(entry)
        model.remove(entry)
      default:
        let expected = model.min()
        if let expected { model.remove(expected) }
        let first = entries.removeFirst()
        #expect(first == expected, "step \(step)")
        if first != nil { taken += 1 }
      }
      #expect(entries.isEmpty == model.isEmpty, "step \(step)")
    }
    while let expected = model.min() {
      model.remove(expected)
      #expect(entries.removeFirst() == expected)
    }
    #expect(entries.removeFirst() == nil)
    #expect(taken > 1_000)
  }

  /// Many entries at once (more than are kept in a small array), some removed, then taken:
  /// the members that remain come out lowest first, each once, and nothing after them.
  @Test func manyEntriesComeOutLowestFirst() {
    var generator = SplitMix64(seed: 7)
    var entries = UnsettledEntries()
    var model = Set<Int>()
    for _ in 0..<300 {
      let entry = Int.random(in: 0..<1_000, using: &generator)
      entries.insert(entry)
      model.insert(entry)
    }
    for entry in model.shuffled(using: &generator).prefix(100) {
      entries.remove(entry)
      model.remove(entry)
    }
    entries.insert(model.min()!)  // Already there: no second copy comes out.
    for expected in model.sorted() {
      #expect(entries.removeFirst() == expected)
    }
    #expect(entries.isEmpty)
    #expect(entries.removeFirst() == nil)
  }
}
