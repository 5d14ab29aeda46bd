import PlacesModel
import PlacesModelTestSupport
import Testing

struct RadixSortTests {
  /// Keys of every width the sort's digits divide differently (one bit, a digit and one bit
  /// more, whole 64-bit words), bits that differ only high or only low, and few distinct keys
  /// (many ties): the sort equals a stable sort of the positions by key, seed by seed.
  @Test(arguments: [
    (seed: 1, bits: 1, shift: 0), (seed: 2, bits: 11, shift: 0), (seed: 3, bits: 12, shift: 3),
    (seed: 4, bits: 23, shift: 40), (seed: 5, bits: 36, shift: 0), (seed: 6, bits: 64, shift: 0),
    (seed: 7, bits: 3, shift: 61),
  ])
  func sortsAsAStableSortOfThePositionsByKey(seed: UInt64, bits: Int, shift: Int) {
    var generator = SplitMix64(seed: seed)
    let mask = bits == 64 ? UInt64.max : (UInt64(1) << UInt64(bits)) - 1
    let keys = (0..<5_000).map { _ in (generator.next() & mask) << UInt64(shift) }

    let (sorted, positions) = RadixSort.sortedWithPositions(keys)

    let expected = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
    #expect(positions.map(Int.init) == expected)
    #expect(sorted == expected.map { keys[$0] })
  }

  @Test func keysThatAreAllEqualOrTooFewKeepTheirOrder() {
    #expect(RadixSort.sortedWithPositions([]) == ([], []))
    #expect(RadixSort.sortedWithPositions([9]) == ([9], [0]))
    #expect(RadixSort.sortedWithPositions([7, 7, 7]) == ([7, 7, 7], [0, 1, 2]))
  }
}
